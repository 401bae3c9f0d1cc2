//! The Ori IR verifier: every instruction's operands against the opcode table (`opcode/table.rs`:
//! how many destinations and sources, and what each position may hold), every register within
//! the function's register list, every branch target within its blocks, every guard a
//! predicate. The compile runs it on each function as lowered, and in debug builds (the lit
//! suite's) after every phase, so a lowering rule or a phase that builds a malformed
//! instruction is reported where it happens — as an error naming the instruction — instead of
//! misleading a later pass or the emitter, and the typed operand accessors (`operands.rs`) find
//! operands where the table says they are.

use crate::ori::ir::{Function, Inst, Operand};
use crate::ori::opcode::{Positions, Role};
use anyhow::{Result, bail};

/// Checks every instruction of `f` (see the module documentation).
pub fn function(f: &Function) -> Result<()> {
    for (b, block) in f.blocks.iter().enumerate() {
        for (k, inst) in block.insts.iter().enumerate() {
            if let Err(e) = instruction(f, inst) {
                bail!("malformed Ori instruction in @{}, block {b}, instruction {k} ({}): {e}", f.name, inst.op);
            }
        }
    }
    Ok(())
}

fn instruction(f: &Function, inst: &Inst) -> Result<()> {
    let info = inst.op.info();
    operands(f, "destination", &inst.dsts, &info.dsts)?;
    operands(f, "source", &inst.srcs, &info.srcs)?;
    if let Some(g) = inst.guard {
        match f.regs.get(g.pred.idx()) {
            Some(r) if r.file.is_predicate() => {}
            Some(r) => bail!("the guard %{} is a {} register", g.pred.0, r.file.prefix()),
            None => bail!("the guard %{} is not a register of the function", g.pred.0),
        }
    }
    Ok(())
}

fn operands(f: &Function, what: &str, ops: &[Operand], layout: &Positions) -> Result<()> {
    if !layout.admits(ops.len()) {
        let takes = match (layout.rest, layout.fixed.len()) {
            (Some(_), _) => format!("{} or more", layout.min),
            (None, n) if n == layout.min => n.to_string(),
            (None, n) => format!("{} to {n}", layout.min),
        };
        bail!("{} {what}s where the opcode takes {takes}", ops.len());
    }
    for (k, o) in ops.iter().enumerate() {
        let role = layout.role(k).unwrap_or(Role::Any);
        if let Operand::Reg(r) = o
            && r.idx() >= f.regs.len()
        {
            bail!("{what} {k} is %{}, past the function's {} registers", r.0, f.regs.len());
        }
        let fits = match role {
            Role::Any => true,
            // A predicate register, PT, or a constant (an `i1` constant lowering copies: 0 is
            // false, anything else true; the emitters and the interpreter read it so).
            Role::Pred => match o {
                Operand::Reg(r) => f.regs[r.idx()].file.is_predicate(),
                Operand::True | Operand::Imm(_) | Operand::Zero => true,
                Operand::CBank { .. } | Operand::SReg(_) | Operand::Label(_) | Operand::Symbol(_) => false,
            },
            Role::Target => matches!(o, Operand::Label(b) if b.idx() < f.blocks.len()),
            Role::Special => matches!(o, Operand::SReg(_)),
            Role::Value | Role::Address | Role::Mask => !matches!(o, Operand::Label(_) | Operand::SReg(_)),
        };
        if !fits {
            bail!("{what} {k} ({o:?}) is not a {role:?} operand");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::ir::{Bix, Block, Guard, PairMode, RegFile, VReg};
    use crate::ori::opcode::{BoolOp, Cmp, Op, Space};

    fn func(insts: Vec<Inst>) -> Function {
        let mut f = Function { name: "k".into(), ..Default::default() };
        f.blocks.push(Block { insts, ..Default::default() });
        f.new_reg(RegFile::R, PairMode::Single);
        f.new_reg(RegFile::R, PairMode::Single);
        f.new_reg(RegFile::P, PairMode::Single);
        f
    }
    const R0: Operand = Operand::Reg(VReg(0));
    const R1: Operand = Operand::Reg(VReg(1));
    const P2: Operand = Operand::Reg(VReg(2));

    fn verdict(i: Inst) -> String {
        match function(&func(vec![i, Inst::new(Op::Exit, vec![], vec![])])) {
            Ok(()) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn well_formed_instructions_pass() {
        let setp = Op::ISetp { cmp: Cmp::Lt, signed: true, w64: false, bop: BoolOp::And };
        assert_eq!(verdict(Inst::new(setp, vec![P2], vec![R0, Operand::Imm(4), Operand::True])), "ok");
        let st = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
        assert_eq!(verdict(Inst::new(st, vec![], vec![R0, R1, R1, R1, R1])), "ok", "a vector store");
        let mut bra = Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(0))]);
        bra.guard = Some(Guard { pred: VReg(2), negated: true });
        assert_eq!(verdict(bra), "ok");
    }

    #[test]
    fn malformed_instructions_are_named() {
        let add = Op::IAdd3 { neg_b: false, w64: false };
        let e = verdict(Inst::new(add, vec![R0], vec![R0, R1]));
        assert!(e.contains("@k, block 0, instruction 0 (IADD3): 2 sources where the opcode takes 3"), "{e}");
        let setp = Op::ISetp { cmp: Cmp::Lt, signed: true, w64: false, bop: BoolOp::And };
        let e = verdict(Inst::new(setp, vec![P2], vec![R0, R1, R1]));
        assert!(e.contains("source 2 (Reg(VReg(1))) is not a Pred operand"), "{e}");
        let e = verdict(Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(7))]));
        assert!(e.contains("is not a Target operand"), "{e}");
        let e = verdict(Inst::new(Op::Mov { w64: false }, vec![R0], vec![Operand::Reg(VReg(40))]));
        assert!(e.contains("source 0 is %40, past the function's 3 registers"), "{e}");
        let mut mov = Inst::new(Op::Mov { w64: false }, vec![R0], vec![R1]);
        mov.guard = Some(Guard { pred: VReg(1), negated: false });
        assert!(verdict(mov).contains("the guard %1 is a R register"));
        let st = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
        assert!(verdict(Inst::new(st, vec![], vec![R0])).contains("1 sources where the opcode takes 2 or more"));
    }
}
