//! `gep-reassociate`: an address `&B[a + b]` whose part `&B[a]` is already computed by a
//! dominating `getelementptr` becomes `&(&B[a])[b]`, so the back end adds `b·size` to an
//! address it has instead of scaling and adding the whole sum again.
//!
//! This is the GEP half of LLVM's n-ary reassociation, which llc runs for NVPTX before
//! instruction selection: a reduction tree indexes `sdata[tid + s]` right after `sdata[tid]`,
//! and with the rewrite the loop body keeps `&sdata[tid]` in a register and adds `s·4`, which
//! ptxas turns into one `LEA` and, the body being that short, a predicated body instead of a
//! branch around it.
//!
//! A `getelementptr T, B, I` with one index (or `[N x T], B, 0, I`, the same address) is
//! rewritten when `I` is
//!
//! - `zext (add nuw a, b)`: then `zext(a + b) = zext a + zext b`, looked up as `zext a`;
//! - `sext (add nsw a, b)`: `sext(a + b) = sext a + sext b`, looked up as `sext a` (or as
//!   `zext nneg a`, which is the same value);
//! - `add a, b` at least as wide as the pointer: address arithmetic wraps, so the split is exact;
//! - `add nsw a, b` narrower than the pointer, which `getelementptr` sign-extends: as `sext`;
//!
//! and an earlier `getelementptr` of the same element type and base, whose block dominates
//! (earlier in the same block), has the index `ext a` (or `ext b`, the operands tried in both
//! orders). The new `getelementptr T, E, ext b` carries no `inbounds` (the partial address need
//! not stay in the object). Nothing else changes: the `add` stays while it has other uses.
//!
//! Where it runs: after inlining and `fma-contract`, in every compile (`compile::middle_end`),
//! and as `ori opt -passes=gep-reassociate`.

use super::known_bits::analysis::Dominators;
use super::known_bits::ir::{self, V};
use super::pass_api::{PassContext, PassParams};
use anyhow::Result;
use inkwell::module::Module;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::collections::HashMap;

/// The pass entry (registry name `gep-reassociate`).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, _params: &PassParams) -> Result<()> {
    let n = run(module);
    cx.stat("gep-reassociate", "NumReassociated", "Number of addresses rebased on a dominating one", n);
    Ok(())
}

/// How an index extends its narrower part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ext {
    Zero,
    Sign,
    /// The index is the part itself (already at the index width).
    None,
}

/// `(element type, base, part, extension)`: what an address `&base[ext(part)]` is found by.
type Key = (LLVMTypeRef, LLVMValueRef, LLVMValueRef, Ext);

/// Rewrites every eligible address in `module`; returns how many.
pub fn run(module: &Module<'_>) -> u64 {
    let m = module.as_mut_ptr();
    let mut done = 0;
    // SAFETY: every handle comes from `module`, which outlives the pass; an instruction is
    // erased only after its uses were replaced, and no handle to it is used afterwards.
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        let td = ir::TargetData::of_module(m);
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if LLVMCountBasicBlocks(f) > 0 {
                done += function(builder, &td, V(f));
            }
            f = LLVMGetNextFunction(f);
        }
        LLVMDisposeBuilder(builder);
    }
    done
}

unsafe fn function(builder: LLVMBuilderRef, td: &ir::TargetData, f: V) -> u64 {
    let dom = Dominators::compute(f);
    let mut seen: HashMap<Key, Vec<LLVMValueRef>> = HashMap::new();
    let mut done = 0;
    for bb in ir::blocks(f) {
        let mut i = unsafe { LLVMGetFirstInstruction(bb) };
        while !i.is_null() {
            let next = unsafe { LLVMGetNextInstruction(i) };
            if let Some((ty, base, index)) = unsafe { address(i) } {
                let narrow = unsafe { narrower_than_pointer(td, base, index) };
                if unsafe { rebase(builder, &dom, &seen, i, (ty, base, index), narrow) } {
                    done += 1;
                } else {
                    for key in unsafe { keys(ty, base, index, narrow) } {
                        seen.entry(key).or_default().push(i);
                    }
                }
            }
            i = next;
        }
    }
    done
}

/// `(element type, base, index)` of a scalar single-index address: `gep T, B, I` or
/// `gep [N x T], B, 0, I`.
unsafe fn address(i: LLVMValueRef) -> Option<(LLVMTypeRef, LLVMValueRef, LLVMValueRef)> {
    unsafe {
        if LLVMGetInstructionOpcode(i) != O::LLVMGetElementPtr
            || LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMTypeKind::LLVMPointerTypeKind
        {
            return None;
        }
        let src = LLVMGetGEPSourceElementType(i);
        match LLVMGetNumOperands(i) {
            2 => Some((src, LLVMGetOperand(i, 0), LLVMGetOperand(i, 1))),
            3 if LLVMGetTypeKind(src) == LLVMTypeKind::LLVMArrayTypeKind && is_zero(LLVMGetOperand(i, 1)) => {
                Some((LLVMGetElementType(src), LLVMGetOperand(i, 0), LLVMGetOperand(i, 2)))
            }
            _ => None,
        }
    }
}

unsafe fn is_zero(v: LLVMValueRef) -> bool {
    unsafe { !LLVMIsAConstantInt(v).is_null() && LLVMConstIntGetZExtValue(v) == 0 }
}

/// Whether `index` is narrower than `base`'s pointers (`getelementptr` then sign-extends it).
unsafe fn narrower_than_pointer(td: &ir::TargetData, base: LLVMValueRef, index: LLVMValueRef) -> bool {
    let space = unsafe { LLVMGetPointerAddressSpace(LLVMTypeOf(base)) };
    V(index).int_width().is_none_or(|w| w < td.pointer_bits(space))
}

/// The keys an address `&base[index]` can be found by (`narrow`: the index is sign-extended).
unsafe fn keys(ty: LLVMTypeRef, base: LLVMValueRef, index: LLVMValueRef, narrow: bool) -> Vec<Key> {
    let mut out = vec![(ty, base, index, if narrow { Ext::Sign } else { Ext::None })];
    let v = V(index);
    match v.opcode() {
        Some(O::LLVMZExt) => {
            let part = v.operand(0).0;
            out.push((ty, base, part, Ext::Zero));
            if v.nneg() {
                out.push((ty, base, part, Ext::Sign));
            }
        }
        Some(O::LLVMSExt) => out.push((ty, base, v.operand(0).0, Ext::Sign)),
        _ => {}
    }
    out
}

/// The two addends of `index` and how each extends to the pointer width, when the extension
/// of the sum is the sum of the extensions (`narrow`: `getelementptr` sign-extends `index`).
fn split(index: V, narrow: bool) -> Option<(V, V, Ext)> {
    let (sum, ext) = match index.opcode()? {
        O::LLVMZExt => (index.operand(0), Ext::Zero),
        O::LLVMSExt => (index.operand(0), Ext::Sign),
        O::LLVMAdd if narrow => (index, Ext::Sign),
        O::LLVMAdd => (index, Ext::None),
        _ => return None,
    };
    if sum.opcode()? != O::LLVMAdd {
        return None;
    }
    let exact = match ext {
        Ext::Zero => sum.nuw(),
        Ext::Sign => sum.nsw(),
        Ext::None => true,
    };
    exact.then(|| (sum.operand(0), sum.operand(1), ext))
}

/// Rewrites `gep` (`&base[index]`) on a dominating `&base[ext a]` when there is one.
unsafe fn rebase(
    builder: LLVMBuilderRef,
    dom: &Dominators,
    seen: &HashMap<Key, Vec<LLVMValueRef>>,
    gep: LLVMValueRef,
    (ty, base, index): (LLVMTypeRef, LLVMValueRef, LLVMValueRef),
    narrow: bool,
) -> bool {
    let Some((a, b, ext)) = split(V(index), narrow) else { return false };
    // The sum itself is the index (`add` at the index width, extended by the address only).
    let bare = V(index).opcode() == Some(O::LLVMAdd);
    let here = unsafe { LLVMGetInstructionParent(gep) };
    for (part, rest) in [(a, b), (b, a)] {
        let Some(found) = seen.get(&(ty, base, part.0, ext)) else { continue };
        let Some(&earlier) = found.iter().find(|&&e| dom.dominates(unsafe { LLVMGetInstructionParent(e) }, here))
        else {
            continue;
        };
        unsafe {
            LLVMPositionBuilderBefore(builder, gep);
            let index_ty = LLVMTypeOf(index);
            let offset = match ext {
                _ if bare => rest.0,
                Ext::Zero => LLVMBuildZExt(builder, rest.0, index_ty, c"".as_ptr()),
                Ext::Sign => LLVMBuildSExt(builder, rest.0, index_ty, c"".as_ptr()),
                Ext::None => rest.0,
            };
            let mut idx = [offset];
            let new = LLVMBuildGEP2(builder, ty, earlier, idx.as_mut_ptr(), 1, c"".as_ptr());
            ir::replace_all_uses(V(gep), V(new));
            ir::erase(V(gep));
            // The extension and the sum, when nothing else uses them (pure arithmetic).
            let sum = if bare { None } else { Some(V(index).operand(0)) };
            for dead in std::iter::once(V(index)).chain(sum) {
                if LLVMGetFirstUse(dead.0).is_null() {
                    ir::erase(dead);
                }
            }
        }
        return true;
    }
    false
}
