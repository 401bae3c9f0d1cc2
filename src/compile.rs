//! The compile path every tool shares (`ori llc`, `ori check`): the middle end (one pass
//! pipeline, launch bounds, device-function inlining, FMA contraction), then per function the
//! back-end phase list and the post-allocation fixups. What `ori check` executes is what
//! `ori llc` prints, because both come from here.
//!
//! ```text
//!  LLVM IR ──middle_end──▶ LLVM IR ──lower──▶ Ori IR ──run_phases──▶ allocated Ori IR
//!  (nvvm-intr-range, nv-known-bits,                (pipeline::phases(); the IR before
//!   inlining, fma-contract, gep-reassociate,         AdvancedPhaseAllocReg is kept)
//!   loop-count-down, block-layout)
//!                                                 ──post_allocation_fixups──▶ what is emitted
//! ```
//!
//! Per function, `run_phases` returns a [`PhaseRun`]: the pre-allocation IR and the phases'
//! typed results ([`FunctionResults`]); the allocated function carries its own register
//! assignment (`Function::assignment`).

use crate::llvm::launch_bounds::{self, LaunchBounds};
use crate::llvm::{block_layout, count_down, div128, fma_contract, gep_reassociate, pass_api, passes};
use crate::ori::ir::Function;
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use crate::ori::pipeline::{self, Phase};
use crate::ori::regalloc;
use anyhow::Result;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::module::Module;
use std::collections::BTreeMap;

/// The middle-end pipeline of every compile (cicc runs these before code generation).
pub const MIDDLE_END: &str = "nvvm-intr-range,nv-known-bits";

/// What the middle end leaves for lowering.
pub struct MiddleEnd {
    /// Launch bounds and kernel marks per function (`nvvm.annotations` and attributes).
    pub bounds: BTreeMap<String, LaunchBounds>,
    /// The passes' warnings (`ori: warning: ...` lines).
    pub warnings: Vec<String>,
}

/// Runs the middle end on `m` for `sm`: [`MIDDLE_END`], then inlining of device functions, then
/// `fma-contract` when `fmad`, then `gep-reassociate`, `loop-count-down` and `block-layout`. `lap` is called after each step with its name (timers).
pub fn middle_end(m: &Module<'_>, sm: u32, fmad: bool, lap: &mut dyn FnMut(&'static str)) -> Result<MiddleEnd> {
    crate::llvm::nvvm_reflect::run(m, sm);
    lap("nvvm-reflect");
    if crate::llvm::lower_variadics::run(m) > 0 {
        lap("lower-variadics");
    }
    let mut pcx = pass_api::PassContext::new(pass_api::PassOptions { sm: Some(sm), ..Default::default() });
    for (pass, params) in passes::parse_pipeline(MIDDLE_END)? {
        (pass.run)(m, &mut pcx, &params)?;
        lap(pass.name);
    }
    let bounds = launch_bounds::read_module(m, &mut Vec::new());
    // i128 division: a helper function the inliner then inlines (llc's ExpandLargeDivRem).
    // SAFETY: `m` is a live module.
    if unsafe { div128::expand(m.as_mut_ptr()) } > 0 {
        lap("expand-large-div-rem");
    }
    inline_device_functions(m, &bounds)?;
    lap("Inlining device functions");
    if fmad {
        fma_contract::run(m);
        lap("fma-contract");
    }
    gep_reassociate::run(m);
    lap("gep-reassociate");
    count_down::run(m);
    lap("loop-count-down");
    block_layout::run(m);
    lap("block-layout");
    Ok(MiddleEnd { bounds, warnings: pcx.warnings })
}

/// A phase failed.
#[derive(Debug)]
pub struct PhaseError {
    pub phase: &'static str,
    pub error: anyhow::Error,
}

/// What the phases leave for one function besides the function itself (which they rewrite in
/// place and, once allocated, carries its assignment).
#[derive(Clone, Debug, Default)]
pub struct PhaseRun {
    /// The function just before register allocation, without an assignment (`None` when the
    /// allocation phase was disabled): the "pre-RA" stage `ori check` executes.
    pub pre_alloc: Option<Function>,
    /// The phases' typed results for the function (varying analysis, the allocator's report).
    pub results: FunctionResults,
}

/// Runs the back-end phases on `f` (skipping those named in `disabled`, by instance or group
/// name); `after` sees the function and its results after each phase. The options and the
/// shared outputs (dumps, warnings) are in `cx`; what the phases found about `f` is returned.
/// This is the one place the phase list is walked.
pub fn run_phases(
    f: &mut Function,
    cx: &mut PhaseContext,
    disabled: &[String],
    after: &mut dyn FnMut(&Phase, &Function, &FunctionResults),
) -> Result<PhaseRun, PhaseError> {
    let mut run = PhaseRun::default();
    for phase in pipeline::phases() {
        if disabled.iter().any(|d| d == phase.name || d == phase.group) {
            continue;
        }
        if phase.allocates {
            run.pre_alloc = Some(f.clone());
        }
        (phase.run)(f, cx, &mut run.results).map_err(|error| PhaseError { phase: phase.name, error })?;
        after(&phase, f, &run.results);
    }
    Ok(run)
}

/// The fixups between allocation and emission: copies whose source and destination got the
/// same register are deleted (nothing to do for a function left unallocated).
pub fn post_allocation_fixups(f: &mut Function) {
    regalloc::delete_identity_copies(f);
}

/// Inlines every device function into its callers (the back end has no call ABI; see
/// `ori::lower`): non-kernel definitions become `alwaysinline` and LLVM's always-inliner runs.
/// The inliner is LLVM's, run through the legacy pass manager (`src/llvm/always_inline.cpp`
/// says why). A module whose only definitions are kernels has nothing to inline and skips it.
pub fn inline_device_functions(m: &Module<'_>, bounds: &BTreeMap<String, LaunchBounds>) -> Result<()> {
    let ctx = m.get_context();
    let always = Attribute::get_named_enum_kind_id("alwaysinline");
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    let optnone = Attribute::get_named_enum_kind_id("optnone");
    let mut device_functions = 0;
    for f in m.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        if f.count_basic_blocks() == 0 || bounds.get(&name).is_some_and(|b| b.is_kernel) {
            continue;
        }
        f.remove_enum_attribute(AttributeLoc::Function, noinline);
        f.remove_enum_attribute(AttributeLoc::Function, optnone);
        f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(always, 0));
        device_functions += 1;
    }
    if device_functions == 0 {
        return Ok(());
    }
    unsafe extern "C" {
        /// `src/llvm/always_inline.cpp`.
        fn ori_run_always_inliner(module: llvm_sys::prelude::LLVMModuleRef) -> i32;
    }
    // SAFETY: the module is valid for the call, and the inliner only rewrites its functions.
    unsafe { ori_run_always_inliner(m.as_mut_ptr()) };
    Ok(())
}
