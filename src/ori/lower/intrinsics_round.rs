//! Rounding intrinsics: the LLVM float-to-integral family, `copysign`, and the explicitly rounded
//! `llvm.nvvm.*` arithmetic and conversions that libdevice's math (pow, fmod, cbrt, ...) and
//! CUDA's `__fadd_rz`/`__float2int_rd`-style intrinsics call.
//!
//! - `llvm.ceil/floor/trunc` → `cvt.rpi/rmi/rzi` of the same type (SASS `FRND.CEIL/FLOOR/TRUNC`,
//!   as llc selects them); `llvm.rint/nearbyint/roundeven` → `cvt.rni` (no FP exceptions are
//!   observable, so `rint` and `nearbyint` agree). `half` uses the f16 forms.
//! - `llvm.round` (half-way cases away from zero) has no PTX instruction; it is expanded the way
//!   llc's NVPTX lowering expands f64 `fround`, for every width: `r = trunc(|x| + 0.5)`, `0`
//!   where `|x| < 0.5` (the addition could round `0.49999997 + 0.5` up to 1), `|x|` where `|x|`
//!   is at least 2^(p−1) (already integral; the addition could round), then `x`'s sign copied
//!   onto `r` (so `round(-0.3) = -0`). `half` is computed in f32 (every f16 is exact there and
//!   the result is representable in f16).
//! - `llvm.copysign(a, b)` → `(a & ~sign) | (b & sign)` on the bits.
//! - `llvm.nvvm.{ceil,floor,trunc,round}.{f,d}` (`round` is `cvt.rni`: to nearest even);
//!   `add.r{z,m,p}.{f,d}` → `fma.rX(a, 1.0, b)` (the product is exact, so the one rounding is
//!   the addition's); `mul.r{z,m,p}.{f,d}` → `fma.rX(a, b, z)` with `z = −0` (`+0` under RM), so
//!   that an exact zero product keeps its sign; the conversions `<from>2<to>.r{n,z,m,p}` between
//!   `f`/`d` and `i`/`ui`/`ll`/`ull`, and `d2f.rX`, → `cvt` with that rounding. The `.ftz`
//!   variants (subnormal inputs and results flushed) are refused: the interpreter does not model
//!   flushing.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{float_num, fty, reg, sign_bit};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, FCmp, FTy, NumTy, Op, Round, lut};
use anyhow::Result;

/// What one lane of a rounding intrinsic computes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Round to an integral value of the same type.
    Integral(Round),
    /// `llvm.round`: to nearest, ties away from zero.
    RoundAway,
    CopySign,
    /// `a + b` rounded by the mode.
    Add(Round),
    /// `a · b` rounded by the mode.
    Mul(Round),
    /// A conversion with an explicit rounding mode.
    Convert {
        from: NumTy,
        to: NumTy,
        round: Round,
    },
}

/// The rounding mode of a `.rn`/`.rz`/`.rm`/`.rp` name component.
fn mode(s: &str) -> Option<Round> {
    Some(match s {
        "rn" => Round::Rn,
        "rz" => Round::Rz,
        "rm" => Round::Rm,
        "rp" => Round::Rp,
        _ => return None,
    })
}

/// The numeric type of a conversion intrinsic's type letter.
fn conv_ty(s: &str) -> Option<NumTy> {
    Some(match s {
        "f" => NumTy::F32,
        "d" => NumTy::F64,
        "i" => NumTy::S32,
        "ui" => NumTy::U32,
        "ll" => NumTy::S64,
        "ull" => NumTy::U64,
        _ => return None,
    })
}

/// The kind and lane type of an `llvm.nvvm.<rest>` rounding intrinsic (`None`: not one).
fn nvvm_kind(rest: &str) -> Option<(Kind, Option<FTy>)> {
    let parts: Vec<&str> = rest.split('.').collect();
    let float_of = |s: &str| match s {
        "f" => Some(FTy::F32),
        "d" => Some(FTy::F64),
        _ => None,
    };
    match parts.as_slice() {
        [op @ ("ceil" | "floor" | "trunc" | "round"), t] => {
            let r = match *op {
                "ceil" => Round::Rp,
                "floor" => Round::Rm,
                "trunc" => Round::Rz,
                _ => Round::Rn,
            };
            Some((Kind::Integral(r), Some(float_of(t)?)))
        }
        [op @ ("add" | "mul"), m, t] if *m != "rn" => {
            let r = mode(m)?;
            let k = if *op == "add" { Kind::Add(r) } else { Kind::Mul(r) };
            Some((k, Some(float_of(t)?)))
        }
        [conv, m] => {
            let (from, to) = conv.split_once('2')?;
            let (from, to, round) = (conv_ty(from)?, conv_ty(to)?, mode(m)?);
            // One side a float: f2i, i2f, d2f (f2d is exact and has no intrinsic).
            let floats = from.is_float() as u8 + to.is_float() as u8;
            if floats == 0 || (floats == 2 && (from, to) != (NumTy::F64, NumTy::F32)) {
                return None;
            }
            Some((Kind::Convert { from, to, round }, None))
        }
        _ => None,
    }
}

impl FnLowering<'_> {
    /// Lowers the rounding intrinsics of the module documentation; `false` when `name` is not
    /// one of them.
    pub(super) fn lower_rounding_intrinsic(
        &mut self,
        v: V,
        name: &str,
        base: &str,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let rty = ffi::classify(ffi::type_of(v));
        let lane_ty = match &rty {
            Ty::Vector(e, _) => fty(e),
            t => fty(t),
        };
        let (kind, t) = match base {
            "llvm.ceil" => (Kind::Integral(Round::Rp), lane_ty),
            "llvm.floor" => (Kind::Integral(Round::Rm), lane_ty),
            "llvm.trunc" => (Kind::Integral(Round::Rz), lane_ty),
            "llvm.rint" | "llvm.nearbyint" | "llvm.roundeven" => (Kind::Integral(Round::Rn), lane_ty),
            "llvm.round" => (Kind::RoundAway, lane_ty),
            "llvm.copysign" => (Kind::CopySign, lane_ty),
            _ => match name.strip_prefix("llvm.nvvm.").and_then(nvvm_kind) {
                Some(k) => k,
                None => return Ok(false),
            },
        };
        let arity = match kind {
            Kind::Integral(_) | Kind::RoundAway | Kind::Convert { .. } => 1,
            _ => 2,
        };
        if args.len() != arity || (t.is_none() && !matches!(kind, Kind::Convert { .. })) {
            return Err(self.err(format!("intrinsic {name}")));
        }
        let mut lanes = Vec::new();
        for &a in args {
            lanes.push(self.get(a)?);
        }
        if lanes.iter().any(|l| l.len() != d.len()) {
            return Err(self.err(format!("intrinsic {name} with mismatched operands")));
        }
        for (k, dst) in d.iter().enumerate() {
            let srcs: Vec<Operand> = lanes.iter().map(|l| l[k].clone()).collect();
            match (kind, t) {
                (Kind::Convert { from, to, round }, _) => {
                    self.op(Op::Cvt { from, to, round }, vec![dst.clone()], srcs);
                }
                (Kind::Integral(round), Some(t)) => {
                    let n = float_num(t);
                    self.op(Op::Cvt { from: n, to: n, round }, vec![dst.clone()], srcs);
                }
                (Kind::RoundAway, Some(t)) => self.round_away(t, srcs[0].clone(), dst.clone()),
                (Kind::CopySign, Some(t)) => self.copy_sign(t, srcs[0].clone(), srcs[1].clone(), dst.clone()),
                (Kind::Add(round), Some(t)) => {
                    let one = float_bits(t, 1.0);
                    let s = vec![srcs[0].clone(), Operand::Imm(one), srcs[1].clone()];
                    self.op(Op::FFma { ty: t, round }, vec![dst.clone()], s);
                }
                (Kind::Mul(round), Some(t)) => {
                    // −0 leaves every product unchanged except that +0 + −0 is −0 under RM.
                    let zero = if round == Round::Rm { 0 } else { sign_bit(t) };
                    let s = vec![srcs[0].clone(), srcs[1].clone(), Operand::Imm(zero)];
                    self.op(Op::FFma { ty: t, round }, vec![dst.clone()], s);
                }
                (_, None) => return Err(self.err(format!("intrinsic {name}"))),
            }
        }
        Ok(true)
    }

    fn fresh(&mut self, t: FTy) -> Operand {
        let pair = if t == FTy::F64 { PairMode::Pair } else { PairMode::Single };
        reg(self.f.new_reg(RegFile::R, pair))
    }

    /// `d = round(x)`, ties away from zero (see the module documentation).
    fn round_away(&mut self, t: FTy, x: Operand, d: Operand) {
        if t == FTy::F16 {
            let (wide, r) = (self.fresh(FTy::F32), self.fresh(FTy::F32));
            self.op(Op::Cvt { from: NumTy::F16, to: NumTy::F32, round: Round::Rn }, vec![wide.clone()], vec![x]);
            self.round_away(FTy::F32, wide, r.clone());
            self.op(Op::Cvt { from: NumTy::F32, to: NumTy::F16, round: Round::Rn }, vec![d], vec![r]);
            return;
        }
        let n = float_num(t);
        let w64 = t == FTy::F64;
        let ax = self.fresh(t);
        self.op(Op::FAbs { ty: t }, vec![ax.clone()], vec![x.clone()]);
        let sum = self.fresh(t);
        self.op(Op::FAdd { ty: t }, vec![sum.clone()], vec![ax.clone(), Operand::Imm(float_bits(t, 0.5))]);
        let tr = self.fresh(t);
        self.op(Op::Cvt { from: n, to: n, round: Round::Rz }, vec![tr.clone()], vec![sum]);
        let small = reg(self.f.new_reg(RegFile::P, PairMode::Single));
        let fsetp = |cmp| Op::FSetp { cmp, ty: t, bop: BoolOp::And };
        self.op(
            fsetp(FCmp::Lt),
            vec![small.clone()],
            vec![ax.clone(), Operand::Imm(float_bits(t, 0.5)), Operand::True],
        );
        let r1 = self.fresh(t);
        self.op(Op::Sel { w64 }, vec![r1.clone()], vec![Operand::Zero, tr, small]);
        let big = reg(self.f.new_reg(RegFile::P, PairMode::Single));
        let integral = if w64 { 2f64.powi(52) } else { 2f64.powi(23) };
        self.op(
            fsetp(FCmp::Ge),
            vec![big.clone()],
            vec![ax.clone(), Operand::Imm(float_bits(t, integral)), Operand::True],
        );
        let r2 = self.fresh(t);
        self.op(Op::Sel { w64 }, vec![r2.clone()], vec![ax, r1, big]);
        self.copy_sign(t, r2, x, d);
    }

    /// `d = copysign(mag, sign)` on the bits.
    fn copy_sign(&mut self, t: FTy, mag: Operand, sign: Operand, d: Operand) {
        let w64 = t == FTy::F64;
        let sb = sign_bit(t);
        let magnitude = (sb << 1).wrapping_sub(1) >> 1;
        let (m, s) = (self.fresh(t), self.fresh(t));
        self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![m.clone()], vec![mag, Operand::Imm(magnitude), Operand::Zero]);
        self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![s.clone()], vec![sign, Operand::Imm(sb), Operand::Zero]);
        self.op(Op::Lop3 { lut: lut::OR, w64 }, vec![d], vec![m, s, Operand::Zero]);
    }
}

/// The bits of `x` in format `t` (exact for the constants used here).
fn float_bits(t: FTy, x: f64) -> u64 {
    match t {
        FTy::F16 => crate::ori::interp::float::f64_to_f16(x) as u64,
        // Both halves of a packed pair.
        FTy::F16x2 => {
            let h = crate::ori::interp::float::f64_to_f16(x) as u64;
            h | h << 16
        }
        FTy::F32 => (x as f32).to_bits() as u64,
        FTy::F64 => x.to_bits(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nvvm_names() {
        assert_eq!(nvvm_kind("ceil.f"), Some((Kind::Integral(Round::Rp), Some(FTy::F32))));
        assert_eq!(nvvm_kind("round.d"), Some((Kind::Integral(Round::Rn), Some(FTy::F64))));
        assert_eq!(nvvm_kind("add.rz.d"), Some((Kind::Add(Round::Rz), Some(FTy::F64))));
        assert_eq!(nvvm_kind("mul.rp.f"), Some((Kind::Mul(Round::Rp), Some(FTy::F32))));
        // `add.rn` is plain arithmetic, lowered elsewhere; ftz forms are not rounding intrinsics.
        assert_eq!(nvvm_kind("add.rn.f"), None);
        assert_eq!(nvvm_kind("ceil.ftz.f"), None);
        assert_eq!(nvvm_kind("f2i.rn.ftz"), None);
        let cvt = |from, to, round| Some((Kind::Convert { from, to, round }, None));
        assert_eq!(nvvm_kind("f2i.rm"), cvt(NumTy::F32, NumTy::S32, Round::Rm));
        assert_eq!(nvvm_kind("d2ull.rz"), cvt(NumTy::F64, NumTy::U64, Round::Rz));
        assert_eq!(nvvm_kind("ll2f.rp"), cvt(NumTy::S64, NumTy::F32, Round::Rp));
        assert_eq!(nvvm_kind("d2f.rz"), cvt(NumTy::F64, NumTy::F32, Round::Rz));
        // Not conversions: d2i.lo/hi take bits, i2ll has no float side, f2d has no mode.
        assert_eq!(nvvm_kind("d2i.lo"), None);
        assert_eq!(nvvm_kind("i2ll.rn"), None);
        assert_eq!(nvvm_kind("f2d.rn"), None);
    }
}
