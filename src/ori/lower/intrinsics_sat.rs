//! Saturating integer arithmetic: `llvm.{u,s}{add,sub}.sat.iN` (clang -O2/-O3 forms them from
//! clamped additions and `x > y ? x - y : 0`), for i8/i16/i32/i64 and vectors lane-wise.
//!
//! - `usub.sat(a, b) = umax(a, b) − b`.
//! - `uadd.sat(a, b) = umin(a, ~b) + b`, with `~b` the complement within the width (`2^w − 1 − b`):
//!   the sum then never exceeds `2^w − 1`, and is `2^w − 1` exactly when it would have.
//! - Signed, narrower than 64 bits: both operands sign-extended to 64 bits (exact), added or
//!   subtracted, clamped to `[−2^(w−1), 2^(w−1) − 1]` with `max`/`min`, truncated.
//! - Signed i64: `r = a ± b` wrapping; it overflowed iff the operands had the sign that makes
//!   overflow possible and `r`'s sign differs from `a`'s — `((a ^ r) & (b ^ r)) < 0` for an
//!   addition, `((a ^ b) & (a ^ r)) < 0` for a subtraction; then the result is `i64::MAX` for a
//!   non-negative `a` and `i64::MIN` for a negative one, i.e. `(a >> 63) ^ i64::MAX`.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{ibits, int_ty, reg};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, NumTy, Op, Round, lut};
use anyhow::Result;

impl FnLowering<'_> {
    /// Lowers `llvm.{u,s}{add,sub}.sat.*`; `false` when `base` is not one of them.
    pub(super) fn lower_saturating(&mut self, v: V, name: &str, base: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let (signed, add) = match base {
            "llvm.uadd" | "llvm.usub" | "llvm.sadd" | "llvm.ssub" if name.split('.').nth(2) == Some("sat") => {
                (base.starts_with("llvm.s"), base.ends_with("add"))
            }
            _ => return Ok(false),
        };
        let rty = ffi::classify(ffi::type_of(v));
        let lane = match &rty {
            Ty::Vector(e, _) => (**e).clone(),
            t => t.clone(),
        };
        let bits = match ibits(&lane) {
            Some(b @ (8 | 16 | 32 | 64)) => b,
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let [a, b] = args else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let (la, lb) = (self.get(*a)?, self.get(*b)?);
        if la.len() != d.len() || lb.len() != d.len() {
            return Err(self.err(format!("intrinsic {name} with mismatched operands")));
        }
        for ((x, y), dst) in la.into_iter().zip(lb).zip(d) {
            let (x, y) = (self.norm(x, bits, signed), self.norm(y, bits, signed));
            match (signed, bits) {
                (false, _) => self.unsigned_sat(add, bits, x, y, dst.clone()),
                (true, 64) => self.signed_sat64(add, x, y, dst.clone()),
                (true, _) => self.signed_sat_narrow(add, bits, x, y, dst.clone()),
            }
        }
        Ok(true)
    }

    fn unsigned_sat(&mut self, add: bool, bits: u32, x: Operand, y: Operand, d: Operand) {
        let w64 = bits == 64;
        let t = reg(self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single }));
        if add {
            let ones = if w64 { u64::MAX } else { (1u64 << bits) - 1 };
            // ~y within the width: y ^ (2^w - 1) (y is zero-extended).
            let ny = reg(self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single }));
            self.op(
                Op::Lop3 { lut: lut::XOR, w64 },
                vec![ny.clone()],
                vec![y.clone(), Operand::Imm(ones), Operand::Zero],
            );
            self.op(Op::IMnMx { signed: false, max: false, w64 }, vec![t.clone()], vec![x, ny]);
            self.op(Op::IAdd3 { neg_b: false, w64 }, vec![d], vec![t, y, Operand::Zero]);
        } else {
            self.op(Op::IMnMx { signed: false, max: true, w64 }, vec![t.clone()], vec![x, y.clone()]);
            self.op(Op::IAdd3 { neg_b: true, w64 }, vec![d], vec![t, y, Operand::Zero]);
        }
    }

    fn signed_sat_narrow(&mut self, add: bool, bits: u32, x: Operand, y: Operand, d: Operand) {
        let pair = |s: &mut Self| reg(s.f.new_reg(RegFile::R, PairMode::Pair));
        let (wx, wy, r, lo) = (pair(self), pair(self), pair(self), pair(self));
        let widen = Op::Cvt { from: NumTy::S32, to: NumTy::S64, round: Round::Rn };
        self.op(widen, vec![wx.clone()], vec![x]);
        self.op(widen, vec![wy.clone()], vec![y]);
        self.op(Op::IAdd3 { neg_b: !add, w64: true }, vec![r.clone()], vec![wx, wy, Operand::Zero]);
        let max = (1u64 << (bits - 1)) - 1;
        let min = (max + 1).wrapping_neg();
        self.op(Op::IMnMx { signed: true, max: true, w64: true }, vec![lo.clone()], vec![r, Operand::Imm(min)]);
        let clamped = pair(self);
        self.op(Op::IMnMx { signed: true, max: false, w64: true }, vec![clamped.clone()], vec![lo, Operand::Imm(max)]);
        self.op(Op::Cvt { from: NumTy::U64, to: int_ty(32, false), round: Round::Rn }, vec![d], vec![clamped]);
    }

    fn signed_sat64(&mut self, add: bool, x: Operand, y: Operand, d: Operand) {
        let pair = |s: &mut Self| reg(s.f.new_reg(RegFile::R, PairMode::Pair));
        let r = pair(self);
        self.op(Op::IAdd3 { neg_b: !add, w64: true }, vec![r.clone()], vec![x.clone(), y.clone(), Operand::Zero]);
        let ovf = self.signed_overflow64(add, x.clone(), y, r.clone());
        let (sign, sat) = (pair(self), pair(self));
        self.op(Op::Shf { left: false, signed: true, w64: true }, vec![sign.clone()], vec![x, Operand::Imm(63)]);
        let xor = Op::Lop3 { lut: lut::XOR, w64: true };
        self.op(xor, vec![sat.clone()], vec![sign, Operand::Imm(i64::MAX as u64), Operand::Zero]);
        self.op(Op::Sel { w64: true }, vec![d], vec![sat, r, ovf]);
    }

    /// Whether the 64-bit signed `r = x ± y` overflowed: the operands had the signs that make
    /// overflow possible and `r`'s sign differs from `x`'s — `((x ^ r) & (y ^ r)) < 0` for an
    /// addition, `((x ^ y) & (x ^ r)) < 0` for a subtraction (also the high halves of an i128
    /// sum or difference, `int128_intrinsics.rs`). Returns the predicate.
    pub(super) fn signed_overflow64(&mut self, add: bool, x: Operand, y: Operand, r: Operand) -> Operand {
        let pair = |s: &mut Self| reg(s.f.new_reg(RegFile::R, PairMode::Pair));
        let (u, w, m) = (pair(self), pair(self), pair(self));
        let xor = Op::Lop3 { lut: lut::XOR, w64: true };
        let ([u0, u1], [w0, w1]) = if add { ([x, r.clone()], [y, r]) } else { ([x.clone(), y], [x, r]) };
        self.op(xor, vec![u.clone()], vec![u0, u1, Operand::Zero]);
        self.op(xor, vec![w.clone()], vec![w0, w1, Operand::Zero]);
        self.op(Op::Lop3 { lut: lut::AND, w64: true }, vec![m.clone()], vec![u, w, Operand::Zero]);
        let ovf = reg(self.f.new_reg(RegFile::P, PairMode::Single));
        let setp = Op::ISetp { cmp: Cmp::Lt, signed: true, w64: true, bop: BoolOp::And };
        self.op(setp, vec![ovf.clone()], vec![m, Operand::Imm(0), Operand::True]);
        ovf
    }
}
