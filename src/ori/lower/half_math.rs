//! The `llvm.nvvm.*` half-precision intrinsics llc-19 selects for sm_90 (the ones clang's
//! `__nvvm_*_bf16` / `__nvvm_*_f16` builtins and `cuda_fp16.h` call), lane by lane on `half`,
//! `<2 x half>`, `bfloat` and `<2 x bfloat>`:
//!
//! | intrinsic | llc-19 | here |
//! |---|---|---|
//! | `fmin` / `fmax` `[.ftz].{f16,bf16}[x2]` | `min[.ftz].f16` | `HMNMX2` (minNum: a NaN operand gives the other one) |
//! | `… [.ftz].nan.…` | `min[.ftz].NaN.f16` | `HMNMX2.NAN` (a NaN operand gives the canonical NaN) |
//! | `… [.ftz][.nan].xorsign.abs.…` | `min[.NaN].xorsign.abs.bf16` | the min/max of `\|a\|`, `\|b\|` with the sign `sign(a) ^ sign(b)` (`LOP3`) |
//! | `fma.rn[.ftz][.sat\|.relu].{f16,bf16}[x2]` | `fma.rn[.ftz][.sat\|.relu].f16` | `HFMA2`; `.relu`: then `max.NaN(r, +0)` (negative → +0, NaN stays NaN); `.sat`: then `min(max(r, +0), 1)` (NaN → +0) |
//! | `neg.bf16[x2]`, `abs.bf16[x2]` | `neg.bf16`, `abs.bf16` | the sign bit flipped / cleared |
//! | `f2bf16.{rn,rz}[.relu]` (f32 → bf16) | `cvt.{rn,rz}[.relu].bf16.f32` | `F2F.BF16.F32[.RZ]` [+ relu] |
//! | `ff2bf16x2.{rn,rz}[.relu](a, b)` | `cvt.{rn,rz}[.relu].bf16x2.f32 d, a, b` | two conversions: lane 0 (the low half) is `b`, lane 1 `a` (PTX packs its first source into the upper half) |
//! | `ff2f16x2.{rn,rz}[.relu](a, b)` | `cvt.{rn,rz}[.relu].f16x2.f32 d, a, b` | the same into `<2 x half>` (`F2F.F16.F32`) |
//!
//! `.ftz` (f16 only) flushes subnormal operands and results to zeros of their sign: the
//! operation's own flag (`Op::FFma { ftz }`, `Op::FMnMx { ftz }`). Refused (`unsupported
//! intrinsic`): the bf16 `.ftz` and `.sat` forms (llc writes `fma.rn.ftz.bf16`, which ptxas
//! rejects: bf16 has no flush-to-zero form) and every other name. The `i16`-typed forms of older
//! IR are upgraded to these by LLVM's parser.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::reg;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{FTy, NumTy, Op, Round, lut};
use anyhow::Result;

/// What one lane of a half-precision intrinsic computes (`ori check`'s reference runs the same
/// names, `llvm/reference/bf16.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HalfOp {
    MinMax {
        max: bool,
        nan: bool,
        xorsign: bool,
        ftz: bool,
    },
    Fma {
        relu: bool,
        sat: bool,
        ftz: bool,
    },
    Neg,
    Abs,
    /// f32 → the lane type (`f2bf16`; `ff2bf16x2` and `ff2f16x2`: `pair`).
    FromF32 {
        round: Round,
        relu: bool,
        pair: bool,
    },
}

/// A parsed half-precision intrinsic name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HalfIntrinsic {
    pub op: HalfOp,
    /// The number of arguments.
    pub arity: usize,
    /// Two lanes (`.f16x2`, `.bf16x2`, the `ff2*x2` conversions).
    pub x2: bool,
    /// Lanes of `half` (else `bfloat`).
    pub f16: bool,
}

/// The half-precision intrinsic `llvm.nvvm.<rest>`, if `rest` names one.
pub(crate) fn parse(rest: &str) -> Option<HalfIntrinsic> {
    let typed = [(".bf16x2", true, false), (".bf16", false, false), (".f16x2", true, true), (".f16", false, true)]
        .into_iter()
        .find_map(|(suffix, x2, f16)| Some((rest.strip_suffix(suffix)?, x2, f16)));
    if let Some((base, x2, f16)) = typed {
        let parts: Vec<&str> = base.split('.').collect();
        let (op, arity) = match parts.as_slice() {
            [m @ ("fmin" | "fmax"), flags @ ..] => {
                // In this order: [.ftz][.nan][.xorsign.abs].
                let mut rest = flags;
                let mut take = |w: &[&str]| {
                    let hit = rest.starts_with(w);
                    if hit {
                        rest = &rest[w.len()..];
                    }
                    hit
                };
                let (ftz, nan, xorsign) = (take(&["ftz"]), take(&["nan"]), take(&["xorsign", "abs"]));
                if !rest.is_empty() {
                    return None;
                }
                (HalfOp::MinMax { max: *m == "fmax", nan, xorsign, ftz }, 2)
            }
            ["fma", "rn", flags @ ..] => {
                let (ftz, clamp) = match flags {
                    ["ftz", c @ ..] => (true, c),
                    c => (false, c),
                };
                let (relu, sat) = match clamp {
                    [] => (false, false),
                    ["relu"] => (true, false),
                    ["sat"] => (false, true),
                    _ => return None,
                };
                (HalfOp::Fma { relu, sat, ftz }, 3)
            }
            ["neg"] if !f16 => (HalfOp::Neg, 1),
            ["abs"] if !f16 => (HalfOp::Abs, 1),
            _ => return None,
        };
        // bf16 has neither flush-to-zero nor saturating forms.
        let f16_only = matches!(
            op,
            HalfOp::MinMax { ftz: true, .. } | HalfOp::Fma { ftz: true, .. } | HalfOp::Fma { sat: true, .. }
        );
        if f16_only && !f16 {
            return None;
        }
        return Some(HalfIntrinsic { op, arity, x2, f16 });
    }
    let (conv, pair, f16) = if let Some(c) = rest.strip_prefix("f2bf16.") {
        (c, false, false)
    } else if let Some(c) = rest.strip_prefix("ff2bf16x2.") {
        (c, true, false)
    } else if let Some(c) = rest.strip_prefix("ff2f16x2.") {
        (c, true, true)
    } else {
        return None;
    };
    let (round, relu) = match conv {
        "rn" => (Round::Rn, false),
        "rn.relu" => (Round::Rn, true),
        "rz" => (Round::Rz, false),
        "rz.relu" => (Round::Rz, true),
        _ => return None,
    };
    let op = HalfOp::FromF32 { round, relu, pair };
    Some(HalfIntrinsic { op, arity: if pair { 2 } else { 1 }, x2: pair, f16 })
}

impl FnLowering<'_> {
    /// Lowers the half-precision `llvm.nvvm.*` intrinsic `name` (see the module documentation);
    /// `Ok(false)` for other names.
    pub(super) fn lower_half_intrinsic(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(false) };
        let Some(HalfIntrinsic { op, arity, x2, f16 }) = parse(rest) else { return Ok(false) };
        let lanes = if x2 { 2 } else { 1 };
        let (half, ty) = if f16 { (Ty::F16, FTy::F16) } else { (Ty::BF16, FTy::BF16) };
        let want = match ffi::classify(ffi::type_of(v)) {
            t if t == half => 1,
            Ty::Vector(e, 2) if *e == half => 2,
            _ => 0,
        };
        if args.len() != arity || d.len() != lanes || want != lanes {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let mut ops = Vec::new();
        for &a in args {
            ops.push(self.get(a)?);
        }
        if let HalfOp::FromF32 { round, relu, pair } = op {
            // ff2bf16x2(a, b) / ff2f16x2(a, b): lane 0 from b, lane 1 from a.
            let srcs: Vec<Operand> =
                if pair { vec![ops[1][0].clone(), ops[0][0].clone()] } else { vec![ops[0][0].clone()] };
            for (k, s) in srcs.into_iter().enumerate() {
                self.half_lane_from_f32(ty, round, relu, s, d[k].clone());
            }
            return Ok(true);
        }
        if ops.iter().any(|o| o.len() != lanes) {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        for k in 0..lanes {
            let a: Vec<Operand> = ops.iter().map(|o| o[k].clone()).collect();
            self.half_lane(ty, op, &a, d[k].clone());
        }
        Ok(true)
    }

    /// One lane of a half-precision operation on lanes of type `ty` (`a` holds its operands).
    fn half_lane(&mut self, ty: FTy, op: HalfOp, a: &[Operand], d: Operand) {
        match op {
            HalfOp::MinMax { max, nan, xorsign: false, ftz } => {
                self.op(Op::FMnMx { ty, max, nan, ftz }, vec![d], a.to_vec());
            }
            HalfOp::MinMax { max, nan, xorsign: true, ftz } => {
                self.min_max_xorsign(Op::FMnMx { ty, max, nan, ftz }, ty, 0x8000, a[0].clone(), a[1].clone(), d)
            }
            HalfOp::Fma { relu, sat, ftz } => {
                let fma = Op::FFma { ty, round: Round::Rn, ftz };
                if !relu && !sat {
                    self.op(fma, vec![d], a.to_vec());
                    return;
                }
                let r = self.half_reg();
                self.op(fma, vec![r.clone()], a.to_vec());
                if relu {
                    self.relu(ty, r, d);
                } else {
                    // [0, 1]; max(NaN, +0) is +0 (minNum), as `.sat` makes a NaN.
                    let lo = self.half_reg();
                    self.op(
                        Op::FMnMx { ty, max: true, nan: false, ftz: false },
                        vec![lo.clone()],
                        vec![r, Operand::Imm(0)],
                    );
                    let one = Operand::Imm(if ty == FTy::F16 { 0x3C00 } else { 0x3F80 });
                    self.op(Op::FMnMx { ty, max: false, nan: false, ftz: false }, vec![d], vec![lo, one]);
                }
            }
            HalfOp::Neg => self.op(Op::FNeg { ty }, vec![d], a.to_vec()),
            HalfOp::Abs => self.op(Op::FAbs { ty }, vec![d], a.to_vec()),
            HalfOp::FromF32 { round, relu, .. } => self.half_lane_from_f32(ty, round, relu, a[0].clone(), d),
        }
    }

    /// `min`/`max` `.xorsign.abs` (`mm`, the `FMnMx` on lanes of type `ty`, whose sign bit is
    /// `sign`): the min/max of `|a|` and `|b|` with the sign `sign(a) ^ sign(b)`.
    pub(super) fn min_max_xorsign(&mut self, mm: Op, ty: FTy, sign: u64, a: Operand, b: Operand, d: Operand) {
        let (x, y, m) = (self.half_reg(), self.half_reg(), self.half_reg());
        self.op(Op::FAbs { ty }, vec![x.clone()], vec![a.clone()]);
        self.op(Op::FAbs { ty }, vec![y.clone()], vec![b.clone()]);
        self.op(mm, vec![m.clone()], vec![x, y]);
        // m | ((a ^ b) & sign): LUT of ((a ^ b) & c) | m with c = the sign bit in slot c
        // computed in two steps (LOP3 has three inputs: a, b, the mask).
        let s = self.half_reg();
        const XOR_AND_C: u8 = (0xF0 ^ 0xCC) & 0xAA;
        self.op(Op::Lop3 { lut: XOR_AND_C, w64: false }, vec![s.clone()], vec![a, b, Operand::Imm(sign)]);
        self.op(Op::Lop3 { lut: lut::OR, w64: false }, vec![d], vec![m, s, Operand::Zero]);
    }

    /// f32 `s` → bf16 or f16 (`ty`) `d` rounded by `round`, clamped by `relu`.
    fn half_lane_from_f32(&mut self, ty: FTy, round: Round, relu: bool, s: Operand, d: Operand) {
        let to = if ty == FTy::F16 { NumTy::F16 } else { NumTy::BF16 };
        let cvt = Op::Cvt { from: NumTy::F32, to, round };
        if !relu {
            self.op(cvt, vec![d], vec![s]);
            return;
        }
        let r = self.half_reg();
        self.op(cvt, vec![r.clone()], vec![s]);
        self.relu(ty, r, d);
    }

    /// `.relu`: `max.NaN(r, +0)` — a negative result (−0 included) becomes +0, NaN stays NaN.
    fn relu(&mut self, ty: FTy, r: Operand, d: Operand) {
        self.op(Op::FMnMx { ty, max: true, nan: true, ftz: false }, vec![d], vec![r, Operand::Imm(0)]);
    }

    fn half_reg(&mut self) -> Operand {
        reg(self.f.new_reg(RegFile::R, PairMode::Single))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(rest: &str) -> Option<(HalfOp, usize, bool, bool)> {
        parse(rest).map(|h| (h.op, h.arity, h.x2, h.f16))
    }

    #[test]
    fn intrinsic_names_parse_to_their_operations() {
        let mm = |max, nan, xorsign| HalfOp::MinMax { max, nan, xorsign, ftz: false };
        assert_eq!(op("fmin.bf16"), Some((mm(false, false, false), 2, false, false)));
        assert_eq!(op("fmax.nan.bf16x2"), Some((mm(true, true, false), 2, true, false)));
        assert_eq!(op("fmin.nan.xorsign.abs.bf16"), Some((mm(false, true, true), 2, false, false)));
        assert_eq!(op("fmax.xorsign.abs.bf16x2"), Some((mm(true, false, true), 2, true, false)));
        let fma = |relu, sat, ftz| HalfOp::Fma { relu, sat, ftz };
        assert_eq!(op("fma.rn.relu.bf16x2"), Some((fma(true, false, false), 3, true, false)));
        assert_eq!(op("neg.bf16"), Some((HalfOp::Neg, 1, false, false)));
        assert_eq!(op("abs.bf16x2"), Some((HalfOp::Abs, 1, true, false)));
        let conv = |round, relu, pair| HalfOp::FromF32 { round, relu, pair };
        assert_eq!(op("f2bf16.rz.relu"), Some((conv(Round::Rz, true, false), 1, false, false)));
        assert_eq!(op("ff2bf16x2.rn"), Some((conv(Round::Rn, false, true), 2, true, false)));
        assert_eq!(op("ff2f16x2.rz.relu"), Some((conv(Round::Rz, true, true), 2, true, true)));
        // f16, with flush-to-zero and saturation.
        assert_eq!(op("fmin.f16"), Some((mm(false, false, false), 2, false, true)));
        let ftz_nan = HalfOp::MinMax { max: true, nan: true, xorsign: false, ftz: true };
        assert_eq!(op("fmax.ftz.nan.f16x2"), Some((ftz_nan, 2, true, true)));
        let all = HalfOp::MinMax { max: false, nan: true, xorsign: true, ftz: true };
        assert_eq!(op("fmin.ftz.nan.xorsign.abs.f16"), Some((all, 2, false, true)));
        assert_eq!(op("fma.rn.ftz.sat.f16"), Some((fma(false, true, true), 3, false, true)));
        assert_eq!(op("fma.rn.relu.f16x2"), Some((fma(true, false, false), 3, true, true)));
        assert_eq!(op("fma.rn.f16"), Some((fma(false, false, false), 3, false, true)));
        // Not half intrinsics, forms ptxas rejects, or flags out of order.
        for n in [
            "fma.rn.ftz.bf16",
            "fmin.ftz.bf16",
            "fma.rn.sat.bf16",
            "fma.rn.sat.relu.f16",
            "fma.rz.f16",
            "fmin.nan.ftz.f16",
            "fmin.xorsign.f16",
            "neg.f16",
            "f2bf16.rm",
            "ff2f16x2.rm",
            "add.rn.bf16",
            "fmin",
        ] {
            assert_eq!(parse(n), None, "{n}");
        }
    }
}
