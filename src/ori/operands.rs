//! Typed operand accessors: an instruction's operands by the role the opcode table
//! (`opcode/table.rs`, the `dsts` and `srcs` columns) gives their positions — the memory address,
//! the stored values, the member mask, the predicate source, the destinations — instead of
//! positions spelled out at each use. `ori::verify` checks every instruction against the same
//! table after lowering (and, in debug builds, after each phase), so an accessor's answer is
//! where the table says.

use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{Op, Role};

impl Inst {
    /// The position of the first source with role `r`.
    fn src_position(&self, r: Role) -> Option<usize> {
        self.op.info().srcs.position(r)
    }

    /// The memory address a load, store, atomic or cache hint accesses (before the opcode's
    /// `offset`): a register, a symbol, an immediate or a constant-bank word. `None` for other
    /// opcodes.
    pub fn address(&self) -> Option<&Operand> {
        self.srcs.get(self.src_position(Role::Address)?)
    }

    /// The address, to rewrite (`fold_offsets`).
    pub fn address_mut(&mut self) -> Option<&mut Operand> {
        let k = self.src_position(Role::Address)?;
        self.srcs.get_mut(k)
    }

    /// The byte offset a load or store adds to its [`Inst::address`] (0 for other opcodes).
    pub fn address_offset(&self) -> i32 {
        match self.op {
            Op::Ld { offset, .. } | Op::St { offset, .. } => offset,
            _ => 0,
        }
    }

    /// The values a store writes, at consecutive addresses (one, or a vector); empty for other
    /// opcodes.
    pub fn stored_values(&self) -> &[Operand] {
        match self.op {
            Op::St { .. } => self.srcs.get(1..).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// An atomic's operands after the address: the operand (none for an atomic load), or, for
    /// a compare-and-swap, the comparand and then the new value; empty for other opcodes.
    pub fn atomic_operands(&self) -> &[Operand] {
        match self.op {
            Op::Atom { .. } => self.srcs.get(1..).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The warp member mask of a `.sync` warp instruction (`SHFL`, `VOTE`, `MATCH`, `REDUX`,
    /// `WARPSYNC`); `None` for other opcodes and for `activemask` (a `VOTE` without one).
    pub fn member_mask(&self) -> Option<&Operand> {
        self.srcs.get(self.src_position(Role::Mask)?)
    }

    /// The predicate source: `SEL`'s selector, the predicate `ISETP`/`FSETP` combine their
    /// comparison with, `VOTE`'s vote, `BAR.RED.POPC`'s count; the first predicate of `PLOP3`.
    pub fn pred_source(&self) -> Option<&Operand> {
        self.srcs.get(self.src_position(Role::Pred)?)
    }

    /// The first destination: the value written (or, for a compare, the predicate).
    pub fn dst(&self) -> Option<&Operand> {
        self.dsts.first()
    }

    /// The predicate destination that some opcodes write beside their value: whether `SHFL`'s
    /// source lane was in range, whether every member of `MATCH.ALL` matched.
    pub fn pred_dst(&self) -> Option<&Operand> {
        let info = self.op.info();
        if info.dsts.fixed.first() == Some(&Role::Pred) {
            return None;
        }
        self.dsts.get(info.dsts.position(Role::Pred)?)
    }
}

#[cfg(test)]
mod tests {
    use crate::ori::ir::{Inst, Operand, VReg};
    use crate::ori::opcode::{AtomOp, MemScope, NumTy, Op, ShflMode, Space};

    fn reg(k: u32) -> Operand {
        Operand::Reg(VReg(k))
    }

    #[test]
    fn memory_operands_by_role() {
        let st = Inst::new(
            Op::St { space: Space::Global, bits: 32, volatile: false, offset: 8 },
            vec![],
            vec![reg(0), reg(1), reg(2)],
        );
        assert_eq!(st.address(), Some(&reg(0)));
        assert_eq!(st.address_offset(), 8);
        assert_eq!(st.stored_values(), &[reg(1), reg(2)]);
        let atom = Inst::new(
            Op::Atom { space: Space::Shared, op: AtomOp::Add, ty: NumTy::U32, scope: MemScope::Gpu },
            vec![reg(3)],
            vec![reg(4), Operand::Imm(1)],
        );
        assert_eq!(atom.address(), Some(&reg(4)));
        assert!(atom.stored_values().is_empty());
        assert_eq!(atom.dst(), Some(&reg(3)));
        let add = Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![reg(0)], vec![reg(1), reg(2), Operand::Zero]);
        assert_eq!(add.address(), None);
        assert_eq!(add.member_mask(), None);
    }

    #[test]
    fn warp_operands_by_role() {
        let shfl = Inst::new(
            Op::Shfl { mode: ShflMode::Idx },
            vec![reg(0), reg(9)],
            vec![reg(1), reg(2), Operand::Imm(31), Operand::Imm(u32::MAX as u64)],
        );
        assert_eq!(shfl.member_mask(), Some(&Operand::Imm(u32::MAX as u64)));
        assert_eq!(shfl.dst(), Some(&reg(0)));
        assert_eq!(shfl.pred_dst(), Some(&reg(9)));
        let sel = Inst::new(Op::Sel { w64: false }, vec![reg(0)], vec![reg(1), reg(2), reg(3)]);
        assert_eq!(sel.pred_source(), Some(&reg(3)));
        assert_eq!(sel.pred_dst(), None);
    }
}
