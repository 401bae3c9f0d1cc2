//! ori's middle-end passes as a pass plugin for the stock `opt-19`:
//!
//! ```text
//! opt-19 -load-pass-plugin=target/debug/libori_opt_plugin.so \
//!        -passes='nvvm-intr-range<sm=90>,nv-known-bits' -S kernel.ll
//! ```
//!
//! How it fits together:
//! - `llvmGetPassPluginInfo` (here, so the cdylib exports it) gives opt the plugin's name and the
//!   C++ shim's `ori_plugin_register_callbacks`, which registers one pipeline-parsing callback.
//! - For each pipeline element, the callback asks [`ori_plugin_parse`] whether the element is one
//!   of ours; that is `ori::llvm::passes::parse_pipeline`, the same parser and pass registry
//!   `ori opt` uses, so names, parameters (`<sm=90>`, `<verify>`) and their errors are identical.
//! - The shim's module pass calls [`ori_plugin_run`] with the module as an `LLVMModuleRef`; the
//!   pass functions are `ori`'s own (`ori::llvm::intr_range::run_pass`, ...), so the IR is the
//!   one `ori opt` writes.
//!
//! LLVM linkage: the `ori` crate is built with its `host-llvm` feature (llvm-sys's
//! `no-llvm-linking`), and build.rs links the plugin to the shared `libLLVM-19.so` that opt-19
//! loads, so one copy of LLVM serves both; the `ori` binary links LLVM statically.

use llvm_sys::prelude::LLVMModuleRef;
use ori::llvm::pass_api::{PassContext, PassOptions};
use ori::llvm::passes::{parse_pipeline, registry};
use std::ffi::{CString, c_char, c_int, c_void};
use std::mem::ManuallyDrop;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// LLVM 19's `PassPluginLibraryInfo` (llvm/Passes/PassPlugin.h), laid out as in C.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    /// `void (*)(llvm::PassBuilder &)`: a reference is passed as a pointer.
    register_pass_builder_callbacks: unsafe extern "C" fn(*mut c_void),
}

/// `LLVM_PLUGIN_API_VERSION` in LLVM 19.
const LLVM_PLUGIN_API_VERSION: u32 = 1;

unsafe extern "C" {
    /// shim.cpp: registers the pipeline-parsing callback on a `llvm::PassBuilder`.
    fn ori_plugin_register_callbacks(pass_builder: *mut c_void);
}

/// The entry point opt looks up after `dlopen`.
#[unsafe(no_mangle)]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: LLVM_PLUGIN_API_VERSION,
        plugin_name: c"ori".as_ptr(),
        plugin_version: c"0.1.0".as_ptr(),
        register_pass_builder_callbacks: ori_plugin_register_callbacks,
    }
}

/// The pipeline element's text (`name<params>`), borrowed from the shim.
///
/// # Safety
/// `text` points to `len` readable bytes.
unsafe fn element<'a>(text: *const c_char, len: usize) -> Option<&'a str> {
    if text.is_null() {
        return None;
    }
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    std::str::from_utf8(bytes).ok()
}

/// Hands an owned message to the shim (freed by [`ori_plugin_free`]).
///
/// # Safety
/// `out` is null or points to a writable `char *`.
unsafe fn set_message(out: *mut *mut c_char, message: &str) {
    if out.is_null() {
        return;
    }
    let c = CString::new(message.replace('\0', " ")).unwrap_or_default();
    unsafe { *out = c.into_raw() };
}

/// Whether one pipeline element names one of our passes: 1 yes, 0 not ours (another plugin's or
/// LLVM's), -1 ours with invalid parameters (`*message` says why, in `ori opt`'s words).
///
/// # Safety
/// `text` points to `len` readable bytes; `message` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ori_plugin_parse(text: *const c_char, len: usize, message: *mut *mut c_char) -> c_int {
    let Some(text) = (unsafe { element(text, len) }) else {
        return 0;
    };
    let name = text.split('<').next().unwrap_or_default();
    if !registry().iter().any(|p| p.name == name) {
        return 0;
    }
    let outcome = catch_unwind(|| parse_pipeline(text).map(|_| ()));
    match unsafe { report(outcome, message, "internal error while parsing the pass parameters") } {
        0 => 1,
        _ => -1,
    }
}

/// Runs one pipeline element (`nvvm-intr-range<sm=90>`) on `module`, with `ori opt`'s default
/// options: 0 on success; 1 with `*message` on an error (or a panic, which never crosses into C++).
/// Warnings go to standard error as `warning: <text>`.
///
/// # Safety
/// `text` points to `len` readable bytes, `module` is a live module that nothing else uses
/// during the call, and `message` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ori_plugin_run(
    text: *const c_char,
    len: usize,
    module: LLVMModuleRef,
    message: *mut *mut c_char,
) -> c_int {
    let Some(text) = (unsafe { element(text, len) }) else {
        unsafe { set_message(message, "pipeline element is not UTF-8") };
        return 1;
    };
    if module.is_null() {
        unsafe { set_message(message, "no module") };
        return 1;
    }
    // The module belongs to opt: borrow it, never dispose of it.
    let module = ManuallyDrop::new(unsafe { inkwell::module::Module::new(module) });
    let outcome = catch_unwind(AssertUnwindSafe(|| -> anyhow::Result<()> {
        let mut cx = PassContext::new(PassOptions::default());
        let result = parse_pipeline(text)
            .and_then(|pipeline| pipeline.iter().try_for_each(|(pass, params)| (pass.run)(&module, &mut cx, params)));
        for w in &cx.warnings {
            eprintln!("warning: {w}");
        }
        result
    }));
    unsafe { report(outcome, message, "internal error (panic) in the pass") }
}

/// 0 for success; 1 with `*message` set to the error, or to `on_panic` when the Rust side
/// panicked (a panic never crosses into C++).
///
/// # Safety
/// `message` is null or points to a writable `char *`.
unsafe fn report(outcome: std::thread::Result<anyhow::Result<()>>, message: *mut *mut c_char, on_panic: &str) -> c_int {
    let why = match outcome {
        Ok(Ok(())) => return 0,
        Ok(Err(e)) => format!("{e:#}"),
        Err(_) => on_panic.to_string(),
    };
    unsafe { set_message(message, &why) };
    1
}

/// Frees a message from [`ori_plugin_parse`] / [`ori_plugin_run`].
///
/// # Safety
/// `message` is null or came from one of those functions and was not freed yet.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ori_plugin_free(message: *mut c_char) {
    if !message.is_null() {
        drop(unsafe { CString::from_raw(message) });
    }
}
