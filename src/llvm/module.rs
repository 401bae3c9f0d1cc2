//! Loading and writing LLVM modules (`.ll` text or `.bc` bitcode, or standard input), with
//! LLVM's own diagnostics (`file:line:col: error: ...`) for malformed input.

use anyhow::{Result, bail};
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use std::io::Read;

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
pub fn parse_module<'ctx>(ctx: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>> {
    let is_bitcode = bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]);
    let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
    if is_bitcode {
        Module::parse_bitcode_from_buffer(&buffer, ctx)
            .map_err(|e| anyhow::anyhow!("{}: error: {}", name, e.to_string().trim_end()))
    } else {
        // LLVM's parser diagnostic already reads `name:line:col: error: ...` plus the source
        // line and a caret; pass it through unchanged.
        ctx.create_module_from_ir(buffer).map_err(|e| crate::Located(e.to_string().trim_end().to_string()).into())
    }
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
pub fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}
