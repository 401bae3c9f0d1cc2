//! `FoldBranchOverJump`: after block placement (phase 112), a conditional branch that only skips
//! a jump is inverted and the jump's block removed:
//!
//! ```text
//!   B:  ...; @P0 BRA T          B:  ...; @!P0 BRA U
//!   F:  BRA U             →     T:  ...
//!   T:  ...
//! ```
//!
//! when `F` holds nothing but the unguarded `BRA U`, nothing else branches to `F`, and `T` is
//! the block right after `F`. The paths are the same (`P0` → `T`, else `U`) with one branch
//! fewer on each; it is what llc's branch folding does to the same shape (ptxas keeps the
//! extra `BRA` otherwise). Runs before allocation, so `ori check` executes its result.
//! Block indices after `F` shift down by one (every `Label` operand is renumbered); phis are
//! gone by then (`EliminateMovPhi`).

use crate::ori::ir::{Bix, Function, Operand};
use crate::ori::opcode::Op;

/// Applies the fold everywhere it matches; returns how many jumps were removed.
pub fn fold_branch_over_jump(f: &mut Function) -> usize {
    let mut removed = 0;
    let mut b = 0;
    while b + 2 < f.blocks.len() {
        if let Some(u) = foldable(f, b) {
            let fb = b + 1;
            if let Some(last) = f.blocks[b].insts.last_mut() {
                if let Some(g) = last.guard.as_mut() {
                    g.negated = !g.negated;
                }
                last.srcs = vec![Operand::Label(u)];
            }
            f.blocks.remove(fb);
            for block in &mut f.blocks {
                for i in &mut block.insts {
                    for o in i.srcs.iter_mut().chain(i.dsts.iter_mut()) {
                        if let Operand::Label(x) = o
                            && x.idx() > fb
                        {
                            *x = Bix(x.0 - 1);
                        }
                    }
                }
            }
            removed += 1;
            continue;
        }
        b += 1;
    }
    removed
}

/// The jump target `U` when block `b` and its successor `F` have the shape above.
fn foldable(f: &Function, b: usize) -> Option<Bix> {
    let fb = b + 1;
    let last = f.blocks[b].insts.last()?;
    if last.op != Op::Bra || last.guard.is_none() || last.srcs.len() != 1 {
        return None;
    }
    let Operand::Label(t) = last.srcs[0] else { return None };
    if t.idx() != fb + 1 {
        return None;
    }
    let [jump] = f.blocks[fb].insts.as_slice() else { return None };
    if jump.op != Op::Bra || jump.guard.is_some() || jump.srcs.len() != 1 {
        return None;
    }
    let Operand::Label(u) = jump.srcs[0] else { return None };
    if u.idx() == fb {
        return None;
    }
    let targeted = f
        .blocks
        .iter()
        .flat_map(|bl| &bl.insts)
        .any(|i| i.srcs.iter().chain(&i.dsts).any(|o| matches!(o, Operand::Label(x) if x.idx() == fb)));
    // After the fold, `U` is named from `b`; renumbering happens later.
    (!targeted).then_some(u)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::ir::{Block, Guard, Inst, PairMode, RegFile};

    fn bra(to: u32) -> Inst {
        Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(to))])
    }

    #[test]
    fn inverts_and_removes_the_jump_block() {
        let mut f = Function::default();
        let p = f.new_reg(RegFile::P, PairMode::Single);
        let mut cond = bra(2);
        cond.guard = Some(Guard { pred: p, negated: false });
        let blocks = vec![
            vec![cond],
            vec![bra(3)],
            vec![Inst::new(Op::Exit, vec![], vec![])],
            vec![Inst::new(Op::Exit, vec![], vec![])],
        ];
        f.blocks = blocks
            .into_iter()
            .enumerate()
            .map(|(k, insts)| Block { insts, label: k as u32, ..Default::default() })
            .collect();
        assert_eq!(fold_branch_over_jump(&mut f), 1);
        assert_eq!(f.blocks.len(), 3);
        let last = f.blocks[0].insts.last().unwrap();
        assert_eq!(last.guard, Some(Guard { pred: p, negated: true }));
        // U was block 3, now block 2.
        assert_eq!(last.srcs, vec![Operand::Label(Bix(2))]);
    }

    #[test]
    fn keeps_a_jump_block_that_is_a_branch_target() {
        let mut f = Function::default();
        let p = f.new_reg(RegFile::P, PairMode::Single);
        let mut cond = bra(2);
        cond.guard = Some(Guard { pred: p, negated: false });
        let blocks = vec![vec![cond], vec![bra(3)], vec![bra(1)], vec![Inst::new(Op::Exit, vec![], vec![])]];
        f.blocks = blocks
            .into_iter()
            .enumerate()
            .map(|(k, insts)| Block { insts, label: k as u32, ..Default::default() })
            .collect();
        assert_eq!(fold_branch_over_jump(&mut f), 0);
        assert_eq!(f.blocks.len(), 4);
    }
}
