//! Atomics on local memory. PTX has no `atom.local` (ptxas rejects the state space), and local
//! memory is private to its thread, so nothing can observe the read-modify-write half done: as
//! LLVM's NVPTXAtomicLower does, `atomicrmw` / `cmpxchg` on a local address become a plain load,
//! the operation, and a store of the new value; the result is the loaded (old) value. Widths
//! below 32 bits work too (the load zero-extends; signed min/max and the compares sign- or
//! zero-extend the operands first).

use super::FnLowering;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{AtomOp, BoolOp, Cmp, FTy, NumTy, Op, Space, lut};
use anyhow::Result;

impl FnLowering<'_> {
    /// Emulates `op` (of element type `ty`, `bits` wide) at the local address `addr` with the
    /// operands `srcs` (`[value]`, or `[compare, new]` for `Cas`); the old value goes to `old`.
    pub(super) fn lower_local_atomic(
        &mut self,
        op: AtomOp,
        ty: NumTy,
        bits: u32,
        addr: Operand,
        srcs: &[Operand],
        old: Operand,
    ) -> Result<()> {
        let w64 = bits == 64;
        let fresh =
            |s: &mut Self| Operand::Reg(s.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single }));
        let ld = Op::Ld { space: Space::Local, bits, signed: false, volatile: false, offset: 0, nc: false };
        self.op(ld, vec![old.clone()], vec![addr.clone()]);
        let val = srcs.first().cloned().ok_or_else(|| self.err("atomic without an operand"))?;
        let new = fresh(self);
        let signed = matches!(ty, NumTy::S8 | NumTy::S16 | NumTy::S32 | NumTy::S64);
        let float = match ty {
            NumTy::F16 => Some(FTy::F16),
            NumTy::BF16 => Some(FTy::BF16),
            NumTy::F32 => Some(FTy::F32),
            NumTy::F64 => Some(FTy::F64),
            _ => None,
        };
        let zero = Operand::Zero;
        match (op, float) {
            (AtomOp::Add, Some(t)) => self.op(Op::FAdd { ty: t }, vec![new.clone()], vec![old.clone(), val]),
            (AtomOp::Add, None) => {
                self.op(Op::IAdd3 { neg_b: false, w64 }, vec![new.clone()], vec![old.clone(), val, zero])
            }
            (AtomOp::Exch, _) => self.op(Op::Mov { w64 }, vec![new.clone()], vec![val]),
            (AtomOp::And | AtomOp::Or | AtomOp::Xor, None) => {
                let l = match op {
                    AtomOp::And => lut::AND,
                    AtomOp::Or => lut::OR,
                    _ => lut::XOR,
                };
                self.op(Op::Lop3 { lut: l, w64 }, vec![new.clone()], vec![old.clone(), val, zero]);
            }
            (AtomOp::Min | AtomOp::Max, None) => {
                let (x, y) = (self.norm(old.clone(), bits, signed), self.norm(val, bits, signed));
                self.op(Op::IMnMx { signed, max: op == AtomOp::Max, w64 }, vec![new.clone()], vec![x, y]);
            }
            (AtomOp::Inc, None) => {
                // uinc_wrap: old >= val ? 0 : old + 1.
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val, bits, false));
                self.op(
                    Op::ISetp { cmp: Cmp::Ge, signed: false, w64, bop: BoolOp::And },
                    vec![Operand::Reg(p)],
                    vec![x, y, Operand::True],
                );
                let inc = fresh(self);
                self.op(Op::IAdd3 { neg_b: false, w64 }, vec![inc.clone()], vec![old.clone(), Operand::Imm(1), zero]);
                self.op(Op::Sel { w64 }, vec![new.clone()], vec![Operand::Imm(0), inc, Operand::Reg(p)]);
            }
            (AtomOp::Dec, None) => {
                // udec_wrap: old == 0 || old > val ? val : old - 1.
                let (p, q) =
                    (self.f.new_reg(RegFile::P, PairMode::Single), self.f.new_reg(RegFile::P, PairMode::Single));
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val.clone(), bits, false));
                self.op(
                    Op::ISetp { cmp: Cmp::Eq, signed: false, w64, bop: BoolOp::And },
                    vec![Operand::Reg(p)],
                    vec![x.clone(), Operand::Imm(0), Operand::True],
                );
                self.op(
                    Op::ISetp { cmp: Cmp::Gt, signed: false, w64, bop: BoolOp::Or },
                    vec![Operand::Reg(q)],
                    vec![x, y, Operand::Reg(p)],
                );
                let dec = fresh(self);
                self.op(Op::IAdd3 { neg_b: true, w64 }, vec![dec.clone()], vec![old.clone(), Operand::Imm(1), zero]);
                self.op(Op::Sel { w64 }, vec![new.clone()], vec![val, dec, Operand::Reg(q)]);
            }
            (AtomOp::Cas, None) => {
                let swap = srcs.get(1).cloned().ok_or_else(|| self.err("cmpxchg without a new value"))?;
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val, bits, false));
                self.op(
                    Op::ISetp { cmp: Cmp::Eq, signed: false, w64, bop: BoolOp::And },
                    vec![Operand::Reg(p)],
                    vec![x, y, Operand::True],
                );
                self.op(Op::Sel { w64 }, vec![new.clone()], vec![swap, old.clone(), Operand::Reg(p)]);
            }
            (other, _) => return Err(self.err(format!("local atomic {other:?} of type {ty:?}"))),
        }
        let st = Op::St { space: Space::Local, bits, volatile: false, offset: 0 };
        self.op(st, vec![], vec![addr, new]);
        Ok(())
    }
}
