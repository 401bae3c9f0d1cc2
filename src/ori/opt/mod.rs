//! The transforming phases of the back end, one file per ptxas phase, named after what it does:
//! live-dead (dead-code elimination on liveness, seed 000), out-of-SSA, GvnCse and its hoisting,
//! address-offset folding, rematerialization, live-range splitting (seed 000 phase 19),
//! ConvertToUniformReg (seed 002's consumer of the varying bit), FoldBranchOverJump.
//! `pipeline.rs` orders them.

pub mod branch_over_jump;
pub mod convert_to_uniform_reg;
pub mod fold_offsets;
pub mod gvn_cse;
pub mod gvn_hoist;
pub mod live_dead;
pub mod out_of_ssa;
pub mod remat;
pub mod split_ranges;
