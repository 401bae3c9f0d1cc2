//! `frem` as llc-19's NVPTX back end expands it (PTX has no remainder of floats):
//! `r = a - trunc(a / b) * b` with an IEEE division (`div.rn`), a round-toward-zero to integral
//! (`cvt.rzi`), and the multiply-subtract as one fused `fma.rn(-t, b, a)` (llc writes `mul` and
//! `sub` without rounding modifiers, which ptxas contracts into that FFMA by default), and —
//! unless the instruction carries `ninf` —
//! `r = a` where `b` is infinite (`testp.infinite` + `selp` in llc; `|b| == inf` here). `half`
//! and `bfloat` are computed in f32 and rounded back, as llc promotes them. Like llc's, this is not an exact
//! `fmod` when the quotient is large; `ori check`'s reference computes the same expansion
//! (`llvm/frem.rs`).

use super::FnLowering;
use super::ffi::V;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, FCmp, FTy, NumTy, Op, Round};
use anyhow::Result;

impl FnLowering<'_> {
    /// Lowers one lane of `frem` of type `t`: `d = a frem b`.
    pub(super) fn lower_frem(&mut self, v: V, t: FTy, a: Operand, b: Operand, d: Operand) -> Result<()> {
        let ninf = unsafe {
            llvm_sys::core::LLVMCanValueUseFastMathFlags(v.0) != 0
                && llvm_sys::core::LLVMGetFastMathFlags(v.0) & llvm_sys::LLVMFastMathNoInfs != 0
        };
        let (ct, num) = match t {
            FTy::F64 => (FTy::F64, NumTy::F64),
            _ => (FTy::F32, NumTy::F32),
        };
        let pair = if ct == FTy::F64 { PairMode::Pair } else { PairMode::Single };
        let fresh = |s: &mut Self| Operand::Reg(s.f.new_reg(RegFile::R, pair));
        let half = match t {
            FTy::F16 | FTy::F16x2 => Some(NumTy::F16),
            FTy::BF16 => Some(NumTy::BF16),
            FTy::F32 | FTy::F64 => None,
        };
        let (a, b) = if let Some(h) = half {
            let (x, y) = (fresh(self), fresh(self));
            let up = Op::Cvt { from: h, to: NumTy::F32, round: Round::Rn };
            self.op(up, vec![x.clone()], vec![a]);
            self.op(up, vec![y.clone()], vec![b]);
            (x, y)
        } else {
            (a, b)
        };
        let q = fresh(self);
        self.op(
            Op::FDiv { ty: ct, exact: true, round: crate::ori::opcode::Round::Rn },
            vec![q.clone()],
            vec![a.clone(), b.clone()],
        );
        let tq = fresh(self);
        self.op(Op::Cvt { from: num, to: num, round: Round::Rz }, vec![tq.clone()], vec![q]);
        let nt = fresh(self);
        self.op(Op::FNeg { ty: ct }, vec![nt.clone()], vec![tq]);
        let r = fresh(self);
        self.op(Op::FFma { ty: ct, round: Round::Rn, ftz: false }, vec![r.clone()], vec![nt, b.clone(), a.clone()]);
        let r = if ninf {
            r
        } else {
            let abs = fresh(self);
            self.op(Op::FAbs { ty: ct }, vec![abs.clone()], vec![b]);
            let inf = if ct == FTy::F64 { f64::INFINITY.to_bits() } else { f32::INFINITY.to_bits() as u64 };
            let p = self.f.new_reg(RegFile::P, PairMode::Single);
            self.op(
                Op::FSetp { cmp: FCmp::Eq, ty: ct, bop: BoolOp::And },
                vec![Operand::Reg(p)],
                vec![abs, Operand::Imm(inf), Operand::True],
            );
            let sel = fresh(self);
            self.op(Op::Sel { w64: ct == FTy::F64 }, vec![sel.clone()], vec![a, r, Operand::Reg(p)]);
            sel
        };
        if let Some(h) = half {
            self.op(Op::Cvt { from: NumTy::F32, to: h, round: Round::Rn }, vec![d], vec![r]);
        } else {
            self.op(Op::Mov { w64: ct == FTy::F64 }, vec![d], vec![r]);
        }
        Ok(())
    }
}
