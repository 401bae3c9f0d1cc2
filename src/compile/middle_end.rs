//! The middle end of every compile (`compile::compile` runs it first): the LLVM-level passes
//! cicc runs before code generation, device-function inlining and the IR shaping that lowering
//! expects.

use crate::llvm::launch_bounds::{self, LaunchBounds};
use crate::llvm::{block_layout, count_down, div128, fma_contract, gep_reassociate, pass_api, passes};
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
