//! Arithmetic with an overflow flag and saturating float-to-integer conversions:
//! `llvm.{u,s}{add,sub,mul}.with.overflow.iN` (clang's `__builtin_*_overflow`, array-size
//! checks of `new T[n]`) and `llvm.fpto{s,u}i.sat.iN.fM`, for every integer width up to 64 (the
//! odd ones included) and, for the conversions, lane by lane on vectors.
//!
//! With overflow: `{r, o}` where `r` is the wrapped result and `o` says the exact result does not
//! fit the type (unsigned: outside `[0, 2^N)`, signed: outside `[-2^(N-1), 2^(N-1))`).
//! - `N <= 32`: both operands extended (as their signedness says) to 64 bits, where the sum,
//!   difference and product are exact; `o` iff the exact value differs from the extension of
//!   its own low `N` bits.
//! - `32 < N < 64`: the same test on the 64-bit sum or difference, which cannot wrap 64 bits;
//!   a product also overflows when its high 64 bits (`mul.hi`) are not the extension of the low.
//! - `N = 64`: unsigned addition `r <u a`, subtraction `a <u b`; signed addition
//!   `((a ^ r) & (b ^ r)) < 0`, subtraction `((a ^ b) & (a ^ r)) < 0`; products by `mul.hi`
//!   (unsigned: non-zero; signed: not the sign of the low half).
//!
//! Saturating conversions: PTX's `cvt.rzi` to a 32- or 64-bit integer already saturates and
//! gives 0 for NaN, which is `fpto{s,u}i.sat`'s meaning; narrower and odd widths convert to the
//! 32- or 64-bit integer and clamp to the width's range with `min`/`max`.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{fty, ibits, int_ty, reg};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, MadKind, NumTy, Op, Round, lut};
use anyhow::Result;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Arith {
    Add,
    Sub,
    Mul,
}

impl FnLowering<'_> {
    /// Lowers `llvm.*.with.overflow.*`; `false` when `name` is not one of them.
    pub(super) fn lower_with_overflow(&mut self, name: &str, base: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        if name.split('.').nth(2) != Some("with") {
            return Ok(false);
        }
        let (signed, arith) = match base {
            "llvm.uadd" => (false, Arith::Add),
            "llvm.sadd" => (true, Arith::Add),
            "llvm.usub" => (false, Arith::Sub),
            "llvm.ssub" => (true, Arith::Sub),
            "llvm.umul" => (false, Arith::Mul),
            "llvm.smul" => (true, Arith::Mul),
            _ => return Ok(false),
        };
        let [a, b] = args else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let bits = match ibits(&ffi::classify(ffi::type_of(*a))) {
            Some(b @ 2..=64) => b,
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let (x, y) = (self.get1(*a)?, self.get1(*b)?);
        let [r, o] = d else {
            return Err(self.err(format!("intrinsic {name} without its {{result, overflow}} pair")));
        };
        let (x, y) = (self.norm(x, bits, signed), self.norm(y, bits, signed));
        let p = if bits <= 32 {
            self.overflow_narrow(arith, signed, bits, x, y, r.clone())
        } else {
            self.overflow_wide(arith, signed, bits, x, y, r.clone())
        };
        self.bool_into(o, p);
        Ok(true)
    }

    fn new_pred(&mut self) -> Operand {
        reg(self.f.new_reg(RegFile::P, PairMode::Single))
    }

    /// `a op b` on 64 bits into `d` (`Mul`: the low half).
    fn arith64(&mut self, arith: Arith, a: Operand, b: Operand, d: Operand) {
        match arith {
            Arith::Add | Arith::Sub => {
                self.op(Op::IAdd3 { neg_b: arith == Arith::Sub, w64: true }, vec![d], vec![a, b, Operand::Zero])
            }
            Arith::Mul => self.op(Op::IMad { kind: MadKind::Lo, w64: true }, vec![d], vec![a, b, Operand::Zero]),
        }
    }

    /// A predicate: `a != b` on 64 bits, or-ed with `or` when given.
    fn ne64(&mut self, a: Operand, b: Operand, or: Option<Operand>) -> Operand {
        let p = self.new_pred();
        let (bop, c) = match or {
            Some(q) => (BoolOp::Or, q),
            None => (BoolOp::And, Operand::True),
        };
        self.op(Op::ISetp { cmp: Cmp::Ne, signed: false, w64: true, bop }, vec![p.clone()], vec![a, b, c]);
        p
    }

    /// `N <= 32`: exact in 64 bits; the predicate "overflowed".
    fn overflow_narrow(
        &mut self,
        arith: Arith,
        signed: bool,
        bits: u32,
        x: Operand,
        y: Operand,
        r: Operand,
    ) -> Operand {
        let widen = Op::Cvt { from: int_ty(32, signed), to: int_ty(64, signed), round: Round::Rn };
        let (wx, wy, exact) = (self.pair(), self.pair(), self.pair());
        self.op(widen, vec![wx.clone()], vec![x]);
        self.op(widen, vec![wy.clone()], vec![y]);
        self.arith64(arith, wx, wy, exact.clone());
        self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![r.clone()], vec![exact.clone()]);
        let low = self.norm(r, bits, signed);
        let back = self.pair();
        self.op(widen, vec![back.clone()], vec![low]);
        self.ne64(exact, back, None)
    }

    /// `32 < N <= 64`; the predicate "overflowed".
    fn overflow_wide(&mut self, arith: Arith, signed: bool, bits: u32, x: Operand, y: Operand, r: Operand) -> Operand {
        self.arith64(arith, x.clone(), y.clone(), r.clone());
        let mut p = None;
        if bits < 64 {
            // The low 64 bits hold the exact sum or difference; a product's low half too when
            // its high half is its extension (tested below).
            let low = self.norm(r.clone(), bits, signed);
            p = Some(self.ne64(r.clone(), low, None));
        }
        match (arith, bits == 64) {
            (Arith::Mul, _) => {
                let hi = self.pair();
                let mad = Op::IMad { kind: MadKind::Hi { signed }, w64: true };
                self.op(mad, vec![hi.clone()], vec![x, y, Operand::Zero]);
                let ext = if signed {
                    let s = self.pair();
                    self.op(
                        Op::Shf { left: false, signed: true, w64: true },
                        vec![s.clone()],
                        vec![r, Operand::Imm(63)],
                    );
                    s
                } else {
                    Operand::Imm(0)
                };
                p = Some(self.ne64(hi, ext, p));
            }
            (_, false) => {}
            (_, true) if !signed => {
                // A carry out of an addition leaves r below a; a borrow means a < b.
                let (a, b) = if arith == Arith::Add { (r, x) } else { (x, y) };
                let q = self.new_pred();
                let setp = Op::ISetp { cmp: Cmp::Lt, signed: false, w64: true, bop: BoolOp::And };
                self.op(setp, vec![q.clone()], vec![a, b, Operand::True]);
                p = Some(q);
            }
            (_, true) => p = Some(self.signed_overflow64(arith == Arith::Add, x, y, r)),
        }
        p.unwrap_or(Operand::True)
    }

    /// Writes predicate `p` into the `i1` destination `o` (a predicate register, or 0/1 in a
    /// general register).
    pub(super) fn bool_into(&mut self, o: &Operand, p: Operand) {
        let is_pred = matches!(o, Operand::Reg(r) if self.f.regs[r.idx()].file.is_predicate());
        if is_pred {
            self.op(Op::PLop3 { lut: lut::A }, vec![o.clone()], vec![p, Operand::True, Operand::True]);
        } else {
            self.op(Op::Sel { w64: false }, vec![o.clone()], vec![Operand::Imm(1), Operand::Imm(0), p]);
        }
    }

    /// Lowers `llvm.fpto{s,u}i.sat.*`; `false` when `base` is not one of them.
    pub(super) fn lower_fp_to_int_sat(
        &mut self,
        v: V,
        name: &str,
        base: &str,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let signed = match base {
            "llvm.fptosi" => true,
            "llvm.fptoui" => false,
            _ => return Ok(false),
        };
        let [a] = args else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let lane = |t: Ty| match t {
            Ty::Vector(e, _) => *e,
            t => t,
        };
        let (from, to) = (lane(ffi::classify(ffi::type_of(*a))), lane(ffi::classify(ffi::type_of(v))));
        let (Some(f), Some(bits @ 2..=64)) = (fty(&from), ibits(&to)) else {
            return Err(self.err(format!("intrinsic {name}")));
        };
        let srcs = self.get(*a)?;
        if srcs.len() != d.len() {
            return Err(self.err(format!("intrinsic {name} with mismatched operands")));
        }
        let wide = bits > 32;
        let full = if wide { 64 } else { 32 };
        for (x, dst) in srcs.into_iter().zip(d) {
            let cvt = Op::Cvt { from: super::inst::float_num(f), to: int_ty(full, signed), round: Round::Rz };
            if bits == full {
                self.op(cvt, vec![dst.clone()], vec![x]);
                continue;
            }
            let t = if wide { self.pair() } else { reg(self.f.new_reg(RegFile::R, PairMode::Single)) };
            self.op(cvt, vec![t.clone()], vec![x]);
            let (lo, hi) = if signed {
                let max = (1u64 << (bits - 1)) - 1;
                let min = (max + 1).wrapping_neg() & if wide { u64::MAX } else { 0xFFFF_FFFF };
                (Some(min), max)
            } else {
                (None, (1u64 << bits) - 1)
            };
            let t = match lo {
                Some(min) => {
                    let u = if wide { self.pair() } else { reg(self.f.new_reg(RegFile::R, PairMode::Single)) };
                    let mx = Op::IMnMx { signed: true, max: true, w64: wide };
                    self.op(mx, vec![u.clone()], vec![t, Operand::Imm(min)]);
                    u
                }
                None => t,
            };
            self.op(Op::IMnMx { signed, max: false, w64: wide }, vec![dst.clone()], vec![t, Operand::Imm(hi)]);
        }
        Ok(true)
    }
}
