//! Traps, early exits and CUDA's `assert` in the reference.
//!
//! - Calls of `llvm.trap`, `llvm.debugtrap` (which llc-19 lowers to `trap` as well) and
//!   `__assertfail` (what clang emits for a failing `assert`, declared by CUDA's headers) become
//!   calls of `ori.ref.trap(kind)` / `ori.ref.assert(message, file, line, function)`;
//!   `llvm.nvvm.exit` becomes `ori.ref.exit()`. On x86 the intrinsics would be `ud2`/`int3`,
//!   which kill the process. Inline PTX that is just `trap;`, `brkpt;` or `exit;` (CUDA's
//!   `__trap()`) is the same.
//! - The entry wrapper records its context with `setjmp` before it calls the kernel; these host
//!   functions leave the thread's kernel code with `longjmp` to it (the JIT-compiled frames in
//!   between hold nothing to release), so the thread ends as if the kernel had returned: an
//!   exited thread no longer holds barriers, like on the hardware.
//! - A trap also marks the CTA trapped (`sched::Block::trap`): the threads waiting at barriers or
//!   collectives are released and leave the same way, threads not started yet do not start, and
//!   the driver stops the run and reports the trap (the hardware abandons the grid; memory is
//!   no outcome to compare).

use super::functions;
use crate::ori::lower::ffi::{self, V};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::cell::Cell;
use std::ffi::{CStr, c_char, c_int, c_void};

unsafe extern "C" {
    /// glibc's `setjmp` without the signal mask.
    fn _setjmp(env: *mut c_void) -> c_int;
    fn longjmp(env: *mut c_void, val: c_int) -> !;
}

/// Bytes reserved for the wrapper's `jmp_buf` (glibc's is 200 on x86-64, 312 on AArch64).
const JMP_BUF_BYTES: u64 = 512;

thread_local! {
    /// The `jmp_buf` of the entry wrapper running on this thread.
    static JMP: Cell<*mut c_void> = const { Cell::new(std::ptr::null_mut()) };
}

/// Whether a declared function is one of those rewritten here.
pub(super) fn handles(name: &str) -> bool {
    matches!(name, "llvm.trap" | "llvm.debugtrap" | "llvm.nvvm.exit" | "__assertfail")
}

/// Whether an inline-asm call is one rewritten here: `trap;`, `brkpt;` or `exit;` without
/// operands (CUDA's `__trap()`), recognized as the lowering does.
pub(super) fn handles_inline(template: &str, constraints: &str) -> bool {
    crate::ori::lower::traps::inline(template, constraints).is_some()
}

/// Leaves the kernel code of this thread: back to the entry wrapper's `setjmp`.
pub(super) fn jump_out() -> ! {
    let buf = JMP.with(Cell::get);
    if buf.is_null() {
        // Not inside a wrapper (cannot happen: the wrapper registers itself first).
        std::process::abort();
    }
    // SAFETY: `buf` is the live wrapper frame's `jmp_buf`; the frames skipped are JIT code and
    // `extern "C"` host functions that own nothing at this point.
    unsafe { longjmp(buf, 1) }
}

extern "C" fn ori_ref_set_jmp(buf: *mut c_void) {
    JMP.with(|j| j.set(buf));
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

/// The start of the entry wrapper `w` (the builder at its end): registers a `jmp_buf` and calls
/// `setjmp`; the builder is left in the block that runs the kernel (returning normally), and a
/// `longjmp` lands in a block that returns. Adds the host functions to `mappings`.
///
/// # Safety
/// `m`, `b` and `w` must be live, the builder positioned at the end of `w`'s entry block.
pub(super) unsafe fn guard_entry(
    m: LLVMModuleRef,
    b: LLVMBuilderRef,
    w: LLVMValueRef,
    mappings: &mut Vec<(LLVMValueRef, usize)>,
) {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let i8t = LLVMInt8TypeInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        let ptrt = LLVMPointerTypeInContext(ctx, 0);
        let voidt = LLVMVoidTypeInContext(ctx);
        let set_ty = LLVMFunctionType(voidt, [ptrt].as_mut_ptr(), 1, 0);
        let set = LLVMAddFunction(m, c"ori.ref.set_jmp".as_ptr(), set_ty);
        let sj_ty = LLVMFunctionType(i32t, [ptrt].as_mut_ptr(), 1, 0);
        let sj = LLVMAddFunction(m, c"ori.ref.setjmp".as_ptr(), sj_ty);
        let twice = LLVMGetEnumAttributeKindForName(c"returns_twice".as_ptr(), "returns_twice".len());
        LLVMAddAttributeAtIndex(sj, llvm_sys::LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, twice, 0));
        mappings.push((set, ori_ref_set_jmp as extern "C" fn(*mut c_void) as usize));
        mappings.push((sj, _setjmp as unsafe extern "C" fn(*mut c_void) -> c_int as usize));
        let buf = LLVMBuildAlloca(b, LLVMArrayType2(i8t, JMP_BUF_BYTES), c"jmp_buf".as_ptr());
        LLVMSetAlignment(buf, 16);
        LLVMBuildCall2(b, set_ty, set, [buf].as_mut_ptr(), 1, c"".as_ptr());
        let r = LLVMBuildCall2(b, sj_ty, sj, [buf].as_mut_ptr(), 1, c"r".as_ptr());
        LLVMAddCallSiteAttribute(r, llvm_sys::LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, twice, 0));
        let first = LLVMBuildICmp(b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, r, LLVMConstInt(i32t, 0, 0), c"".as_ptr());
        let run = LLVMAppendBasicBlockInContext(ctx, w, c"run".as_ptr());
        let out = LLVMAppendBasicBlockInContext(ctx, w, c"out".as_ptr());
        LLVMBuildCondBr(b, first, run, out);
        LLVMPositionBuilderAtEnd(b, out);
        LLVMBuildRetVoid(b);
        LLVMPositionBuilderAtEnd(b, run);
    }
}
