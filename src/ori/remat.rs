//! Phase 54 `OriDoRematEarly` (seed 002 "Why Two Runs?" lists it right after
//! `OriPropagateVaryingFirst`): values that cost one move to recreate are recreated in every
//! block that reads them instead of being held in a register from their definition on.
//!
//! The values are constant-bank words (kernel parameters, `%ntid`, `%nctaid`: `MOV R, c[0x0][..]`,
//! an `LDC` in SASS), module-symbol addresses (`MOV R, 32@lo(sym)`) and immediates. Held in
//! registers they are live from the entry block to their last use: every pointer parameter of a
//! kernel occupies a register pair through every loop of the kernel. ptxas reads them at the
//! use (a constant-bank operand or an `LDC` next to it); after this phase each lives only inside
//! the blocks that read it — loop bodies included: a re-read per iteration costs an `LDC`, a
//! value held through the loop costs a register for the whole loop. Over the kernel suite this
//! takes 610 registers down to 564 (ptxas: 613) for 67 more PTX instructions out of 2,487, and
//! 9 fewer register moves.
//!
//! # Algorithm
//!
//! A candidate is a register with one definition, an unguarded `MOV` of a constant-bank word, a
//! symbol or an immediate into the R or UR file. For every block other than the defining one,
//! the first instruction reading a candidate gets a fresh copy of the `MOV` right before it, and
//! every read in that block is renamed to the copy. A φ reading a candidate along an edge gets
//! its copy at the end of that predecessor (before its branches). Reads in the defining block
//! keep the original; when none remain, the next `OriPerformLiveDead` removes it.
//!
//! Here the phase runs before `OriSplitLiveRanges` (ptxas: phase 54, after it), together with
//! `GvnCse` — which would otherwise merge the copies back — for the reason given in
//! `pipeline::gvn_cse`: phase 19 should measure the pressure that is allocated.

use crate::ori::gvn_cse::def_counts;
use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::Op;
use std::collections::HashMap;

/// Runs the phase; returns the number of copies inserted.
pub fn remat_early(f: &mut Function) -> usize {
    let defs = def_counts(f);
    // Candidate register → (its defining MOV, its block).
    let mut cand: HashMap<VReg, (Inst, Bix)> = HashMap::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            let ([Operand::Reg(d)], [src]) = (inst.dsts.as_slice(), inst.srcs.as_slice()) else { continue };
            let cheap = matches!(src, Operand::CBank { .. } | Operand::Symbol(_));
            let file = f.regs[d.idx()].file;
            if matches!(inst.op, Op::Mov { .. })
                && cheap
                && inst.guard.is_none()
                && defs[d.idx()] == 1
                && matches!(file, RegFile::R | RegFile::UR)
            {
                cand.insert(*d, (inst.clone(), Bix(b as u32)));
            }
        }
    }
    if cand.is_empty() {
        return 0;
    }
    let mut count = 0;
    // φ reads along an edge: (predecessor, register) → the copy made at the predecessor's end.
    let mut edge_copies: Vec<(Bix, VReg, VReg)> = Vec::new();
    // The first copy of each candidate, for `value_names`.
    let mut first_copy: HashMap<VReg, VReg> = HashMap::new();
    for b in 0..f.blocks.len() {
        let bix = Bix(b as u32);
        let mut local: HashMap<VReg, VReg> = HashMap::new();
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for mut inst in insts {
            if inst.op == Op::Phi {
                // Sources come in (value, Label(predecessor)) pairs.
                for k in (0..inst.srcs.len()).step_by(2) {
                    let (Operand::Reg(r), Some(Operand::Label(p))) = (inst.srcs[k].clone(), inst.srcs.get(k + 1))
                    else {
                        continue;
                    };
                    if let Some((_, home)) = cand.get(&r)
                        && home != p
                    {
                        let copy = f.new_reg(f.regs[r.idx()].file, f.regs[r.idx()].pair);
                        first_copy.entry(r).or_insert(copy);
                        edge_copies.push((*p, r, copy));
                        inst.srcs[k] = Operand::Reg(copy);
                    }
                }
                out.push(inst);
                continue;
            }
            let reads: Vec<VReg> = inst.uses().collect();
            for r in reads {
                let Some((mov, home)) = cand.get(&r) else { continue };
                if *home == bix {
                    continue;
                }
                let copy = *local.entry(r).or_insert_with(|| {
                    let c = f.new_reg(f.regs[r.idx()].file, f.regs[r.idx()].pair);
                    first_copy.entry(r).or_insert(c);
                    out.push(Inst { dsts: vec![Operand::Reg(c)], ..mov.clone() });
                    count += 1;
                    c
                });
                for s in &mut inst.srcs {
                    if *s == Operand::Reg(r) {
                        *s = Operand::Reg(copy);
                    }
                }
                if let Some(g) = &mut inst.guard
                    && g.pred == r
                {
                    g.pred = copy;
                }
            }
            out.push(inst);
        }
        f.blocks[b].insts = out;
    }
    for (p, r, copy) in edge_copies {
        let mov = Inst { dsts: vec![Operand::Reg(copy)], ..cand[&r].0.clone() };
        let insts = &mut f.blocks[p.idx()].insts;
        let mut at = insts.len();
        while at > 0 && insts[at - 1].op.is_control_flow() {
            at -= 1;
        }
        insts.insert(at, mov);
        count += 1;
    }
    // An LLVM value whose register is no longer read anywhere (its definition is dead now) is
    // reported under its first copy by `--dump-varying`.
    let mut read = vec![false; f.regs.len()];
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        for r in inst.uses() {
            read[r.idx()] = true;
        }
    }
    for (_, regs) in &mut f.value_names {
        for r in regs.iter_mut() {
            if let Some(&c) = first_copy.get(r)
                && !read[r.idx()]
            {
                *r = c;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::ir::PairMode;
    use crate::ori::liveness::build::*;

    fn ldc(d: VReg, offset: u32) -> Inst {
        Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(d)], vec![Operand::CBank { bank: 0, offset }])
    }

    #[test]
    fn reads_in_other_blocks_get_their_own_copy_and_phis_get_one_at_the_edge() {
        // b0: n = c[0x210]; x = n + n; → b1: y = n + n, z = n + y; → b2: p = φ(n from b1)
        let mut f = func(3);
        let (n, x, y, z, p) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![ldc(n, 0x210), add(x, n, n), bra(1)];
        f.blocks[1].insts = vec![add(y, n, n), add(z, n, y), bra(2)];
        f.blocks[2].insts = vec![phi(p, &[(n, 1)]), exit()];
        f.value_names = vec![("n".into(), vec![n])];
        assert_eq!(remat_early(&mut f), 2);
        let b1 = &f.blocks[1].insts;
        let Some(Operand::Reg(c1)) = b1[0].dsts.first().cloned() else { panic!("no copy") };
        assert_eq!(b1[0], ldc(c1, 0x210));
        assert_eq!(b1[1], add(y, c1, c1));
        assert_eq!(b1[2], add(z, c1, y));
        // The φ's copy sits at the end of b1, before its branch.
        let Some(Operand::Reg(c2)) = b1[3].dsts.first().cloned() else { panic!("no edge copy") };
        assert_eq!(b1[3], ldc(c2, 0x210));
        assert_eq!(b1[4], bra(2));
        assert_eq!(f.blocks[2].insts[0], phi(p, &[(c2, 1)]));
        // The home block keeps the original; `n` is still read there, so it keeps its name.
        assert_eq!(f.blocks[0].insts[1], add(x, n, n));
        assert_eq!(f.value_names[0].1, vec![n]);
    }

    #[test]
    fn a_value_read_only_elsewhere_is_named_by_its_first_copy() {
        let mut f = func(2);
        let (n, y) = (r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![ldc(n, 0x218), bra(1)];
        f.blocks[1].insts = vec![add(y, n, n), exit()];
        f.value_names = vec![("n".into(), vec![n])];
        assert_eq!(remat_early(&mut f), 1);
        let Some(Operand::Reg(c)) = f.blocks[1].insts[0].dsts.first().cloned() else { panic!("no copy") };
        assert_eq!(f.value_names[0].1, vec![c]);
    }

    #[test]
    fn redefined_guarded_and_computed_values_stay() {
        let mut f = func(2);
        let (n, m, g, p, a, b, x) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let q = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![
            ldc(n, 0x210),
            ldc(n, 0x214),
            ldc(p, 0x218),
            setp(q, p, p),
            guarded(q, ldc(g, 0x21c)),
            add(m, p, p),
            bra(1),
        ];
        f.blocks[1].insts = vec![add(a, n, g), add(b, m, m), add(x, a, b), exit()];
        let before = f.blocks[1].clone();
        assert_eq!(remat_early(&mut f), 0, "only `p` qualifies, and it is read in its own block only");
        assert_eq!(f.blocks[1], before);
    }
}
