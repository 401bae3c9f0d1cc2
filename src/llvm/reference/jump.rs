//! The way out of a thread's kernel code in the reference: the entry wrapper records its context
//! with `setjmp` ([`guard_entry`]) before it calls the kernel, and [`jump_out`] goes back there
//! with `longjmp`, so that the thread ends as if the kernel had returned. Traps and exits
//! (`abort.rs`) leave this way, and so do the threads the block runtime (`sched.rs`) releases
//! after another thread of the CTA trapped.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::cell::Cell;
use std::ffi::{c_int, c_void};

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
