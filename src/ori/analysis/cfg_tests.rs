//! Tests of `cfg.rs` (kept apart to keep the phase file readable).

use super::*;
use crate::ori::ir::{Guard, VReg};
use crate::ori::print::virtual_function_text;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

fn bra(t: u32) -> Inst {
    Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(t))])
}
fn guarded(mut i: Inst) -> Inst {
    i.guard = Some(Guard { pred: VReg(0), negated: false });
    i
}
fn cbra(t: u32) -> Inst {
    guarded(bra(t))
}
fn exit() -> Inst {
    Inst::new(Op::Exit, vec![], vec![])
}
fn mov(id: u64) -> Inst {
    Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(VReg(1))], vec![Operand::Imm(id)])
}
fn phi(dst: u32, pairs: &[(u32, u32)]) -> Inst {
    let srcs = pairs.iter().flat_map(|&(v, p)| [Operand::Reg(VReg(v)), Operand::Label(Bix(p))]).collect();
    Inst::new(Op::Phi, vec![Operand::Reg(VReg(dst))], srcs)
}
/// A function whose block `i` has label `0x10 * i` and name `b<i>`.
fn func(blocks: Vec<Vec<Inst>>) -> Function {
    let mut f = Function { name: "f".into(), ..Default::default() };
    f.new_reg(crate::ori::ir::RegFile::P, crate::ori::ir::PairMode::Single);
    f.new_reg(crate::ori::ir::RegFile::R, crate::ori::ir::PairMode::Single);
    for (i, insts) in blocks.into_iter().enumerate() {
        f.blocks.push(Block { insts, label: 0x10 * i as u32, name: format!("b{i}") });
    }
    f
}
fn bixes(v: &[u32]) -> Vec<Bix> {
    v.iter().map(|&b| Bix(b)).collect()
}
/// Block text without the header line, registers printed raw.
fn text(f: &Function) -> String {
    let mut g = f.clone();
    let max = g
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .flat_map(|i| i.defs().chain(i.uses()).collect::<Vec<_>>())
        .map(|r| r.0)
        .max()
        .unwrap_or(0);
    while g.regs.len() <= max as usize {
        g.new_reg(crate::ori::ir::RegFile::R, crate::ori::ir::PairMode::Single);
    }
    virtual_function_text(&g).lines().skip(1).map(|l| format!("{l}\n")).collect()
}

/// The seed's DOT example graph: bix0→{1,3}, bix1→2, bix2→{1,3}, labels 0x0..0x30.
fn seed_dot_graph() -> Function {
    func(vec![vec![cbra(3)], vec![mov(1)], vec![cbra(1)], vec![exit()]])
}

#[test]
fn seed_dot_example() {
    let f = seed_dot_graph();
    let cfg = analyze(&f);
    let expected = "digraph f {
node [fontname=\"Courier\",fontsize=10,shape=Mrecord];
\"bix0\"
[label=\"bix0(L0)\"]
bix0 -> bix1
bix0 -> bix3
\"bix1\"
[label=\"bix1(L10)\"]
bix1 -> bix2
\"bix2\"
[label=\"bix2(L20)\"]
bix2 -> bix1
bix2 -> bix3
\"bix3\"
[label=\"bix3(L30)\"]
}
";
    assert_eq!(dump_dot(&f, &cfg), expected);
    // The edge bix2 → bix3 forces RPO(2) < RPO(3): the only RPO of this graph is 0,1,2,3
    // (the seed's RPO dump shows another graph, see `seed_rpo_example`).
    assert_eq!(
        dump_rpo(&cfg),
        "Showing RPO state for each basic block:
bix0 -> RPONum: 0
bix1 -> RPONum: 1
bix2 -> RPONum: 2
bix3 -> RPONum: 3
RPO traversal order: [0, 1, 2, 3]
Showing backedge info:
bix2 -> backedge's successor BB: 1
"
    );
    assert_eq!(cfg.loops().len(), 1);
    assert_eq!(cfg.loops()[0].body, bixes(&[1, 2]));
}

/// The seed's RPO dump: a while loop bix1 ⇄ bix2 exiting to bix3, the fall-through bix2
/// explored before the branch target bix3.
#[test]
fn seed_rpo_example() {
    let f = func(vec![vec![mov(0)], vec![cbra(3)], vec![bra(1)], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(
        dump_rpo(&cfg),
        "Showing RPO state for each basic block:
bix0 -> RPONum: 0
bix1 -> RPONum: 1
bix2 -> RPONum: 3
bix3 -> RPONum: 2
RPO traversal order: [0, 1, 3, 2]
Showing backedge info:
bix2 -> backedge's successor BB: 1
"
    );
    assert_eq!(cfg.loops()[0].header, Bix(1));
    assert_eq!(cfg.loops()[0].latches, bixes(&[2]));
    assert_eq!(cfg.idom(Bix(3)), Some(Bix(1)));
}

#[test]
fn diamond() {
    let f = func(vec![vec![cbra(2)], vec![mov(1), bra(3)], vec![mov(2)], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(cfg.succs(Bix(0)), bixes(&[1, 2]));
    assert_eq!(cfg.preds(Bix(3)), bixes(&[1, 2]));
    assert_eq!(cfg.rpo(), bixes(&[0, 2, 1, 3]));
    assert!(cfg.backedges().is_empty());
    assert!(cfg.loops().is_empty());
    assert_eq!(cfg.idom(Bix(3)), Some(Bix(0)));
    assert_eq!(cfg.idom(Bix(1)), Some(Bix(0)));
    assert_eq!(cfg.idom(Bix(0)), None);
    assert!(cfg.dominates(Bix(0), Bix(3)));
    assert!(!cfg.dominates(Bix(1), Bix(3)));
    assert_eq!(cfg.dominators(Bix(3)), bixes(&[0, 3]));
    assert!(cfg.is_reducible());
}

#[test]
fn nested_loops_depth_two() {
    // 0 → 1 (outer header) → 2 (inner header) → 3 (inner latch) → 4 (outer latch) → 5.
    let f = func(vec![vec![mov(0)], vec![mov(1)], vec![mov(2)], vec![cbra(2)], vec![cbra(1)], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(cfg.backedges(), &[(Bix(3), Bix(2)), (Bix(4), Bix(1))]);
    let loops = cfg.loops();
    assert_eq!(loops.len(), 2);
    assert_eq!(loops[0].header, Bix(1));
    assert_eq!(loops[0].body, bixes(&[1, 2, 3, 4]));
    assert_eq!(loops[0].depth, 1);
    assert_eq!(loops[0].parent, None);
    assert_eq!(loops[1].header, Bix(2));
    assert_eq!(loops[1].body, bixes(&[2, 3]));
    assert_eq!(loops[1].latches, bixes(&[3]));
    assert_eq!(loops[1].depth, 2);
    assert_eq!(loops[1].parent, Some(0));
    let depths: Vec<u32> = (0..6).map(|b| cfg.loop_depth(Bix(b))).collect();
    assert_eq!(depths, [0, 1, 2, 2, 1, 0]);
    assert_eq!(cfg.innermost_loop(Bix(3)), Some(1));
    assert_eq!(cfg.innermost_loop(Bix(4)), Some(0));
    assert_eq!(cfg.innermost_loop(Bix(5)), None);
    assert!(cfg.is_loop_header(Bix(2)));
}

#[test]
fn irreducible_loop_two_entries() {
    // 0 → {1, 2}, 1 ⇄ 2, both exit to 3.
    let f = func(vec![vec![cbra(2)], vec![cbra(3)], vec![cbra(1)], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(cfg.backedges(), &[(Bix(2), Bix(1))]);
    assert_eq!(cfg.irreducible_edges(), &[(Bix(2), Bix(1))]);
    assert!(!cfg.is_reducible());
    assert!(cfg.loops().is_empty());
    assert_eq!(cfg.idom(Bix(1)), Some(Bix(0)));
    assert_eq!(cfg.idom(Bix(2)), Some(Bix(0)));
    assert_eq!(cfg.loop_depth(Bix(1)), 0);
}

#[test]
fn switch_like_multiway_block() {
    let f = func(vec![
        vec![mov(0), cbra(1), cbra(2), cbra(3), bra(4)],
        vec![phi(20, &[(10, 0)]), bra(5)],
        vec![bra(5)],
        vec![bra(5)],
        vec![exit()],
        vec![phi(21, &[(11, 1), (12, 2), (13, 3)]), exit()],
    ]);
    let cfg = analyze(&f);
    assert_eq!(cfg.succs(Bix(0)), bixes(&[1, 2, 3, 4]));
    assert_eq!(cfg.rpo(), bixes(&[0, 4, 3, 2, 1, 5]));
    let mut g = f.clone();
    set_control_flow_op_last_in_bb(&mut g);
    assert_eq!(
        text(&g),
        "bix0 (L0) <b0>:
  MOV %r1, 0x0 ;
  @%p0 BRA bix4 ;
bix1 (L0) <b0.split1>:
  @%p0 BRA bix5 ;
bix2 (L0) <b0.split2>:
  @%p0 BRA bix6 ;
bix3 (L0) <b0.split3>:
  BRA bix7 ;
bix4 (L10) <b1>:
  MovPhi %r20, %r10, bix0 ;
  BRA bix8 ;
bix5 (L20) <b2>:
  BRA bix8 ;
bix6 (L30) <b3>:
  BRA bix8 ;
bix7 (L40) <b4>:
  EXIT ;
bix8 (L50) <b5>:
  MovPhi %r21, %r11, bix4, %r12, bix5, %r13, bix6 ;
  EXIT ;
"
    );
    // Placement keeps the split pieces behind their block (same label, stable sort).
    let mut h = g.clone();
    place_blocks_in_source_order(&mut h);
    assert_eq!(h, g);
}

#[test]
fn unreachable_blocks() {
    let f = func(vec![vec![bra(2)], vec![mov(1), exit()], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(cfg.rpo_num(Bix(1)), None);
    assert!(!cfg.is_reachable(Bix(1)));
    assert!(!cfg.dominates(Bix(0), Bix(1)));
    assert!(!cfg.dominates(Bix(1), Bix(1)));
    assert_eq!(cfg.idom(Bix(1)), None);
    assert_eq!(cfg.dominators(Bix(1)), vec![]);
    assert_eq!(cfg.rpo(), bixes(&[0, 2]));
    assert_eq!(
        dump_rpo(&cfg),
        "Showing RPO state for each basic block:
bix0 -> RPONum: 0
bix2 -> RPONum: 1
RPO traversal order: [0, 2]
Showing backedge info:
"
    );
    // Unreachable blocks still appear in the DOT dump.
    assert!(dump_dot(&f, &cfg).contains("\"bix1\"\n[label=\"bix1(L10)\"]\n\"bix2\""));
    // Merging drops bix1, then bix0 absorbs bix2 (its BRA removed).
    let mut g = f.clone();
    merge_blocks(&mut g);
    assert_eq!(text(&g), "bix0 (L0) <b0>:\n  EXIT ;\n");
}

#[test]
fn early_exits() {
    // Guarded EXITs fall through; the loop bix1/bix2 has an early exit in its header.
    let f = func(vec![vec![mov(0), guarded(exit())], vec![mov(1), guarded(exit())], vec![cbra(1)], vec![exit()]]);
    let cfg = analyze(&f);
    assert_eq!(cfg.succs(Bix(0)), bixes(&[1]));
    assert_eq!(cfg.succs(Bix(1)), bixes(&[2]));
    assert_eq!(cfg.succs(Bix(3)), bixes(&[]));
    assert_eq!(cfg.loops()[0].body, bixes(&[1, 2]));
    // An unguarded EXIT in the middle: the rest is dead until phase 6 splits it off.
    let g = func(vec![vec![mov(0), exit(), mov(1)], vec![exit()]]);
    let cfg = analyze(&g);
    assert_eq!(cfg.succs(Bix(0)), bixes(&[]));
    assert!(!cfg.is_reachable(Bix(1)));
    let mut h = g.clone();
    set_control_flow_op_last_in_bb(&mut h);
    assert_eq!(h.blocks.len(), 3);
    let cfg = analyze(&h);
    assert!(!cfg.is_reachable(Bix(1)));
    assert_eq!(cfg.succs(Bix(1)), bixes(&[2]));
    merge_blocks(&mut h);
    assert_eq!(text(&h), "bix0 (L0) <b0>:\n  MOV %r1, 0x0 ;\n  EXIT ;\n");
}

#[test]
fn phi_labels_are_not_successors() {
    let f = func(vec![vec![phi(5, &[(6, 1)]), exit()], vec![exit()]]);
    assert_eq!(block_successors(&f, Bix(0)), vec![]);
    assert!(analyze(&f).succs(Bix(0)).is_empty());
}

#[test]
fn split_remaps_phis_to_the_piece_carrying_the_edge() {
    let f = func(vec![
        vec![mov(0), cbra(2), mov(1), bra(1)],
        vec![phi(20, &[(10, 0)]), exit()],
        vec![phi(21, &[(11, 0), (12, 3)]), exit()],
        vec![phi(22, &[(13, 3), (14, 4)]), guarded(exit()), bra(3)],
        vec![],
    ]);
    let mut g = f.clone();
    set_control_flow_op_last_in_bb(&mut g);
    assert_eq!(
        text(&g),
        "bix0 (L0) <b0>:
  MOV %r1, 0x0 ;
  @%p0 BRA bix3 ;
bix1 (L0) <b0.split1>:
  MOV %r1, 0x1 ;
  BRA bix2 ;
bix2 (L10) <b1>:
  MovPhi %r20, %r10, bix1 ;
  EXIT ;
bix3 (L20) <b2>:
  MovPhi %r21, %r11, bix0, %r12, bix5 ;
  EXIT ;
bix4 (L30) <b3>:
  MovPhi %r22, %r13, bix5, %r14, bix6 ;
  @%p0 EXIT ;
bix5 (L30) <b3.split1>:
  BRA bix4 ;
bix6 (L40) <b4>:
"
    );
    // Idempotent.
    let mut h = g.clone();
    set_control_flow_op_last_in_bb(&mut h);
    assert_eq!(h, g);
}

#[test]
fn merge_chains_and_explicit_fall_through() {
    let f =
        func(vec![vec![cbra(2)], vec![bra(3)], vec![bra(4)], vec![mov(3)], vec![phi(20, &[(10, 2), (11, 3)]), exit()]]);
    let mut g = f.clone();
    merge_blocks(&mut g);
    assert_eq!(
        text(&g),
        "bix0 (L0) <b0>:
  @%p0 BRA bix2 ;
bix1 (L10) <b1>:
  MOV %r1, 0x3 ;
  BRA bix3 ;
bix2 (L20) <b2>:
  BRA bix3 ;
bix3 (L40) <b4>:
  MovPhi %r20, %r10, bix2, %r11, bix1 ;
  EXIT ;
"
    );
    let f = func(vec![vec![mov(0)], vec![cbra(3)], vec![mov(2)], vec![phi(20, &[(10, 1), (11, 2)]), exit()]]);
    let mut g = f.clone();
    merge_blocks(&mut g);
    assert_eq!(
        text(&g),
        "bix0 (L0) <b0>:
  MOV %r1, 0x0 ;
  @%p0 BRA bix2 ;
bix1 (L20) <b2>:
  MOV %r1, 0x2 ;
bix2 (L30) <b3>:
  MovPhi %r20, %r10, bix0, %r11, bix1 ;
  EXIT ;
"
    );
    // bix1 may not absorb bix3: bix3 ends in a guarded EXIT and would lose its
    // fall-through into bix4 (merging creates no trampoline block).
    let f = func(vec![
        vec![cbra(2)],
        vec![bra(3)],
        vec![mov(2), bra(4)],
        vec![mov(3), guarded(exit())],
        vec![phi(20, &[(10, 2), (11, 3)]), exit()],
    ]);
    let mut g = f.clone();
    merge_blocks(&mut g);
    assert_eq!(g, f);
    // A block with phis is never absorbed.
    let f = func(vec![vec![mov(0)], vec![phi(20, &[(10, 0)]), exit()]]);
    let mut g = f.clone();
    merge_blocks(&mut g);
    assert_eq!(g, f);
}

#[test]
fn place_in_source_order_with_trampoline() {
    let mut f = func(vec![vec![cbra(2)], vec![phi(20, &[(10, 0), (11, 3)]), exit()], vec![mov(2)], vec![bra(1)]]);
    f.blocks[1].label = 0x30;
    f.blocks[2].label = 0x10;
    f.blocks[3].label = 0x20;
    let mut g = f.clone();
    place_blocks_in_source_order(&mut g);
    assert_eq!(
        text(&g),
        "bix0 (L0) <b0>:
  @%p0 BRA bix2 ;
bix1 (L0) <b0.fallthrough>:
  BRA bix4 ;
bix2 (L10) <b2>:
  MOV %r1, 0x2 ;
bix3 (L20) <b3>:
  BRA bix4 ;
bix4 (L30) <b1>:
  MovPhi %r20, %r10, bix1, %r11, bix3 ;
  EXIT ;
"
    );
    let mut h = g.clone();
    place_blocks_in_source_order(&mut h);
    assert_eq!(h, g);
    // A plain fall-through gets its BRA appended.
    let mut f = func(vec![vec![mov(0)], vec![exit()], vec![bra(0)]]);
    f.blocks[1].label = 0x30;
    place_blocks_in_source_order(&mut f);
    assert_eq!(
        text(&f),
        "bix0 (L0) <b0>:
  MOV %r1, 0x0 ;
  BRA bix2 ;
bix1 (L20) <b2>:
  BRA bix0 ;
bix2 (L30) <b1>:
  EXIT ;
"
    );
}

#[test]
fn empty_function() {
    let mut f = func(vec![]);
    let cfg = analyze(&f);
    assert!(cfg.rpo().is_empty());
    assert_eq!(
        dump_rpo(&cfg),
        "Showing RPO state for each basic block:\nRPO traversal order: []\nShowing backedge info:\n"
    );
    set_control_flow_op_last_in_bb(&mut f);
    merge_blocks(&mut f);
    place_blocks_in_source_order(&mut f);
    assert!(f.blocks.is_empty());
}

// --------------------------------------------------------------------------------------------
// Random CFGs.
// --------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Term {
    Fall,
    Exit,
    Bra(usize),
    CondBra(usize),
    CondExit,
    /// Guarded branches to each, then an unconditional one (several CF ops in one block).
    Switch(Vec<usize>, usize),
    /// `BRA t` followed by dead code.
    DeadTail(usize),
}

fn term() -> impl Strategy<Value = Term> {
    prop_oneof![
        2 => Just(Term::Fall),
        1 => Just(Term::Exit),
        2 => any::<usize>().prop_map(Term::Bra),
        3 => any::<usize>().prop_map(Term::CondBra),
        1 => Just(Term::CondExit),
        1 => (prop::collection::vec(any::<usize>(), 1..4), any::<usize>())
            .prop_map(|(v, d)| Term::Switch(v, d)),
        1 => any::<usize>().prop_map(Term::DeadTail),
    ]
}

/// (terminators with a "phi even with one predecessor" flag, labels, oracle seed).
fn cfg_input() -> impl Strategy<Value = (Vec<(Term, bool)>, Vec<u32>, u64)> {
    (1..=30usize).prop_flat_map(|n| {
        (
            prop::collection::vec((term(), any::<bool>()), n),
            Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            any::<u64>(),
        )
    })
}

const DEAD: u64 = 10_000;

/// Block `b` starts with the marker `MOV Imm(b)` (after its phi); labels are `0x10 * labels[b]`
/// with the entry moved to label 0; the last block never runs off the function.
fn build(terms: &[(Term, bool)], labels: &[u32]) -> Function {
    let n = terms.len();
    let mut blocks = Vec::new();
    for (b, (t, _)) in terms.iter().enumerate() {
        let t = match t {
            Term::Fall | Term::CondBra(_) | Term::CondExit if b + 1 == n => &Term::Exit,
            t => t,
        };
        let tg = |x: &usize| (*x % n) as u32;
        let mut insts = vec![mov(b as u64)];
        match t {
            Term::Fall => {}
            Term::Exit => insts.push(exit()),
            Term::Bra(x) => insts.push(bra(tg(x))),
            Term::CondBra(x) => insts.push(cbra(tg(x))),
            Term::CondExit => insts.push(guarded(exit())),
            Term::Switch(v, d) => {
                insts.extend(v.iter().map(|x| cbra(tg(x))));
                insts.push(bra(tg(d)));
            }
            Term::DeadTail(x) => {
                insts.push(bra(tg(x)));
                insts.push(mov(DEAD + b as u64));
            }
        }
        blocks.push(insts);
    }
    let mut f = func(blocks);
    let mut lab: Vec<u32> = labels.to_vec();
    let e = lab.iter().position(|&l| l == 0).expect("a zero label");
    lab.swap(0, e);
    for (b, l) in lab.iter().enumerate() {
        f.blocks[b].label = 0x10 * l;
    }
    let preds = predecessors_of(&all_successors(&f));
    for (b, ps) in preds.iter().enumerate() {
        if ps.len() >= 2 || (ps.len() == 1 && terms[b].1) {
            let pairs: Vec<(u32, u32)> = ps.iter().map(|p| (1000 + p.0, p.0)).collect();
            f.blocks[b].insts.insert(0, phi(2000 + b as u32, &pairs));
        }
    }
    f
}

fn oracle(seed: u64, marker: u64, visit: u64, k: u64) -> bool {
    let mut z = seed
        ^ marker.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ visit.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ k.wrapping_mul(0x1656_67B1_9E37_79F9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & 1 == 1
}

const EXITED: u64 = u64::MAX;
const FELL_OFF: u64 = u64::MAX - 1;

/// Executes `f` with guards decided by `oracle` from the last marker, its visit count and
/// the guards evaluated since; returns the markers met (at most 64) and how it ended.
fn trace(f: &Function, seed: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if f.blocks.is_empty() {
        return out;
    }
    let (mut b, mut i) = (0usize, 0usize);
    let (mut last, mut k) = (u64::MAX, 0u64);
    let mut visits: HashMap<u64, u64> = HashMap::new();
    for _ in 0..20_000 {
        let Some(inst) = f.blocks[b].insts.get(i) else {
            if b + 1 < f.blocks.len() {
                b += 1;
                i = 0;
                continue;
            }
            out.push(FELL_OFF);
            break;
        };
        i += 1;
        if matches!(inst.op, Op::Mov { .. }) {
            let Operand::Imm(x) = inst.srcs[0] else {
                continue;
            };
            out.push(x);
            last = x;
            k = 0;
            *visits.entry(x).or_default() += 1;
            if out.len() >= 64 {
                break;
            }
        } else if inst.op.is_control_flow() {
            let taken = match inst.guard {
                None => true,
                Some(_) => {
                    k += 1;
                    oracle(seed, last, visits[&last], k)
                }
            };
            if !taken {
                continue;
            }
            if matches!(inst.op, Op::Bra) {
                b = inst.targets().next().expect("target").idx();
                i = 0;
            } else {
                out.push(EXITED);
                break;
            }
        }
    }
    out
}

fn brute_reachable(succs: &[Vec<Bix>], removed: Option<usize>) -> Vec<bool> {
    let n = succs.len();
    let mut seen = vec![false; n];
    if n == 0 || removed == Some(0) {
        return seen;
    }
    let mut work = vec![0];
    seen[0] = true;
    while let Some(b) = work.pop() {
        for s in &succs[b] {
            if Some(s.idx()) != removed && !seen[s.idx()] {
                seen[s.idx()] = true;
                work.push(s.idx());
            }
        }
    }
    seen
}

/// Reverse postorder of a recursive DFS visiting successors in ascending order.
fn reference_rpo(succs: &[Vec<Bix>]) -> Vec<Bix> {
    fn go(b: usize, succs: &[Vec<Bix>], seen: &mut [bool], post: &mut Vec<Bix>) {
        seen[b] = true;
        for s in &succs[b] {
            if !seen[s.idx()] {
                go(s.idx(), succs, seen, post);
            }
        }
        post.push(Bix(b as u32));
    }
    let mut post = Vec::new();
    if !succs.is_empty() {
        go(0, succs, &mut vec![false; succs.len()], &mut post);
    }
    post.reverse();
    post
}

fn check_analysis(f: &Function) -> Result<(), TestCaseError> {
    let n = f.blocks.len();
    let cfg = analyze(f);
    let succs = all_successors(f);
    let reach = brute_reachable(&succs, None);
    // RPO: a permutation of the reachable blocks, equal to the recursive reference.
    let reference = reference_rpo(&succs);
    prop_assert_eq!(cfg.rpo(), reference.as_slice());
    for (b, &r) in reach.iter().enumerate() {
        prop_assert_eq!(cfg.is_reachable(Bix(b as u32)), r);
    }
    for (i, b) in cfg.rpo().iter().enumerate() {
        prop_assert_eq!(cfg.rpo_num(*b), Some(i as u32));
    }
    // Every edge goes forward in RPO or is a backedge.
    let mut expected_back = Vec::new();
    for s in (0..n).filter(|&s| reach[s]) {
        for d in &succs[s] {
            let (rs, rd) = (cfg.rpo_num(Bix(s as u32)), cfg.rpo_num(*d));
            if rd <= rs {
                expected_back.push((Bix(s as u32), *d));
            }
        }
    }
    expected_back.sort();
    prop_assert_eq!(cfg.backedges(), expected_back.as_slice());
    // Dominators against "removing a makes b unreachable".
    for a in (0..n).filter(|&a| reach[a]) {
        let without = brute_reachable(&succs, Some(a));
        for b in (0..n).filter(|&b| reach[b]) {
            let brute = a == b || !without[b];
            prop_assert_eq!(cfg.dominates(Bix(a as u32), Bix(b as u32)), brute, "dom {} {}", a, b);
        }
    }
    for b in (1..n).filter(|&b| reach[b]) {
        let b = Bix(b as u32);
        let i = cfg.idom(b).expect("idom");
        prop_assert!(i != b && cfg.dominates(i, b));
        for d in cfg.dominators(b) {
            prop_assert!(d == b || cfg.dominates(d, i));
        }
    }
    // Loops against the brute-force natural loops.
    let mut headers = BTreeSet::new();
    let mut irreducible = Vec::new();
    for &(s, d) in cfg.backedges() {
        if cfg.dominates(d, s) {
            headers.insert(d);
        } else {
            irreducible.push((s, d));
        }
    }
    prop_assert_eq!(cfg.irreducible_edges(), irreducible.as_slice());
    prop_assert_eq!(cfg.loops().len(), headers.len());
    for l in cfg.loops() {
        prop_assert!(headers.contains(&l.header));
        let latches: Vec<Bix> =
            cfg.backedges().iter().filter(|(s, d)| *d == l.header && cfg.dominates(*d, *s)).map(|(s, _)| *s).collect();
        prop_assert_eq!(&l.latches, &latches);
        for &lt in &latches {
            prop_assert!(cfg.dominates(l.header, lt));
        }
        let without_h = |x: usize| -> Vec<bool> {
            // Reachability from x avoiding the header.
            let mut seen = vec![false; n];
            let mut work = vec![x];
            seen[x] = true;
            while let Some(b) = work.pop() {
                for s in &succs[b] {
                    if *s != l.header && !seen[s.idx()] {
                        seen[s.idx()] = true;
                        work.push(s.idx());
                    }
                }
            }
            seen
        };
        let body: Vec<Bix> = (0..n)
            .filter(|&x| {
                reach[x]
                    && (x == l.header.idx() || {
                        let r = without_h(x);
                        latches.iter().any(|lt| r[lt.idx()])
                    })
            })
            .map(|x| Bix(x as u32))
            .collect();
        prop_assert_eq!(&l.body, &body);
        let containing = cfg.loops().iter().filter(|o| o.body.contains(&l.header)).count();
        prop_assert_eq!(l.depth as usize, containing);
        if let Some(p) = l.parent {
            let parent = &cfg.loops()[p];
            prop_assert!(l.body.iter().all(|b| parent.body.contains(b)));
            prop_assert_eq!(parent.depth + 1, l.depth);
        } else {
            prop_assert_eq!(l.depth, 1);
        }
    }
    for b in 0..n {
        let c = cfg.loops().iter().filter(|l| l.body.contains(&Bix(b as u32))).count();
        prop_assert_eq!(cfg.loop_depth(Bix(b as u32)) as usize, c);
    }
    Ok(())
}

/// Control flow is last in every block.
fn cf_last(f: &Function) -> bool {
    f.blocks.iter().all(|b| {
        let n = b.insts.len();
        b.insts[..n.saturating_sub(1)].iter().all(|i| !i.op.is_control_flow())
    })
}

/// Edges between reachable blocks as (label, label) pairs, same-label pairs left out.
fn label_edges(f: &Function) -> BTreeSet<(u32, u32)> {
    let cfg = analyze(f);
    let mut out = BTreeSet::new();
    for s in 0..f.blocks.len() {
        if !cfg.is_reachable(Bix(s as u32)) {
            continue;
        }
        for d in cfg.succs(Bix(s as u32)) {
            let (ls, ld) = (f.blocks[s].label, f.blocks[d.idx()].label);
            if ls != ld {
                out.insert((ls, ld));
            }
        }
    }
    out
}

const PIECE: u64 = 20_000;

/// The original block a marker stands for.
fn orig(x: u64) -> u32 {
    if x >= PIECE { ((x - PIECE) % 100) as u32 } else { (x % DEAD) as u32 }
}

/// The markers of block `b`.
fn own_markers(f: &Function, b: usize) -> Vec<u64> {
    f.blocks[b]
        .insts
        .iter()
        .filter_map(|i| match (&i.op, i.srcs.first()) {
            (Op::Mov { .. }, Some(Operand::Imm(x))) => Some(*x),
            _ => None,
        })
        .collect()
}

/// The markers of block `b`; a marker-less block (a split piece or a trampoline) stands for
/// the block before it.
fn markers(f: &Function, b: usize) -> Vec<u64> {
    let m = own_markers(f, b);
    if m.is_empty() && b > 0 { markers(f, b - 1) } else { m }
}

/// Gives every marker-less block (split pieces) a marker `PIECE + 100 * bix + origin`.
fn remark(f: &mut Function) {
    let mut last = 0u64;
    for b in 0..f.blocks.len() {
        match own_markers(f, b).first() {
            Some(&x) => last = orig(x) as u64,
            None => f.blocks[b].insts.insert(0, mov(PIECE + 100 * b as u64 + last)),
        }
    }
}

/// In every reachable block, the reachable labels of each phi are its reachable
/// predecessors, and the value of each pair is the one of the original block the
/// predecessor holds code of.
fn check_phis(f: &Function) -> Result<(), TestCaseError> {
    let cfg = analyze(f);
    for s in 0..f.blocks.len() {
        if !cfg.is_reachable(Bix(s as u32)) {
            continue;
        }
        let preds: BTreeSet<Bix> = cfg.preds(Bix(s as u32)).iter().copied().filter(|p| cfg.is_reachable(*p)).collect();
        for i in f.blocks[s].insts.iter().filter(|i| is_phi(i)) {
            let mut labels = BTreeSet::new();
            for pair in i.srcs.chunks(2) {
                let (Operand::Reg(v), Operand::Label(p)) = (&pair[0], &pair[1]) else {
                    return Err(TestCaseError::fail("malformed phi"));
                };
                if cfg.is_reachable(*p) {
                    labels.insert(*p);
                    let origins: Vec<u32> = markers(f, p.idx()).into_iter().map(orig).collect();
                    prop_assert!(origins.contains(&(v.0 - 1000)));
                }
            }
            prop_assert_eq!(&labels, &preds, "phi of bix{}", s);
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn prop_analysis((terms, labels, _seed) in cfg_input()) {
        let f = build(&terms, &labels);
        check_analysis(&f)?;
    }

    #[test]
    fn prop_split((terms, labels, seed) in cfg_input()) {
        let f = build(&terms, &labels);
        let mut g = f.clone();
        set_control_flow_op_last_in_bb(&mut g);
        prop_assert!(cf_last(&g));
        prop_assert_eq!(g.num_insts(), f.num_insts());
        prop_assert_eq!(label_edges(&g), label_edges(&f));
        for k in 0..4 {
            prop_assert_eq!(trace(&g, seed ^ k), trace(&f, seed ^ k));
        }
        check_phis(&g)?;
        check_analysis(&g)?;
        let mut h = g.clone();
        set_control_flow_op_last_in_bb(&mut h);
        prop_assert_eq!(&h, &g);
    }

    #[test]
    fn prop_merge((terms, labels, seed) in cfg_input(), split_first in any::<bool>()) {
        let mut f = build(&terms, &labels);
        if split_first {
            set_control_flow_op_last_in_bb(&mut f);
            remark(&mut f);
        }
        let mut g = f.clone();
        merge_blocks(&mut g);
        for k in 0..4 {
            prop_assert_eq!(trace(&g, seed ^ k), trace(&f, seed ^ k));
        }
        let cfg = analyze(&g);
        prop_assert!((0..g.blocks.len()).all(|b| cfg.is_reachable(Bix(b as u32))));
        if split_first {
            prop_assert!(cf_last(&g));
        }
        // Merged edges vanish; every other edge survives between the blocks holding the
        // code (edges into a marker-less trampoline continue to its target).
        let head = |x: u64| {
            (0..g.blocks.len())
                .find(|&b| own_markers(&g, b).contains(&x))
                .expect("kept")
        };
        let fcfg = analyze(&f);
        let mut mapped = BTreeSet::new();
        for s in (0..f.blocks.len()).filter(|&s| fcfg.is_reachable(Bix(s as u32))) {
            let hs = head(*own_markers(&f, s).last().expect("marker"));
            for d in fcfg.succs(Bix(s as u32)) {
                mapped.insert((hs, head(own_markers(&f, d.idx())[0])));
            }
        }
        let mut edges = BTreeSet::new();
        for s in (0..g.blocks.len()).filter(|&s| !own_markers(&g, s).is_empty()) {
            for d in cfg.succs(Bix(s as u32)) {
                let mut d = d.idx();
                if own_markers(&g, d).is_empty() {
                    prop_assert_eq!(cfg.succs(Bix(d as u32)).len(), 1);
                    d = cfg.succs(Bix(d as u32))[0].idx();
                }
                edges.insert((s, d));
            }
        }
        prop_assert!(edges.is_subset(&mapped));
        prop_assert!(mapped.difference(&edges).all(|(a, b)| a == b));
        check_phis(&g)?;
        let mut h = g.clone();
        merge_blocks(&mut h);
        prop_assert_eq!(&h, &g);
    }

    #[test]
    fn prop_place((terms, labels, seed) in cfg_input(), split_first in any::<bool>()) {
        let mut f = build(&terms, &labels);
        if split_first {
            set_control_flow_op_last_in_bb(&mut f);
            remark(&mut f);
        }
        let mut g = f.clone();
        place_blocks_in_source_order(&mut g);
        for k in 0..4 {
            prop_assert_eq!(trace(&g, seed ^ k), trace(&f, seed ^ k));
        }
        prop_assert_eq!(label_edges(&g), label_edges(&f));
        prop_assert_eq!(markers(&g, 0).first().copied(), Some(0));
        prop_assert!(g.blocks.windows(2).all(|w| w[0].label <= w[1].label));
        if split_first {
            prop_assert!(cf_last(&g));
        }
        check_phis(&g)?;
        let mut h = g.clone();
        place_blocks_in_source_order(&mut h);
        prop_assert_eq!(&h, &g);
    }
}
