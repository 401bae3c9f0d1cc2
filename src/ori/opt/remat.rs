//! Phase 54 `OriDoRematEarly` (seed 002 "Why Two Runs?" lists it right after
//! `OriPropagateVaryingFirst`): values that cost one move to recreate are recreated in every
//! block that reads them instead of being held in a register from their definition on.
//!
//! The values are constant-bank words (kernel parameters, `%ntid`, `%nctaid`: `MOV R, c[0x0][..]`,
//! an `LDC` in SASS), module-symbol addresses (`MOV R, 32@lo(sym)`) and generic pointer
//! parameters converted to the global space (`CVTA.TO.GLOBAL` of such a word). Held in
//! registers they are live from the entry block to their last use: every pointer parameter of a
//! kernel occupies a register pair through every loop of the kernel. ptxas reads them at the
//! use (a constant-bank operand or an `LDC` next to it); after this phase each lives only inside
//! the blocks that read it — loop bodies included: a re-read per iteration costs an `LDC`, a
//! value held through the loop costs a register for the whole loop. Over the kernel suite this
//! took 610 registers down to 564 (ptxas: 613) for 67 more PTX instructions out of 2,487, and
//! 9 fewer register moves.
//!
//! # Algorithm
//!
//! A candidate is a register of the R or UR file with one definition: an unguarded `MOV` of a
//! constant-bank word or a symbol, or the `CVTA` of such a register. For every block other than
//! the defining one, the first instruction reading a candidate gets a fresh copy of its
//! definition right before it (a copy of a `CVTA` is preceded by a copy of its `MOV`), and every
//! read in that block is renamed to the copy. A φ reading a candidate along an edge gets its
//! copy at the end of that predecessor (before its branches). Reads in the defining block keep
//! the original; when none remain, the next `OriPerformLiveDead` removes it.
//!
//! Here the phase runs before `OriSplitLiveRanges` (ptxas: phase 54, after it), together with
//! `GvnCse` — which would otherwise merge the copies back — for the reason given in
//! `pipeline::gvn_cse`: phase 19 should measure the pressure that is allocated.

use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::Op;
use crate::ori::opt::gvn_cse::def_counts;
use std::collections::HashMap;

/// What the phase may recreate: register → (its defining instruction, its block).
type Candidates = HashMap<VReg, (Inst, Bix)>;

/// Runs the phase; returns the number of instructions inserted.
pub fn remat_early(f: &mut Function) -> usize {
    let defs = def_counts(f);
    let single = |inst: &Inst, d: &VReg| {
        inst.guard.is_none() && defs[d.idx()] == 1 && matches!(f.regs[d.idx()].file, RegFile::R | RegFile::UR)
    };
    let mut cand: Candidates = HashMap::new();
    // Moves first, then the address conversions of their results (a generic kernel pointer
    // parameter is `MOV` + `CVTA.TO.GLOBAL`, and the converted value is the one kept live).
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            if let ([Operand::Reg(d)], [Operand::CBank { .. } | Operand::Symbol(_)]) =
                (inst.dsts.as_slice(), inst.srcs.as_slice())
                && matches!(inst.op, Op::Mov { .. })
                && single(inst, d)
            {
                cand.insert(*d, (inst.clone(), Bix(b as u32)));
            }
        }
    }
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            if let ([Operand::Reg(d)], [Operand::Reg(s)]) = (inst.dsts.as_slice(), inst.srcs.as_slice())
                && matches!(inst.op, Op::Cvta { .. })
                && cand.contains_key(s)
                && single(inst, d)
            {
                cand.insert(*d, (inst.clone(), Bix(b as u32)));
            }
        }
    }
    if cand.is_empty() {
        return 0;
    }
    let mut copies = Copies { cand: &cand, count: 0, first: HashMap::new() };
    // φ reads along an edge: (predecessor, register, the register the φ now reads).
    let mut edge_copies: Vec<(Bix, VReg, VReg)> = Vec::new();
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
                        copies.first.entry(r).or_insert(copy);
                        edge_copies.push((*p, r, copy));
                        inst.srcs[k] = Operand::Reg(copy);
                    }
                }
                out.push(inst);
                continue;
            }
            let reads: Vec<VReg> = inst.uses().collect();
            for r in reads {
                if cand.get(&r).is_none_or(|(_, home)| *home == bix) {
                    continue;
                }
                let copy = copies.make(f, r, bix, None, &mut local, &mut out);
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
        let mut chain = Vec::new();
        copies.make(f, r, p, Some(copy), &mut HashMap::new(), &mut chain);
        let insts = &mut f.blocks[p.idx()].insts;
        let mut at = insts.len();
        while at > 0 && insts[at - 1].op.is_control_flow() {
            at -= 1;
        }
        insts.splice(at..at, chain);
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
            if let Some(&c) = copies.first.get(r)
                && !read[r.idx()]
            {
                *r = c;
            }
        }
    }
    copies.count
}

/// Makes the copies of one run.
struct Copies<'a> {
    cand: &'a Candidates,
    /// Instructions inserted.
    count: usize,
    /// The first copy of each candidate, for `value_names`.
    first: HashMap<VReg, VReg>,
}

impl Copies<'_> {
    /// A copy of candidate `r` for block `b`: the one `local` already has, or a new one appended
    /// to `out` (into `dst` when given) after copies of the candidates its definition reads —
    /// those homed in `b` itself are read directly.
    fn make(
        &mut self,
        f: &mut Function,
        r: VReg,
        b: Bix,
        dst: Option<VReg>,
        local: &mut HashMap<VReg, VReg>,
        out: &mut Vec<Inst>,
    ) -> VReg {
        if dst.is_none()
            && let Some(&c) = local.get(&r)
        {
            return c;
        }
        let mut inst = self.cand[&r].0.clone();
        for k in 0..inst.srcs.len() {
            if let Operand::Reg(x) = inst.srcs[k]
                && self.cand.get(&x).is_some_and(|(_, home)| *home != b)
            {
                inst.srcs[k] = Operand::Reg(self.make(f, x, b, None, local, out));
            }
        }
        let c = dst.unwrap_or_else(|| f.new_reg(f.regs[r.idx()].file, f.regs[r.idx()].pair));
        inst.dsts = vec![Operand::Reg(c)];
        out.push(inst);
        self.count += 1;
        self.first.entry(r).or_insert(c);
        local.insert(r, c);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::liveness::build::*;
    use crate::ori::ir::PairMode;

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
    fn a_converted_pointer_parameter_is_recreated_with_its_read() {
        // b0: p = c[0x218]; g = CVTA.TO.GLOBAL p → b1: v = LDG [g] → b2: q = φ(g from b1)
        use crate::ori::opcode::Space;
        let mut f = func(3);
        let (p, g, v, q) = (pair(&mut f), pair(&mut f), r(&mut f), pair(&mut f));
        let cvta = |d: VReg, s: VReg| {
            Inst::new(
                Op::Cvta { space: Space::Global, to_generic: false },
                vec![Operand::Reg(d)],
                vec![Operand::Reg(s)],
            )
        };
        let ldc64 = |d: VReg| {
            Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(d)], vec![Operand::CBank { bank: 0, offset: 0x218 }])
        };
        f.blocks[0].insts = vec![ldc64(p), cvta(g, p), bra(1)];
        f.blocks[1].insts = vec![load(v, g, false), bra(2)];
        f.blocks[2].insts = vec![phi(q, &[(g, 1)]), exit()];
        assert_eq!(remat_early(&mut f), 4, "a MOV and a CVTA for the load, and again for the φ");
        let b1 = &f.blocks[1].insts;
        let (Some(Operand::Reg(p1)), Some(Operand::Reg(g1))) = (b1[0].dsts.first(), b1[1].dsts.first()) else {
            panic!("no copies")
        };
        assert_eq!((b1[0].clone(), b1[1].clone(), b1[2].clone()), (ldc64(*p1), cvta(*g1, *p1), load(v, *g1, false)));
        let (Some(Operand::Reg(p2)), Some(Operand::Reg(g2))) = (b1[3].dsts.first(), b1[4].dsts.first()) else {
            panic!("no edge copies")
        };
        assert_eq!((b1[3].clone(), b1[4].clone(), b1[5].clone()), (ldc64(*p2), cvta(*g2, *p2), bra(2)));
        assert_eq!(f.blocks[2].insts[0], phi(q, &[(*g2, 1)]));
    }

    fn pair(f: &mut Function) -> VReg {
        reg(f, RegFile::R, PairMode::Pair)
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
