//! Phase 49 `GvnCse` (seed 002 "Why Two Runs?" lists it before `OriPropagateVaryingFirst`):
//! common-subexpression elimination over the dominator tree. It runs right after
//! `OriPerformLiveDeadFirst` here, ahead of phase 19 (see `pipeline::gvn_cse`).
//!
//! # Why the back end needs it
//!
//! LLVM's IR arrives GVN'd, but lowering re-expands what LLVM kept folded: every `getelementptr`
//! becomes its own `MOV symbol; IMAD.WIDE; IMAD.WIDE; IADD3` chain, so sixteen GEPs into one
//! shared tile hoisted to a loop preheader (matmul_tiled) become sixteen copies of the same
//! base address, each a live 64-bit pair through the loop. Value numbering merges the copies;
//! `fold_offsets` then turns the remaining `base + constant` additions into address offsets.
//!
//! # Algorithm
//!
//! A preorder walk of the dominator tree with a scoped table from *(opcode, renamed sources,
//! destination register classes)* to the destinations of the first instruction that computed
//! it. An instruction whose key is in scope is deleted and its destinations are renamed to the
//! earlier ones; scopes close when the walk leaves a block's subtree, so a value is only reused
//! where its definition dominates. Renaming is sound because both instructions define
//! single-definition registers (SSA before `EliminateMovPhi`): every use of the deleted
//! register is dominated by its definition, hence by the earlier one's.
//!
//! A merge is refused when it would carry the earlier value through a loop that does not read
//! it: when some block on the dominator-tree path from the earlier instruction's block down to
//! the later one heads a loop that does not contain the later block ([`crosses_a_loop`]). Such a
//! value would stay live through every iteration for nothing — the synthetic benchmark kernels
//! recompute 64 load addresses after their loop nests, and merging those with the addresses
//! computed before the loops took gen_1k from 80 to 186 registers. (ptxas merges and
//! rematerializes later; ori has no general rematerialization.)
//!
//! Candidates are unguarded instructions of pure opcodes ([`is_candidate`]) whose destinations
//! are defined once and whose register sources are defined at most once (a source defined twice
//! could hold different values at the two instructions). Loads are never merged (no alias
//! analysis), nor are warp-level operations (their results depend on the active lanes), special
//! register reads (clocks change; no other opcode takes one as an operand today, but a
//! special-register operand disqualifies any instruction), φs, copies and inline assembly.

use crate::ori::analysis::cfg;
use crate::ori::ir::{Bix, Function, Operand, RegInfo, VReg};
use crate::ori::opcode::{Op, OpClass};
use std::collections::HashMap;

/// Whether instructions of this opcode compute a pure function of their operands: the pure
/// integer and float operations ([`OpClass`]), `MOV`, and the address-space conversions and
/// tests. Not: loads (memory may change between them), special registers, lane and CTA
/// operations, φs and copies, control flow, textures and surfaces, inline assembly.
pub fn is_candidate(op: &Op) -> bool {
    match op.class() {
        OpClass::Int | OpClass::Float => true,
        OpClass::Move => matches!(op, Op::Mov { .. }),
        OpClass::Memory => matches!(op, Op::Cvta { .. } | Op::IsSpace { .. }),
        OpClass::Atomic | OpClass::Warp | OpClass::Control | OpClass::Special => false,
    }
}

/// How many instructions define each register.
pub fn def_counts(f: &Function) -> Vec<u32> {
    let mut n = vec![0u32; f.regs.len()];
    for b in &f.blocks {
        for i in &b.insts {
            for d in i.defs() {
                n[d.idx()] += 1;
            }
        }
    }
    n
}

pub(crate) type Key = (Op, Vec<Operand>, Vec<RegInfo>);

/// Whether `inst` may be merged with an identical one (see the module documentation):
/// unguarded, a pure opcode, single-definition destinations and register sources, no special
/// register operand.
pub(crate) fn eligible(inst: &crate::ori::ir::Inst, defs: &[u32]) -> bool {
    inst.guard.is_none()
        && is_candidate(&inst.op)
        && !inst.dsts.is_empty()
        && inst.dsts.iter().all(|d| matches!(d, Operand::Reg(r) if defs[r.idx()] == 1))
        && inst.srcs.iter().all(|s| s.reg().is_none_or(|r| defs[r.idx()] <= 1))
        && !inst.srcs.iter().any(|s| matches!(s, Operand::SReg(_)))
}

/// Runs the phase; returns the number of instructions removed.
pub fn gvn_cse(f: &mut Function) -> usize {
    let cfg = cfg::analyze(f);
    let defs = def_counts(f);
    let mut children: Vec<Vec<Bix>> = vec![Vec::new(); f.blocks.len()];
    for &b in cfg.rpo() {
        if let Some(d) = cfg.idom(b) {
            children[d.idx()].push(b);
        }
    }
    let mut rename: Vec<Option<VReg>> = vec![None; f.regs.len()];
    let mut table: HashMap<Key, (Vec<VReg>, Bix)> = HashMap::new();
    // Block → the loop it heads.
    let mut heads: Vec<Option<usize>> = vec![None; f.blocks.len()];
    for (k, l) in cfg.loops().iter().enumerate() {
        heads[l.header.idx()] = Some(k);
    }
    let mut removed: Vec<Vec<bool>> = f.blocks.iter().map(|b| vec![false; b.insts.len()]).collect();
    let mut count = 0;
    // Iterative preorder walk: `Enter(b)` processes b and schedules its children, `Leave(undo)`
    // closes b's scope: each key b entered is removed again, or given back the entry b shadowed
    // (an earlier computation that b could not reuse because a loop lies between).
    type Entry = (Vec<VReg>, Bix);
    enum Step {
        Enter(Bix),
        Leave(Vec<(Key, Option<Entry>)>),
    }
    let Some(&entry) = cfg.rpo().first() else { return 0 };
    let mut stack = vec![Step::Enter(entry)];
    while let Some(step) = stack.pop() {
        let b = match step {
            Step::Leave(undo) => {
                for (k, old) in undo.into_iter().rev() {
                    match old {
                        Some(e) => table.insert(k, e),
                        None => table.remove(&k),
                    };
                }
                continue;
            }
            Step::Enter(b) => b,
        };
        let mut opened = Vec::new();
        for (k, inst) in f.blocks[b.idx()].insts.iter_mut().enumerate() {
            rename_sources(inst, &rename);
            if !eligible(inst, &defs) {
                continue;
            }
            let dsts: Vec<VReg> = inst.defs().collect();
            let key: Key = (inst.op, inst.srcs.clone(), dsts.iter().map(|&d| f.regs[d.idx()]).collect());
            if let Some((prev, home)) = table.get(&key)
                && !crosses_a_loop(&cfg, &heads, *home, b)
            {
                for (d, p) in dsts.iter().zip(prev) {
                    rename[d.idx()] = Some(*p);
                }
                removed[b.idx()][k] = true;
                count += 1;
            } else {
                let old = table.insert(key.clone(), (dsts, b));
                opened.push((key, old));
            }
        }
        stack.push(Step::Leave(opened));
        for &c in children[b.idx()].iter().rev() {
            stack.push(Step::Enter(c));
        }
    }
    if count == 0 {
        return 0;
    }
    for (block, gone) in f.blocks.iter_mut().zip(&removed) {
        let mut k = 0;
        block.insts.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
        for inst in &mut block.insts {
            rename_sources(inst, &rename);
        }
    }
    for (_, regs) in &mut f.value_names {
        for r in regs.iter_mut() {
            if let Some(to) = rename[r.idx()] {
                *r = to;
            }
        }
    }
    count
}

/// The most dominator-tree steps [`crosses_a_loop`] walks; a longer path counts as crossing.
const MAX_WALK: usize = 64;

/// Whether the dominator-tree path from `from` (exclusive) down to `to` (inclusive) passes a loop
/// header whose loop does not contain `to` (`from` dominates `to`).
pub(crate) fn crosses_a_loop(cfg: &cfg::Cfg, heads: &[Option<usize>], from: Bix, to: Bix) -> bool {
    let mut x = to;
    for _ in 0..MAX_WALK {
        if x == from {
            return false;
        }
        if let Some(k) = heads[x.idx()]
            && cfg.loops()[k].body.binary_search(&to).is_err()
        {
            return true;
        }
        match cfg.idom(x) {
            Some(d) => x = d,
            None => return true,
        }
    }
    true
}

/// Replaces every renamed register among `inst`'s sources and guard. Renames never chain: a
/// register is only renamed to the destination of an instruction that stayed.
pub(crate) fn rename_sources(inst: &mut crate::ori::ir::Inst, rename: &[Option<VReg>]) {
    for s in &mut inst.srcs {
        if let Operand::Reg(r) = s
            && let Some(to) = rename[r.idx()]
        {
            *r = to;
        }
    }
    if let Some(g) = &mut inst.guard
        && let Some(to) = rename[g.pred.idx()]
    {
        g.pred = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::liveness::build::*;

    /// b0 → {b1, b2} → b3: the diamond every scoping question needs.
    fn diamond() -> (Function, VReg, VReg, VReg) {
        let mut f = func(4);
        let (a, b, p) = (r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(a, 1), movi(b, 2), setp(p, a, b), guarded(p, bra(2)), bra(1)];
        f.blocks[1].insts = vec![bra(3)];
        f.blocks[2].insts = vec![bra(3)];
        f.blocks[3].insts = vec![exit()];
        (f, a, b, p)
    }

    #[test]
    fn merges_a_dominated_recomputation_and_renames_its_uses() {
        let (mut f, a, b, _) = diamond();
        let (x, y, z, addr) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts.insert(3, add(x, a, b));
        f.blocks[1].insts.insert(0, add(y, a, b));
        f.blocks[1].insts.insert(1, add(z, y, y));
        f.blocks[1].insts.insert(2, store(addr, z));
        assert_eq!(gvn_cse(&mut f), 1);
        assert_eq!(f.blocks[1].insts[0], add(z, x, x));
        assert_eq!(f.blocks[1].insts.len(), 3);
    }

    #[test]
    fn keeps_recomputations_in_blocks_that_do_not_dominate_each_other() {
        let (mut f, a, b, _) = diamond();
        let (x, y) = (r(&mut f), r(&mut f));
        f.blocks[1].insts.insert(0, add(x, a, b));
        f.blocks[2].insts.insert(0, add(y, a, b));
        let before = f.clone();
        assert_eq!(gvn_cse(&mut f), 0);
        assert_eq!(f, before);
    }

    #[test]
    fn values_are_not_carried_through_a_loop_that_does_not_read_them() {
        // b0 → b1 (a loop: b1 → b1) → b2. b0 and b2 compute a + b; b2 computes it twice.
        let mut f = func(3);
        let (a, b, p, x, y, z, w) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(a, 1), movi(b, 2), add(x, a, b), bra(1)];
        f.blocks[1].insts = vec![setp(p, a, b), guarded(p, bra(1)), bra(2)];
        f.blocks[2].insts = vec![add(y, a, b), add(z, a, b), add(w, y, z), exit()];
        assert_eq!(gvn_cse(&mut f), 1, "only b2's second computation goes");
        assert_eq!(f.blocks[2].insts[0], add(y, a, b));
        assert_eq!(f.blocks[2].insts[1], add(w, y, y));
    }

    #[test]
    fn loads_guarded_and_multiply_defined_values_are_not_merged() {
        let (mut f, a, b, p) = diamond();
        let (l1, l2, g1, g2, m, n1, n2) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let block = vec![
            load(l1, a, false),
            load(l2, a, false),
            guarded(p, add(g1, a, b)),
            guarded(p, add(g2, a, b)),
            // `m` is defined twice, so two reads of it need not see one value.
            movi(m, 5),
            add(n1, m, a),
            movi(m, 6),
            add(n2, m, a),
        ];
        f.blocks[3].insts.splice(0..0, block);
        let before = f.clone();
        assert_eq!(gvn_cse(&mut f), 0);
        assert_eq!(f, before);
    }

    #[test]
    fn every_pure_opcode_is_a_candidate_and_nothing_with_effects_is() {
        use crate::ori::opcode::Space;
        assert!(is_candidate(&Op::IAdd3 { neg_b: false, w64: true }));
        assert!(!is_candidate(&Op::Ld {
            space: Space::Global,
            bits: 32,
            signed: false,
            volatile: false,
            offset: 0,
            nc: false
        }));
        assert!(!is_candidate(&Op::S2R));
        assert!(!is_candidate(&Op::Phi));
        assert!(!is_candidate(&Op::Bar));
    }
}
