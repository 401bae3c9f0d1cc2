//! The `llvm.nvvm.*` bfloat16 intrinsics llc-19 selects for sm_90 (the ones clang's
//! `__nvvm_*_bf16` builtins call), lane by lane on `bfloat` and `<2 x bfloat>`:
//!
//! | intrinsic | llc-19 | here |
//! |---|---|---|
//! | `fmin` / `fmax` `.bf16[x2]` | `min.bf16` / `max.bf16` | `HMNMX2.BF16` (minNum: a NaN operand gives the other one) |
//! | `… .nan.bf16[x2]` | `min.NaN.bf16` | `HMNMX2.BF16.NAN` (a NaN operand gives the canonical NaN) |
//! | `… [.nan].xorsign.abs.bf16[x2]` | `min[.NaN].xorsign.abs.bf16` | the min/max of `\|a\|`, `\|b\|` with the sign `sign(a) ^ sign(b)` (`LOP3`) |
//! | `fma.rn[.relu].bf16[x2]` | `fma.rn[.relu].bf16` | `HFMA2.BF16`; `.relu`: then `max.NaN(r, +0)` (negative → +0, NaN stays NaN) |
//! | `neg.bf16[x2]`, `abs.bf16[x2]` | `neg.bf16`, `abs.bf16` | the sign bit flipped / cleared |
//! | `f2bf16.{rn,rz}[.relu]` (f32 → bf16) | `cvt.{rn,rz}[.relu].bf16.f32` | `F2F.BF16.F32[.RZ]` [+ relu] |
//! | `ff2bf16x2.{rn,rz}[.relu](a, b)` | `cvt.{rn,rz}[.relu].bf16x2.f32 d, a, b` | two conversions: lane 0 (the low half) is `b`, lane 1 `a` (PTX packs its first source into the upper half) |
//! | `ff2f16x2.{rn,rz}[.relu](a, b)` | `cvt.{rn,rz}[.relu].f16x2.f32 d, a, b` | the same into `<2 x half>` (`F2F.F16.F32`) |
//!
//! Refused (`unsupported intrinsic`): `fma.rn.ftz.bf16` (llc writes `fma.rn.ftz.bf16`, which
//! ptxas rejects: bf16 has no flush-to-zero form) and every other name. The `i16`-typed forms
//! of older IR are upgraded to these by LLVM's parser.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::reg;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{FTy, NumTy, Op, Round, lut};
use anyhow::Result;

/// What one lane of a bf16 intrinsic computes (`ori check`'s reference runs the same names,
/// `llvm/reference/bf16.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bf16Op {
    MinMax {
        max: bool,
        nan: bool,
        xorsign: bool,
    },
    Fma {
        relu: bool,
    },
    Neg,
    Abs,
    /// f32 → bf16 (`f2bf16`, `ff2bf16x2`: `pair`), or → f16 (`ff2f16x2`: `f16`, always a pair).
    FromF32 {
        round: Round,
        relu: bool,
        pair: bool,
        f16: bool,
    },
}

/// The bf16 intrinsic `llvm.nvvm.<rest>`, if `rest` names one (with its arity and whether it
/// works on `<2 x bfloat>`).
pub(crate) fn parse(rest: &str) -> Option<(Bf16Op, usize, bool)> {
    let (base, x2) = match rest.strip_suffix(".bf16x2") {
        Some(b) => (b, true),
        None => (rest.strip_suffix(".bf16").unwrap_or(rest), false),
    };
    let typed = rest.ends_with(".bf16") || rest.ends_with(".bf16x2");
    if typed {
        if let Some(m) = base.strip_prefix("fmin").or_else(|| base.strip_prefix("fmax")) {
            let (nan, xorsign) = match m {
                "" => (false, false),
                ".nan" => (true, false),
                ".xorsign.abs" => (false, true),
                ".nan.xorsign.abs" => (true, true),
                _ => return None,
            };
            return Some((Bf16Op::MinMax { max: base.starts_with("fmax"), nan, xorsign }, 2, x2));
        }
        return match base {
            "fma.rn" => Some((Bf16Op::Fma { relu: false }, 3, x2)),
            "fma.rn.relu" => Some((Bf16Op::Fma { relu: true }, 3, x2)),
            "neg" => Some((Bf16Op::Neg, 1, x2)),
            "abs" => Some((Bf16Op::Abs, 1, x2)),
            _ => None,
        };
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
    Some((Bf16Op::FromF32 { round, relu, pair, f16 }, if pair { 2 } else { 1 }, pair))
}

impl FnLowering<'_> {
    /// Lowers `llvm.nvvm.*` bf16 intrinsic `name` (see the module documentation); `Ok(false)`
    /// for other names.
    pub(super) fn lower_bf16_intrinsic(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(false) };
        let Some((op, arity, x2)) = parse(rest) else { return Ok(false) };
        let lanes = if x2 { 2 } else { 1 };
        let half = if matches!(op, Bf16Op::FromF32 { f16: true, .. }) { Ty::F16 } else { Ty::BF16 };
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
        if let Bf16Op::FromF32 { round, relu, pair, f16 } = op {
            // ff2bf16x2(a, b) / ff2f16x2(a, b): lane 0 from b, lane 1 from a.
            let srcs: Vec<Operand> =
                if pair { vec![ops[1][0].clone(), ops[0][0].clone()] } else { vec![ops[0][0].clone()] };
            let ty = if f16 { FTy::F16 } else { FTy::BF16 };
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
            self.bf16_lane(op, &a, d[k].clone());
        }
        Ok(true)
    }

    /// One lane of a bf16 operation (`a` holds its operands).
    fn bf16_lane(&mut self, op: Bf16Op, a: &[Operand], d: Operand) {
        let ty = FTy::BF16;
        match op {
            Bf16Op::MinMax { max, nan, xorsign: false } => {
                self.op(Op::FMnMx { ty, max, nan }, vec![d], a.to_vec());
            }
            Bf16Op::MinMax { max, nan, xorsign: true } => {
                let (x, y, m) = (self.half_reg(), self.half_reg(), self.half_reg());
                self.op(Op::FAbs { ty }, vec![x.clone()], vec![a[0].clone()]);
                self.op(Op::FAbs { ty }, vec![y.clone()], vec![a[1].clone()]);
                self.op(Op::FMnMx { ty, max, nan }, vec![m.clone()], vec![x, y]);
                // m | ((a ^ b) & 0x8000): LUT of ((a ^ b) & c) | m with c = 0x8000 in slot c
                // computed in two steps (LOP3 has three inputs: a, b, the mask).
                let s = self.half_reg();
                const XOR_AND_C: u8 = (0xF0 ^ 0xCC) & 0xAA;
                self.op(
                    Op::Lop3 { lut: XOR_AND_C, w64: false },
                    vec![s.clone()],
                    vec![a[0].clone(), a[1].clone(), Operand::Imm(0x8000)],
                );
                self.op(Op::Lop3 { lut: lut::OR, w64: false }, vec![d], vec![m, s, Operand::Zero]);
            }
            Bf16Op::Fma { relu } => {
                if !relu {
                    self.op(Op::FFma { ty, round: Round::Rn }, vec![d], a.to_vec());
                    return;
                }
                let r = self.half_reg();
                self.op(Op::FFma { ty, round: Round::Rn }, vec![r.clone()], a.to_vec());
                self.relu(ty, r, d);
            }
            Bf16Op::Neg => self.op(Op::FNeg { ty }, vec![d], a.to_vec()),
            Bf16Op::Abs => self.op(Op::FAbs { ty }, vec![d], a.to_vec()),
            Bf16Op::FromF32 { round, relu, f16, .. } => {
                let ty = if f16 { FTy::F16 } else { FTy::BF16 };
                self.half_lane_from_f32(ty, round, relu, a[0].clone(), d)
            }
        }
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
        self.op(Op::FMnMx { ty, max: true, nan: true }, vec![d], vec![r, Operand::Imm(0)]);
    }

    fn half_reg(&mut self) -> Operand {
        reg(self.f.new_reg(RegFile::R, PairMode::Single))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intrinsic_names_parse_to_their_operations() {
        let mm = |max, nan, xorsign| Bf16Op::MinMax { max, nan, xorsign };
        assert_eq!(parse("fmin.bf16"), Some((mm(false, false, false), 2, false)));
        assert_eq!(parse("fmax.nan.bf16x2"), Some((mm(true, true, false), 2, true)));
        assert_eq!(parse("fmin.nan.xorsign.abs.bf16"), Some((mm(false, true, true), 2, false)));
        assert_eq!(parse("fmax.xorsign.abs.bf16x2"), Some((mm(true, false, true), 2, true)));
        assert_eq!(parse("fma.rn.relu.bf16x2"), Some((Bf16Op::Fma { relu: true }, 3, true)));
        assert_eq!(parse("neg.bf16"), Some((Bf16Op::Neg, 1, false)));
        assert_eq!(parse("abs.bf16x2"), Some((Bf16Op::Abs, 1, true)));
        let conv = |round, relu, pair| Bf16Op::FromF32 { round, relu, pair, f16: false };
        assert_eq!(parse("f2bf16.rz.relu"), Some((conv(Round::Rz, true, false), 1, false)));
        assert_eq!(parse("ff2bf16x2.rn"), Some((conv(Round::Rn, false, true), 2, true)));
        let f16 = Bf16Op::FromF32 { round: Round::Rz, relu: true, pair: true, f16: true };
        assert_eq!(parse("ff2f16x2.rz.relu"), Some((f16, 2, true)));
        // Not bf16 intrinsics, or forms ptxas rejects.
        for n in ["fma.rn.ftz.bf16", "fmin.ftz.bf16", "fmin.f16", "f2bf16.rm", "ff2f16x2.rm", "add.rn.bf16", "fmin"] {
            assert_eq!(parse(n), None, "{n}");
        }
    }
}
