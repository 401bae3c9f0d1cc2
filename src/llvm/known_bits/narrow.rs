//! Evaluating an integer expression in a narrower type (seed 004, "DemandedBits for GPU:
//! Narrowing Optimizations": "arithmetic under a trunc stays in the narrow type", "32-bit address
//! spaces ... keeping everything in 32-bit arithmetic").
//!
//! `narrow(v, w)` builds a `w`-bit value equal to `trunc(v)` when that can be done without new
//! wide work: the low `w` bits of `add/sub/mul/and/or/xor/shl-by-constant/select` depend only on
//! the low `w` bits of their operands, so the operation is rebuilt at `w` bits on narrowed
//! operands; extensions and truncations at the leaves collapse to their source (or a cheaper
//! cast of it), constants are truncated. The rebuilt operations carry no `nuw`/`nsw`/`disjoint`
//! flags: the wide flags say nothing about the narrow arithmetic (LLVM's rule when narrowing).
//!
//! The rewrite is only taken when it pays: every operation rebuilt has a single use (so the wide
//! one dies), and at least one leaf is an extension or truncation that goes away. The recursion
//! stops at the analysis depth limit.

use super::analysis::MAX_DEPTH;
use super::ir::{self, Builder, V};
use super::lattice::ApInt;
use llvm_sys::LLVMOpcode;

/// Whether `v` (an integer) can be rebuilt at `to` bits. `has_cast` records an ext/trunc leaf.
pub(crate) fn can_narrow(v: V, to: u32, depth: u32, has_cast: &mut bool) -> bool {
    use LLVMOpcode::*;
    if v.const_int().is_some() {
        return true;
    }
    if depth >= MAX_DEPTH || !v.is_instruction() {
        return false;
    }
    let Some(w) = v.int_width() else { return false };
    if w <= to {
        return false;
    }
    match v.opcode() {
        Some(LLVMZExt | LLVMSExt | LLVMTrunc) => {
            let ok = v.operand(0).int_width().is_some();
            *has_cast |= ok;
            ok
        }
        Some(LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor) => {
            v.has_one_use()
                && can_narrow(v.operand(0), to, depth + 1, has_cast)
                && can_narrow(v.operand(1), to, depth + 1, has_cast)
        }
        Some(LLVMShl) => {
            v.has_one_use()
                && v.operand(1).const_int().and_then(|c| c.to_u64()).is_some_and(|s| s < u64::from(to))
                && can_narrow(v.operand(0), to, depth + 1, has_cast)
        }
        Some(LLVMSelect) => {
            v.has_one_use()
                && v.operand(0).int_width() == Some(1)
                && can_narrow(v.operand(1), to, depth + 1, has_cast)
                && can_narrow(v.operand(2), to, depth + 1, has_cast)
        }
        _ => false,
    }
}

/// Builds the `to`-bit value equal to `trunc(v)`, new instructions going right before `at`.
/// Requires `can_narrow(v, to, ..)`.
pub(crate) fn build_narrow(b: &mut Builder, v: V, to: u32, at: V) -> V {
    use LLVMOpcode::*;
    let ty = ir::int_type_like(v.ty(), to);
    if let Some(c) = v.const_int() {
        return V::const_of(ty, &c.trunc(to));
    }
    let op = v.opcode().expect("can_narrow accepted only instructions");
    match op {
        LLVMZExt | LLVMSExt | LLVMTrunc => {
            let src = v.operand(0);
            let sw = src.int_width().expect("integer source");
            if sw == to {
                src
            } else if sw > to {
                b.before(at).cast(LLVMTrunc, src, ty)
            } else {
                // A trunc's source is wider than the trunc, which is wider than `to`.
                b.before(at).cast(op, src, ty)
            }
        }
        LLVMShl => {
            let a = build_narrow(b, v.operand(0), to, at);
            let s = v.operand(1).const_int().expect("constant amount");
            let amount = V::const_of(ty, &ApInt::new(to, s.to_u64().unwrap_or(0)));
            b.before(at).binop(LLVMShl, a, amount)
        }
        LLVMSelect => {
            let x = build_narrow(b, v.operand(1), to, at);
            let y = build_narrow(b, v.operand(2), to, at);
            b.before(at).select(v.operand(0), x, y)
        }
        _ => {
            let x = build_narrow(b, v.operand(0), to, at);
            let y = build_narrow(b, v.operand(1), to, at);
            b.before(at).binop(op, x, y)
        }
    }
}
