//! What a statically linked `ori` (the `static-llvm` feature) supplies to the link itself, so
//! that only the parts of LLVM ori uses are linked — and initialized at every start-up.
//!
//! # Target initialization
//!
//! The target-initialization entry points that llvm-sys would otherwise build from LLVM's
//! `llvm-c/Target.h` (`LLVM_InitializeAllTargets`, `LLVM_InitializeNativeTarget`, ...).
//! llvm-sys's own versions live in one C object that names every target LLVM was configured
//! with. Linking that object (inkwell's `Target::initialize_native` does) pulls the object files
//! of all 20 targets into a statically linked `ori`: their code is discarded again by
//! `--gc-sections`, but their static constructors (thousands of `cl::opt` registrations) are not,
//! and ran at every start-up. With llvm-sys's `disable-alltargets-init` feature (part of our
//! `static-llvm` feature) these definitions take their place and name only the two targets ori
//! uses: NVPTX (the middle end's passes and target machine) and the host (the MCJIT of
//! `ori check`'s reference run and of the known-bits JIT tests).
//!
//! The plugin build (`host-llvm`) keeps llvm-sys's definitions: opt's `libLLVM-19.so` has every
//! target anyway.
//!
//! # Polly
//!
//! Debian's LLVM lists Polly (and its isl library) among the static libraries, ahead of
//! `LLVMAnalysis`. `PassBuilder.cpp.o` (still linked: inkwell's `Module` code shares an object
//! with `run_passes`, though ori no longer calls it, see `always_inline.cpp`) needs
//! `llvm::AllAnalysesOn<llvm::Loop>::SetKey`, a template static member that several objects
//! define weakly; the linker takes the first archive that defines it — Polly's
//! `JSONExporter.cpp.o` — and with it 130 Polly and isl objects whose static constructors
//! register hundreds of command-line options at start-up. [`LOOP_ANALYSES_SET_KEY`] defines the
//! symbol in ori itself, which the linker sees first, so nothing of Polly is linked. The key is
//! an empty `alignas(8)` struct used only by address, so one strong definition replacing the weak
//! ones is exactly the C++ one-definition outcome.

use llvm_sys::prelude::LLVMBool;
use llvm_sys::target::*;

/// `llvm::AnalysisSetKey` (`struct alignas(8) AnalysisSetKey {}`).
#[repr(C, align(8))]
pub struct AnalysisSetKey([u8; 8]);

/// `llvm::AllAnalysesOn<llvm::Loop>::SetKey` (see "Polly" above).
#[unsafe(export_name = "_ZN4llvm13AllAnalysesOnINS_4LoopEE6SetKeyE")]
pub static LOOP_ANALYSES_SET_KEY: AnalysisSetKey = AnalysisSetKey([0; 8]);

/// The NVPTX target (every entry point of it LLVM has: NVPTX has no parser or disassembler).
fn nvptx(info: bool, target: bool, mc: bool, printer: bool) {
    // SAFETY: LLVM's initializers are idempotent registrations without arguments.
    unsafe {
        if info {
            LLVMInitializeNVPTXTargetInfo();
        }
        if target {
            LLVMInitializeNVPTXTarget();
        }
        if mc {
            LLVMInitializeNVPTXTargetMC();
        }
        if printer {
            LLVMInitializeNVPTXAsmPrinter();
        }
    }
}

/// Which part of the host target to register.
#[derive(Clone, Copy)]
enum Part {
    Target,
    AsmPrinter,
    AsmParser,
    Disassembler,
}

/// Registers a part of the host target; false (LLVM's "failure" convention is the caller's) when
/// the host architecture is not one ori links.
fn host(part: Part) -> bool {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as above.
    unsafe {
        match part {
            Part::Target => {
                LLVMInitializeX86TargetInfo();
                LLVMInitializeX86Target();
                LLVMInitializeX86TargetMC();
            }
            Part::AsmPrinter => LLVMInitializeX86AsmPrinter(),
            Part::AsmParser => LLVMInitializeX86AsmParser(),
            Part::Disassembler => LLVMInitializeX86Disassembler(),
        }
        true
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above.
    unsafe {
        match part {
            Part::Target => {
                LLVMInitializeAArch64TargetInfo();
                LLVMInitializeAArch64Target();
                LLVMInitializeAArch64TargetMC();
            }
            Part::AsmPrinter => LLVMInitializeAArch64AsmPrinter(),
            Part::AsmParser => LLVMInitializeAArch64AsmParser(),
            Part::Disassembler => LLVMInitializeAArch64Disassembler(),
        }
        true
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = part;
        false
    }
}

/// LLVM's C API returns 0 for success.
fn status(ok: bool) -> LLVMBool {
    if ok { 0 } else { 1 }
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllTargetInfos() {
    nvptx(true, false, false, false);
    host(Part::Target);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllTargets() {
    nvptx(true, true, false, false);
    host(Part::Target);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllTargetMCs() {
    nvptx(true, false, true, false);
    host(Part::Target);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllAsmPrinters() {
    nvptx(false, false, false, true);
    host(Part::AsmPrinter);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllAsmParsers() {
    host(Part::AsmParser);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeAllDisassemblers() {
    host(Part::Disassembler);
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeNativeTarget() -> LLVMBool {
    status(host(Part::Target))
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeNativeAsmParser() -> LLVMBool {
    status(host(Part::AsmParser))
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeNativeAsmPrinter() -> LLVMBool {
    status(host(Part::AsmPrinter))
}

#[unsafe(no_mangle)]
pub extern "C" fn LLVM_InitializeNativeDisassembler() -> LLVMBool {
    status(host(Part::Disassembler))
}
