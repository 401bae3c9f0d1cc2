//! `lower-variadics`: every variadic function defined in the module takes its variadic
//! arguments through one more parameter, a pointer to a buffer its callers fill — the lowering
//! llc-19 runs for NVPTX (LLVM's `ExpandVariadics`), which PTX needs because its functions have
//! fixed parameter lists.
//!
//! The buffer holds the variadic arguments of a call one after the other, each at its natural
//! (ABI) alignment, as the fields of a non-packed struct: the layout clang's NVPTX `va_arg`
//! reads, which advances a `char *` by each argument's size after aligning it up (`ptrmask`).
//! An argument passed `byval(T)` (a C struct) is copied into the buffer as a `T`.
//!
//! For a defined `T @f(P..., ...)`:
//! - a new `T @f(P..., ptr %va)` takes over the body (the old function's blocks are moved, its
//!   parameters replaced by the new ones, its attributes and linkage kept);
//! - `llvm.va_start(ptr %ap)` stores `%va` into the `va_list` `%ap` (on NVPTX a plain `ptr`);
//!   `llvm.va_end` is dropped; `llvm.va_copy(dst, src)` copies the pointer; a `va_arg`
//!   instruction becomes the aligned read and pointer bump clang would have written;
//! - every direct call `@f(p..., x...)` allocates the struct of the `x`s in its function's entry
//!   block, stores each `x` into its field, and calls the new `@f(p..., ptr %buffer)`.
//!
//! A variadic function that is only declared (`printf` as C declares it, a device library's
//! function) gets the same new declaration `T @f(P..., ptr)` and its calls the same buffer:
//! llc-19 calls `.extern .func printf(.param .b64, .param .b64)` so, and a module it compiled
//! defines its variadic functions so.
//!
//! A variadic function's address becomes the new function's, and once the module has expanded
//! functions every indirect call through a variadic function type passes a buffer too (as
//! LLVM's pass does).
//!
//! Where it runs: first in every compile (`compile::middle_end`), before inlining; in `ori
//! check`'s JIT reference too, whose x86 `va_start` would otherwise write its own 24-byte
//! `va_list`; and as `ori opt -passes=lower-variadics`.

use super::known_bits::ir::{self, V};
use super::pass_api::{PassContext, PassParams};
use anyhow::Result;
use inkwell::module::Module;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The pass entry (registry name `lower-variadics`).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, _params: &PassParams) -> Result<()> {
    let n = run(module);
    cx.stat("lower-variadics", "NumFunctions", "Number of variadic functions given a buffer parameter", n);
    Ok(())
}

/// Expands every eligible variadic function of `module`; returns how many.
pub fn run(module: &Module<'_>) -> u64 {
    let m = module.as_mut_ptr();
    let mut done = 0;
    // SAFETY: every handle comes from `module`, which outlives the pass; the old function is
    // deleted only after its blocks moved out and every call of it was replaced.
    unsafe {
        let mut todo = Vec::new();
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if eligible(f) {
                todo.push(f);
            }
            f = LLVMGetNextFunction(f);
        }
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        let expanded = !todo.is_empty();
        for f in todo {
            expand(m, builder, f);
            done += 1;
        }
        if expanded {
            // Indirect calls through a variadic function type: the callee may be any expanded
            // function, so they pass a buffer too (as LLVM's pass does).
            let mut f = LLVMGetFirstFunction(m);
            while !f.is_null() {
                for i in ir::instructions(V(f)) {
                    let callee = if i.opcode() == Some(O::LLVMCall) { LLVMGetCalledValue(i.0) } else { continue };
                    let fty = LLVMGetCalledFunctionType(i.0);
                    if LLVMIsAFunction(callee).is_null() && LLVMIsFunctionVarArg(fty) != 0 {
                        let nty = buffer_type(LLVMGetModuleContext(m), fty);
                        rewrite_call(m, builder, i.0, callee, nty, LLVMCountParamTypes(fty));
                    }
                }
                f = LLVMGetNextFunction(f);
            }
        }
        LLVMDisposeBuilder(builder);
    }
    done
}

/// A variadic function, defined or declared (intrinsics aside).
unsafe fn eligible(f: LLVMValueRef) -> bool {
    unsafe { LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) != 0 && !ir::value_name(f).starts_with("llvm.") }
}

/// Whether `u` calls `f` directly (`f` is its callee and no argument).
unsafe fn calls(u: V, f: LLVMValueRef) -> bool {
    unsafe {
        u.opcode() == Some(O::LLVMCall)
            && LLVMGetCalledValue(u.0) == f
            && (0..LLVMGetNumArgOperands(u.0)).all(|k| LLVMGetOperand(u.0, k) != f)
    }
}

/// `T (P..., ...)` → `T (P..., ptr)`.
unsafe fn buffer_type(ctx: LLVMContextRef, fty: LLVMTypeRef) -> LLVMTypeRef {
    unsafe {
        let nfixed = LLVMCountParamTypes(fty);
        let mut params = vec![std::ptr::null_mut(); nfixed as usize];
        LLVMGetParamTypes(fty, params.as_mut_ptr());
        params.push(LLVMPointerTypeInContext(ctx, 0));
        LLVMFunctionType(LLVMGetReturnType(fty), params.as_mut_ptr(), params.len() as u32, 0)
    }
}

unsafe fn expand(m: LLVMModuleRef, b: LLVMBuilderRef, f: LLVMValueRef) {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let fty = LLVMGlobalGetValueType(f);
        let nfixed = LLVMCountParamTypes(fty);
        let nty = buffer_type(ctx, fty);
        // The new function takes the old one's name; the old one is renamed until deleted.
        let name = ir::value_name(f);
        let old_name = format!("{name}.ori.variadic");
        LLVMSetValueName2(f, old_name.as_ptr().cast(), old_name.len());
        let cname = std::ffi::CString::new(name).unwrap_or_default();
        let nf = LLVMAddFunction(m, cname.as_ptr(), nty);
        LLVMSetLinkage(nf, LLVMGetLinkage(f));
        LLVMSetVisibility(nf, LLVMGetVisibility(f));
        LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(f));
        copy_attributes(f, nf, nfixed);
        for bb in ir::blocks(V(f)) {
            LLVMRemoveBasicBlockFromParent(bb);
            LLVMAppendExistingBasicBlock(nf, bb);
        }
        for k in 0..nfixed {
            let (old, new) = (LLVMGetParam(f, k), LLVMGetParam(nf, k));
            let mut n = 0;
            let pname = LLVMGetValueName2(old, &mut n);
            LLVMSetValueName2(new, pname, n);
            LLVMReplaceAllUsesWith(old, new);
        }
        let va = LLVMGetParam(nf, nfixed);
        LLVMSetValueName2(va, c"varargs".as_ptr(), 7);
        rewrite_body(m, b, nf, va);
        for call in V(f).users() {
            if calls(call, f) {
                rewrite_call(m, b, call.0, nf, nty, nfixed);
            }
        }
        // Its address (a function pointer, a global's initializer): the new function, which
        // indirect calls reach with a buffer.
        LLVMReplaceAllUsesWith(f, nf);
        LLVMDeleteFunction(f);
    }
}

/// Function and fixed-parameter attributes of `f` onto `nf`.
unsafe fn copy_attributes(f: LLVMValueRef, nf: LLVMValueRef, nfixed: u32) {
    unsafe {
        let indices = std::iter::once(llvm_sys::LLVMAttributeFunctionIndex)
            .chain(std::iter::once(llvm_sys::LLVMAttributeReturnIndex))
            .chain((0..nfixed).map(ir::param_index));
        for idx in indices {
            let n = LLVMGetAttributeCountAtIndex(f, idx);
            let mut attrs = vec![std::ptr::null_mut(); n as usize];
            if n > 0 {
                LLVMGetAttributesAtIndex(f, idx, attrs.as_mut_ptr());
            }
            for a in attrs {
                LLVMAddAttributeAtIndex(nf, idx, a);
            }
        }
    }
}

/// `va_start` / `va_end` / `va_copy` / `va_arg` in the moved body.
unsafe fn rewrite_body(m: LLVMModuleRef, b: LLVMBuilderRef, nf: LLVMValueRef, va: LLVMValueRef) {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let ptr = LLVMPointerTypeInContext(ctx, 0);
        let i8t = LLVMInt8TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let td = ir::TargetData::of_module(m);
        for i in ir::instructions(V(nf)) {
            match i.opcode() {
                Some(O::LLVMCall) => {
                    let callee = LLVMGetCalledValue(i.0);
                    if LLVMIsAFunction(callee).is_null() {
                        continue;
                    }
                    let cname = ir::value_name(callee);
                    LLVMPositionBuilderBefore(b, i.0);
                    if cname.starts_with("llvm.va_start") {
                        LLVMBuildStore(b, va, LLVMGetOperand(i.0, 0));
                    } else if cname.starts_with("llvm.va_copy") {
                        let cur = LLVMBuildLoad2(b, ptr, LLVMGetOperand(i.0, 1), c"".as_ptr());
                        LLVMBuildStore(b, cur, LLVMGetOperand(i.0, 0));
                    } else if !cname.starts_with("llvm.va_end") {
                        continue;
                    }
                    ir::erase(i);
                }
                Some(O::LLVMVAArg) => {
                    // cur = *ap aligned up; value = *cur; *ap = cur + size.
                    let ty = LLVMTypeOf(i.0);
                    let ap = LLVMGetOperand(i.0, 0);
                    let align = llvm_sys::target::LLVMABIAlignmentOfType(td.0, ty) as u64;
                    LLVMPositionBuilderBefore(b, i.0);
                    let cur = LLVMBuildLoad2(b, ptr, ap, c"".as_ptr());
                    let mut up = [LLVMConstInt(i64t, align.saturating_sub(1), 0)];
                    let bumped = LLVMBuildGEP2(b, i8t, cur, up.as_mut_ptr(), 1, c"".as_ptr());
                    let as_int = LLVMBuildPtrToInt(b, bumped, i64t, c"".as_ptr());
                    let masked = LLVMBuildAnd(b, as_int, LLVMConstInt(i64t, !(align.max(1) - 1), 0), c"".as_ptr());
                    let aligned = LLVMBuildIntToPtr(b, masked, ptr, c"".as_ptr());
                    let value = LLVMBuildLoad2(b, ty, aligned, c"".as_ptr());
                    let mut size = [LLVMConstInt(i64t, td.alloc_size(ty), 0)];
                    let next = LLVMBuildGEP2(b, i8t, aligned, size.as_mut_ptr(), 1, c"".as_ptr());
                    LLVMBuildStore(b, next, ap);
                    ir::replace_all_uses(i, V(value));
                    ir::erase(i);
                }
                _ => {}
            }
        }
    }
}

/// A call `f(p..., x...)` → the buffer of the `x`s and `callee(p..., ptr %buffer)`, `callee` of
/// type `nty`.
unsafe fn rewrite_call(
    m: LLVMModuleRef,
    b: LLVMBuilderRef,
    call: LLVMValueRef,
    callee: LLVMValueRef,
    nty: LLVMTypeRef,
    nfixed: u32,
) {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let td = ir::TargetData::of_module(m);
        let nargs = LLVMGetNumArgOperands(call);
        let mut args: Vec<LLVMValueRef> = (0..nargs).map(|k| LLVMGetOperand(call, k)).collect();
        let extra = args.split_off(nfixed as usize);
        let byval = llvm_sys::core::LLVMGetEnumAttributeKindForName(c"byval".as_ptr(), 5);
        // Each extra argument's field type: a byval pointer's pointee, else the value's type.
        let mut fields: Vec<LLVMTypeRef> = extra
            .iter()
            .enumerate()
            .map(|(k, &x)| {
                let at = LLVMGetCallSiteEnumAttribute(call, ir::param_index(nfixed + k as u32), byval);
                if at.is_null() { LLVMTypeOf(x) } else { LLVMGetTypeAttributeValue(at) }
            })
            .collect();
        let st = LLVMStructTypeInContext(ctx, fields.as_mut_ptr(), fields.len() as u32, 0);
        // The buffer lives in the caller's entry block.
        let caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
        let entry = LLVMGetEntryBasicBlock(caller);
        let first = LLVMGetFirstInstruction(entry);
        LLVMPositionBuilderBefore(b, first);
        let buffer = LLVMBuildAlloca(b, st, c"vararg.buffer".as_ptr());
        LLVMPositionBuilderBefore(b, call);
        for (k, (&x, &fty)) in extra.iter().zip(&fields).enumerate() {
            let slot = LLVMBuildStructGEP2(b, st, buffer, k as u32, c"".as_ptr());
            if fty == LLVMTypeOf(x) {
                LLVMBuildStore(b, x, slot);
            } else {
                // byval: the pointee's bytes.
                let align = llvm_sys::target::LLVMABIAlignmentOfType(td.0, fty);
                let size = LLVMConstInt(LLVMInt64TypeInContext(ctx), td.alloc_size(fty), 0);
                LLVMBuildMemCpy(b, slot, align, x, 1, size);
            }
        }
        args.push(buffer);
        let new = LLVMBuildCall2(b, nty, callee, args.as_mut_ptr(), args.len() as u32, c"".as_ptr());
        LLVMSetInstructionCallConv(new, LLVMGetInstructionCallConv(call));
        if LLVMGetTypeKind(LLVMTypeOf(call)) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind {
            let mut n = 0;
            let name = LLVMGetValueName2(call, &mut n);
            let name = std::slice::from_raw_parts(name.cast::<u8>(), n).to_vec();
            LLVMSetValueName2(call, c"".as_ptr(), 0);
            LLVMSetValueName2(new, name.as_ptr().cast(), name.len());
            LLVMReplaceAllUsesWith(call, new);
        }
        LLVMInstructionEraseFromParent(call);
    }
}
