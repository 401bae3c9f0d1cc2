//! `frem` rewritten into the NVPTX expansion for `ori check`'s host reference: the x86 back end
//! computes an exact `fmod`, while llc's NVPTX back end (and ori, `ori/lower/frem.rs`) computes
//! `fma(-trunc(a / b), b, a)`, or `a` where `b` is infinite unless the instruction has `ninf`;
//! `half` and `bfloat` in f32. The reference must run what the GPU runs, so each `frem` of the module is
//! replaced by that sequence of `fdiv`, `llvm.trunc`, `fneg`, `llvm.fma` (and `llvm.fabs`,
//! `fcmp oeq inf`, `select`), scalars and vectors alike.

use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMRealPredicate::LLVMRealOEQ;
use llvm_sys::LLVMTypeKind::*;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// Replaces every `frem` of `m`; returns how many there were.
///
/// # Safety
/// `m` must be a live module.
pub unsafe fn expand(m: LLVMModuleRef) -> usize {
    // SAFETY: `m` is live (the caller's contract).
    let list =
        unsafe { crate::llvm::module::instructions_where(m, |i| LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMFRem) };
    unsafe {
        if list.is_empty() {
            return 0;
        }
        let ctx = LLVMGetModuleContext(m);
        let b = LLVMCreateBuilderInContext(ctx);
        for &i in &list {
            LLVMPositionBuilderBefore(b, i);
            let ty = LLVMTypeOf(i);
            let (elt, lanes) = if LLVMGetTypeKind(ty) == LLVMVectorTypeKind {
                (LLVMGetElementType(ty), Some(LLVMGetVectorSize(ty)))
            } else {
                (ty, None)
            };
            let half = matches!(LLVMGetTypeKind(elt), LLVMHalfTypeKind | LLVMBFloatTypeKind);
            let celt = if half { LLVMFloatTypeInContext(ctx) } else { elt };
            let cty = match lanes {
                Some(n) => LLVMVectorType(celt, n),
                None => celt,
            };
            let (mut a, mut d) = (LLVMGetOperand(i, 0), LLVMGetOperand(i, 1));
            if half {
                a = LLVMBuildFPExt(b, a, cty, c"frem.a".as_ptr());
                d = LLVMBuildFPExt(b, d, cty, c"frem.b".as_ptr());
            }
            let q = LLVMBuildFDiv(b, a, d, c"frem.q".as_ptr());
            let t = call(m, b, "llvm.trunc", cty, &mut [q]);
            let nt = LLVMBuildFNeg(b, t, c"frem.nt".as_ptr());
            let mut r = call(m, b, "llvm.fma", cty, &mut [nt, d, a]);
            let ninf =
                LLVMCanValueUseFastMathFlags(i) != 0 && LLVMGetFastMathFlags(i) & llvm_sys::LLVMFastMathNoInfs != 0;
            if !ninf {
                let abs = call(m, b, "llvm.fabs", cty, &mut [d]);
                let inf = LLVMConstReal(celt, f64::INFINITY);
                let inf = match lanes {
                    Some(n) => LLVMConstVector(vec![inf; n as usize].as_mut_ptr(), n),
                    None => inf,
                };
                let is_inf = LLVMBuildFCmp(b, LLVMRealOEQ, abs, inf, c"frem.inf".as_ptr());
                r = LLVMBuildSelect(b, is_inf, a, r, c"frem.r".as_ptr());
            }
            if half {
                r = LLVMBuildFPTrunc(b, r, ty, c"frem.h".as_ptr());
            }
            LLVMReplaceAllUsesWith(i, r);
            LLVMInstructionEraseFromParent(i);
        }
        LLVMDisposeBuilder(b);
    }
    list.len()
}

/// A call of the overloaded intrinsic `name` at type `ty`.
unsafe fn call(
    m: LLVMModuleRef,
    b: LLVMBuilderRef,
    name: &str,
    ty: LLVMTypeRef,
    args: &mut [LLVMValueRef],
) -> LLVMValueRef {
    unsafe {
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        let mut tys = [ty];
        let f = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 1);
        let fty = LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, tys.as_mut_ptr(), 1);
        LLVMBuildCall2(b, fty, f, args.as_mut_ptr(), args.len() as u32, c"".as_ptr())
    }
}
