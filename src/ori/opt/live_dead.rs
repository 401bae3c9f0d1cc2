//! Dead-code elimination on liveness (seed 000, "Phase 10: EarlyOriSimpleLiveDead" and
//! "Phases 16, 33, 61, 84: OriPerformLiveDead").
//!
//! Both passes walk each block bottom to top with a running live set ([`LiveSet`]) and remove an
//! instruction when it is *removable*:
//!
//! - it has no side effects ([`Op::has_side_effects`]: stores, atomics even with an unused result,
//!   barriers, fences, control flow, calls, volatile loads and side-effecting inline assembly are
//!   always kept), and
//! - it has at least one destination, and every destination is dead at that point: a virtual
//!   register not in the live set, or a discarded `RZ`/`PT` destination. Barrier registers (file
//!   B) are outside the liveness lattice and count as live. An instruction without destinations
//!   and without side effects is kept (nothing says what it is for).
//!
//! A removed instruction contributes nothing to the live set: its sources are *not* made live, so
//! the instructions above that only fed it become dead in the same walk (the seed's cascading
//! removal, "DCE Integration"). A kept instruction applies the usual backward transfer
//! ([`LiveSet::step`]): its unguarded definitions die, its sources and guard become live. Phis
//! whose result is dead are removed like any other instruction; a kept phi's operands are live
//! out of the predecessors already.
//!
//! The two passes differ only in the live set a block starts from (see
//! [`early_simple_live_dead`] and [`perform_live_dead`]).

use crate::ori::analysis::liveness::{LiveSet, Liveness, RegNumbering};
use crate::ori::ir::{Bix, Function, Inst, Operand, VReg};
use crate::ori::opcode::Op;

/// What one DCE run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DceStats {
    /// Instructions removed.
    pub removed: usize,
    /// Sweeps of the global liveness solver (0 for the local variant).
    pub sweeps: u32,
}

/// Whether `inst` may be removed when `live` is the set live just below it.
pub fn is_removable(inst: &Inst, live: &LiveSet<'_>) -> bool {
    removable_when(inst, |r| live.contains(r))
}

/// [`is_removable`] with liveness given as a membership test.
fn removable_when(inst: &Inst, is_live: impl Fn(VReg) -> bool) -> bool {
    !inst.op.has_side_effects()
        && !inst.dsts.is_empty()
        && inst.dsts.iter().all(|d| match d {
            Operand::Reg(r) => !is_live(*r),
            Operand::Zero | Operand::True => true,
            Operand::Imm(_) | Operand::CBank { .. } | Operand::SReg(_) | Operand::Label(_) | Operand::Symbol(_) => {
                false
            }
        })
}

/// The backward walk of one block from `live` (its live-out set): removes every removable
/// instruction, cascading. Returns the number removed.
fn sweep_block(insts: &mut Vec<Inst>, live: &mut LiveSet<'_>) -> usize {
    let mut keep = vec![true; insts.len()];
    for (k, inst) in keep.iter_mut().zip(insts.iter()).rev() {
        if is_removable(inst, live) {
            *k = false;
        } else {
            live.step(inst);
        }
    }
    let removed = keep.iter().filter(|k| !**k).count();
    if removed > 0 {
        let mut it = keep.into_iter();
        insts.retain(|_| it.next().unwrap_or(true));
    }
    removed
}

/// Phase 16/33/61/84 `OriPerformLiveDead` (seed 000 "Algorithm"): global liveness by the
/// iterative solver ([`Liveness::compute`]), then one backward walk per block starting from its
/// `LiveOut`, removing dead instructions with cascading inside the block. One pass only: the
/// liveness is not recomputed after removals, so a chain that crosses blocks shrinks by one block
/// per instance (the next instance picks up the rest). Works on SSA and on non-SSA code.
pub fn perform_live_dead(f: &mut Function) -> (DceStats, Liveness) {
    let live = Liveness::compute(f);
    let mut removed = 0;
    let mut set = LiveSet::empty(&live.numbering);
    for (b, block) in f.blocks.iter_mut().enumerate() {
        set.load_live_out(&live, Bix(b as u32));
        removed += sweep_block(&mut block.insts, &mut set);
    }
    drop(set);
    (DceStats { removed, sweeps: live.sweeps() }, live)
}

/// Where the uses of one register lie, for the local variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UseSite {
    None,
    One(u32),
    Many,
}

/// Phase 10 `EarlyOriSimpleLiveDead` (seed 000): the "simple", local-only variant. No global
/// dataflow: a block's live-out set is approximated from where registers are used, which is
/// sound and costs one scan of the function:
///
/// ```text
/// LiveOut≈(B) = { r used in some block other than B }
///             ∪ phi_uses(B)            -- operands of successors' phis
///             ∪ gen(B)                 -- upward-exposed in B: live around a loop back into B
/// ```
///
/// A phi operand counts as a use at the end of its predecessor. A register truly live out of `B`
/// reaches a use either in another block (first set) or, around a cycle, an upward-exposed use in
/// `B` itself (third set), so the approximation contains the real `LiveOut(B)`. What it removes is
/// the obviously dead code of fresh lowering: definitions with no use anywhere, and chains of
/// them inside one block. Returns the number of instructions removed.
///
/// Cost: linear in the function. The approximation is never materialized per block (that would be
/// blocks × registers): one function-wide "used somewhere" table is shared, and each block's walk
/// keeps its few differences from it (the registers used only in this block, its upward-exposed
/// uses and phi operands, and whatever the walk itself kills or revives) in an overlay that is
/// undone afterwards.
pub fn early_simple_live_dead(f: &mut Function) -> usize {
    let num = RegNumbering::new(f);
    let n = f.regs.len();
    let mut sites = vec![UseSite::None; n];
    // Per block: the phi operands read at its end (phis of its successors).
    let mut phi_uses: Vec<Vec<VReg>> = vec![Vec::new(); f.blocks.len()];
    let mut note = |r: VReg, b: usize| {
        let site = &mut sites[r.idx()];
        *site = match *site {
            UseSite::None => UseSite::One(b as u32),
            UseSite::One(c) if c as usize == b => UseSite::One(c),
            UseSite::One(_) | UseSite::Many => UseSite::Many,
        };
    };
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            if matches!(inst.op, Op::Phi) {
                for pair in inst.srcs.chunks_exact(2) {
                    if let (Some(v), Operand::Label(p)) = (pair[0].reg(), &pair[1]) {
                        note(v, p.idx());
                        if let Some(list) = phi_uses.get_mut(p.idx()) {
                            list.push(v);
                        }
                    }
                }
                continue;
            }
            for u in inst.uses() {
                note(u, b);
            }
        }
    }
    // Every used register, and per block the registers used in that block only.
    let used: Vec<bool> = sites.iter().map(|s| *s != UseSite::None).collect();
    let mut only_in: Vec<Vec<VReg>> = vec![Vec::new(); f.blocks.len()];
    for (r, site) in sites.iter().enumerate() {
        if let UseSite::One(b) = *site
            && let Some(list) = only_in.get_mut(b as usize)
        {
            list.push(VReg(r as u32));
        }
    }
    // The overlay: `Some(live)` overrides `used`; `touched` lists the entries to undo.
    let mut overlay: Vec<Option<bool>> = vec![None; n];
    let mut touched: Vec<VReg> = Vec::new();
    let mut defined = vec![false; n];
    let mut removed = 0;
    for (b, block) in f.blocks.iter_mut().enumerate() {
        let mut set = |r: VReg, live: bool, overlay: &mut Vec<Option<bool>>| {
            if overlay[r.idx()].is_none() {
                touched.push(r);
            }
            overlay[r.idx()] = Some(live);
        };
        for &r in &only_in[b] {
            set(r, false, &mut overlay);
        }
        // gen(B): uses not preceded by an unguarded definition in the block (phis define at the
        // top; their operands are not uses of this block).
        let mut defs_here: Vec<VReg> = Vec::new();
        for inst in &block.insts {
            let is_phi = matches!(inst.op, Op::Phi);
            if !is_phi {
                for u in inst.uses() {
                    if !defined[u.idx()] {
                        set(u, true, &mut overlay);
                    }
                }
            }
            if inst.guard.is_none() || is_phi {
                for d in inst.defs() {
                    if !defined[d.idx()] {
                        defined[d.idx()] = true;
                        defs_here.push(d);
                    }
                }
            }
        }
        for &r in &phi_uses[b] {
            set(r, true, &mut overlay);
        }
        // The backward walk (as `sweep_block`, over the overlay); untracked files (barriers)
        // count as live.
        let is_live =
            |r: VReg, overlay: &[Option<bool>]| num.lookup(r).is_none() || overlay[r.idx()].unwrap_or(used[r.idx()]);
        let mut keep = vec![true; block.insts.len()];
        for (k, inst) in keep.iter_mut().zip(block.insts.iter()).rev() {
            if removable_when(inst, |r| is_live(r, &overlay)) {
                *k = false;
                continue;
            }
            let is_phi = matches!(inst.op, Op::Phi);
            if inst.guard.is_none() || is_phi {
                for d in inst.defs() {
                    set(d, false, &mut overlay);
                }
            }
            if !is_phi {
                for u in inst.uses() {
                    set(u, true, &mut overlay);
                }
            }
        }
        let gone = keep.iter().filter(|k| !**k).count();
        if gone > 0 {
            let mut it = keep.into_iter();
            block.insts.retain(|_| it.next().unwrap_or(true));
            removed += gone;
        }
        for r in touched.drain(..) {
            overlay[r.idx()] = None;
        }
        for d in defs_here {
            defined[d.idx()] = false;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::liveness::build::*;
    use crate::ori::ir::{PairMode, RegFile};

    fn ops(f: &Function, b: usize) -> Vec<String> {
        f.blocks[b].insts.iter().map(|i| i.op.to_string()).collect()
    }

    #[test]
    fn dead_chain_cascades_in_one_walk() {
        // a = 1; b = a + a; c = b + b (never used); STG [x], x
        let mut f = func(1);
        let (a, b, c, x) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(x, 0), movi(a, 1), add(b, a, a), add(c, b, b), store(x, x), exit()];
        let (stats, _) = perform_live_dead(&mut f);
        assert_eq!(stats.removed, 3);
        assert_eq!(ops(&f, 0), ["MOV", "STG.E", "EXIT"]);
    }

    #[test]
    fn side_effects_are_kept() {
        let mut f = func(1);
        let (x, v, old, ld, vld) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![
            movi(x, 0),
            movi(v, 1),
            store(x, v),
            atom(old, x, v),
            bar(),
            load(vld, x, true),
            load(ld, x, false),
            exit(),
        ];
        let (stats, _) = perform_live_dead(&mut f);
        assert_eq!(stats.removed, 1, "only the plain load with an unused result goes");
        assert_eq!(ops(&f, 0), ["MOV", "MOV", "STG.E", "ATOMG.E.ADD.U32", "BAR.SYNC", "LDG.E.STRONG.SYS", "EXIT"]);
    }

    #[test]
    fn dead_phi_is_removed_and_live_phi_kept() {
        // b0: z, n      b1: i = phi [z,b0],[j,b1]; j = i + n; @p BRA b1
        // b2: k = phi [j,b1] (dead); STG [n], j
        let mut f = func(3);
        let (z, n, i, j, k) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(z, 0), movi(n, 10)];
        f.blocks[1].insts = vec![phi(i, &[(z, 0), (j, 1)]), add(j, i, n), setp(p, j, n), guarded(p, bra(1))];
        f.blocks[2].insts = vec![phi(k, &[(j, 1)]), store(n, j), exit()];
        let (stats, _) = perform_live_dead(&mut f);
        assert_eq!(stats.removed, 1);
        assert_eq!(ops(&f, 1), ["MovPhi", "IADD3", "ISETP.EQ.U32.AND", "BRA"]);
        assert_eq!(ops(&f, 2), ["STG.E", "EXIT"]);
    }

    #[test]
    fn value_feeding_only_itself_around_a_loop_stays() {
        // b1: k = phi [z,b0],[k2,b1]; k2 = k + z; @p BRA b1 -- k never leaves the loop, but
        // liveness-based DCE (no mark-and-sweep) sees k2 live around the backedge.
        let mut f = func(3);
        let (z, k, k2) = (r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(z, 0), setp(p, z, z)];
        f.blocks[1].insts = vec![phi(k, &[(z, 0), (k2, 1)]), add(k2, k, z), guarded(p, bra(1))];
        f.blocks[2].insts = vec![exit()];
        assert_eq!(perform_live_dead(&mut f).0.removed, 0);
    }

    #[test]
    fn one_pass_leaves_the_cross_block_remainder_to_the_next_instance() {
        // b0: a = 1       b1: b = a + a (dead); EXIT
        let mut f = func(2);
        let (a, b) = (r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(a, 1)];
        f.blocks[1].insts = vec![add(b, a, a), exit()];
        assert_eq!(perform_live_dead(&mut f).0.removed, 1);
        assert_eq!(ops(&f, 0), ["MOV"]);
        assert_eq!(perform_live_dead(&mut f).0.removed, 1);
        assert!(f.blocks[0].insts.is_empty());
        assert_eq!(perform_live_dead(&mut f).0.removed, 0);
    }

    #[test]
    fn guarded_definitions() {
        // a = 1; @p a = 2; STG [a], a: both definitions of a stay (the guard may be false).
        // @p c = 3 with c never used goes.
        let mut f = func(1);
        let (a, c) = (r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts =
            vec![movi(a, 1), setp(p, a, a), guarded(p, movi(a, 2)), guarded(p, movi(c, 3)), store(a, a), exit()];
        assert_eq!(perform_live_dead(&mut f).0.removed, 1);
        assert_eq!(ops(&f, 0), ["MOV", "ISETP.EQ.U32.AND", "MOV", "STG.E", "EXIT"]);
    }

    #[test]
    fn non_ssa_redefinition_kills_the_earlier_value() {
        // a = 1 (dead: overwritten); a = 2; STG [a], a
        let mut f = func(1);
        let a = r(&mut f);
        f.blocks[0].insts = vec![movi(a, 1), movi(a, 2), store(a, a), exit()];
        assert_eq!(perform_live_dead(&mut f).0.removed, 1);
        assert_eq!(f.blocks[0].insts[0], movi(a, 2));
    }

    #[test]
    fn barrier_and_discarded_destinations() {
        let mut f = func(1);
        let (a, x) = (r(&mut f), r(&mut f));
        let b = reg(&mut f, RegFile::B, PairMode::Single);
        f.blocks[0].insts = vec![
            movi(a, 1),
            Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(b)], vec![Operand::Imm(0)]),
            Inst::new(Op::Mov { w64: false }, vec![Operand::Zero], vec![Operand::Reg(a)]),
            Inst::new(Op::Mov { w64: false }, vec![], vec![Operand::Reg(x)]),
            exit(),
        ];
        // The write of the barrier register stays; MOV RZ, a goes, then MOV a, 1 with it; the
        // destination-less MOV stays.
        assert_eq!(perform_live_dead(&mut f).0.removed, 2);
        assert_eq!(ops(&f, 0), ["MOV", "MOV", "EXIT"]);
    }

    #[test]
    fn early_simple_is_local() {
        // b0: a = 1; t = a + a (dead); u = t + t (dead); g = 2; @p BRA b2
        // b1: STG [g], g     b2: EXIT
        let mut f = func(3);
        let (a, t, u, g) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(a, 1), add(t, a, a), add(u, t, t), movi(g, 2), setp(p, g, g), guarded(p, bra(2))];
        f.blocks[1].insts = vec![store(g, g)];
        f.blocks[2].insts = vec![exit()];
        assert_eq!(early_simple_live_dead(&mut f), 3);
        assert_eq!(ops(&f, 0), ["MOV", "ISETP.EQ.U32.AND", "BRA"]);
    }

    #[test]
    fn early_simple_keeps_values_used_elsewhere_and_around_loops() {
        // b0: n = 5; i = 0; base = 0   b1: i = i + n; p; @p BRA b1   b2: STG [base], n
        // i is used only in b1, before its redefinition: live around the backedge, kept.
        let mut f = func(3);
        let (n, i, base) = (r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(n, 5), movi(i, 0), movi(base, 0)];
        f.blocks[1].insts = vec![add(i, i, n), setp(p, n, n), guarded(p, bra(1))];
        f.blocks[2].insts = vec![store(base, n), exit()];
        let before = f.clone();
        assert_eq!(early_simple_live_dead(&mut f), 0);
        assert_eq!(f, before);
        // Liveness-based DCE cannot remove a value that only feeds itself around a loop: i is
        // upward-exposed in b1, hence live around the backedge (no mark-and-sweep here).
        assert_eq!(perform_live_dead(&mut f).0.removed, 0);
        assert_eq!(f, before);
    }

    #[test]
    fn early_simple_respects_phi_uses() {
        // b0: z = 0 (used by the phi only); w = 1 (dead)    b1: i = phi [z, b0]; STG [i], i
        let mut f = func(2);
        let (z, w, i) = (r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(z, 0), movi(w, 1)];
        f.blocks[1].insts = vec![phi(i, &[(z, 0)]), store(i, i), exit()];
        assert_eq!(early_simple_live_dead(&mut f), 1);
        assert_eq!(f.blocks[0].insts, vec![movi(z, 0)]);
    }

    /// The phase-10 formula computed densely, one full live-out bitvector per block (the
    /// quadratic form the linear implementation replaced), as the differential reference.
    fn early_dense_reference(f: &mut Function) -> usize {
        use crate::ori::analysis::liveness::{self, BitVector};
        let num = RegNumbering::new(f);
        let mut sites = vec![UseSite::None; f.regs.len()];
        for (b, block) in f.blocks.iter().enumerate() {
            for inst in &block.insts {
                let uses: Vec<(VReg, usize)> = if matches!(inst.op, Op::Phi) {
                    inst.srcs
                        .chunks_exact(2)
                        .filter_map(|p| match (p[0].reg(), &p[1]) {
                            (Some(v), Operand::Label(l)) => Some((v, l.idx())),
                            _ => None,
                        })
                        .collect()
                } else {
                    inst.uses().map(|u| (u, b)).collect()
                };
                for (r, b) in uses {
                    let site = &mut sites[r.idx()];
                    *site = match *site {
                        UseSite::None => UseSite::One(b as u32),
                        UseSite::One(c) if c as usize == b => UseSite::One(c),
                        _ => UseSite::Many,
                    };
                }
            }
        }
        let phi_uses = liveness::phi_uses(f, &num);
        let mut removed = 0;
        for (b, block) in f.blocks.iter_mut().enumerate() {
            let (gen_, _) = liveness::block_gen_kill(&num, &block.insts);
            let mut sets: [BitVector; 4] = std::array::from_fn(|s| BitVector::new(num.len(s)));
            for (r, site) in sites.iter().enumerate() {
                let keep = match *site {
                    UseSite::None => false,
                    UseSite::One(c) => c as usize != b,
                    UseSite::Many => true,
                };
                if let (true, Some((s, i))) = (keep, num.lookup(VReg(r as u32))) {
                    sets[s].set(i);
                }
            }
            for s in 0..4 {
                sets[s].or_assign(&gen_[s]);
                sets[s].or_assign(&phi_uses[b][s]);
            }
            removed += sweep_block(&mut block.insts, &mut LiveSet::from_sets(&num, sets));
        }
        removed
    }

    proptest::proptest! {
        #[test]
        fn prop_early_simple_matches_the_dense_formula(
            blocks in proptest::collection::vec(
                (proptest::collection::vec(crate::ori::analysis::liveness::tests::rand_inst(), 0..6),
                 crate::ori::analysis::liveness::tests::rand_term(),
                 proptest::bool::weighted(0.3)),
                1..8)
        ) {
            let f = crate::ori::analysis::liveness::tests::rand_func(&blocks);
            let (mut fast, mut dense) = (f.clone(), f);
            let n = early_simple_live_dead(&mut fast);
            proptest::prop_assert_eq!(n, early_dense_reference(&mut dense));
            proptest::prop_assert_eq!(
                crate::ori::print::virtual_function_text(&fast),
                crate::ori::print::virtual_function_text(&dense)
            );
        }
    }
}
