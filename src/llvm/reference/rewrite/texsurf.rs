//! Texture and surface intrinsics in the reference module: each call becomes a call of the host
//! function `ori.ref.image(code, args, n, out)` (`reference/images.rs`) with the operation's code
//! (`TexOp::encode`), the raw argument values in an `[n x i64]` array and a `[4 x i64]` array for
//! the results, which are read back into the call's type; `texsurf.handle.internal(@var)`
//! becomes the variable's address, the handle the driver binds the variable's image to.

use super::Cx;
use crate::ori::texsurf::TexOp;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The raw 64-bit form of a value (float bits, integers zero-extended).
unsafe fn raw(cx: &Cx, v: LLVMValueRef) -> LLVMValueRef {
    unsafe { cx.to_int(v, cx.i64) }
}

/// A value of type `ty` from its raw 64-bit form.
unsafe fn from_raw(cx: &Cx, v: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMFloatTypeKind => {
                let w = LLVMBuildTrunc(cx.b, v, cx.i32, c"".as_ptr());
                LLVMBuildBitCast(cx.b, w, ty, c"".as_ptr())
            }
            _ => LLVMBuildIntCast2(cx.b, v, ty, 0, c"".as_ptr()),
        }
    }
}

/// The replacement of `texsurf.handle.internal(@var)` at call `i`: the variable's address.
pub(super) unsafe fn handle(cx: &Cx, i: LLVMValueRef) -> Option<LLVMValueRef> {
    unsafe { Some(LLVMBuildPtrToInt(cx.b, LLVMGetOperand(i, 0), cx.i64, c"".as_ptr())) }
}

/// The replacement of texture/surface call `i` (the builder is placed before it).
pub(super) unsafe fn image_call(cx: &mut Cx, m: LLVMModuleRef, i: LLVMValueRef, op: TexOp) -> Option<LLVMValueRef> {
    unsafe {
        let ptr = LLVMPointerTypeInContext(cx.ctx, 0);
        let f = *cx.image.get_or_insert_with(|| {
            let void = LLVMVoidTypeInContext(cx.ctx);
            super::declare(m, c"ori.ref.image", void, &mut [cx.i32, ptr, cx.i32, ptr])
        });
        let n = op.num_args() as u32;
        // The arrays live in the entry block (an alloca in a loop would grow the stack).
        let func = LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
        LLVMPositionBuilderBefore(cx.b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(func)));
        let args_ty = LLVMArrayType2(cx.i64, u64::from(n.max(1)));
        let out_ty = LLVMArrayType2(cx.i64, 4);
        let args = LLVMBuildAlloca(cx.b, args_ty, c"texargs".as_ptr());
        let out = LLVMBuildAlloca(cx.b, out_ty, c"texout".as_ptr());
        LLVMPositionBuilderBefore(cx.b, i);
        let slot = |base: LLVMValueRef, ty: LLVMTypeRef, k: u32| {
            let mut idx = [LLVMConstInt(cx.i32, 0, 0), LLVMConstInt(cx.i32, u64::from(k), 0)];
            LLVMBuildInBoundsGEP2(cx.b, ty, base, idx.as_mut_ptr(), 2, c"".as_ptr())
        };
        for k in 0..n {
            let v = raw(cx, LLVMGetOperand(i, k));
            LLVMBuildStore(cx.b, v, slot(args, args_ty, k));
        }
        let code = LLVMConstInt(cx.i32, u64::from(op.encode()), 0);
        cx.call(f, &mut [code, args, LLVMConstInt(cx.i32, u64::from(n), 0), out]);
        let ty = LLVMTypeOf(i);
        let result = |cx: &Cx, k: u32, t: LLVMTypeRef| {
            let w = LLVMBuildLoad2(cx.b, cx.i64, slot(out, out_ty, k), c"".as_ptr());
            from_raw(cx, w, t)
        };
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMVoidTypeKind => None,
            LLVMTypeKind::LLVMStructTypeKind => {
                let mut s = LLVMGetPoison(ty);
                for k in 0..LLVMCountStructElementTypes(ty) {
                    let e = result(cx, k, LLVMStructGetTypeAtIndex(ty, k));
                    s = LLVMBuildInsertValue(cx.b, s, e, k, c"".as_ptr());
                }
                Some(s)
            }
            _ => Some(result(cx, 0, ty)),
        }
    }
}
