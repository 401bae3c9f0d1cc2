//! Rounding to an integral value: `llvm.floor`, `llvm.ceil`, `llvm.trunc`, `llvm.rint`,
//! `llvm.nearbyint`, `llvm.roundeven` and `llvm.round` on half, bfloat, float and double (and
//! vectors of them, lane by lane), as llc-19 selects them for sm_90:
//!
//! - `floor` / `ceil` / `trunc` / `rint` = `nearbyint` = `roundeven`: one `cvt.r{m,p,z,n}i`
//!   of the type onto itself (`FRND.FLOOR` …; `cvt.rmi.bf16.bf16` for bfloat).
//! - `round` (halfway cases away from zero) has no PTX instruction; llc expands it, in f32 for
//!   half and bfloat: `t = trunc(x + copysign(0.5, x))`, `x` itself where `|x| > 2^23` (2^52 for
//!   double: already integral, and the addition could round), `trunc(x)` where `|x| < 0.5` (the
//!   addition could round `0.5 − ulp` up to 1). A 16-bit result is exact when rounded back.

use super::FnLowering;
use super::ffi::{Ty, V};
use super::inst::{fty, reg};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, FCmp, FTy, NumTy, Op, Round, lut};
use anyhow::Result;

/// The conversion type of a float format.
fn num(t: FTy) -> NumTy {
    match t {
        FTy::F16 => NumTy::F16,
        FTy::BF16 => NumTy::BF16,
        FTy::F32 => NumTy::F32,
        FTy::F64 => NumTy::F64,
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
                Some(r) => self.op(Op::Cvt { from: num(t), to: num(t), round: r }, vec![dk.clone()], vec![a]),
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
            self.op(Op::Cvt { from: num(t), to: NumTy::F32, round: Round::Rn }, vec![x.clone()], vec![a]);
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
        self.op(Op::FAdd { ty: ct }, vec![sum.clone()], vec![x.clone(), h]);
        let tr = fresh(self);
        self.op(Op::Cvt { from: num(ct), to: num(ct), round: Round::Rz }, vec![tr.clone()], vec![sum]);
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
        self.op(Op::Cvt { from: num(ct), to: num(ct), round: Round::Rz }, vec![tx.clone()], vec![x]);
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
            self.op(Op::Cvt { from: NumTy::F32, to: num(t), round: Round::Rn }, vec![d], vec![r2]);
        }
    }
}
