//! NVVM reflection, as llc-19's `NVVMReflect` pass resolves it: every call of
//! `__nvvm_reflect(str)` / `__nvvm_reflect_ocl(str)` / `llvm.nvvm.reflect(str)` becomes an `i32`
//! constant: `__CUDA_ARCH` → the SM number times ten (900 for sm_90), `__CUDA_FTZ` → the module
//! flag `nvvm-reflect-ftz` (0 without one), anything else → 0. libdevice and CUDA headers use it
//! to pick code paths; clang resolves it in optimized builds, so it remains in `-O0` IR and in
//! hand-written IR. Left unresolved, `__nvvm_reflect` would be an undefined external function
//! that ptxas rejects. A call whose argument is not a constant string is left alone (llc
//! reports an error for it; the lowering then refuses the call of the undefined function).

use crate::ori::lower::ffi::{self, V};
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

const REFLECT_FUNCTIONS: [&str; 3] = ["__nvvm_reflect", "__nvvm_reflect_ocl", "llvm.nvvm.reflect"];

/// Resolves the reflection calls of `m` for `sm` (see the module documentation); returns how
/// many calls were replaced.
pub fn run(m: &Module<'_>, sm: u32) -> usize {
    let mref = m.as_mut_ptr();
    let ftz = module_flag_i32(mref, "nvvm-reflect-ftz").unwrap_or(0);
    let mut replaced = 0;
    for name in REFLECT_FUNCTIONS {
        let Some(f) = m.get_function(name) else { continue };
        let fv = f.as_value_ref();
        let mut calls = Vec::new();
        let mut u = unsafe { LLVMGetFirstUse(fv) };
        while !u.is_null() {
            let user = unsafe { LLVMGetUser(u) };
            if unsafe { !LLVMIsACallInst(user).is_null() } && ffi::num_operands(V(user)) == 2 {
                calls.push(user);
            }
            u = unsafe { LLVMGetNextUse(u) };
        }
        for call in calls {
            let Some(key) = constant_string(ffi::operand(V(call), 0).0) else { continue };
            let value = match key.as_str() {
                "__CUDA_ARCH" => sm * 10,
                "__CUDA_FTZ" => ftz,
                _ => 0,
            };
            unsafe {
                let i32t = LLVMInt32TypeInContext(LLVMGetModuleContext(mref));
                LLVMReplaceAllUsesWith(call, LLVMConstInt(i32t, value as u64, 0));
                LLVMInstructionEraseFromParent(call);
            }
            replaced += 1;
        }
    }
    replaced
}

/// The string a reflection argument names: a global's constant character array, reached
/// through pointer casts and constant GEPs of index 0.
fn constant_string(mut v: LLVMValueRef) -> Option<String> {
    for _ in 0..8 {
        unsafe {
            if !LLVMIsAGlobalVariable(v).is_null() {
                let init = LLVMGetInitializer(v);
                if init.is_null() || LLVMIsAConstantDataSequential(init).is_null() || LLVMIsConstantString(init) == 0 {
                    return None;
                }
                let mut len = 0usize;
                let p = LLVMGetAsString(init, &mut len);
                let bytes = std::slice::from_raw_parts(p as *const u8, len);
                let s = String::from_utf8_lossy(bytes);
                return Some(s.trim_end_matches('\0').to_string());
            }
            if LLVMIsAConstantExpr(v).is_null() || LLVMGetNumOperands(v) < 1 {
                return None;
            }
            v = LLVMGetOperand(v, 0);
        }
    }
    None
}

/// The value of an integer module flag (`!llvm.module.flags` entry `!{i32 behaviour, !"name",
/// i32 value}`).
fn module_flag_i32(m: LLVMModuleRef, name: &str) -> Option<u32> {
    unsafe {
        let md = LLVMGetModuleFlag(m, name.as_ptr() as *const _, name.len());
        if md.is_null() {
            return None;
        }
        // A ValueAsMetadata reads as a one-operand node through the C API.
        let v = LLVMMetadataAsValue(LLVMGetModuleContext(m), md);
        if LLVMGetMDNodeNumOperands(v) != 1 {
            return None;
        }
        let mut c: LLVMValueRef = std::ptr::null_mut();
        LLVMGetMDNodeOperands(v, &mut c);
        if c.is_null() || LLVMIsAConstantInt(c).is_null() {
            return None;
        }
        Some(LLVMConstIntGetZExtValue(c) as u32)
    }
}
