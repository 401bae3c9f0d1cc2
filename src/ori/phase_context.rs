//! The state the back-end phases (`pipeline.rs`) share: options from the command line, dumps
//! and warnings, and what one phase leaves for a later one (the varying analysis, the split
//! registers' origins, the register assignment).

/// Options and outputs shared by the phases of one function.
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
    /// The register assignment of every allocated function, by name.
    pub allocations: std::collections::BTreeMap<String, crate::ori::regalloc::Allocation>,
    /// The latest `OriPropagateVarying` result (phase 53 or 70) of every function, by name.
    pub varying: std::collections::BTreeMap<String, crate::ori::varying::Varying>,
    /// `--dump-split-ranges`: phase 19 `OriSplitLiveRanges` reports every loop into `dumps`.
    pub dump_split_ranges: bool,
    /// Per function: the registers phase 19 split off → the register each was split from; the
    /// allocation checker counts them as that register (`split_ranges::check_allocation`).
    pub split_origins:
        std::collections::BTreeMap<String, std::collections::BTreeMap<crate::ori::ir::VReg, crate::ori::ir::VReg>>,
    /// Enables phase 74 `ConvertToUniformReg` (ptxas's knob 487 master gate); off by default,
    /// see `uniform.rs` "Gate"; `ori llc --uniform-regs` sets it.
    pub uniform_regs: bool,
}
