//! Traps, early exits and CUDA's `assert` in the reference.
//!
//! - Calls of `llvm.trap`, `llvm.debugtrap` (which llc-19 lowers to `trap` as well) and
//!   `__assertfail` (what clang emits for a failing `assert`, declared by CUDA's headers) become
//!   calls of `ori.ref.trap(kind)` / `ori.ref.assert(message, file, line, function)`;
//!   `llvm.nvvm.exit` becomes `ori.ref.exit()`. On x86 the intrinsics would be `ud2`/`int3`,
//!   which kill the process. Inline PTX that is just `trap;`, `brkpt;` or `exit;` (CUDA's
//!   `__trap()`) is the same.
//! - The entry wrapper records its context with `setjmp` before it calls the kernel; these host
//!   functions leave the thread's kernel code with `longjmp` to it (`jump.rs`; the JIT-compiled
//!   frames in between hold nothing to release), so the thread ends as if the kernel had
//!   returned: an exited thread no longer holds barriers, like on the hardware.
//! - A trap also marks the CTA trapped (`sched::Block::trap`): the threads waiting at barriers or
//!   collectives are released and leave the same way, threads not started yet do not start, and
//!   the driver stops the run and reports the trap (the hardware abandons the grid; memory is
//!   no outcome to compare).

use super::functions;
use super::jump::jump_out;
use crate::ori::lower::ffi::{self, V};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::ffi::{CStr, c_char};

/// Whether a declared function is one of those rewritten here.
pub(super) fn handles(name: &str) -> bool {
    matches!(name, "llvm.trap" | "llvm.debugtrap" | "llvm.nvvm.exit" | "__assertfail")
}

/// Whether an inline-asm call is one rewritten here: `trap;`, `brkpt;` or `exit;` without
/// operands (CUDA's `__trap()`), recognized as the lowering does.
pub(super) fn handles_inline(template: &str, constraints: &str) -> bool {
    crate::ori::lower::traps::inline(template, constraints).is_some()
}

/// `ori.ref.trap(kind)`: 0 `llvm.trap`, 1 `llvm.debugtrap`.
extern "C" fn ori_ref_trap(kind: u32) {
    let why = if kind == 1 {
        "brkpt (llvm.debugtrap): a breakpoint with no debugger attached aborts the kernel"
    } else {
        "trap (llvm.trap)"
    };
    super::sched::trap_current(why.to_string());
    jump_out()
}

/// A C string of the kernel's (a host pointer here), at most 200 bytes of it.
fn c_string(p: *const c_char) -> String {
    if p.is_null() {
        return "?".into();
    }
    // SAFETY: the kernel passes pointers to its NUL-terminated string constants.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy();
    s.chars().take(200).collect()
}

/// `__assertfail(message, file, line, function, char size)`.
extern "C" fn ori_ref_assert(msg: *const c_char, file: *const c_char, line: u32, func: *const c_char) {
    let why = crate::ori::interp::assert_message(&c_string(msg), &c_string(file), line, &c_string(func));
    super::sched::trap_current(why);
    jump_out()
}

/// `ori.ref.exit()`: the thread ends.
extern "C" fn ori_ref_exit() {
    jump_out()
}

/// Replaces the calls of the functions [`handles`] names; returns the host functions to map.
///
/// # Safety
/// `m` must be a live module.
pub(super) unsafe fn rewrite(m: LLVMModuleRef) -> Vec<(LLVMValueRef, usize)> {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let i32t = LLVMInt32TypeInContext(ctx);
        let ptrt = LLVMPointerTypeInContext(ctx, 0);
        let voidt = LLVMVoidTypeInContext(ctx);
        let declare = |name: &CStr, params: &mut [LLVMTypeRef]| {
            let fty = LLVMFunctionType(voidt, params.as_mut_ptr(), params.len() as u32, 0);
            (LLVMAddFunction(m, name.as_ptr(), fty), fty)
        };
        let trap = declare(c"ori.ref.trap", &mut [i32t]);
        let assert = declare(c"ori.ref.assert", &mut [ptrt, ptrt, i32t, ptrt]);
        let exit = declare(c"ori.ref.exit", &mut []);
        let b = LLVMCreateBuilderInContext(ctx);
        for f in functions(m) {
            if LLVMIsDeclaration(f) != 0 {
                continue;
            }
            for i in super::instructions(f) {
                if ffi::opcode(V(i)) != llvm_sys::LLVMOpcode::LLVMCall {
                    continue;
                }
                let callee = ffi::called_value(V(i));
                let name = if ffi::is_inline_asm(callee) {
                    let (text, cons, _) = ffi::inline_asm(callee);
                    match crate::ori::lower::traps::inline(&text, &cons) {
                        Some(crate::ori::opcode::Op::Trap { brkpt: false }) => "llvm.trap".to_string(),
                        Some(crate::ori::opcode::Op::Trap { brkpt: true }) => "llvm.debugtrap".to_string(),
                        Some(_) => "llvm.nvvm.exit".to_string(),
                        None => continue,
                    }
                } else if ffi::is_function(callee) {
                    ffi::name(callee)
                } else {
                    continue;
                };
                LLVMPositionBuilderBefore(b, i);
                let arg = |k: u32| LLVMGetOperand(i, k);
                let (target, mut args) = match name.as_str() {
                    "llvm.trap" => (trap, vec![LLVMConstInt(i32t, 0, 0)]),
                    "llvm.debugtrap" => (trap, vec![LLVMConstInt(i32t, 1, 0)]),
                    "llvm.nvvm.exit" => (exit, vec![]),
                    "__assertfail" if LLVMGetNumArgOperands(i) >= 4 => {
                        let line = LLVMBuildIntCast2(b, arg(2), i32t, 0, c"".as_ptr());
                        (assert, vec![arg(0), arg(1), line, arg(3)])
                    }
                    _ => continue,
                };
                LLVMBuildCall2(b, target.1, target.0, args.as_mut_ptr(), args.len() as u32, c"".as_ptr());
                LLVMInstructionEraseFromParent(i);
            }
        }
        LLVMDisposeBuilder(b);
        vec![
            (trap.0, ori_ref_trap as extern "C" fn(u32) as usize),
            (assert.0, ori_ref_assert as extern "C" fn(*const c_char, *const c_char, u32, *const c_char) as usize),
            (exit.0, ori_ref_exit as extern "C" fn() as usize),
        ]
    }
}
