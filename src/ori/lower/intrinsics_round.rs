//! Rounding intrinsics: to an integral value (`llvm.floor`, `llvm.ceil`, `llvm.trunc`,
//! `llvm.rint`, `llvm.nearbyint`, `llvm.roundeven`, `llvm.round`) on half, bfloat, float and
//! double (and vectors of them, lane by lane), and the explicitly rounded `llvm.nvvm.*`
//! arithmetic and conversions that libdevice's math (pow, fmod, cbrt, ...) and CUDA's
//! `__fadd_rz`/`__float2int_rd`-style intrinsics call, as llc-19 selects them for sm_90:
//!
//! - `floor` / `ceil` / `trunc` / `rint` = `nearbyint` = `roundeven`: one `cvt.r{m,p,z,n}i`
//!   of the type onto itself (`FRND.FLOOR` …; `cvt.rmi.bf16.bf16` for bfloat). No FP
//!   exceptions are observable, so `rint` and `nearbyint` agree.
//! - `round` (halfway cases away from zero) has no PTX instruction; llc expands it, in f32 for
//!   half and bfloat: `t = trunc(x + copysign(0.5, x))`, `x` itself where `|x| > 2^23` (2^52 for
//!   double: already integral, and the addition could round), `trunc(x)` where `|x| < 0.5` (the
//!   addition could round `0.5 − ulp` up to 1). A 16-bit result is exact when rounded back.
//! - `llvm.nvvm.{ceil,floor,trunc,round}.{f,d}` (`round` is `cvt.rni`: to nearest even);
//!   `add.r{z,m,p}.{f,d}` → `fma.rX(a, 1.0, b)` (the product is exact, so the one rounding is
//!   the addition's); `mul.r{z,m,p}.{f,d}` → `fma.rX(a, b, z)` with `z = −0` (`+0` under RM), so
//!   that an exact zero product keeps its sign; the conversions `<from>2<to>.r{n,z,m,p}` between
//!   `f`/`d` and `i`/`ui`/`ll`/`ull`, and `d2f.rX`, → `cvt` with that rounding.
//! - Their `.ftz` forms (f32 only: `ceil.ftz.f`, `add.rz.ftz.f`, `f2i.rm.ftz`, `d2f.rn.ftz`, …)
//!   flush subnormal f32 operands and results to a zero of the same sign: the `fma` carries
//!   PTX's own `.ftz`; before a rounding to an integral value or a conversion from f32 the
//!   operand is flushed ([`FnLowering::flush_f32`]), after `d2f` the result.
//!
//! - `f2tf32.{rn,rna,rz}[.relu]` (f32 → TF32, `cvt.{rn,rna,rz}[.relu].tf32.f32`): a 32-bit
//!   container whose low 13 bits are zero, rounded on the bits as ptxas itself expands it: a
//!   finite `x` gets `0xFFF + bit 13` (`rn`, ties to even) or `0x1000` (`rna`, ties away)
//!   added, which carries into the exponent where it must; `.relu` then takes `max.NaN(r, +0)`;
//!   the mask `0xFFFFE000` last (infinities and NaNs only masked).
//!
//! `llvm.copysign` is a bit operation (`intrinsics_bits.rs`, vectors `intrinsics_lanes.rs`).

use super::FnLowering;
use super::ffi::{Ty, V};
use super::inst::{float_num, fty, reg, sign_bit};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, FCmp, FTy, NumTy, Op, Round, lut};
use anyhow::Result;

/// What an `llvm.nvvm.*` rounding intrinsic computes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Round to an integral value of the same type.
    Integral(Round),
    /// `a + b` rounded by the mode.
    Add(Round),
    /// `a · b` rounded by the mode.
    Mul(Round),
    /// A conversion with an explicit rounding mode.
    Convert { from: NumTy, to: NumTy, round: Round },
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

/// The kind and lane type of an `llvm.nvvm.<rest>` rounding intrinsic, and whether it is the
/// `.ftz` form (`None`: not one).
fn nvvm_kind(rest: &str) -> Option<(Kind, Option<FTy>, bool)> {
    let mut parts: Vec<&str> = rest.split('.').collect();
    let ftz = parts.contains(&"ftz");
    parts.retain(|p| *p != "ftz");
    let (kind, t) = nvvm_kind_of(&parts)?;
    // Flush-to-zero exists for f32 operations and for conversions from or to f32 only.
    let f32_side = match kind {
        Kind::Convert { from, to, .. } => from == NumTy::F32 || to == NumTy::F32,
        _ => t == Some(FTy::F32),
    };
    if ftz && (!f32_side || parts.len() + 1 != rest.split('.').count()) {
        return None;
    }
    Some((kind, t, ftz))
}

fn nvvm_kind_of(parts: &[&str]) -> Option<(Kind, Option<FTy>)> {
    let float_of = |s: &str| match s {
        "f" => Some(FTy::F32),
        "d" => Some(FTy::F64),
        _ => None,
    };
    match parts {
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
    /// Lowers the rounding intrinsic `base` (the name without its overload suffix); `Ok(false)`
    /// for other names.
    pub(super) fn lower_round_intrinsic(
        &mut self,
        name: &str,
        base: &str,
        rty: &Ty,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let round = match base {
            "llvm.floor" => Some(Round::Rm),
            "llvm.ceil" => Some(Round::Rp),
            "llvm.trunc" => Some(Round::Rz),
            "llvm.rint" | "llvm.nearbyint" | "llvm.roundeven" => Some(Round::Rn),
            "llvm.round" => None,
            _ => return Ok(false),
        };
        let et = match rty {
            Ty::Vector(e, _) => e.as_ref(),
            t => t,
        };
        let Some(t) = fty(et) else { return Err(self.err(format!("intrinsic {name}"))) };
        let [x] = args else { return Err(self.err(format!("intrinsic {name} with {} arguments", args.len()))) };
        let lanes = self.get(*x)?;
        if lanes.len() != d.len() {
            return Err(self.err(format!("intrinsic {name}")));
        }
        for (a, dk) in lanes.into_iter().zip(d) {
            match round {
                Some(r) => {
                    self.op(Op::Cvt { from: float_num(t), to: float_num(t), round: r }, vec![dk.clone()], vec![a])
                }
                None => self.lower_round_half_away(t, a, dk.clone()),
            }
        }
        Ok(true)
    }

    /// `llvm.round` of one lane (see the module documentation).
    fn lower_round_half_away(&mut self, t: FTy, a: Operand, d: Operand) {
        let ct = if t == FTy::F64 { FTy::F64 } else { FTy::F32 };
        let w64 = ct == FTy::F64;
        let fresh = |s: &mut Self| reg(s.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single }));
        let x = if ct == t {
            a
        } else {
            let x = fresh(self);
            self.op(Op::Cvt { from: float_num(t), to: NumTy::F32, round: Round::Rn }, vec![x.clone()], vec![a]);
            x
        };
        let (sign, half, big) = if w64 {
            (1u64 << 63, 0.5f64.to_bits(), 2f64.powi(52).to_bits())
        } else {
            (0x8000_0000, 0.5f32.to_bits() as u64, 2f32.powi(23).to_bits() as u64)
        };
        // copysign(0.5, x) = (x & sign) | 0.5
        let s = fresh(self);
        self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![s.clone()], vec![x.clone(), Operand::Imm(sign), Operand::Zero]);
        let h = fresh(self);
        self.op(Op::Lop3 { lut: lut::OR, w64 }, vec![h.clone()], vec![s, Operand::Imm(half), Operand::Zero]);
        let sum = fresh(self);
        self.op(Op::FAdd { ty: ct, ftz: false }, vec![sum.clone()], vec![x.clone(), h]);
        let tr = fresh(self);
        self.op(Op::Cvt { from: float_num(ct), to: float_num(ct), round: Round::Rz }, vec![tr.clone()], vec![sum]);
        let ax = fresh(self);
        self.op(Op::FAbs { ty: ct }, vec![ax.clone()], vec![x.clone()]);
        let pbig = reg(self.f.new_reg(RegFile::P, PairMode::Single));
        self.op(
            Op::FSetp { cmp: FCmp::Gt, ty: ct, bop: BoolOp::And },
            vec![pbig.clone()],
            vec![ax.clone(), Operand::Imm(big), Operand::True],
        );
        let r1 = fresh(self);
        self.op(Op::Sel { w64 }, vec![r1.clone()], vec![x.clone(), tr, pbig]);
        let tx = fresh(self);
        self.op(Op::Cvt { from: float_num(ct), to: float_num(ct), round: Round::Rz }, vec![tx.clone()], vec![x]);
        let psmall = reg(self.f.new_reg(RegFile::P, PairMode::Single));
        let half_imm = Operand::Imm(half);
        self.op(
            Op::FSetp { cmp: FCmp::Lt, ty: ct, bop: BoolOp::And },
            vec![psmall.clone()],
            vec![ax, half_imm, Operand::True],
        );
        if ct == t {
            self.op(Op::Sel { w64 }, vec![d], vec![tx, r1, psmall]);
        } else {
            let r2 = fresh(self);
            self.op(Op::Sel { w64 }, vec![r2.clone()], vec![tx, r1, psmall]);
            self.op(Op::Cvt { from: NumTy::F32, to: float_num(t), round: Round::Rn }, vec![d], vec![r2]);
        }
    }

    /// Lowers the `llvm.nvvm.*` rounding intrinsics of the module documentation; `Ok(false)`
    /// when `name` is not one of them.
    pub(super) fn lower_nvvm_rounding(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some((kind, t, ftz)) = name.strip_prefix("llvm.nvvm.").and_then(nvvm_kind) else { return Ok(false) };
        let arity = match kind {
            Kind::Integral(_) | Kind::Convert { .. } => 1,
            Kind::Add(_) | Kind::Mul(_) => 2,
        };
        if args.len() != arity || d.len() != 1 {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let mut srcs = Vec::new();
        for &a in args {
            srcs.push(self.get1(a)?);
        }
        let dst = vec![d[0].clone()];
        match (kind, t) {
            (Kind::Convert { from, to: NumTy::F32, round }, _) if ftz => {
                // d2f: the f32 result flushed.
                let r = reg(self.f.new_reg(RegFile::R, PairMode::Single));
                self.op(Op::Cvt { from, to: NumTy::F32, round }, vec![r.clone()], srcs);
                self.flush_f32_into(r, d[0].clone());
            }
            (Kind::Convert { from, to, round }, _) => {
                let srcs = if ftz { vec![self.flush_f32(srcs[0].clone())] } else { srcs };
                self.op(Op::Cvt { from, to, round }, dst, srcs)
            }
            (Kind::Integral(round), Some(t)) => {
                let n = float_num(t);
                // A flushed operand is ±0, its own integral value; no result is subnormal.
                let srcs = if ftz { vec![self.flush_f32(srcs[0].clone())] } else { srcs };
                self.op(Op::Cvt { from: n, to: n, round }, dst, srcs);
            }
            (Kind::Add(round), Some(t)) => {
                let one = match t {
                    FTy::F64 => 1f64.to_bits(),
                    _ => 1f32.to_bits() as u64,
                };
                let s = vec![srcs[0].clone(), Operand::Imm(one), srcs[1].clone()];
                self.op(Op::FFma { ty: t, round, ftz }, dst, s);
            }
            (Kind::Mul(round), Some(t)) => {
                // −0 leaves every product unchanged except that +0 + −0 is −0 under RM.
                let zero = if round == Round::Rm { 0 } else { sign_bit(t) };
                let s = vec![srcs[0].clone(), srcs[1].clone(), Operand::Imm(zero)];
                self.op(Op::FFma { ty: t, round, ftz }, dst, s);
            }
            (_, None) => return Err(self.err(format!("intrinsic {name}"))),
        }
        Ok(true)
    }

    /// `llvm.nvvm.f2tf32.*` (see the module documentation); `Ok(false)` for other names.
    pub(super) fn lower_f2tf32(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(mode) = name.strip_prefix("llvm.nvvm.f2tf32.") else { return Ok(false) };
        let (round, relu) = match mode {
            "rn" => (Some(false), false),
            "rn.relu" => (Some(false), true),
            "rna" => (Some(true), false),
            "rz" => (None, false),
            "rz.relu" => (None, true),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let ([x], [d0]) = (args, d) else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let x = self.get1(*x)?;
        let fresh = |s: &mut Self| reg(s.f.new_reg(RegFile::R, PairMode::Single));
        let rounded = match round {
            None => x,
            Some(away) => {
                let inc = if away {
                    Operand::Imm(0x1000)
                } else {
                    // 0xFFF + bit 13 of x.
                    let (b, i) = (fresh(self), fresh(self));
                    self.op(
                        Op::Shf { left: false, signed: false, w64: false },
                        vec![b.clone()],
                        vec![x.clone(), Operand::Imm(13)],
                    );
                    self.op(
                        Op::Lop3 { lut: lut::AND, w64: false },
                        vec![i.clone()],
                        vec![b, Operand::Imm(1), Operand::Zero],
                    );
                    let inc = fresh(self);
                    self.op(
                        Op::IAdd3 { neg_b: false, w64: false },
                        vec![inc.clone()],
                        vec![i, Operand::Imm(0xFFF), Operand::Zero],
                    );
                    inc
                };
                let sum = fresh(self);
                self.op(Op::IAdd3 { neg_b: false, w64: false }, vec![sum.clone()], vec![x.clone(), inc, Operand::Zero]);
                // Finite: |x| below infinity's bits.
                let (abs, finite) = (fresh(self), reg(self.f.new_reg(RegFile::P, PairMode::Single)));
                self.op(
                    Op::Lop3 { lut: lut::AND, w64: false },
                    vec![abs.clone()],
                    vec![x.clone(), Operand::Imm(0x7FFF_FFFF), Operand::Zero],
                );
                self.op(
                    Op::ISetp { cmp: Cmp::Lt, signed: false, w64: false, bop: BoolOp::And },
                    vec![finite.clone()],
                    vec![abs, Operand::Imm(0x7F80_0000), Operand::True],
                );
                let r = fresh(self);
                self.op(Op::Sel { w64: false }, vec![r.clone()], vec![sum, x, finite]);
                r
            }
        };
        let clamped = if relu {
            let r = fresh(self);
            let max = Op::FMnMx { ty: FTy::F32, max: true, nan: true, ftz: false };
            self.op(max, vec![r.clone()], vec![rounded, Operand::Imm(0)]);
            r
        } else {
            rounded
        };
        self.op(
            Op::Lop3 { lut: lut::AND, w64: false },
            vec![d0.clone()],
            vec![clamped, Operand::Imm(0xFFFF_E000), Operand::Zero],
        );
        Ok(true)
    }

    /// `x` (f32) with a subnormal value flushed to the zero of its sign: `mul.ftz` by 1, exact
    /// for every other value (PTX has no flush instruction of its own).
    pub(super) fn flush_f32(&mut self, x: Operand) -> Operand {
        match x {
            // A constant is flushed here.
            Operand::Imm(b) if b & 0x7F80_0000 == 0 => return Operand::Imm(b & 0x8000_0000),
            Operand::Imm(_) | Operand::Zero => return x,
            _ => {}
        }
        let r = reg(self.f.new_reg(RegFile::R, PairMode::Single));
        self.flush_f32_into(x, r.clone());
        r
    }

    /// [`Self::flush_f32`] of `x` into `d`.
    pub(super) fn flush_f32_into(&mut self, x: Operand, d: Operand) {
        let one = Operand::Imm(1f32.to_bits() as u64);
        self.op(Op::FMul { ty: FTy::F32, ftz: true }, vec![d], vec![x, one]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nvvm_names() {
        assert_eq!(nvvm_kind("ceil.f"), Some((Kind::Integral(Round::Rp), Some(FTy::F32), false)));
        assert_eq!(nvvm_kind("round.d"), Some((Kind::Integral(Round::Rn), Some(FTy::F64), false)));
        assert_eq!(nvvm_kind("add.rz.d"), Some((Kind::Add(Round::Rz), Some(FTy::F64), false)));
        assert_eq!(nvvm_kind("mul.rp.f"), Some((Kind::Mul(Round::Rp), Some(FTy::F32), false)));
        // `add.rn` is plain arithmetic, lowered elsewhere.
        assert_eq!(nvvm_kind("add.rn.f"), None);
        // `.ftz` forms: f32 operations and conversions from or to f32 only.
        assert_eq!(nvvm_kind("ceil.ftz.f"), Some((Kind::Integral(Round::Rp), Some(FTy::F32), true)));
        assert_eq!(nvvm_kind("mul.rz.ftz.f"), Some((Kind::Mul(Round::Rz), Some(FTy::F32), true)));
        let ftz = Some((Kind::Convert { from: NumTy::F32, to: NumTy::S32, round: Round::Rn }, None, true));
        assert_eq!(nvvm_kind("f2i.rn.ftz"), ftz);
        assert_eq!(nvvm_kind("ceil.ftz.d"), None);
        assert_eq!(nvvm_kind("d2ll.rn.ftz"), None);
        assert_eq!(nvvm_kind("ceil.ftz.ftz.f"), None);
        let cvt = |from, to, round| Some((Kind::Convert { from, to, round }, None, false));
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
