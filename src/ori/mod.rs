//! The back end: the Ori IR and every ptxas phase, one module per phase.

pub mod bitvec;
pub mod branch_over_jump;
pub mod cfg;
pub mod dce;
pub mod fold_offsets;
pub mod gvn_cse;
pub mod gvn_hoist;
pub mod interp;
pub mod ir;
pub mod liveness;
pub mod lower;
pub mod opcode;
pub mod phase_context;
pub mod pipeline;
pub mod print;
pub mod reconverge;
pub mod regalloc;
pub mod remat;
pub mod split_ranges;
pub mod ssa;
pub mod texsurf;
pub mod uniform;
pub mod varying;
