//! i128 division and remainder expanded in LLVM IR, as llc-19's ExpandLargeDivRem pass does
//! before instruction selection (NVPTX divides at most 64 bits natively): what is left is i128
//! arithmetic, shifts, compares and a loop, which the lowering handles (`ori/lower/int128.rs`).
//!
//! - `udiv` calls one helper function holding the shift-subtract loop of LLVM's integer
//!   division expansion: special cases first (a zero operand, or a divisor longer than the
//!   dividend: 0; a divisor of length 1 relative to the dividend, `ctlz(d) - ctlz(n) = 127`:
//!   the dividend), then the dividend shifted so its leading one is the top bit of the quotient
//!   register, and one step per remaining quotient bit: the remainder takes the next dividend
//!   bit, `d - 1 - r` tells (by its sign) whether the divisor fits, the quotient takes that bit and
//!   the remainder loses the divisor when it fits.
//! - `urem` is `n - udiv(n, d) * d`; `sdiv` divides the magnitudes (`(x ^ s) - s` with `s` the sign
//!   mask) and gives the quotient the sign `sn ^ sd`; `srem` is `n - sdiv(n, d) * d`.
//! - Divisors that are constant powers of two are shifts (llc leaves them to the DAG, which
//!   shifts): `udiv` by `2^k` is `lshr k`, `urem` an `and` with `2^k - 1`, `sdiv` by `2^k` adds
//!   the rounding bias `(n >>s 127) >>u (128 - k)` before `ashr k`, and `srem` subtracts that
//!   quotient shifted back.
//!
//! The helper is an internal function the device-function inliner then inlines at every call
//! (`compile::middle_end` runs this first), so each division becomes its own loop, as in llc.
//! Operands used more than once are frozen first, as the expansion's are. `ori check`'s JIT
//! reference runs the original instructions (the host's own i128 division), not this expansion.

use llvm_sys::LLVMIntPredicate::*;
use llvm_sys::LLVMLinkage::LLVMInternalLinkage;
use llvm_sys::LLVMOpcode;
use llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The helper's name (internal; it is inlined everywhere and never emitted).
const HELPER: &str = "__ori_udiv_i128";

/// Expands every scalar i128 `udiv`/`sdiv`/`urem`/`srem` of `m`; returns how many there were.
///
/// # Safety
/// `m` must be a live module.
pub unsafe fn expand(m: LLVMModuleRef) -> usize {
    unsafe {
        let list = crate::llvm::module::instructions_where(m, |i| {
            let div = matches!(
                LLVMGetInstructionOpcode(i),
                LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMURem | LLVMOpcode::LLVMSRem
            );
            let ty = LLVMTypeOf(i);
            div && LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 128
        });
        if list.is_empty() {
            return 0;
        }
        let ctx = LLVMGetModuleContext(m);
        let b = LLVMCreateBuilderInContext(ctx);
        let mut helper = None;
        for &i in &list {
            LLVMPositionBuilderBefore(b, i);
            let (n, d) = (LLVMGetOperand(i, 0), LLVMGetOperand(i, 1));
            let opc = LLVMGetInstructionOpcode(i);
            let r = match pow2(d) {
                Some(k) => by_pow2(ctx, b, opc, n, k),
                None => {
                    let h = *helper.get_or_insert_with(|| build_helper(m));
                    general(ctx, b, h, opc, n, d)
                }
            };
            LLVMReplaceAllUsesWith(i, r);
            LLVMInstructionEraseFromParent(i);
        }
        LLVMDisposeBuilder(b);
        list.len()
    }
}

/// `k` when `d` is the constant `2^k`.
unsafe fn pow2(d: LLVMValueRef) -> Option<u32> {
    unsafe {
        if LLVMIsAConstantInt(d).is_null() {
            return None;
        }
        // The C API reads at most 64 bits of a constant: the printed form has all 128.
        let p = LLVMPrintValueToString(d);
        let text = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        let digits = text.rsplit(' ').next()?;
        let x = digits.parse::<i128>().map(|v| v as u128).or_else(|_| digits.parse::<u128>()).ok()?;
        x.is_power_of_two().then(|| x.trailing_zeros())
    }
}

unsafe fn c128(ctx: LLVMContextRef, v: i64) -> LLVMValueRef {
    unsafe { LLVMConstInt(LLVMInt128TypeInContext(ctx), v as u64, 1) }
}

/// Division by the constant `2^k` (see the module documentation).
unsafe fn by_pow2(ctx: LLVMContextRef, b: LLVMBuilderRef, opc: LLVMOpcode, n: LLVMValueRef, k: u32) -> LLVMValueRef {
    unsafe {
        let kk = c128(ctx, i64::from(k));
        let nm = c"".as_ptr();
        match opc {
            LLVMOpcode::LLVMUDiv => LLVMBuildLShr(b, n, kk, nm),
            LLVMOpcode::LLVMURem => {
                let mask = LLVMBuildSub(b, LLVMBuildShl(b, c128(ctx, 1), kk, nm), c128(ctx, 1), nm);
                LLVMBuildAnd(b, n, mask, nm)
            }
            _ => {
                let n = LLVMBuildFreeze(b, n, nm);
                let q = if k == 0 {
                    n
                } else {
                    let sign = LLVMBuildAShr(b, n, c128(ctx, 127), nm);
                    let bias = LLVMBuildLShr(b, sign, c128(ctx, 128 - i64::from(k)), nm);
                    let biased = LLVMBuildAdd(b, n, bias, nm);
                    LLVMBuildAShr(b, biased, kk, nm)
                };
                if opc == LLVMOpcode::LLVMSDiv { q } else { LLVMBuildSub(b, n, LLVMBuildShl(b, q, kk, nm), nm) }
            }
        }
    }
}

/// A division by a divisor that is not a constant power of two, through the helper.
unsafe fn general(
    ctx: LLVMContextRef,
    b: LLVMBuilderRef,
    h: (LLVMValueRef, LLVMTypeRef),
    opc: LLVMOpcode,
    n: LLVMValueRef,
    d: LLVMValueRef,
) -> LLVMValueRef {
    unsafe {
        let nm = c"".as_ptr();
        let call = |x: LLVMValueRef, y: LLVMValueRef| {
            let mut args = [x, y];
            LLVMBuildCall2(b, h.1, h.0, args.as_mut_ptr(), 2, nm)
        };
        match opc {
            LLVMOpcode::LLVMUDiv => call(n, d),
            LLVMOpcode::LLVMURem => {
                let (n, d) = (LLVMBuildFreeze(b, n, nm), LLVMBuildFreeze(b, d, nm));
                let q = call(n, d);
                LLVMBuildSub(b, n, LLVMBuildMul(b, q, d, nm), nm)
            }
            _ => {
                let (n, d) = (LLVMBuildFreeze(b, n, nm), LLVMBuildFreeze(b, d, nm));
                let sn = LLVMBuildAShr(b, n, c128(ctx, 127), nm);
                let sd = LLVMBuildAShr(b, d, c128(ctx, 127), nm);
                let an = LLVMBuildSub(b, LLVMBuildXor(b, n, sn, nm), sn, nm);
                let ad = LLVMBuildSub(b, LLVMBuildXor(b, d, sd, nm), sd, nm);
                let uq = call(an, ad);
                let qs = LLVMBuildXor(b, sn, sd, nm);
                let q = LLVMBuildSub(b, LLVMBuildXor(b, uq, qs, nm), qs, nm);
                if opc == LLVMOpcode::LLVMSDiv { q } else { LLVMBuildSub(b, n, LLVMBuildMul(b, q, d, nm), nm) }
            }
        }
    }
}

/// `ctlz` of an i128 from the `llvm.ctlz.i64` of its halves (64 for a zero half).
unsafe fn ctlz128(m: LLVMModuleRef, b: LLVMBuilderRef, x: LLVMValueRef) -> LLVMValueRef {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let (i64t, i128t) = (LLVMInt64TypeInContext(ctx), LLVMInt128TypeInContext(ctx));
        let nm = c"".as_ptr();
        let lo = LLVMBuildTrunc(b, x, i64t, nm);
        let hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, x, c128(ctx, 64), nm), i64t, nm);
        let no = LLVMConstInt(LLVMInt1TypeInContext(ctx), 0, 0);
        let name = "llvm.ctlz";
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        let mut tys = [i64t];
        let f = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 1);
        let fty = LLVMIntrinsicGetType(ctx, id, tys.as_mut_ptr(), 1);
        let mut a = [hi, no];
        let chi = LLVMBuildCall2(b, fty, f, a.as_mut_ptr(), 2, nm);
        let mut a = [lo, no];
        let clo = LLVMBuildCall2(b, fty, f, a.as_mut_ptr(), 2, nm);
        let clo64 = LLVMBuildAdd(b, clo, LLVMConstInt(i64t, 64, 0), nm);
        let hi_set = LLVMBuildICmp(b, LLVMIntNE, hi, LLVMConstInt(i64t, 0, 0), nm);
        let c = LLVMBuildSelect(b, hi_set, chi, clo64, nm);
        LLVMBuildZExt(b, c, i128t, nm)
    }
}

/// Builds `i128 __ori_udiv_i128(i128 n, i128 d)` (the module documentation's loop); returns it
/// with its type.
unsafe fn build_helper(m: LLVMModuleRef) -> (LLVMValueRef, LLVMTypeRef) {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let t = LLVMInt128TypeInContext(ctx);
        let mut params = [t, t];
        let fty = LLVMFunctionType(t, params.as_mut_ptr(), 2, 0);
        let name = std::ffi::CString::new(HELPER).unwrap_or_default();
        let f = LLVMAddFunction(m, name.as_ptr(), fty);
        LLVMSetLinkage(f, LLVMInternalLinkage);
        let block = |s: &std::ffi::CStr| LLVMAppendBasicBlockInContext(ctx, f, s.as_ptr());
        let (entry, bb1, lp, exit, end) = (
            block(c"udiv-special-cases"),
            block(c"udiv-bb1"),
            block(c"udiv-do-while"),
            block(c"udiv-loop-exit"),
            block(c"udiv-end"),
        );
        let b = LLVMCreateBuilderInContext(ctx);
        let nm = c"".as_ptr();
        let c = |v: i64| c128(ctx, v);
        // Special cases.
        LLVMPositionBuilderAtEnd(b, entry);
        let n = LLVMBuildFreeze(b, LLVMGetParam(f, 0), nm);
        let d = LLVMBuildFreeze(b, LLVMGetParam(f, 1), nm);
        let dz = LLVMBuildICmp(b, LLVMIntEQ, d, c(0), nm);
        let nz = LLVMBuildICmp(b, LLVMIntEQ, n, c(0), nm);
        let zero = LLVMBuildOr(b, dz, nz, nm);
        let sr = LLVMBuildSub(b, ctlz128(m, b, d), ctlz128(m, b, n), nm);
        let longer = LLVMBuildICmp(b, LLVMIntUGT, sr, c(127), nm);
        let none = LLVMBuildOr(b, zero, longer, nm);
        let early = LLVMBuildSelect(b, none, c(0), n, nm);
        let is127 = LLVMBuildICmp(b, LLVMIntEQ, sr, c(127), nm);
        let done = LLVMBuildOr(b, none, is127, nm);
        LLVMBuildCondBr(b, done, end, bb1);
        // The dividend aligned under the quotient register; the first remainder.
        LLVMPositionBuilderAtEnd(b, bb1);
        let sr1 = LLVMBuildAdd(b, sr, c(1), nm);
        let q0 = LLVMBuildShl(b, n, LLVMBuildSub(b, c(127), sr, nm), nm);
        let r0 = LLVMBuildLShr(b, n, sr1, nm);
        let dm1 = LLVMBuildAdd(b, d, c(-1), nm);
        LLVMBuildBr(b, lp);
        // One quotient bit per step.
        LLVMPositionBuilderAtEnd(b, lp);
        let carry = LLVMBuildPhi(b, t, nm);
        let count = LLVMBuildPhi(b, t, nm);
        let r = LLVMBuildPhi(b, t, nm);
        let q = LLVMBuildPhi(b, t, nm);
        let r1 = LLVMBuildOr(b, LLVMBuildShl(b, r, c(1), nm), LLVMBuildLShr(b, q, c(127), nm), nm);
        let q1 = LLVMBuildOr(b, carry, LLVMBuildShl(b, q, c(1), nm), nm);
        let fits = LLVMBuildAShr(b, LLVMBuildSub(b, dm1, r1, nm), c(127), nm);
        let carry1 = LLVMBuildAnd(b, fits, c(1), nm);
        let r2 = LLVMBuildSub(b, r1, LLVMBuildAnd(b, fits, d, nm), nm);
        let count1 = LLVMBuildAdd(b, count, c(-1), nm);
        let last = LLVMBuildICmp(b, LLVMIntEQ, count1, c(0), nm);
        LLVMBuildCondBr(b, last, exit, lp);
        let add = |phi: LLVMValueRef, a: LLVMValueRef, z: LLVMValueRef| {
            let mut vals = [a, z];
            let mut blocks = [bb1, lp];
            LLVMAddIncoming(phi, vals.as_mut_ptr(), blocks.as_mut_ptr(), 2);
        };
        add(carry, c(0), carry1);
        add(count, sr1, count1);
        add(r, r0, r2);
        add(q, q0, q1);
        // The last bit.
        LLVMPositionBuilderAtEnd(b, exit);
        let qf = LLVMBuildOr(b, carry1, LLVMBuildShl(b, q1, c(1), nm), nm);
        LLVMBuildBr(b, end);
        LLVMPositionBuilderAtEnd(b, end);
        let res = LLVMBuildPhi(b, t, nm);
        let mut vals = [early, qf];
        let mut blocks = [entry, exit];
        LLVMAddIncoming(res, vals.as_mut_ptr(), blocks.as_mut_ptr(), 2);
        LLVMBuildRet(b, res);
        LLVMDisposeBuilder(b);
        (f, fty)
    }
}

#[cfg(test)]
#[path = "div128_tests.rs"]
mod tests;
