//! The data of `ori check`: the options of a check ([`CheckOptions`], with the race detector's
//! [`RaceMode`]), the compiled module ([`CheckedModule`]) and kernels ([`CompiledKernel`], with the
//! [`Origins`] of their instructions as lowered), and the verdict and report of each kernel
//! ([`Verdict`], [`KernelReport`]). `check.rs` and the trap and race checks (`check_trap.rs`,
//! `check_race.rs`) share them.

use super::check_inputs::{GlobalImage, LaunchFacts, ParamAttrs, ParamKind};
use crate::llvm::launch_bounds::LaunchBounds;
use crate::ori::ir::{Function, GlobalVar};
use crate::ori::regalloc::Allocation;

/// How `ori check` uses the race detector (`check_race.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceMode {
    Off,
    /// Alongside the comparisons (the default).
    On,
    /// The detector alone (`--racecheck`).
    Only,
}

/// Where the instructions of a function as lowered come from.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    /// Per block and instruction: the LLVM instruction's ordinal + 1 (0: none).
    pub per_inst: Vec<Vec<u32>>,
    /// Per LLVM instruction: `file:line:col: <instruction>` (the location when there is debug
    /// info).
    pub llvm: Vec<String>,
}

/// Options of one check.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub sm: u32,
    pub maxrregcount: Option<u32>,
    pub dump_trace: bool,
    pub elements: usize,
    pub int_param: Option<u64>,
    pub seeds: u32,
    pub max_steps: u64,
    pub use_reference: bool,
    /// `ori llc --fmad`.
    pub fmad: bool,
    pub race: RaceMode,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            sm: 90,
            maxrregcount: None,
            dump_trace: false,
            elements: 131072,
            int_param: None,
            seeds: 3,
            max_steps: 20_000_000,
            use_reference: true,
            fmad: true,
            race: RaceMode::On,
        }
    }
}

/// One kernel, compiled.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    pub name: String,
    /// Right after lowering (phis present).
    pub lowered: Function,
    /// Just before register allocation.
    pub pre: Option<Function>,
    /// After allocation (the function carries its assignment), with the allocator's report.
    pub post: Option<(Function, Allocation)>,
    /// Why the pipeline stopped, if it did.
    pub error: Option<String>,
    pub params: Vec<ParamKind>,
    /// LLVM parameter names (`%3` or the source name).
    pub param_names: Vec<String>,
    /// What the parameters' attributes allow (`check_inputs.rs`).
    pub param_attrs: Vec<ParamAttrs>,
    pub bounds: Option<LaunchBounds>,
    /// Range facts on the launch dimensions.
    pub facts: LaunchFacts,
    /// Where the instructions as lowered come from (for race reports).
    pub origins: Origins,
    /// The images of the module's `.texref` / `.surfref` variables (`check_images.rs`).
    pub global_images: Vec<GlobalImage>,
}

/// A compiled module.
#[derive(Clone, Debug)]
pub struct CheckedModule {
    /// The original IR for the reference, with the `fma-contract` decisions applied when
    /// `--fmad` is on (see `llvm::fma_contract`: the choice must be the same on both sides).
    pub ir: Vec<u8>,
    pub globals: Vec<GlobalVar>,
    pub kernels: Vec<CompiledKernel>,
    /// Device functions that survived inlining (called with `CALL`), compiled the same way.
    pub devices: Vec<CompiledKernel>,
}

/// A compilation stage that runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    Lowered,
    Pre,
    Post,
}

impl CheckedModule {
    /// The functions to run for kernel `k` at a stage: the kernel first, then every device
    /// function available at that stage, each with its assignment after allocation.
    pub(super) fn program<'a>(&'a self, k: &'a CompiledKernel, stage: Stage) -> Option<Vec<&'a Function>> {
        let pick = |k: &'a CompiledKernel| -> Option<&'a Function> {
            match stage {
                Stage::Lowered => Some(&k.lowered),
                Stage::Pre => k.pre.as_ref(),
                Stage::Post => k.post.as_ref().map(|(f, _)| f),
            }
        };
        let mut v = vec![pick(k)?];
        v.extend(self.devices.iter().filter_map(pick));
        Some(v)
    }

    /// The program after allocation, when the kernel was allocated.
    pub(super) fn program_post<'a>(&'a self, k: &'a CompiledKernel) -> Option<Vec<&'a Function>> {
        k.post.as_ref()?;
        self.program(k, Stage::Post)
    }
}

/// The verdict for one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// All runs agree; the string says what the reference was.
    Ok(String),
    Mismatch(String),
    /// The kernel has a data race (`check_race.rs`); the string summarizes.
    Race(String),
    Skipped(String),
}

/// The report for one kernel: the verdict plus detail lines.
#[derive(Clone, Debug)]
pub struct KernelReport {
    pub name: String,
    pub verdict: Verdict,
    pub details: Vec<String>,
}

impl std::fmt::Display for KernelReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.verdict {
            Verdict::Ok(r) => write!(f, "{}: ok ({r})", self.name)?,
            Verdict::Mismatch(m) => write!(f, "{}: MISMATCH {m}", self.name)?,
            Verdict::Race(r) => write!(f, "{}: race ({r})", self.name)?,
            Verdict::Skipped(r) => write!(f, "{}: skipped ({r})", self.name)?,
        }
        for d in &self.details {
            write!(f, "\n  {d}")?;
        }
        Ok(())
    }
}
