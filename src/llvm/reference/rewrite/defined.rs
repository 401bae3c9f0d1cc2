//! Values for the poison that PTX defines. Where LLVM's result is poison, any value refines it,
//! and the reference picks the one the PTX instruction llc-19 selects computes, so that a
//! kernel that lets such a value reach its output (a shift by a launch parameter of 100, an
//! `unsigned` cast of a negative float) compares ori against that choice instead of against
//! whatever the host's instruction happens to do:
//!
//! - `shl`/`lshr`/`ashr` of a scalar integer by a variable amount: an amount of at least the
//!   width gives 0 (`shl`, `lshr`) or the sign fill (`ashr`), as PTX's `shl`/`shr` clamp it
//!   (the host masks the amount instead);
//! - `fptoui`/`fptosi` to `i32`/`i64`: saturated, NaN to 0 (`llvm.fpto{u,s}i.sat`), as PTX's
//!   `cvt.rzi` saturates (the host returns an "indefinite" value).
//!
//! Everything LLVM defines is left alone, so the reference stays LLVM's semantics.

use super::super::{functions, instructions};
use crate::ori::lower::ffi::{self, V};
use llvm_sys::LLVMIntPredicate::LLVMIntUGE;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// Rewrites every function of `m` as the module documentation says.
pub(in crate::llvm::reference) unsafe fn define_poison(m: LLVMModuleRef, b: LLVMBuilderRef) {
    unsafe {
        for f in functions(m) {
            for i in instructions(f) {
                match ffi::opcode(V(i)) {
                    O::LLVMShl | O::LLVMLShr | O::LLVMAShr => clamp_shift(b, i),
                    O::LLVMFPToUI | O::LLVMFPToSI => saturate_conversion(m, b, i),
                    _ => {}
                }
            }
        }
    }
}

/// `x op s` → `s >= width ? fill : x op s` for a scalar integer and a non-constant `s`.
unsafe fn clamp_shift(b: LLVMBuilderRef, i: LLVMValueRef) {
    unsafe {
        let t = LLVMTypeOf(i);
        let amount = LLVMGetOperand(i, 1);
        if LLVMGetTypeKind(t) != LLVMTypeKind::LLVMIntegerTypeKind || !LLVMIsAConstantInt(amount).is_null() {
            return;
        }
        let width = LLVMGetIntTypeWidth(t);
        let next = LLVMGetNextInstruction(i);
        if next.is_null() {
            return;
        }
        LLVMPositionBuilderBefore(b, next);
        let n = c"".as_ptr();
        let big = LLVMBuildICmp(b, LLVMIntUGE, amount, LLVMConstInt(t, width as u64, 0), n);
        let fill = if ffi::opcode(V(i)) == O::LLVMAShr {
            LLVMBuildAShr(b, LLVMGetOperand(i, 0), LLVMConstInt(t, width as u64 - 1, 0), n)
        } else {
            LLVMConstInt(t, 0, 0)
        };
        let sel = LLVMBuildSelect(b, big, fill, i, n);
        LLVMReplaceAllUsesWith(i, sel);
        // The select itself reads the shift.
        LLVMSetOperand(sel, 2, i);
    }
}

/// `fpto{u,s}i x to i32/i64` → `llvm.fpto{u,s}i.sat`.
unsafe fn saturate_conversion(m: LLVMModuleRef, b: LLVMBuilderRef, i: LLVMValueRef) {
    unsafe {
        let to = LLVMTypeOf(i);
        let x = LLVMGetOperand(i, 0);
        let from = LLVMTypeOf(x);
        let scalar_float =
            matches!(LLVMGetTypeKind(from), LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind);
        if LLVMGetTypeKind(to) != LLVMTypeKind::LLVMIntegerTypeKind
            || !matches!(LLVMGetIntTypeWidth(to), 32 | 64)
            || !scalar_float
        {
            return;
        }
        let name = if ffi::opcode(V(i)) == O::LLVMFPToUI { "llvm.fptoui.sat" } else { "llvm.fptosi.sat" };
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        let mut tys = [to, from];
        let f = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 2);
        let fty = LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, tys.as_mut_ptr(), 2);
        LLVMPositionBuilderBefore(b, i);
        let mut args = [x];
        let call = LLVMBuildCall2(b, fty, f, args.as_mut_ptr(), 1, c"".as_ptr());
        LLVMReplaceAllUsesWith(i, call);
        LLVMInstructionEraseFromParent(i);
    }
}
