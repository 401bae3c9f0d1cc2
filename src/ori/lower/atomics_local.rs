//! Atomics on local memory. PTX has no `atom.local` (ptxas rejects the state space), and local
//! memory is private to its thread, so nothing can observe the read-modify-write half done: as
//! LLVM's NVPTXAtomicLower does, `atomicrmw` / `cmpxchg` on a local address become a plain load,
//! the operation (`FnLowering::rmw_value`, every `atomicrmw` operation) and a store of the new
//! value; the result is the loaded (old) value. Widths below 32 bits work too (the load
//! zero-extends; signed min/max and the compares sign- or zero-extend the operands first).

use super::FnLowering;
use super::atomics::Rmw;
use super::ffi::Ty;
use super::inst::scalar_bits;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, Op, Space};
use anyhow::Result;

impl FnLowering<'_> {
    /// Emulates `rmw` (`None`: a compare-and-swap) on a value of type `ty` at the local address
    /// `addr` with the operands `srcs` (`[value]`, or `[compare, new]`); the old value goes to
    /// `old`.
    pub(super) fn lower_local_atomic(
        &mut self,
        rmw: Option<Rmw>,
        ty: &Ty,
        addr: Operand,
        srcs: &[Operand],
        old: Operand,
    ) -> Result<()> {
        let bits = scalar_bits(ty);
        let w64 = bits == 64;
        let ld = Op::Ld { space: Space::Local, bits, signed: false, volatile: false, offset: 0, nc: false };
        self.op(ld, vec![old.clone()], vec![addr.clone()]);
        let val = srcs.first().cloned().ok_or_else(|| self.err("atomic without an operand"))?;
        let new = match rmw {
            Some(rmw) => self.rmw_value(rmw, ty, old.clone(), val)?,
            None => {
                let swap = srcs.get(1).cloned().ok_or_else(|| self.err("cmpxchg without a new value"))?;
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val, bits, false));
                self.op(
                    Op::ISetp { cmp: Cmp::Eq, signed: false, w64, bop: BoolOp::And },
                    vec![Operand::Reg(p)],
                    vec![x, y, Operand::True],
                );
                let new = Operand::Reg(self.reg_for(ty)?);
                self.op(Op::Sel { w64 }, vec![new.clone()], vec![swap, old, Operand::Reg(p)]);
                new
            }
        };
        let st = Op::St { space: Space::Local, bits, volatile: false, offset: 0 };
        self.op(st, vec![], vec![addr, new]);
        Ok(())
    }
}
