//! Loading and writing LLVM modules (`.ll` text or `.bc` bitcode, or standard input), with
//! LLVM's own diagnostics (`file:line:col: error: ...`) for malformed input.

use anyhow::{Result, bail};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use std::io::Read;

/// Makes LLVM's fatal errors clean errors: LLVM ends the process after the handler returns
/// (`abort()`, SIGABRT, for "Broken module found" when the parser verifies a module that carries
/// debug info), so the handler reports `ori: error: LLVM: <reason>` and exits with status 1
/// itself, as ori does for every other malformed input.
pub fn install_fatal_error_handler() {
    extern "C" fn handler(reason: *const std::ffi::c_char) {
        let reason = if reason.is_null() {
            String::new()
        } else {
            // SAFETY: LLVM passes a NUL-terminated message.
            unsafe { std::ffi::CStr::from_ptr(reason) }.to_string_lossy().into_owned()
        };
        use std::io::Write;
        let _ = std::io::stdout().flush();
        eprintln!("ori: error: LLVM: {reason}");
        unsafe extern "C" {
            fn _exit(status: i32) -> !;
        }
        // SAFETY: ends the process; nothing of LLVM's state is used afterwards.
        unsafe { _exit(1) }
    }
    // SAFETY: installs a function that lives for the whole process.
    unsafe { llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(handler)) }
}

/// Reads `path` (`-` = stdin) as textual IR or bitcode (detected by the bitcode magic).
pub fn load_module<'ctx>(ctx: &'ctx Context, path: &str) -> Result<Module<'ctx>> {
    let (bytes, name) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| anyhow::anyhow!("could not read standard input: {e}"))?;
        (bytes, "<stdin>".to_string())
    } else {
        match std::fs::read(path) {
            Ok(b) => (b, path.to_string()),
            Err(e) => bail!("could not open '{}': {}", path, io_reason(&e)),
        }
    };
    parse_module(ctx, &bytes, &name)
}

/// Parses a buffer named `name` (the name appears in diagnostics).
///
/// Like LLVM's own tools (opt-19, llc-19), a module that names an NVPTX triple but no data layout
/// gets the target's default layout, and gets it before its body is read: the textual parser
/// gives loads and stores written without `align` the layout's ABI alignment, so the layout must
/// be known while parsing. LLVM's C API has no hook for that, so such text is parsed a second
/// time with the layout directive put in front of its first line (on the same line, so every
/// line number stays; the first parse already succeeded, so no diagnostic shows the directive).
pub fn parse_module<'ctx>(ctx: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>> {
    let is_bitcode = bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]);
    let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
    if is_bitcode {
        let module = Module::parse_bitcode_from_buffer(&buffer, ctx)
            .map_err(|e| anyhow::anyhow!("{}: error: {}", name, e.to_string().trim_end()))?;
        // Bitcode records every access's alignment, so setting the layout afterwards is exact.
        if module.get_data_layout().as_str().to_bytes().is_empty()
            && let Some(layout) = nvptx_default_layout(&module.get_triple())?
        {
            module.set_data_layout(&layout);
        }
        return Ok(module);
    }
    // LLVM's parser diagnostic already reads `name:line:col: error: ...` plus the source line and
    // a caret; pass it through unchanged.
    let located = |e: inkwell::support::LLVMString| crate::Located(e.to_string().trim_end().to_string());
    let states_layout = bytes.split(|&c| c == b'\n').any(|l| l.trim_ascii_start().starts_with(b"target datalayout"));
    if states_layout {
        return Ok(ctx.create_module_from_ir(buffer).map_err(located)?);
    }
    // The triple is known after a first parse, which goes to a scratch context: a second parse
    // in `ctx` would rename every named struct type (`%struct.S` → `%struct.S.0`).
    let scratch = Context::create();
    let first = scratch.create_module_from_ir(buffer).map_err(located)?;
    let Some(layout) = nvptx_default_layout(&first.get_triple())? else {
        drop(first);
        let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
        return Ok(ctx.create_module_from_ir(buffer).map_err(located)?);
    };
    drop(first);
    let mut text = format!("target datalayout = \"{}\" ", layout.as_str().to_string_lossy()).into_bytes();
    text.extend_from_slice(bytes);
    let buffer = MemoryBuffer::create_from_memory_range_copy(&text, name);
    Ok(ctx.create_module_from_ir(buffer).map_err(located)?)
}

/// The default data layout of an NVPTX triple, as its target machine states it; None for other
/// triples (NVPTX is the one target ori initializes).
fn nvptx_default_layout(triple: &inkwell::targets::TargetTriple) -> Result<Option<inkwell::data_layout::DataLayout>> {
    use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target};
    let name = triple.as_str().to_string_lossy().into_owned();
    if !name.starts_with("nvptx") {
        return Ok(None);
    }
    Target::initialize_nvptx(&InitializationConfig::default());
    let target = Target::from_triple(triple).map_err(|e| anyhow::anyhow!("target '{name}' unavailable: {e}"))?;
    let tm = target
        .create_target_machine(
            triple,
            "",
            "",
            inkwell::OptimizationLevel::Default,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| anyhow::anyhow!("could not create a target machine for '{name}'"))?;
    Ok(Some(tm.get_target_data().get_data_layout()))
}

/// Gives every unnamed argument and instruction result the number LLVM's printer shows for it
/// (`%5` gets the name `5`), so that later passes, which add and remove values, cannot shift the
/// numbers: diagnostics that name the input's values (`ori llc --dump-varying`) stay valid.
/// LLVM numbers the unnamed arguments, basic blocks and non-void instructions of a function in
/// order, from 0 (LangRef, "Identifiers"); blocks take numbers but are not renamed here.
pub fn name_unnamed_values(module: &Module<'_>) {
    use inkwell::types::AnyTypeEnum;
    for f in module.get_functions().filter(|f| f.count_basic_blocks() > 0) {
        let mut next = 0u32;
        for p in f.get_param_iter() {
            if p.get_name().to_bytes().is_empty() {
                p.set_name(&next.to_string());
                next += 1;
            }
        }
        for bb in f.get_basic_block_iter() {
            if bb.get_name().to_bytes().is_empty() {
                next += 1;
            }
            for inst in bb.get_instructions() {
                if matches!(inst.get_type(), AnyTypeEnum::VoidType(_)) {
                    continue;
                }
                let unnamed = inst.get_name().is_none_or(|n| n.to_bytes().is_empty());
                if unnamed {
                    let _ = inst.set_name(&next.to_string());
                    next += 1;
                }
            }
        }
    }
}

/// Names the module's unnamed functions and global variables (`@0`, `@1`) as llc's NVPTX printer
/// does, `__unnamed_N` counting from 1: PTX has no anonymous symbols. Functions are numbered
/// first, then variables, each in module order (llc asks for the callees' names while it declares
/// them, before the variables); a number whose name is already taken is skipped. Returns how many
/// were named.
pub fn name_unnamed_globals(module: &Module<'_>) -> usize {
    let taken = |n: &str| module.get_function(n).is_some() || module.get_global(n).is_some();
    let mut next = 1u32;
    let mut fresh = || loop {
        let n = format!("__unnamed_{next}");
        next += 1;
        if !taken(&n) {
            return n;
        }
    };
    let mut count = 0;
    for f in module.get_functions() {
        if f.get_name().to_bytes().is_empty() {
            f.as_global_value().set_name(&fresh());
            count += 1;
        }
    }
    for g in module.get_globals() {
        if g.get_name().to_bytes().is_empty() {
            g.set_name(&fresh());
            count += 1;
        }
    }
    count
}

/// Removes the module's `module asm` text; says whether there was any.
pub fn take_module_asm(module: &Module<'_>) -> bool {
    let mut len = 0usize;
    // SAFETY: the module is valid for both calls; the text set is a static empty string.
    unsafe {
        llvm_sys::core::LLVMGetModuleInlineAsm(module.as_mut_ptr(), &mut len);
        if len == 0 {
            return false;
        }
        llvm_sys::core::LLVMSetModuleInlineAsm2(module.as_mut_ptr(), c"".as_ptr(), 0);
    }
    true
}

/// Serializes a module: textual IR when `text`, bitcode otherwise.
pub fn module_bytes(module: &Module<'_>, text: bool) -> Vec<u8> {
    if text {
        module.print_to_string().to_bytes().to_vec()
    } else {
        module.write_bitcode_to_memory().as_slice().to_vec()
    }
}

/// Runs the LLVM verifier; the error carries LLVM's message.
pub fn verify(module: &Module<'_>) -> Result<()> {
    module.verify().map_err(|e| anyhow::anyhow!("module verification failed:\n{}", e.to_string().trim_end()))
}

/// The reason part of an I/O error without Rust's "(os error N)" suffix, as LLVM tools print it.
/// Every instruction of every defined function of `m` for which `keep` holds, in module order
/// (collected first, so the caller may rewrite them).
///
/// # Safety
/// `m` must be a live module.
pub unsafe fn instructions_where(
    m: llvm_sys::prelude::LLVMModuleRef,
    keep: impl Fn(llvm_sys::prelude::LLVMValueRef) -> bool,
) -> Vec<llvm_sys::prelude::LLVMValueRef> {
    use llvm_sys::core::*;
    let mut list = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            let mut bb = LLVMGetFirstBasicBlock(f);
            while !bb.is_null() {
                let mut i = LLVMGetFirstInstruction(bb);
                while !i.is_null() {
                    if keep(i) {
                        list.push(i);
                    }
                    i = LLVMGetNextInstruction(i);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
            f = LLVMGetNextFunction(f);
        }
    }
    list
}

pub fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}
