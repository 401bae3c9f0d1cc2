//! Unit tests of liveness: hand-written CFGs (straight line, diamond, loops, phis, predication,
//! files, pressure, the report) and property tests against a naive path search and the dense
//! bitvector reference.

use super::build::*;
use super::solver::{transfer_into, union_into};
use super::*;
use crate::ori::analysis::cfg;
use crate::ori::ir::{Inst, Operand, PairMode};
use crate::ori::opcode::Space;
use proptest::prelude::*;

fn set(v: &[VReg]) -> Vec<VReg> {
    let mut v = v.to_vec();
    v.sort();
    v
}

#[test]
fn straight_line() {
    // b0: a = 1; c = 2          b1: d = a + c        b2: STG [c], d; EXIT
    let mut f = func(3);
    let (a, c, d) = (r(&mut f), r(&mut f), r(&mut f));
    f.blocks[0].insts = vec![movi(a, 1), movi(c, 2)];
    f.blocks[1].insts = vec![add(d, a, c)];
    f.blocks[2].insts = vec![store(c, d), exit()];
    let live = Liveness::compute(&f);
    assert_eq!(live.live_in(Bix(0), RegFile::R), vec![]);
    assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, c]));
    assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[a, c]));
    assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[c, d]));
    assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[c, d]));
    assert_eq!(live.live_out(Bix(2), RegFile::R), vec![]);
    assert_eq!(live.file(RegFile::R).unwrap().sweeps, 2, "acyclic: one sweep + the quiet one");
    assert!(live.uninitialized().is_empty());
    assert_eq!(live.peak(RegFile::R), 2, "a and c die where d is born");
}

#[test]
fn diamond() {
    // b0: a, b, p; @p BRA b2   b1: STG a; BRA b3   b2: STG b   b3: EXIT
    let mut f = func(4);
    let (a, b, x) = (r(&mut f), r(&mut f), r(&mut f));
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    f.blocks[0].insts = vec![movi(a, 1), movi(b, 2), movi(x, 0), setp(p, a, b), guarded(p, bra(2))];
    f.blocks[1].insts = vec![store(x, a), bra(3)];
    f.blocks[2].insts = vec![store(x, b)];
    f.blocks[3].insts = vec![exit()];
    let live = Liveness::compute(&f);
    assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, b, x]));
    assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[a, x]));
    assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[b, x]));
    assert_eq!(live.live_in(Bix(3), RegFile::R), vec![]);
    assert_eq!(live.live_out(Bix(0), RegFile::P), vec![], "the guard is used inside bix0");
    assert!(!live.is_live_out(Bix(0), p));
    assert!(live.sweeps() <= 2);
}

/// b0: i = 0; n; base      b1: i = i + 1 (non-SSA); p = i == n; @p BRA b1      b2: STG [base], i
fn counted_loop() -> (Function, [VReg; 4]) {
    let mut f = func(3);
    let (i, n, base) = (r(&mut f), r(&mut f), r(&mut f));
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    f.blocks[0].insts = vec![movi(i, 0), movi(n, 10), movi(base, 0x100)];
    f.blocks[1].insts = vec![add(i, i, n), setp(p, i, n), guarded(p, bra(1))];
    f.blocks[2].insts = vec![store(base, i), exit()];
    (f, [i, n, base, p])
}

#[test]
fn loop_value_live_around_the_backedge() {
    let (f, [i, n, base, _]) = counted_loop();
    let live = Liveness::compute(&f);
    assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[i, n, base]));
    assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[i, n, base]));
    assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[i, base]));
    assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[i, n, base]));
    let sweeps = live.sweeps();
    assert!((2..=3).contains(&sweeps), "depth 1: at most 3 sweeps, got {sweeps}");
}

#[test]
fn phi_uses_flow_to_the_predecessors() {
    // b0: z = 0; n        b1: i = phi [z, b0], [j, b1]; j = i + n; p; @p BRA b1     b2: STG [n], j
    let mut f = func(3);
    let (z, n, i, j) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    f.blocks[0].insts = vec![movi(z, 0), movi(n, 10)];
    f.blocks[1].insts = vec![phi(i, &[(z, 0), (j, 1)]), add(j, i, n), setp(p, j, n), guarded(p, bra(1))];
    f.blocks[2].insts = vec![store(n, j), exit()];
    let live = Liveness::compute(&f);
    // z is live out of b0 (its phi use) but not live into b1; i is defined at b1's top.
    assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[z, n]));
    assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[n]));
    // j flows around the backedge into the phi and on to b2.
    assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[n, j]));
    assert!(!live.is_live_in(Bix(1), i) && !live.is_live_out(Bix(1), i));
    assert!(live.uninitialized().is_empty());
}

#[test]
fn predicated_definition_does_not_kill() {
    // b0: a = 1; p        b1: @p a = 2; STG [a], a
    let mut f = func(2);
    let a = r(&mut f);
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    f.blocks[0].insts = vec![movi(a, 1), setp(p, a, a)];
    f.blocks[1].insts = vec![guarded(p, movi(a, 2)), store(a, a), exit()];
    let live = Liveness::compute(&f);
    assert_eq!(live.live_in(Bix(1), RegFile::R), vec![a], "the old a survives a false guard");
    assert_eq!(live.live_in(Bix(1), RegFile::P), vec![p]);
    // Unguarded, the same definition kills.
    f.blocks[1].insts[0].guard = None;
    let live = Liveness::compute(&f);
    assert_eq!(live.live_in(Bix(1), RegFile::R), vec![]);
}

#[test]
fn files_are_separate_and_barriers_excluded() {
    let mut f = func(2);
    let a = r(&mut f);
    let u = reg(&mut f, RegFile::UR, PairMode::Single);
    let d = reg(&mut f, RegFile::R, PairMode::Pair);
    let q = reg(&mut f, RegFile::UP, PairMode::Single);
    let b = reg(&mut f, RegFile::B, PairMode::Single);
    f.blocks[0].insts = vec![
        movi(a, 1),
        movi(u, 2),
        Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(d)], vec![Operand::Imm(0)]),
        setp(q, u, u),
        Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(b)], vec![Operand::Imm(0)]),
    ];
    f.blocks[1].insts = vec![guarded(q, store(d, a)), store(d, u), mov(a, b), exit()];
    let live = Liveness::compute(&f);
    assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, d]));
    assert_eq!(live.live_out(Bix(0), RegFile::UR), vec![u]);
    assert_eq!(live.live_out(Bix(0), RegFile::UP), vec![q]);
    assert_eq!(live.live_out(Bix(0), RegFile::P), vec![]);
    assert_eq!(live.live_out(Bix(0), RegFile::B), vec![]);
    assert!(!live.is_live_out(Bix(0), b), "barrier registers are outside GEN/KILL");
    assert!(live.file(RegFile::B).is_none());
    // a (1 slot) + the pair d (2 slots).
    assert_eq!(live.block_peak(Bix(1), RegFile::R), 3);
    assert_eq!(live.peak(RegFile::UR), 1);
    assert_eq!(live.peak(RegFile::UP), 1);
}

#[test]
fn peak_counts_dead_definitions_and_quads() {
    let mut f = func(1);
    let a = r(&mut f);
    let q = reg(&mut f, RegFile::R, PairMode::Quad);
    f.blocks[0].insts = vec![
        movi(a, 1),
        Inst::new(
            Op::Ld { space: Space::Global, bits: 128, signed: false, volatile: false, offset: 0, nc: false },
            vec![Operand::Reg(q)],
            vec![Operand::Reg(a)],
        ),
        store(a, a),
        exit(),
    ];
    let live = Liveness::compute(&f);
    assert_eq!(live.peak(RegFile::R), 5, "a live across the load that writes the (dead) quad");
}

#[test]
fn uninitialized_register_is_reported() {
    // b0: x = 0            b1: STG [x], a; @p EXIT; STG [x], x; EXIT      (a and p never set)
    let mut f = func(2);
    let (a, x) = (r(&mut f), r(&mut f));
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    f.blocks[0].insts = vec![movi(x, 0)];
    f.blocks[1].insts = vec![store(x, a), guarded(p, exit()), store(x, x), exit()];
    let live = Liveness::compute(&f);
    assert_eq!(live.uninitialized(), set(&[a, p]));
    let w = uninitialized_warnings(&f, &live);
    assert_eq!(
        w,
        vec![
            "register %r0 may be used uninitialized in function @k".to_string(),
            "register %p2 may be used uninitialized in function @k".to_string()
        ]
    );
    let text = report(&f, &live);
    assert!(text.contains("warning: register %r0 may be used uninitialized in function @k\n"), "{text}");
}

#[test]
fn report_format() {
    let (f, _) = counted_loop();
    let live = Liveness::compute(&f);
    let text = report(&f, &live);
    let expected = "\
.liveness @k sweeps: 3 (R 3, UR 1, P 1, UP 1)
bix0 LiveIn(R): {} LiveOut(R): {%r0, %r1, %r2} peak(R): 3
bix0 LiveIn(P): {} LiveOut(P): {} peak(P): 0
bix1 LiveIn(R): {%r0, %r1, %r2} LiveOut(R): {%r0, %r1, %r2} peak(R): 3
bix1 LiveIn(P): {} LiveOut(P): {} peak(P): 1
bix2 LiveIn(R): {%r0, %r2} LiveOut(R): {} peak(R): 2
bix2 LiveIn(P): {} LiveOut(P): {} peak(P): 0
peak @k: R 3, UR 0, P 1, UP 0
";
    assert_eq!(text, expected);
}

/// `depth` nested counted loops, each with a value live around its backedge.
fn nested_loops(depth: usize) -> Function {
    // b0 preheader; headers b1..=depth; body b(depth+1); latches back out; exit last.
    // Layout: b0, h1, h2, ..., hD, body, l_D, ..., l_1, exit. Latch l_k branches to h_k.
    let n = 2 * depth + 3;
    let mut f = func(n);
    let base = r(&mut f);
    let p = reg(&mut f, RegFile::P, PairMode::Single);
    let ctr: Vec<VReg> = (0..depth).map(|_| r(&mut f)).collect();
    f.blocks[0].insts = vec![movi(base, 0), setp(p, base, base)];
    for (k, &c) in ctr.iter().enumerate() {
        f.blocks[1 + k].insts = vec![movi(c, 0)];
    }
    f.blocks[depth + 1].insts = ctr.iter().map(|&c| store(base, c)).collect();
    for k in (0..depth).rev() {
        let latch = depth + 2 + (depth - 1 - k);
        f.blocks[latch].insts = vec![add(ctr[k], ctr[k], base), guarded(p, bra(1 + k as u32))];
    }
    f.blocks[n - 1].insts = vec![store(base, base), exit()];
    f
}

#[test]
fn sweeps_bounded_by_loop_depth_plus_two() {
    for depth in 1..=4 {
        let f = nested_loops(depth);
        let cfg = cfg::analyze(&f);
        let d = (0..f.blocks.len()).map(|b| cfg.loop_depth(Bix(b as u32))).max().unwrap();
        assert_eq!(d as usize, depth);
        let live = Liveness::compute(&f);
        assert!(live.sweeps() <= d + 2, "depth {d}: {} sweeps", live.sweeps());
    }
}

// ----------------------------------------------------------------------------------------
// Property: the solver agrees with a naive path search on random CFGs.
// ----------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub(crate) enum Term {
    Fall,
    Exit,
    Bra(usize),
    CondBra(usize),
}

#[derive(Clone, Debug)]
pub(crate) struct RandInst {
    dst: Option<usize>,
    srcs: Vec<usize>,
    guard: Option<usize>,
}

const NREGS: usize = 10;

/// Registers 0..6 are R (5 a pair), 6 is UR, 7..8 are P, 9 is B.
pub(crate) fn rand_func(blocks: &[(Vec<RandInst>, Term, bool)]) -> Function {
    let n = blocks.len();
    let mut f = func(n);
    for k in 0..NREGS {
        let (file, pair) = match k {
            0..=4 => (RegFile::R, PairMode::Single),
            5 => (RegFile::R, PairMode::Pair),
            6 => (RegFile::UR, PairMode::Single),
            7 | 8 => (RegFile::P, PairMode::Single),
            _ => (RegFile::B, PairMode::Single),
        };
        f.new_reg(file, pair);
    }
    let pred = |k: usize| VReg(7 + (k % 2) as u32);
    for (b, (insts, term, _)) in blocks.iter().enumerate() {
        for ri in insts {
            let mut inst = Inst::new(
                Op::IAdd3 { neg_b: false, w64: false },
                ri.dst.map(|d| Operand::Reg(VReg(d as u32))).into_iter().collect(),
                ri.srcs.iter().map(|&s| Operand::Reg(VReg(s as u32))).collect(),
            );
            if ri.dst.is_none() {
                inst.op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
            }
            inst.guard = ri.guard.map(|g| crate::ori::ir::Guard { pred: pred(g), negated: false });
            f.blocks[b].insts.push(inst);
        }
        let t = match term {
            Term::Fall | Term::CondBra(_) if b + 1 == n => &Term::Exit,
            t => t,
        };
        match t {
            Term::Fall => {}
            Term::Exit => f.blocks[b].insts.push(exit()),
            Term::Bra(x) => f.blocks[b].insts.push(bra((x % n) as u32)),
            Term::CondBra(x) => f.blocks[b].insts.push(guarded(pred(b), bra((x % n) as u32))),
        }
    }
    // Phis (a fresh R register each) on blocks asking for one, one operand per predecessor.
    let preds = f.predecessors();
    for (b, (_, _, want_phi)) in blocks.iter().enumerate() {
        if *want_phi && !preds[b].is_empty() {
            let d = f.new_reg(RegFile::R, PairMode::Single);
            let pairs: Vec<(VReg, u32)> =
                preds[b].iter().map(|p| (VReg(((p.0 as usize + b) % 7) as u32), p.0)).collect();
            f.blocks[b].insts.insert(0, phi(d, &pairs));
            f.blocks[b].insts.insert(1, store(d, d));
        }
    }
    f
}

/// Whether `r` is live at the top of block `b`: some path from there reaches a use of `r`
/// before any unguarded definition (a phi operand is a use at the end of its predecessor).
fn naive_live_at_top(f: &Function, b: usize, r: VReg) -> bool {
    let mut seen = vec![false; f.blocks.len()];
    let mut work = vec![b];
    seen[b] = true;
    while let Some(b) = work.pop() {
        let mut killed = false;
        for inst in &f.blocks[b].insts {
            if matches!(inst.op, Op::Phi) {
                if inst.defs().any(|d| d == r) {
                    killed = true;
                    break;
                }
                continue;
            }
            if inst.uses().any(|u| u == r) {
                return true;
            }
            if inst.guard.is_none() && inst.defs().any(|d| d == r) {
                killed = true;
                break;
            }
        }
        if killed {
            continue;
        }
        if naive_phi_use(f, b, r) {
            return true;
        }
        for s in f.successors(Bix(b as u32)) {
            if !seen[s.idx()] {
                seen[s.idx()] = true;
                work.push(s.idx());
            }
        }
    }
    false
}

fn naive_phi_use(f: &Function, b: usize, r: VReg) -> bool {
    f.blocks
        .iter()
        .flat_map(|bl| &bl.insts)
        .filter(|i| matches!(i.op, Op::Phi))
        .any(|i| i.srcs.chunks_exact(2).any(|p| p[0] == Operand::Reg(r) && p[1] == Operand::Label(Bix(b as u32))))
}

fn naive_live_out(f: &Function, b: usize, r: VReg) -> bool {
    naive_phi_use(f, b, r) || f.successors(Bix(b as u32)).iter().any(|s| naive_live_at_top(f, s.idx(), r))
}

pub(crate) fn rand_inst() -> impl Strategy<Value = RandInst> {
    (
        prop::option::weighted(0.8, 0..NREGS),
        prop::collection::vec(0..NREGS, 0..3),
        prop::option::weighted(0.2, 0..2usize),
    )
        .prop_map(|(dst, srcs, guard)| RandInst { dst, srcs, guard })
}

pub(crate) fn rand_term() -> impl Strategy<Value = Term> {
    prop_oneof![
        2 => Just(Term::Fall),
        1 => Just(Term::Exit),
        2 => any::<usize>().prop_map(Term::Bra),
        3 => any::<usize>().prop_map(Term::CondBra),
    ]
}

proptest! {
    #[test]
    fn prop_solver_matches_path_search(
        blocks in prop::collection::vec((prop::collection::vec(rand_inst(), 0..5), rand_term(), prop::bool::weighted(0.3)), 1..8)
    ) {
        let f = rand_func(&blocks);
        let live = Liveness::compute(&f);
        for b in 0..f.blocks.len() {
            for k in 0..f.regs.len() {
                let r = VReg(k as u32);
                let tracked = f.reg_info(r).file != RegFile::B;
                prop_assert_eq!(live.is_live_in(Bix(b as u32), r), tracked && naive_live_at_top(&f, b, r), "LiveIn bix{} %{}", b, k);
                prop_assert_eq!(live.is_live_out(Bix(b as u32), r), tracked && naive_live_out(&f, b, r), "LiveOut bix{} %{}", b, k);
            }
        }
        // Sweeps: at most loop depth + 2 on reducible CFGs (unreachable blocks aside).
        let cfg = cfg::analyze(&f);
        if cfg.is_reducible() && (0..f.blocks.len()).all(|b| cfg.is_reachable(Bix(b as u32))) {
            let d = (0..f.blocks.len()).map(|b| cfg.loop_depth(Bix(b as u32))).max().unwrap_or(0);
            prop_assert!(live.sweeps() <= d + 2, "{} sweeps at depth {}", live.sweeps(), d);
        }
    }

}

/// The bitvector formulation the sparse solver replaced, as the differential reference:
/// dense GEN/KILL/phi sets over every register ([`block_gen_kill`], [`phi_uses`]), the
/// seed's `orIfChanged` / `orWithAndNotIfChanged` sweeps, and the pressure walk on dense
/// sets. Returns per file: (LiveIn, LiveOut) per block, sweeps, block peaks.
#[allow(clippy::type_complexity)]
fn dense_reference(f: &Function) -> Vec<(Vec<BitVector>, Vec<BitVector>, u32, Vec<u32>)> {
    let num = RegNumbering::new(f);
    let (order, succs) = sweep_order(f);
    let gk: Vec<_> = f.blocks.iter().map(|b| block_gen_kill(&num, &b.insts)).collect();
    let phis = phi_uses(f, &num);
    (0..4)
        .map(|s| {
            let mut live_in: Vec<BitVector> = f.blocks.iter().map(|_| BitVector::new(num.len(s))).collect();
            let mut live_out: Vec<BitVector> = phis.iter().map(|p| p[s].clone()).collect();
            let mut sweeps = 0;
            loop {
                sweeps += 1;
                let mut changed = false;
                for &b in &order {
                    let b = b.idx();
                    for x in &succs[b] {
                        changed |= live_out[b].or_if_changed(&live_in[x.idx()]);
                    }
                    changed |= live_in[b].or_with_and_not_if_changed(&gk[b].0[s], &live_out[b], &gk[b].1[s]);
                }
                if !changed {
                    break;
                }
            }
            let slots = |set: &BitVector| -> u32 { set.iter().map(|i| num.slots(s, i)).sum() };
            let peaks = f
                .blocks
                .iter()
                .enumerate()
                .map(|(b, block)| {
                    let mut set = live_out[b].clone();
                    let mut peak = slots(&set);
                    for inst in block.insts.iter().rev() {
                        let mut at = slots(&set);
                        for (_, i) in inst.defs().filter_map(|d| num.lookup(d)).filter(|&(fs, _)| fs == s) {
                            if !set.test(i) {
                                at += num.slots(s, i);
                            }
                        }
                        let is_phi = matches!(inst.op, Op::Phi);
                        if inst.guard.is_none() || is_phi {
                            for (_, i) in inst.defs().filter_map(|d| num.lookup(d)).filter(|&(fs, _)| fs == s) {
                                set.clear(i);
                            }
                        }
                        if !is_phi {
                            for (_, i) in inst.uses().filter_map(|u| num.lookup(u)).filter(|&(fs, _)| fs == s) {
                                set.set(i);
                            }
                        }
                        peak = peak.max(at).max(slots(&set));
                    }
                    peak
                })
                .collect();
            (live_in, live_out, sweeps, peaks)
        })
        .collect()
}

proptest! {
    #[test]
    fn prop_sparse_solver_matches_dense_bitvectors(
        blocks in prop::collection::vec((prop::collection::vec(rand_inst(), 0..6), rand_term(), prop::bool::weighted(0.3)), 1..10)
    ) {
        let f = rand_func(&blocks);
        let live = Liveness::compute(&f);
        for (s, (din, dout, sweeps, peaks)) in dense_reference(&f).into_iter().enumerate() {
            let fl = &live.files[s];
            prop_assert_eq!(fl.sweeps, sweeps, "sweeps of file {}", s);
            prop_assert_eq!(&fl.block_peak, &peaks, "peaks of file {}", s);
            for b in 0..f.blocks.len() {
                let as_vec = |set: &BitVector| set.iter().map(|i| i as u32).collect::<RegSet>();
                prop_assert_eq!(&fl.live_in[b], &as_vec(&din[b]), "LiveIn bix{} file {}", b, s);
                prop_assert_eq!(&fl.live_out[b], &as_vec(&dout[b]), "LiveOut bix{} file {}", b, s);
            }
        }
    }

    #[test]
    fn prop_sorted_merges_match_sets(
        a in prop::collection::btree_set(0u32..64, 0..20),
        b in prop::collection::btree_set(0u32..64, 0..20),
        g in prop::collection::btree_set(0u32..64, 0..20),
        k in prop::collection::btree_set(0u32..64, 0..20),
    ) {
        let v = |s: &std::collections::BTreeSet<u32>| s.iter().copied().collect::<RegSet>();
        let mut tmp = RegSet::new();
        let mut dst = v(&a);
        let grew = union_into(&mut dst, &v(&b), &mut tmp);
        prop_assert_eq!(&dst, &v(&a.union(&b).copied().collect()));
        prop_assert_eq!(grew, !b.is_subset(&a));
        // live_in = a, gen = g, live_out = b, kill = k.
        let mut live_in = v(&a);
        let mut flow = RegSet::new();
        let grew = transfer_into(&mut live_in, &v(&g), &v(&b), &v(&k), &mut flow, &mut tmp);
        let want: std::collections::BTreeSet<u32> =
            a.iter().chain(&g).chain(b.difference(&k)).copied().collect();
        prop_assert_eq!(&live_in, &v(&want));
        prop_assert_eq!(grew, want.len() > a.len());
    }
}
