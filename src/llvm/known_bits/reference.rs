//! The reference computeKnownBits for `--verify-known-bits` (seed 004, "Debug-only reference
//! computeKnownBits `sub_9AC330` (cross-validation oracle)" and the `qword_4F90C28` knob).
//!
//! Deliberately simple and independent of the fused rewriter: a plain recursion over the IR as it
//! stands, with no demanded bits, no cache, no assumes and no rewriting, and its own reading of
//! operands, flags, metadata and intrinsics. Only the lattice's transfer functions (tested
//! exhaustively on their own) and the special-register table are shared. When both analyses are
//! sound they can differ in precision but never contradict each other; a bit known 0 by one and 1
//! by the other is a bug, reported by `Analyzer::check`.
//!
//! Rules: constants exact; depth `>= MAX_DEPTH` unknown; pointers only their direct alignment
//! (`align` arguments, allocas, globals) and null; the bitwise, arithmetic, shift, cast, select,
//! phi and compare opcodes through the lattice; special registers through the oracle; `!range`
//! metadata and `range` attributes met in; everything else unknown.

use super::analysis::{Analyzer, MAX_DEPTH, intrinsic_base, read_range_facts};
use super::ir::{self, V};
use super::lattice::{ApInt, KnownBits, WrapFlags};
use super::oracle;
use llvm_sys::LLVMOpcode;

impl Analyzer<'_, '_> {
    /// Under `--verify-known-bits`: runs the reference analysis on `v` and records the first
    /// contradiction (a bit known 0 by one analysis and 1 by the other).
    pub fn check(&mut self, v: V, fused: &KnownBits) {
        if !self.verify || self.mismatch.is_some() {
            return;
        }
        let Some(reference) = known_bits(self, v) else { return };
        if reference.width() != fused.width() {
            return;
        }
        let mut fused = fused.clone();
        if self.inject_mismatch {
            let both = fused.known_mask().and(&reference.known_mask());
            if both.is_zero() {
                return;
            }
            let bit = both.trailing_zeros();
            let (mut z, mut o) = (fused.zero.clone(), fused.one.clone());
            if z.bit(bit) {
                z.clear_bit(bit);
                o.set_bit(bit);
            } else {
                o.clear_bit(bit);
                z.set_bit(bit);
            }
            fused = KnownBits { zero: z, one: o };
        }
        if fused.zero.intersects(&reference.one) || fused.one.intersects(&reference.zero) {
            let func = ir::value_name(self.func.0);
            self.mismatch = Some(format!(
                "Mismatched known bits for {} in {}\ncomputeKnownBits(): {}\nSimplifyDemandedBits(): {}\n",
                v.print(),
                func,
                reference,
                fused
            ));
        }
    }
}

/// The reference facts of `v` (None for types other than scalar integers and pointers).
pub(crate) fn known_bits(an: &Analyzer<'_, '_>, v: V) -> Option<KnownBits> {
    let width = an.width_of(v)?;
    Some(rec(an, v, width, 0))
}

fn rec(an: &Analyzer<'_, '_>, v: V, width: u32, depth: u32) -> KnownBits {
    if an.width_of(v) != Some(width) {
        return KnownBits::unknown(width);
    }
    if let Some(c) = v.const_int() {
        return KnownBits::from_constant(&c);
    }
    if depth >= MAX_DEPTH {
        return KnownBits::unknown(width);
    }
    if v.ptr_addr_space().is_some() {
        return pointer(v, width);
    }
    let Some(opcode) = v.any_opcode() else {
        return KnownBits::unknown(width);
    };
    let base = operation(an, v, opcode, width, depth);
    match read_range_facts(an.module, v) {
        Some(f) => base.refine(&f).unwrap_or(base),
        None => base,
    }
}

fn flags(v: V, opcode: LLVMOpcode) -> WrapFlags {
    use LLVMOpcode::*;
    if v.is_instruction() && matches!(opcode, LLVMAdd | LLVMSub | LLVMMul | LLVMShl) {
        WrapFlags { nuw: v.nuw(), nsw: v.nsw() }
    } else {
        WrapFlags::NONE
    }
}

fn exact(v: V, opcode: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    v.is_instruction() && matches!(opcode, LLVMUDiv | LLVMSDiv | LLVMLShr | LLVMAShr) && v.exact()
}

fn operation(an: &Analyzer<'_, '_>, v: V, opcode: LLVMOpcode, width: u32, depth: u32) -> KnownBits {
    use LLVMOpcode::*;
    let unknown = KnownBits::unknown(width);
    let d = depth + 1;
    let arg = |i: u32, w: u32| rec(an, v.operand(i), w, d);
    match opcode {
        LLVMAnd => arg(0, width).and(&arg(1, width)),
        LLVMOr => arg(0, width).or(&arg(1, width)),
        LLVMXor => arg(0, width).xor(&arg(1, width)),
        LLVMAdd => arg(0, width).add(&arg(1, width), flags(v, opcode)),
        LLVMSub => arg(0, width).sub(&arg(1, width), flags(v, opcode)),
        LLVMMul => arg(0, width).mul(&arg(1, width), flags(v, opcode)),
        LLVMUDiv => arg(0, width).udiv(&arg(1, width)),
        LLVMURem => arg(0, width).urem(&arg(1, width)),
        LLVMSDiv => arg(0, width).sdiv(&arg(1, width)),
        LLVMSRem => arg(0, width).srem(&arg(1, width)),
        LLVMShl => arg(0, width).shl(&arg(1, width), flags(v, opcode)),
        LLVMLShr => arg(0, width).lshr(&arg(1, width), exact(v, opcode)),
        LLVMAShr => arg(0, width).ashr(&arg(1, width), exact(v, opcode)),
        LLVMTrunc | LLVMZExt | LLVMSExt => {
            let Some(sw) = v.operand(0).int_width() else { return unknown };
            let a = arg(0, sw);
            match opcode {
                LLVMTrunc if sw > width => a.trunc(width),
                LLVMZExt if sw < width => a.zext(width),
                LLVMSExt if sw < width => a.sext(width),
                _ => unknown,
            }
        }
        LLVMPtrToInt => {
            let Some(pw) = an.width_of(v.operand(0)) else { return unknown };
            let p = arg(0, pw);
            if pw < width {
                p.zext(width)
            } else if pw > width {
                p.trunc(width)
            } else {
                p
            }
        }
        LLVMSelect => {
            if v.operand(0).int_width() != Some(1) {
                return unknown;
            }
            KnownBits::select(&arg(0, 1), &arg(1, width), &arg(2, width))
        }
        LLVMICmp => {
            let (Some(p), Some(ow)) = (v.icmp_predicate(), an.width_of(v.operand(0))) else { return unknown };
            KnownBits::icmp(p, &arg(0, ow), &arg(1, ow))
        }
        LLVMPHI => {
            let parts: Vec<KnownBits> = (0..v.num_operands()).map(|i| arg(i, width)).collect();
            KnownBits::merge_all(parts.iter()).unwrap_or(unknown)
        }
        LLVMCall => call(an, v, width, d),
        _ => unknown,
    }
}

fn call(an: &Analyzer<'_, '_>, v: V, width: u32, d: u32) -> KnownBits {
    let unknown = KnownBits::unknown(width);
    let Some(name) = v.callee_name() else { return unknown };
    if let Some(kb) = oracle::sreg_known_bits(&name, width, &an.env) {
        return kb;
    }
    let n = v.num_args();
    let arg = |i: u32| if i < n { rec(an, v.operand(i), width, d) } else { KnownBits::unknown(width) };
    let flag = |i: u32| i < n && v.operand(i).const_int().is_some_and(|c| !c.is_zero());
    match intrinsic_base(&name) {
        Some("ctpop") => arg(0).ctpop(),
        Some("ctlz") => arg(0).ctlz(flag(1)),
        Some("cttz") => arg(0).cttz(flag(1)),
        Some("bswap") if width.is_multiple_of(16) => arg(0).bswap(),
        Some("bitreverse") => arg(0).bitreverse(),
        Some("abs") => arg(0).abs(flag(1)),
        Some("umin") => arg(0).umin(&arg(1)),
        Some("umax") => arg(0).umax(&arg(1)),
        Some("smin") => arg(0).smin(&arg(1)),
        Some("smax") => arg(0).smax(&arg(1)),
        Some("fshl") => arg(0).fshl(&arg(1), &arg(2)),
        Some("fshr") => arg(0).fshr(&arg(1), &arg(2)),
        _ => unknown,
    }
}

fn pointer(v: V, width: u32) -> KnownBits {
    if v.is_null_constant() {
        return KnownBits::from_u64(width, 0);
    }
    let align = if v.is_global_variable() || v.is_alloca() {
        u64::from(v.alignment())
    } else if v.is_argument() {
        match (v.function(), v.arg_index()) {
            (Some(f), Some(i)) => f.param_align(i),
            _ => 0,
        }
    } else {
        0
    };
    if align > 1 && align.is_power_of_two() {
        let bits = align.trailing_zeros().min(width);
        KnownBits::from_parts(ApInt::low_bits_set(width, bits), ApInt::zero(width))
    } else {
        KnownBits::unknown(width)
    }
}
