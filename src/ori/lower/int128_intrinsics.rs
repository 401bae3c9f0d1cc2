//! The integer intrinsics on `i128` (two 64-bit halves `[lo, hi]`, `int128.rs`), as llc's type
//! legalizer expands them:
//!
//! - `ctpop`: `popc(lo) + popc(hi)`;
//! - `ctlz`: `clz(hi)`, or `64 + clz(lo)` when `hi` is 0; `cttz`: `ctz(lo)`, or `64 + ctz(hi)`
//!   when `lo` is 0 (a zero input gives 128 either way, which is every `is_zero_poison` reading);
//! - `bswap` / `bitreverse`: each half reversed, and the halves swapped;
//! - `smin` / `smax` / `umin` / `umax`: the i128 comparison (`int128.rs`), then a select of each
//!   half; `abs`: the negation (`0 - x`) selected for a negative `x`.
//!
//! - `fshl(a, b, s)`: `(a << k) | (b >> (128 - k))` with `k = s % 128`, `fshr(a, b, s)`:
//!   `(b >> k) | (a << (128 - k))`; the i128 shifts (`int128.rs`) give 0 for an amount of 128
//!   (PTX clamps 64-bit shifts), which is the `k = 0` case;
//! - `{u,s}{add,sub}.with.overflow`: the sum or difference, and the flag: unsigned `r <u a`
//!   (`a <u b` for a difference); signed, the sign of `(a ^ r) & (b ^ r)` (`(a ^ b) & (a ^ r)`)
//!   in the high half.
//!
//! The results are zero-extended into the i128 destination (`ctpop`/`ctlz`/`cttz`) or written
//! half by half. Products with an overflow flag and saturating arithmetic on i128 are refused.

use super::FnLowering;
use super::ffi::V;
use crate::ori::ir::{Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, NumTy, Op, Round, lut};
use anyhow::Result;
use llvm_sys::LLVMIntPredicate as IP;

impl FnLowering<'_> {
    /// Lowers an `llvm.*.i128` bit or min/max intrinsic; `false` when `name` is not one of them.
    pub(super) fn lower_i128_intrinsic(&mut self, name: &str, base: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        if !name.ends_with(".i128") {
            return Ok(false);
        }
        let unary = matches!(base, "llvm.ctpop" | "llvm.ctlz" | "llvm.cttz" | "llvm.bswap" | "llvm.bitreverse");
        let binary = matches!(base, "llvm.smin" | "llvm.smax" | "llvm.umin" | "llvm.umax");
        if matches!(base, "llvm.fshl" | "llvm.fshr") {
            return self.i128_funnel(name, base == "llvm.fshl", args, d).map(|()| true);
        }
        if name.split('.').nth(2) == Some("with")
            && matches!(base, "llvm.uadd" | "llvm.sadd" | "llvm.usub" | "llvm.ssub")
        {
            return self.i128_with_overflow(name, base, args, d).map(|()| true);
        }
        if !unary && !binary && base != "llvm.abs" {
            return Ok(false);
        }
        let Some(a) = args.first() else {
            return Err(self.err(format!("intrinsic {name} without arguments")));
        };
        let x = self.get(*a)?;
        let ([lo, hi], [dlo, dhi]) = (&x[..], d) else {
            return Err(self.err(format!("intrinsic {name} with mismatched operands")));
        };
        let (lo, hi) = (lo.clone(), hi.clone());
        let dsts = [dlo.clone(), dhi.clone()];
        match base {
            "llvm.ctpop" => {
                let (pl, ph) = (self.count32(Op::Popc { w64: true }, lo), self.count32(Op::Popc { w64: true }, hi));
                let n = self.count_sum(pl, ph, None);
                self.put(&dsts, n, Operand::Imm(0));
            }
            "llvm.ctlz" | "llvm.cttz" => {
                // The half that counts first, and the other one (counted past its 64 bits).
                let (first, second) = if base == "llvm.ctlz" { (hi, lo) } else { (lo, hi) };
                let count = |s: &mut Self, x: Operand| {
                    let x = if base == "llvm.cttz" { s.op1(Op::Brev { w64: true }, vec![x]) } else { x };
                    // clz(x) = 63 - flo(x) for x != 0; FLO gives ~0 for 0, so 63 - ~0 = 64.
                    let f = s.count32(Op::Flo { w64: true }, x);
                    let r = s.r32();
                    s.op(
                        Op::IAdd3 { neg_b: true, w64: false },
                        vec![r.clone()],
                        vec![Operand::Imm(63), f, Operand::Zero],
                    );
                    r
                };
                let (c1, c2) = (count(self, first.clone()), count(self, second));
                let zero = self.setp(Cmp::Eq, false, true, first, Operand::Imm(0), BoolOp::And, Operand::True);
                let n = self.count_sum(c2, Operand::Imm(64), Some((c1, zero)));
                self.put(&dsts, n, Operand::Imm(0));
            }
            "llvm.bswap" | "llvm.bitreverse" => {
                let rev = |s: &mut Self, x: Operand| -> Operand {
                    if base == "llvm.bitreverse" {
                        return s.op1(Op::Brev { w64: true }, vec![x]);
                    }
                    let d = s.pair();
                    s.bswap64_into(x, d.clone());
                    d
                };
                let (nlo, nhi) = (rev(self, hi), rev(self, lo));
                self.put(&dsts, nlo, nhi);
            }
            "llvm.abs" => {
                // 0 - x: the low half negated, the high half minus the borrow.
                let zero = [Operand::Imm(0), Operand::Imm(0)];
                let neg = [self.pair(), self.pair()];
                self.i128_sub(&zero, &[lo.clone(), hi.clone()], &neg);
                let p = self.setp(Cmp::Lt, true, true, hi.clone(), Operand::Imm(0), BoolOp::And, Operand::True);
                let [nlo, nhi] = neg;
                let rlo = self.op1(Op::Sel { w64: true }, vec![nlo, lo, Operand::Reg(p)]);
                let rhi = self.op1(Op::Sel { w64: true }, vec![nhi, hi, Operand::Reg(p)]);
                self.put(&dsts, rlo, rhi);
            }
            _ => {
                let Some(b) = args.get(1) else {
                    return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
                };
                let y = self.get(*b)?;
                let [ylo, yhi] = &y[..] else {
                    return Err(self.err(format!("intrinsic {name} with mismatched operands")));
                };
                let pred = match base {
                    "llvm.smin" => IP::LLVMIntSLT,
                    "llvm.smax" => IP::LLVMIntSGT,
                    "llvm.umin" => IP::LLVMIntULT,
                    _ => IP::LLVMIntUGT,
                };
                let p = Operand::Reg(self.f.new_reg(RegFile::P, PairMode::Single));
                self.i128_cmp(pred, &[lo.clone(), hi.clone()], &[ylo.clone(), yhi.clone()], std::slice::from_ref(&p))?;
                let rlo = self.op1(Op::Sel { w64: true }, vec![lo, ylo.clone(), p.clone()]);
                let rhi = self.op1(Op::Sel { w64: true }, vec![hi, yhi.clone(), p]);
                self.put(&dsts, rlo, rhi);
            }
        }
        Ok(true)
    }

    /// The i128 operands `args[k]` as `[lo, hi]`.
    fn halves(&mut self, name: &str, args: &[V], k: usize) -> Result<[Operand; 2]> {
        let Some(a) = args.get(k) else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let x = self.get(*a)?;
        match &x[..] {
            [lo, hi] => Ok([lo.clone(), hi.clone()]),
            _ => Err(self.err(format!("intrinsic {name} with mismatched operands"))),
        }
    }

    fn i128_funnel(&mut self, name: &str, left: bool, args: &[V], d: &[Operand]) -> Result<()> {
        let (a, b, s) = (self.halves(name, args, 0)?, self.halves(name, args, 1)?, self.halves(name, args, 2)?);
        if d.len() != 2 {
            return Err(self.err(format!("intrinsic {name} with mismatched operands")));
        }
        let [slo, _] = s;
        let k = self.op1(Op::Lop3 { lut: lut::AND, w64: true }, vec![slo, Operand::Imm(127), Operand::Zero]);
        let inv = self.op1(Op::IAdd3 { neg_b: true, w64: true }, vec![Operand::Imm(128), k.clone(), Operand::Zero]);
        // fshl: a << k and b >> (128 - k); fshr: b >> k and a << (128 - k).
        let (shl_src, shl_by, shr_src, shr_by) = if left { (a, k, b, inv) } else { (a, inv, b, k) };
        let (x, y) = ([self.pair(), self.pair()], [self.pair(), self.pair()]);
        let [shl_lo, shl_hi] = shl_src;
        self.i128_shift(llvm_sys::LLVMOpcode::LLVMShl, shl_lo, shl_hi, shl_by, &x)?;
        let [shr_lo, shr_hi] = shr_src;
        self.i128_shift(llvm_sys::LLVMOpcode::LLVMLShr, shr_lo, shr_hi, shr_by, &y)?;
        let lo = self.or64(x[0].clone(), y[0].clone());
        let hi = self.or64(x[1].clone(), y[1].clone());
        self.put(d, lo, hi);
        Ok(())
    }

    fn i128_with_overflow(&mut self, name: &str, base: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let (a, b) = (self.halves(name, args, 0)?, self.halves(name, args, 1)?);
        let [rlo, rhi, o] = d else {
            return Err(self.err(format!("intrinsic {name} without its {{result, overflow}} pair")));
        };
        let r = [rlo.clone(), rhi.clone()];
        let add = base.ends_with("add");
        if add {
            self.i128_add(&a, &b, &r);
        } else {
            self.i128_sub(&a, &b, &r);
        }
        let p = if base.starts_with("llvm.u") {
            let (x, y) = if add { (&r, &a) } else { (&a, &b) };
            let p = Operand::Reg(self.f.new_reg(RegFile::P, PairMode::Single));
            self.i128_cmp(IP::LLVMIntULT, &x[..], &y[..], std::slice::from_ref(&p))?;
            p
        } else {
            // The sign of the result's high half decides, as for 64 bits.
            self.signed_overflow64(add, a[1].clone(), b[1].clone(), r[1].clone())
        };
        self.bool_into(o, p);
        Ok(())
    }

    /// A 64-bit bit count (`POPC`/`FLO` of a pair), as a 32-bit value.
    fn count32(&mut self, op: Op, x: Operand) -> Operand {
        let x = self.r64(x);
        let r = self.r32();
        self.op(op, vec![r.clone()], vec![x]);
        r
    }

    /// `a + b` zero-extended to 64 bits, or, with `instead = (c, p)`, `c` where `p` is false.
    fn count_sum(&mut self, a: Operand, b: Operand, instead: Option<(Operand, VReg)>) -> Operand {
        let r = self.r32();
        self.op(Op::IAdd3 { neg_b: false, w64: false }, vec![r.clone()], vec![a, b, Operand::Zero]);
        let n = match instead {
            Some((c, p)) => {
                let s = self.r32();
                self.op(Op::Sel { w64: false }, vec![s.clone()], vec![r, c, Operand::Reg(p)]);
                s
            }
            None => r,
        };
        let w = self.pair();
        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, vec![w.clone()], vec![n]);
        w
    }
}
