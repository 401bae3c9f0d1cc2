//! The dataflow solver of liveness (see the module documentation of [`super`], sections *GEN /
//! KILL*, *Phis* and *The solver*): the per-block GEN, KILL and phi-use sets (the reference
//! bitvector form and the one-pass sparse form [`super::Liveness::compute`] uses), the sweep
//! order, and the fixed-point iteration with its sorted-set meet and transfer.

use super::{BitVector, FileLiveness, RegNumbering, RegSet};
use crate::ori::analysis::cfg;
use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::Op;

/// The per-file GEN and KILL sets of one block ("GEN / KILL" in the module documentation of
/// [`super`]), over the dense numbering of every register: the straightforward form, kept as the
/// reference the tests compare [`super::Liveness::compute`] and the local DCE variant against.
pub fn block_gen_kill(num: &RegNumbering, insts: &[Inst]) -> ([BitVector; 4], [BitVector; 4]) {
    let mut gen_ = empty_sets(num);
    let mut kill = empty_sets(num);
    for inst in insts.iter().rev() {
        let is_phi = matches!(inst.op, Op::Phi);
        if inst.guard.is_none() || is_phi {
            for d in inst.defs() {
                if let Some((s, i)) = num.lookup(d) {
                    kill[s].set(i);
                    gen_[s].clear(i);
                }
            }
        }
        if is_phi {
            // Phi operands are used at the end of the predecessors (see `phi_uses`).
            continue;
        }
        for u in inst.uses() {
            if let Some((s, i)) = num.lookup(u) {
                gen_[s].set(i);
            }
        }
    }
    (gen_, kill)
}

/// Per block and file: the registers that phis of successors read at the end of the block, over
/// the dense numbering of every register (the reference form, as [`block_gen_kill`]).
pub fn phi_uses(f: &Function, num: &RegNumbering) -> Vec<[BitVector; 4]> {
    let mut out: Vec<[BitVector; 4]> = (0..f.blocks.len()).map(|_| empty_sets(num)).collect();
    for (p, list) in phi_operands(f).iter().enumerate() {
        for &v in list {
            if let Some((s, i)) = num.lookup(v) {
                out[p][s].set(i);
            }
        }
    }
    out
}

/// Per block: the phi operands read at its end (phis of its successors), in program order.
pub(super) fn phi_operands(f: &Function) -> Vec<Vec<VReg>> {
    let mut out: Vec<Vec<VReg>> = vec![Vec::new(); f.blocks.len()];
    for block in &f.blocks {
        for inst in block.insts.iter().filter(|i| matches!(i.op, Op::Phi)) {
            for pair in inst.srcs.chunks_exact(2) {
                let (Some(v), Operand::Label(p)) = (pair[0].reg(), &pair[1]) else { continue };
                if let Some(list) = out.get_mut(p.idx()) {
                    list.push(v);
                }
            }
        }
    }
    out
}

/// Per block: its upward-exposed uses (every file), each once, by one forward scan per block. A
/// use is upward-exposed when no unguarded definition (or phi) earlier in the block writes the
/// register; a use and a definition in the same instruction read the old value. This is the
/// `gen` of [`block_gen_kill`], computed with per-register block stamps instead of per-block
/// sets, so the whole function costs one pass and no `blocks × registers` term.
pub(super) fn upward_exposed(f: &Function) -> Vec<Vec<VReg>> {
    let mut defined = vec![0u32; f.regs.len()];
    let mut listed = vec![0u32; f.regs.len()];
    let mut out = Vec::with_capacity(f.blocks.len());
    for (b, block) in f.blocks.iter().enumerate() {
        let stamp = b as u32 + 1;
        let mut list = Vec::new();
        for inst in &block.insts {
            let is_phi = matches!(inst.op, Op::Phi);
            if !is_phi {
                for u in inst.uses() {
                    if defined[u.idx()] != stamp && listed[u.idx()] != stamp {
                        listed[u.idx()] = stamp;
                        list.push(u);
                    }
                }
            }
            if inst.guard.is_none() || is_phi {
                for d in inst.defs() {
                    defined[d.idx()] = stamp;
                }
            }
        }
        out.push(list);
    }
    out
}

fn empty_sets(num: &RegNumbering) -> [BitVector; 4] {
    std::array::from_fn(|s| BitVector::new(num.len(s)))
}

/// The order the solver sweeps (reverse RPO, i.e. exits first, then the unreachable blocks) and
/// the successor lists.
pub(super) fn sweep_order(f: &Function) -> (Vec<Bix>, Vec<Vec<Bix>>) {
    let (succs, rpo, rpo_num) = cfg::successors_and_rpo(f);
    let mut order: Vec<Bix> = rpo.iter().rev().copied().collect();
    order.extend((0..f.blocks.len() as u32).rev().map(Bix).filter(|&b| rpo_num[b.idx()].is_none()));
    (order, succs)
}

/// Stage 1 and stage 2 of the seed's solver for one register file, on [`RegSet`]s: the meet
/// `LiveOut(B) ∪= LiveIn(S)` and the transfer `LiveIn(B) ∪= gen(B) ∪ (LiveOut(B) \ kill(B))`
/// are sorted merges ([`union_into`], [`transfer_into`]) that report whether the destination
/// grew, exactly as the seed's `orIfChanged` / `orWithAndNotIfChanged` do on bitvectors; the
/// sets, the sweep order and hence the sweep count are those of the bitvector formulation.
pub(super) fn solve(
    file: RegFile,
    gen_: Vec<RegSet>,
    kill: Vec<RegSet>,
    phi_uses: Vec<RegSet>,
    order: &[Bix],
    succs: &[Vec<Bix>],
) -> FileLiveness {
    let n = gen_.len();
    let mut live_in: Vec<RegSet> = vec![RegSet::new(); n];
    let mut live_out: Vec<RegSet> = phi_uses.clone();
    let (mut merged, mut flow) = (RegSet::new(), RegSet::new());
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut changed = false;
        for &b in order {
            let b = b.idx();
            for s in &succs[b] {
                changed |= union_into(&mut live_out[b], &live_in[s.idx()], &mut merged);
            }
            changed |= transfer_into(&mut live_in[b], &gen_[b], &live_out[b], &kill[b], &mut flow, &mut merged);
        }
        if !changed {
            break;
        }
    }
    FileLiveness { file, gen_, kill, phi_uses, live_in, live_out, sweeps, block_peak: vec![0; n], peak: 0 }
}

/// `dst ∪= src` on sorted sets; returns whether `dst` grew. A read-only scan first looks for an
/// element of `src` missing from `dst` (the common "nothing changes" case writes nothing);
/// otherwise the two are merged through `tmp`, which is swapped in.
pub(super) fn union_into(dst: &mut RegSet, src: &[u32], tmp: &mut RegSet) -> bool {
    let (mut i, mut j) = (0, 0);
    while j < src.len() {
        match dst.get(i) {
            Some(&d) if d < src[j] => i += 1,
            Some(&d) if d == src[j] => {
                i += 1;
                j += 1;
            }
            Some(_) | None => break,
        }
    }
    if j == src.len() {
        return false;
    }
    tmp.clear();
    tmp.extend_from_slice(&dst[..i]);
    let (a, b) = (&dst[i..], &src[j..]);
    let (mut x, mut y) = (0, 0);
    while x < a.len() && y < b.len() {
        match a[x].cmp(&b[y]) {
            std::cmp::Ordering::Less => {
                tmp.push(a[x]);
                x += 1;
            }
            std::cmp::Ordering::Greater => {
                tmp.push(b[y]);
                y += 1;
            }
            std::cmp::Ordering::Equal => {
                tmp.push(a[x]);
                x += 1;
                y += 1;
            }
        }
    }
    tmp.extend_from_slice(&a[x..]);
    tmp.extend_from_slice(&b[y..]);
    std::mem::swap(dst, tmp);
    true
}

/// The fused transfer `live_in ∪= gen ∪ (live_out \ kill)` on sorted sets; returns whether
/// `live_in` grew. `flow` receives `live_out \ kill` and then its union with `gen`.
pub(super) fn transfer_into(
    live_in: &mut RegSet,
    gen_: &[u32],
    live_out: &[u32],
    kill: &[u32],
    flow: &mut RegSet,
    tmp: &mut RegSet,
) -> bool {
    flow.clear();
    let mut k = 0;
    for &r in live_out {
        while k < kill.len() && kill[k] < r {
            k += 1;
        }
        if kill.get(k) != Some(&r) {
            flow.push(r);
        }
    }
    union_into(flow, gen_, tmp);
    union_into(live_in, flow, tmp)
}
