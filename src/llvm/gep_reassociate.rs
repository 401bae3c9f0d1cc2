//! `gep-reassociate`: an address `&B[..][a + b]` whose part `&B[..][a]` is already computed by
//! a dominating `getelementptr` becomes `&(&B[..][a])[b]`, so the back end adds `b·size` to an
//! address it has instead of scaling and adding the whole sum again; and an address
//! `&B[..][a + C]` with a constant `C` becomes `&(&B[..][a])[C]`, so that every `C` of an
//! unrolled stencil shares one `&B[..][a]` and `C·size` folds into the memory operand
//! (`[%rd+36]`).
//!
//! These are the GEP halves of LLVM's n-ary reassociation and of its constant-offset
//! separation, which llc runs for NVPTX before instruction selection: a reduction tree indexes
//! `sdata[tid + s]` right after `sdata[tid]`, and with the rewrite the loop body keeps
//! `&sdata[tid]` in a register and adds `s·4`, which ptxas turns into one `LEA` and, the body
//! being that short, a predicated body instead of a branch around it; an unrolled convolution
//! reads `s_Data[ty][tx + i·16 + j]` for 17 constants `j`, and with the rewrite they are 17
//! loads off one address.
//!
//! A `getelementptr T, B, I₀, .., Iₙ` (the prefix `I₀..Iₙ₋₁` stepping through arrays only) is
//! rewritten when its last index `Iₙ` is
//!
//! - `zext (add nuw a, b)`: then `zext(a + b) = zext a + zext b`, looked up as `zext a`;
//! - `sext (add nsw a, b)`: `sext(a + b) = sext a + sext b`, looked up as `sext a` (or as
//!   `zext nneg a`, which is the same value);
//! - `add a, b` at least as wide as the pointer: address arithmetic wraps, so the split is exact;
//! - `add nsw a, b` narrower than the pointer, which `getelementptr` sign-extends: as `sext`;
//!
//! where an `or disjoint a, b` counts as `add nuw nsw a, b` (no common bits: no carry), the
//! form instcombine gives `4·i + 1`;
//!
//! and an earlier `getelementptr` of the same source type, base and prefix, whose block
//! dominates (earlier in the same block), has the last index `ext a` (or `ext b`, the operands
//! tried in both orders), or `b` is a constant, in which case `&B[..][ext a]` is made right
//! before the address (and later addresses find it). The result is `getelementptr E, X, ext b`
//! with `E` the element type the last index steps over and `X` the partial address. No
//! `inbounds` on what is made (a partial address need not stay in the object). The `add` stays
//! while it has other uses.
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

impl Ext {
    /// Whether the extension of `sum` (an `add`) is the sum of its operands' extensions: the
    /// no-wrap flag this extension needs (any `add` for `Ext::None`, which wraps like addresses).
    fn splits(self, sum: V) -> bool {
        if sum.opcode() == Some(O::LLVMOr) {
            // `or disjoint` adds without a carry: both no-wrap flags hold.
            return true;
        }
        match self {
            Ext::Zero => sum.nuw(),
            Ext::Sign => sum.nsw(),
            Ext::None => true,
        }
    }

    /// The value of constant `c` as this extension reads it.
    unsafe fn value(self, c: LLVMValueRef) -> i128 {
        unsafe {
            if self == Ext::Zero { LLVMConstIntGetZExtValue(c) as i128 } else { LLVMConstIntGetSExtValue(c) as i128 }
        }
    }
}

/// `v` (of the narrow type) as an index like `index`: extended as `ext` says, or itself when
/// `index` is the bare `add` (the address extends it).
unsafe fn extend(builder: LLVMBuilderRef, v: LLVMValueRef, index: LLVMValueRef, ext: Ext) -> LLVMValueRef {
    unsafe {
        let ty = LLVMTypeOf(index);
        match ext {
            _ if is_add(V(index)) => v,
            Ext::Zero => LLVMBuildZExt(builder, v, ty, c"".as_ptr()),
            Ext::Sign => LLVMBuildSExt(builder, v, ty, c"".as_ptr()),
            Ext::None => v,
        }
    }
}

/// `(source type, base, prefix, part, extension)`: what an address `&base[prefix..][ext(part)]`
/// is found by.
type Key = (LLVMTypeRef, LLVMValueRef, Vec<LLVMValueRef>, LLVMValueRef, Ext);

/// A `getelementptr` seen as `&base[prefix..][index]`.
struct Address {
    src: LLVMTypeRef,
    base: LLVMValueRef,
    prefix: Vec<LLVMValueRef>,
    index: LLVMValueRef,
    /// The type the last index steps over.
    elem: LLVMTypeRef,
}

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
            let gep = unsafe { LLVMGetInstructionOpcode(i) } == O::LLVMGetElementPtr;
            if gep && unsafe { address(i) }.is_none() && unsafe { separate_inner_constants(builder, td, i) } {
                done += 1;
            } else if let Some(a) = unsafe { address(i) } {
                let narrow = unsafe { narrower_than_pointer(td, a.base, a.index) };
                if unsafe {
                    rebase(builder, &dom, &mut seen, i, &a, narrow) || separate_inner_constants(builder, td, i)
                } {
                    done += 1;
                } else {
                    for key in unsafe { keys(&a, a.index, narrow) } {
                        seen.entry(key).or_default().push(i);
                    }
                }
            }
            i = next;
        }
    }
    done
}

/// The scalar address `i` as `&base[prefix..][index]`, when its prefix steps through arrays.
unsafe fn address(i: LLVMValueRef) -> Option<Address> {
    unsafe {
        if LLVMGetInstructionOpcode(i) != O::LLVMGetElementPtr
            || LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMTypeKind::LLVMPointerTypeKind
        {
            return None;
        }
        let n = LLVMGetNumOperands(i);
        if n < 2 {
            return None;
        }
        let src = LLVMGetGEPSourceElementType(i);
        // Index 1 steps over `src`; each later one into an array's elements.
        let mut elem = src;
        for _ in 2..n {
            if LLVMGetTypeKind(elem) != LLVMTypeKind::LLVMArrayTypeKind {
                return None;
            }
            elem = LLVMGetElementType(elem);
        }
        Some(Address {
            src,
            base: LLVMGetOperand(i, 0),
            prefix: (1..n as u32 - 1).map(|k| LLVMGetOperand(i, k)).collect(),
            index: LLVMGetOperand(i, n as u32 - 1),
            elem,
        })
    }
}

/// Whether `index` is narrower than `base`'s pointers (`getelementptr` then sign-extends it).
unsafe fn narrower_than_pointer(td: &ir::TargetData, base: LLVMValueRef, index: LLVMValueRef) -> bool {
    let space = unsafe { LLVMGetPointerAddressSpace(LLVMTypeOf(base)) };
    V(index).int_width().is_none_or(|w| w < td.pointer_bits(space))
}

/// The keys an address `&base[prefix..][index]` can be found by (`narrow`: the index is
/// sign-extended).
unsafe fn keys(a: &Address, index: LLVMValueRef, narrow: bool) -> Vec<Key> {
    let key = |part: LLVMValueRef, ext| (a.src, a.base, a.prefix.clone(), part, ext);
    let mut out = vec![key(index, if narrow { Ext::Sign } else { Ext::None })];
    let v = V(index);
    match v.opcode() {
        Some(O::LLVMZExt) => {
            let part = v.operand(0).0;
            out.push(key(part, Ext::Zero));
            if v.nneg() {
                out.push(key(part, Ext::Sign));
            }
        }
        Some(O::LLVMSExt) => out.push(key(v.operand(0).0, Ext::Sign)),
        _ => {}
    }
    out
}

/// Whether `v` is an addition: an `add`, or an `or disjoint` (operands without a common set
/// bit, whose `or` is their sum, with neither unsigned nor signed wrap).
fn is_add(v: V) -> bool {
    match v.opcode() {
        Some(O::LLVMAdd) => true,
        Some(O::LLVMOr) => v.disjoint(),
        _ => false,
    }
}

/// The two addends of `index` and how each extends to the pointer width, when the extension
/// of the sum is the sum of the extensions (`narrow`: `getelementptr` sign-extends `index`).
fn split(index: V, narrow: bool) -> Option<(V, V, Ext)> {
    let (sum, ext) = match index.opcode()? {
        O::LLVMZExt => (index.operand(0), Ext::Zero),
        O::LLVMSExt => (index.operand(0), Ext::Sign),
        _ if is_add(index) && narrow => (index, Ext::Sign),
        _ if is_add(index) => (index, Ext::None),
        _ => return None,
    };
    if !is_add(sum) {
        return None;
    }
    ext.splits(sum).then(|| (sum.operand(0), sum.operand(1), ext))
}

/// Rewrites `gep` (`&base[prefix..][index]`) on a dominating `&base[prefix..][ext a]`, or on
/// a new one when the other addend is a constant.
unsafe fn rebase(
    builder: LLVMBuilderRef,
    dom: &Dominators,
    seen: &mut HashMap<Key, Vec<LLVMValueRef>>,
    gep: LLVMValueRef,
    addr: &Address,
    narrow: bool,
) -> bool {
    let Some((a, b, ext)) = split(V(addr.index), narrow) else { return false };
    // The sum itself is the index (`add` at the index width, extended by the address only).
    let bare = is_add(V(addr.index));
    let here = unsafe { LLVMGetInstructionParent(gep) };
    let extend = |v: LLVMValueRef| unsafe { extend(builder, v, addr.index, ext) };
    unsafe { LLVMPositionBuilderBefore(builder, gep) };
    let mut partial = None;
    for (part, rest) in [(a, b), (b, a)] {
        let key = (addr.src, addr.base, addr.prefix.clone(), part.0, ext);
        let found = seen.get(&key).and_then(|found| {
            found.iter().copied().find(|&e| dom.dominates(unsafe { LLVMGetInstructionParent(e) }, here))
        });
        if let Some(e) = found {
            partial = Some((e, rest));
            break;
        }
    }
    if partial.is_none() {
        // `&base[prefix..][ext a]` for a constant `b`, made here for this and later addresses.
        let constant = |v: V| unsafe { !LLVMIsAConstantInt(v.0).is_null() };
        let (part, rest) = match (constant(a), constant(b)) {
            (false, true) => (a, b),
            (true, false) => (b, a),
            _ => return false,
        };
        // Constants nested in the other addend join this one: `(t + 1) + 1` is `t + 2`, so
        // both `&s[t + 1]` and `&s[t + 2]` are found off `&s[t]`.
        let (part, rest) = unsafe { peel(part, rest, ext) };
        if let Some(found) = seen.get(&(addr.src, addr.base, addr.prefix.clone(), part.0, ext)).and_then(|found| {
            found.iter().copied().find(|&e| dom.dominates(unsafe { LLVMGetInstructionParent(e) }, here))
        }) {
            return unsafe { finish(builder, gep, addr, found, extend(rest.0), bare) };
        }
        let mut idx: Vec<LLVMValueRef> = addr.prefix.clone();
        idx.push(extend(part.0));
        let e =
            unsafe { LLVMBuildGEP2(builder, addr.src, addr.base, idx.as_mut_ptr(), idx.len() as u32, c"".as_ptr()) };
        let e_addr = Address {
            src: addr.src,
            base: addr.base,
            prefix: addr.prefix.clone(),
            index: idx[idx.len() - 1],
            elem: addr.elem,
        };
        for key in unsafe { keys(&e_addr, e_addr.index, narrow) } {
            seen.entry(key).or_default().push(e);
        }
        partial = Some((e, rest));
    }
    let Some((earlier, rest)) = partial else { return false };
    unsafe { finish(builder, gep, addr, earlier, extend(rest.0), bare) }
}

/// `part + rest` with the constants of `part`'s own chain of additions (with the no-wrap flag
/// `ext` needs, any for `Ext::None`) moved into the constant `rest`, as long as their sum fits
/// the type as `ext` reads it (else `(part, rest)` unchanged).
unsafe fn peel(part: V, rest: V, ext: Ext) -> (V, V) {
    unsafe {
        let ty = LLVMTypeOf(rest.0);
        let width = LLVMGetIntTypeWidth(ty);
        if width > 64 {
            return (part, rest);
        }
        let value = |c: LLVMValueRef| ext.value(c);
        let fits = |t: i128| match ext {
            Ext::Zero => t >= 0 && t < (1i128 << width),
            Ext::Sign => t >= -(1i128 << (width - 1)) && t < (1i128 << (width - 1)),
            Ext::None => true,
        };
        let (mut inner, mut total) = (part, value(rest.0));
        while is_add(inner) {
            let (x, c) = (inner.operand(0), inner.operand(1));
            if !ext.splits(inner) || LLVMIsAConstantInt(c.0).is_null() || !fits(total + value(c.0)) {
                break;
            }
            total += value(c.0);
            inner = x;
        }
        if inner == part {
            return (part, rest);
        }
        (inner, V(LLVMConstInt(ty, total as u64, 1)))
    }
}

/// Replaces `gep` by `getelementptr E, earlier, offset` and drops its index computation when
/// nothing else uses it (pure arithmetic).
unsafe fn finish(
    builder: LLVMBuilderRef,
    gep: LLVMValueRef,
    addr: &Address,
    earlier: LLVMValueRef,
    offset: LLVMValueRef,
    bare: bool,
) -> bool {
    unsafe {
        let mut idx = [offset];
        let new = LLVMBuildGEP2(builder, addr.elem, earlier, idx.as_mut_ptr(), 1, c"".as_ptr());
        ir::replace_all_uses(V(gep), V(new));
        ir::erase(V(gep));
        let sum = if bare { None } else { Some(V(addr.index).operand(0)) };
        for dead in std::iter::once(V(addr.index)).chain(sum) {
            if LLVMGetFirstUse(dead.0).is_null() {
                ir::erase(dead);
            }
        }
    }
    true
}

/// `&B[..][a + C][..]` with the constant in an index other than the one `rebase` handles (or
/// when it did not apply): every index of the form `ext(a + C)` (the flags as in `split`)
/// loses its constant, and the constants, scaled by what each index steps over, become one byte
/// offset: `getelementptr i8, &B[..][a][..], Σ C·size`. Later phases share the partial address
/// between the accesses that differ only in those constants (GvnCse) and fold the offset into
/// the access (FoldAddressOffsets).
unsafe fn separate_inner_constants(builder: LLVMBuilderRef, td: &ir::TargetData, gep: LLVMValueRef) -> bool {
    unsafe {
        if LLVMGetTypeKind(LLVMTypeOf(gep)) != LLVMTypeKind::LLVMPointerTypeKind {
            return false;
        }
        let Some(strides) = strides(td, gep) else { return false };
        let base = LLVMGetOperand(gep, 0);
        let mut indices: Vec<LLVMValueRef> =
            (1..LLVMGetNumOperands(gep) as u32).map(|k| LLVMGetOperand(gep, k)).collect();
        let mut bytes: i128 = 0;
        let mut changed = Vec::new();
        for (index, stride) in indices.iter_mut().zip(strides) {
            let Some(stride) = stride else { continue };
            let narrow = narrower_than_pointer(td, base, *index);
            let Some((a, b, ext)) = split(V(*index), narrow) else { continue };
            let constant = |v: V| !LLVMIsAConstantInt(v.0).is_null();
            let (part, c) = match (constant(a), constant(b)) {
                (false, true) => (a, b),
                (true, false) => (b, a),
                _ => continue,
            };
            let (part, c) = peel(part, c, ext);
            let value = ext.value(c.0);
            LLVMPositionBuilderBefore(builder, gep);
            let new_index = extend(builder, part.0, *index, ext);
            bytes = bytes.wrapping_add(value.wrapping_mul(stride as i128));
            changed.push(*index);
            *index = new_index;
        }
        if changed.is_empty() || bytes < i64::MIN as i128 || bytes > i64::MAX as i128 {
            return false;
        }
        let src = LLVMGetGEPSourceElementType(gep);
        let partial = LLVMBuildGEP2(builder, src, base, indices.as_mut_ptr(), indices.len() as u32, c"".as_ptr());
        let ctx = LLVMGetTypeContext(LLVMTypeOf(gep));
        let mut off = [LLVMConstInt(LLVMInt64TypeInContext(ctx), bytes as i64 as u64, 1)];
        let new = LLVMBuildGEP2(builder, LLVMInt8TypeInContext(ctx), partial, off.as_mut_ptr(), 1, c"".as_ptr());
        ir::replace_all_uses(V(gep), V(new));
        ir::erase(V(gep));
        for old in changed {
            let sum = (!is_add(V(old))).then(|| V(old).operand(0));
            for dead in std::iter::once(V(old)).chain(sum) {
                if dead.is_instruction() && LLVMGetFirstUse(dead.0).is_null() {
                    ir::erase(dead);
                }
            }
        }
        true
    }
}

/// Per index of `gep`, the size of what it steps over (`None` for a struct field, which is a
/// constant); `None` when a struct field index is not a constant.
unsafe fn strides(td: &ir::TargetData, gep: LLVMValueRef) -> Option<Vec<Option<u64>>> {
    unsafe {
        let n = LLVMGetNumOperands(gep) as u32;
        // Index 1 steps over the source type; each later one into what the previous selected.
        let mut cur = LLVMGetGEPSourceElementType(gep);
        let mut out = vec![Some(td.alloc_size(cur))];
        for k in 2..n {
            match LLVMGetTypeKind(cur) {
                // (Not vectors: their elements may be bit-packed.)
                LLVMTypeKind::LLVMArrayTypeKind => {
                    cur = LLVMGetElementType(cur);
                    out.push(Some(td.alloc_size(cur)));
                }
                LLVMTypeKind::LLVMStructTypeKind => {
                    let field = LLVMGetOperand(gep, k);
                    if LLVMIsAConstantInt(field).is_null() {
                        return None;
                    }
                    cur = ir::struct_field(cur, LLVMConstIntGetZExtValue(field) as u32);
                    out.push(None);
                }
                _ => return None,
            }
        }
        Some(out)
    }
}
