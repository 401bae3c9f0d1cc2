//! What the back-end phases (`pipeline.rs`) are given besides the function: the options and
//! outputs shared by every function of a compile ([`PhaseContext`]), and what the phases found
//! about the one function being compiled ([`FunctionResults`]: the varying analysis, the split
//! registers' origins, the allocator's report). The register assignment itself is part of the
//! function (`Function::assignment`).

use crate::ori::analysis::varying::Varying;
use crate::ori::ir::VReg;
use crate::ori::regalloc::Allocation;
use std::collections::BTreeMap;

/// Options and outputs shared by the phases of every function of one compile.
#[derive(Debug, Default)]
pub struct PhaseContext {
    /// `--dont-merge-basicblocks` / `-no-bb-merge`.
    pub no_bb_merge: bool,
    /// `--dump-cfg` / `--dump-rpo` output, appended per function.
    pub dump_cfg: bool,
    pub dump_rpo: bool,
    pub dumps: String,
    /// `-w`: no warnings.
    pub no_warnings: bool,
    /// Warnings of the phases (`ori: warning: ...` lines), always printed to stderr.
    pub warnings: String,
    /// Register-allocation options (`--maxrregcount`, `-knob`, launch bounds).
    pub regalloc: crate::ori::regalloc::Options,
    /// `--dump-split-ranges`: phase 19 `OriSplitLiveRanges` reports every loop into `dumps`.
    pub dump_split_ranges: bool,
    /// Enables phase 74 `ConvertToUniformReg` (ptxas's knob 487 master gate) with these limits;
    /// off (`None`) by default, see `convert_to_uniform_reg.rs` "Gate"; `ori llc --uniform-regs`
    /// sets the default limits.
    pub uniform_regs: Option<UniformRegs>,
}

/// Limits of one phase-74 conversion (`convert_to_uniform_reg.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformRegs {
    /// Maximum UR slots converted per function (rule g).
    pub ur_budget: u32,
    /// Maximum UP registers converted per function (rule g).
    pub up_budget: u32,
    /// Convert 64-bit pairs to UR pairs (rule f).
    pub pairs: bool,
}

impl Default for UniformRegs {
    fn default() -> Self {
        UniformRegs { ur_budget: 32, up_budget: 6, pairs: false }
    }
}

/// What the phases leave about one function for a later phase and for the caller. The loop
/// that runs the phases on the function (`compile::run_phases`) owns it, hands it to every
/// phase with the function, and returns it.
#[derive(Clone, Debug, Default)]
pub struct FunctionResults {
    /// The latest `OriPropagateVarying` result (phase 53 or 70); `None` before the analysis ran
    /// (or when it is disabled).
    pub varying: Option<Varying>,
    /// The registers phase 19 `OriSplitLiveRanges` split off → the register each was split
    /// from; the allocation checker counts them as that register
    /// (`split_ranges::check_allocation`). The allocation phase takes them.
    pub split_origins: BTreeMap<VReg, VReg>,
    /// What register allocation reported (budget, counters, spill origins); `None` when the
    /// function was left unallocated. The assignment is `Function::assignment`.
    pub allocation: Option<Allocation>,
}
