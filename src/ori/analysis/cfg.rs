//! The control-flow graph of a [`Function`] and the phases that reshape it (seed 001, "Basic
//! Blocks & Control Flow Graph").
//!
//! - [`analyze`] is phase 3 `AnalyzeControlFlow`: successor/predecessor edges, the reverse
//!   post-order (RPO) by an iterative DFS with an explicit stack, backedges, dominators (the
//!   iterative bitvector algorithm), immediate dominators and natural loops.
//! - [`set_control_flow_op_last_in_bb`] is phase 6 `SetControlFlowOpLastInBB`.
//! - [`merge_blocks`] merges straight-line chains and removes unreachable blocks (what
//!   `--dont-merge-basicblocks` / `-no-bb-merge` suppresses).
//! - [`place_blocks_in_source_order`] is phase 112 `PlaceBlocksInSourceOrder`.
//! - [`dump_dot`] and [`dump_rpo`] print the seed's "CFG Visualization" and "RPO Debug Dump".
//!
//! # Edges
//!
//! The successors of a block are computed by [`block_successors`]: the `Label` targets of its
//! control-flow instructions ([`Op::is_control_flow`]: `BRA`, `EXIT`, `RET`) scanned in order up
//! to the first *unguarded* one that ends the block unconditionally, plus the fall-through block
//! `bix + 1` when no such instruction exists. Labels of `MovPhi` sources name predecessors, not
//! successors, and are ignored. Successor lists are sorted by `bix` and deduplicated (the seed's
//! successor hash map holds a set of block indices).
//!
//! Every transformation here renumbers blocks densely (`bix` = position) and rewrites every
//! `Operand::Label` of the function: branch targets follow the block they named; the
//! `[value, Label(pred)]` pairs of phis are rewritten so that they name exactly the new
//! predecessor blocks that carry the old edge (see `rebuild`).

use crate::ori::ir::{Bix, Block, Function, Inst, Operand};
use crate::ori::opcode::Op;
use std::fmt::Write;

// ------------------------------------------------------------------------------------------------
// A small fixed-size bit set (the seed's dominator bitvectors, "Dominance").
// ------------------------------------------------------------------------------------------------

/// Dominator sets: the shared BitVector library (seed 000), indexed by block.
type WordSet = crate::ori::analysis::bitvec::BitVec;

// ------------------------------------------------------------------------------------------------
// Edges.
// ------------------------------------------------------------------------------------------------

/// Whether control can run off the end of `block` (no unguarded `BRA`/`EXIT`/`RET` in it).
fn falls_through(block: &Block) -> bool {
    !block.insts.iter().any(|i| i.op.is_control_flow() && i.op.ends_block_unconditionally() && i.guard.is_none())
}

/// Successors of block `b`, sorted by `bix` and deduplicated ([`Function::successors`]: phi
/// labels are not branch targets, and instructions after an unguarded `BRA`/`EXIT`/`RET` add no
/// edges).
pub fn block_successors(f: &Function, b: Bix) -> Vec<Bix> {
    f.successors(b)
}

fn all_successors(f: &Function) -> Vec<Vec<Bix>> {
    (0..f.blocks.len()).map(|b| block_successors(f, Bix(b as u32))).collect()
}

fn predecessors_of(succs: &[Vec<Bix>]) -> Vec<Vec<Bix>> {
    let mut preds = vec![Vec::new(); succs.len()];
    for (b, ss) in succs.iter().enumerate() {
        for s in ss {
            preds[s.idx()].push(Bix(b as u32));
        }
    }
    preds
}

/// Blocks reachable from the entry (bix0).
fn reachable_from_entry(succs: &[Vec<Bix>]) -> Vec<bool> {
    let mut seen = vec![false; succs.len()];
    if succs.is_empty() {
        return seen;
    }
    let mut work = vec![0usize];
    seen[0] = true;
    while let Some(b) = work.pop() {
        for s in &succs[b] {
            if !seen[s.idx()] {
                seen[s.idx()] = true;
                work.push(s.idx());
            }
        }
    }
    seen
}

// ------------------------------------------------------------------------------------------------
// The analysis (phase 3).
// ------------------------------------------------------------------------------------------------

/// A natural loop (seed 001 "Natural Loop Detection"), formed by the backedges `latch → header`
/// whose header dominates the latch; loops with the same header are one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// The loop header (the target of its backedges).
    pub header: Bix,
    /// Sources of the backedges into the header, sorted by `bix`.
    pub latches: Vec<Bix>,
    /// Every block of the loop, the header included, sorted by `bix`: the blocks that reach a
    /// latch without passing through the header.
    pub body: Vec<Bix>,
    /// Nesting depth: the number of loops whose body contains the header (outermost = 1).
    pub depth: u32,
    /// The innermost enclosing loop (an index into [`Cfg::loops`]).
    pub parent: Option<usize>,
}

/// The result of phase 3 `AnalyzeControlFlow` (seed 001 "CFG Construction: Phase 3").
///
/// Blocks unreachable from the entry have no RPO number, no dominators, are in no loop and
/// source no backedges; they still have successors and appear among predecessors.
#[derive(Clone, Debug)]
pub struct Cfg {
    succs: Vec<Vec<Bix>>,
    preds: Vec<Vec<Bix>>,
    rpo: Vec<Bix>,
    rpo_num: Vec<Option<u32>>,
    backedges: Vec<(Bix, Bix)>,
    dom: Vec<WordSet>,
    idom: Vec<Option<Bix>>,
    loops: Vec<Loop>,
    irreducible: Vec<(Bix, Bix)>,
    loop_depth: Vec<u32>,
}

impl Cfg {
    /// Number of blocks of the analyzed function (reachable or not).
    pub fn num_blocks(&self) -> usize {
        self.succs.len()
    }

    /// Successors of `b`, sorted by `bix`.
    pub fn succs(&self, b: Bix) -> &[Bix] {
        &self.succs[b.idx()]
    }

    /// Predecessors of `b` (unreachable ones included), sorted by `bix`.
    pub fn preds(&self, b: Bix) -> &[Bix] {
        &self.preds[b.idx()]
    }

    /// The RPO traversal order: `rpo()[n]` is the block with RPO number `n`; the entry first.
    pub fn rpo(&self) -> &[Bix] {
        &self.rpo
    }

    /// The RPO number of `b`, `None` when `b` is unreachable.
    pub fn rpo_num(&self, b: Bix) -> Option<u32> {
        self.rpo_num[b.idx()]
    }

    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: Bix) -> bool {
        self.rpo_num[b.idx()].is_some()
    }

    /// Every backedge `(src, dst)` (`RPO(dst) <= RPO(src)`), sorted.
    pub fn backedges(&self) -> &[(Bix, Bix)] {
        &self.backedges
    }

    /// Whether `src → dst` is a backedge.
    pub fn is_backedge(&self, src: Bix, dst: Bix) -> bool {
        self.backedges.binary_search(&(src, dst)).is_ok()
    }

    /// Backedges whose target does not dominate their source: the retreating edges of
    /// irreducible cycles (a cycle with more than one entry), sorted. They form no [`Loop`].
    pub fn irreducible_edges(&self) -> &[(Bix, Bix)] {
        &self.irreducible
    }

    /// Whether every cycle is a natural loop.
    pub fn is_reducible(&self) -> bool {
        self.irreducible.is_empty()
    }

    /// Whether `a` dominates `b` (reflexive). False when either block is unreachable.
    pub fn dominates(&self, a: Bix, b: Bix) -> bool {
        self.is_reachable(a) && self.dom[b.idx()].test(a.idx())
    }

    /// The dominators of `b` (itself included) in RPO order; empty when `b` is unreachable.
    pub fn dominators(&self, b: Bix) -> Vec<Bix> {
        let mut out: Vec<Bix> = self.dom[b.idx()].iter().map(|d| Bix(d as u32)).collect();
        out.sort_by_key(|d| self.rpo_num[d.idx()]);
        out
    }

    /// The immediate dominator of `b`; `None` for the entry and for unreachable blocks.
    pub fn idom(&self, b: Bix) -> Option<Bix> {
        self.idom[b.idx()]
    }

    /// The natural loops, outer loops before the loops they contain (ordered by the RPO number
    /// of their headers).
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }

    /// The number of natural loops containing `b` (0 outside loops).
    pub fn loop_depth(&self, b: Bix) -> u32 {
        self.loop_depth[b.idx()]
    }

    /// The innermost natural loop containing `b` (an index into [`Cfg::loops`]).
    pub fn innermost_loop(&self, b: Bix) -> Option<usize> {
        self.loops
            .iter()
            .enumerate()
            .filter(|(_, l)| l.body.binary_search(&b).is_ok())
            .max_by_key(|(_, l)| l.depth)
            .map(|(i, _)| i)
    }

    /// Whether `b` heads a natural loop.
    pub fn is_loop_header(&self, b: Bix) -> bool {
        self.loops.iter().any(|l| l.header == b)
    }
}

/// Reverse post-order by the seed's iterative DFS ("Reverse Post-Order (RPO) Computation",
/// `CFG::computeRPO`).
///
/// An explicit stack starts with the entry. The top block is examined: if it is not yet
/// visited it is marked visited and its unvisited successors are pushed (in reverse `bix` order,
/// so that the smallest successor is explored first, as a recursive DFS over the sorted
/// successor list would); if it is already visited it is popped and, the first time, receives
/// the current counter as its RPO number (`rpo_array[counter--] = bix`). The counter starts at
/// the number of reachable blocks minus one, so the entry ends with 0. A block may be pushed
/// several times before it is visited; its stale copies lie below the copy that was visited and
/// are popped without renumbering.
fn compute_rpo(succs: &[Vec<Bix>]) -> (Vec<Bix>, Vec<Option<u32>>) {
    let n = succs.len();
    let mut rpo_num: Vec<Option<u32>> = vec![None; n];
    if n == 0 {
        return (Vec::new(), rpo_num);
    }
    let reachable = reachable_from_entry(succs).iter().filter(|&&r| r).count();
    let mut rpo = vec![Bix(0); reachable];
    let mut counter = reachable as i64 - 1;
    let mut visited = vec![false; n];
    let mut stack: Vec<Bix> = vec![Bix(0)];
    while let Some(&b) = stack.last() {
        if visited[b.idx()] {
            stack.pop();
            if rpo_num[b.idx()].is_none() {
                rpo_num[b.idx()] = Some(counter as u32);
                rpo[counter as usize] = b;
                counter -= 1;
            }
            continue;
        }
        visited[b.idx()] = true;
        for &s in succs[b.idx()].iter().rev() {
            if !visited[s.idx()] {
                stack.push(s);
            }
        }
    }
    debug_assert_eq!(counter, -1, "every reachable block numbered");
    (rpo, rpo_num)
}

/// Dominator sets by the seed's iterative dataflow ("Dominance", `CFG::computeDominators`):
/// `dom[entry] = {entry}`, every other reachable block starts with all reachable blocks, then
/// `dom[b] = {b} ∪ ⋂ dom[p]` over the reachable predecessors `p`, for each block in RPO order,
/// until nothing changes. Unreachable blocks get the empty set.
fn compute_dominators(preds: &[Vec<Bix>], rpo: &[Bix], rpo_num: &[Option<u32>]) -> Vec<WordSet> {
    let n = preds.len();
    let mut dom = vec![WordSet::new(n); n];
    let Some(&entry) = rpo.first() else {
        return dom;
    };
    let mut all = WordSet::new(n);
    for b in rpo {
        all.set(b.idx());
    }
    for &b in rpo {
        if b == entry {
            dom[b.idx()].set(b.idx());
        } else {
            dom[b.idx()] = all.clone();
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &rpo[1..] {
            let mut new = all.clone();
            for p in &preds[b.idx()] {
                if rpo_num[p.idx()].is_some() {
                    new.and_assign(&dom[p.idx()]);
                }
            }
            new.set(b.idx());
            if new != dom[b.idx()] {
                dom[b.idx()] = new;
                changed = true;
            }
        }
    }
    dom
}

/// The immediate dominator of every block: the strict dominator with the highest RPO number
/// (`None` for the entry and unreachable blocks).
///
/// Blocks are taken in RPO. The strict dominators of `b` dominate each of its predecessors, and
/// they form a chain, so walking up the already-known immediate dominators from a predecessor `p`
/// numbered before `b` (the DFS parent is one) visits the dominators of `p` in decreasing RPO
/// order; the first one that is in `dom[b]` is the highest-numbered strict dominator of `b`. This
/// costs the length of the walk instead of a scan of `dom[b]`, whose size grows with the
/// function along a chain of blocks.
fn immediate_dominators(dom: &[WordSet], preds: &[Vec<Bix>], rpo: &[Bix], rpo_num: &[Option<u32>]) -> Vec<Option<Bix>> {
    let mut idom: Vec<Option<Bix>> = vec![None; preds.len()];
    for &b in rpo.iter().skip(1) {
        let before = |p: &&Bix| rpo_num[p.idx()].is_some_and(|r| Some(r) < rpo_num[b.idx()]);
        let Some(&p) = preds[b.idx()].iter().find(before) else { continue };
        let mut x = p;
        while !dom[b.idx()].test(x.idx()) {
            x = idom[x.idx()].expect("the entry dominates every reachable block");
        }
        idom[b.idx()] = Some(x);
    }
    debug_assert!(
        preds.len() > 512
            || (0..preds.len()).all(|b| {
                idom[b] == dom[b].iter().filter(|&d| d != b).max_by_key(|&d| rpo_num[d]).map(|d| Bix(d as u32))
            }),
        "immediate dominators"
    );
    idom
}

/// Successor lists and the reverse post-order alone (`None` for unreachable blocks), for clients
/// that need no dominators or loops (liveness sweeps): the same RPO as [`analyze`] at a fraction
/// of its cost.
pub fn successors_and_rpo(f: &Function) -> (Vec<Vec<Bix>>, Vec<Bix>, Vec<Option<u32>>) {
    let succs = all_successors(f);
    let (rpo, rpo_num) = compute_rpo(&succs);
    (succs, rpo, rpo_num)
}

/// Phase 3 `AnalyzeControlFlow` (seed 001 "CFG Construction: Phase 3"): edges, RPO, backedges,
/// dominators and natural loops of `f`, whose entry is bix0.
///
/// - Backedges ("Backedge Detection and Loop Identification"): every edge `src → dst` between
///   reachable blocks with `RPO(dst) <= RPO(src)` (self-loops included).
/// - Immediate dominator: the strict dominator with the largest RPO number (the dominators of a
///   block form a chain ordered by RPO).
/// - Natural loops: a backedge whose target dominates its source makes the target a header;
///   the body is the header plus every block found by walking predecessors backwards from the
///   latch without passing the header; loops sharing a header are merged. A backedge whose
///   target does not dominate its source belongs to an irreducible cycle and is listed in
///   [`Cfg::irreducible_edges`] instead.
pub fn analyze(f: &Function) -> Cfg {
    let n = f.blocks.len();
    let succs = all_successors(f);
    let preds = predecessors_of(&succs);
    let (rpo, rpo_num) = compute_rpo(&succs);

    let mut backedges = Vec::new();
    for &src in &rpo {
        let rs = rpo_num[src.idx()];
        for &dst in &succs[src.idx()] {
            if rpo_num[dst.idx()] <= rs {
                backedges.push((src, dst));
            }
        }
    }
    backedges.sort();

    let dom = compute_dominators(&preds, &rpo, &rpo_num);
    let idom = immediate_dominators(&dom, &preds, &rpo, &rpo_num);

    // Natural loops, one per header.
    let mut irreducible = Vec::new();
    let mut by_header: Vec<(Bix, Vec<Bix>)> = Vec::new();
    for &(src, dst) in &backedges {
        if dom[src.idx()].test(dst.idx()) {
            match by_header.iter_mut().find(|(h, _)| *h == dst) {
                Some((_, latches)) => latches.push(src),
                None => by_header.push((dst, vec![src])),
            }
        } else {
            irreducible.push((src, dst));
        }
    }
    by_header.sort_by_key(|(h, _)| rpo_num[h.idx()]);
    let mut loops: Vec<Loop> = by_header
        .into_iter()
        .map(|(header, mut latches)| {
            latches.sort();
            let mut in_body = vec![false; n];
            in_body[header.idx()] = true;
            let mut work: Vec<Bix> = Vec::new();
            for &l in &latches {
                if !in_body[l.idx()] {
                    in_body[l.idx()] = true;
                    work.push(l);
                }
            }
            while let Some(b) = work.pop() {
                for &p in &preds[b.idx()] {
                    if rpo_num[p.idx()].is_some() && !in_body[p.idx()] {
                        in_body[p.idx()] = true;
                        work.push(p);
                    }
                }
            }
            let body = (0..n).filter(|&b| in_body[b]).map(|b| Bix(b as u32)).collect();
            Loop { header, latches, body, depth: 0, parent: None }
        })
        .collect();
    // Natural loops with distinct headers are nested or disjoint, so the loops containing a
    // header form a chain: its length is the depth, its deepest other member the parent.
    for i in 0..loops.len() {
        let h = loops[i].header;
        let containing: Vec<usize> = (0..loops.len()).filter(|&j| loops[j].body.binary_search(&h).is_ok()).collect();
        loops[i].depth = containing.len() as u32;
        loops[i].parent = containing.iter().copied().filter(|&j| j != i).min_by_key(|&j| loops[j].body.len());
    }
    let mut loop_depth = vec![0u32; n];
    for l in &loops {
        for b in &l.body {
            loop_depth[b.idx()] += 1;
        }
    }

    Cfg { succs, preds, rpo, rpo_num, backedges, dom, idom, loops, irreducible, loop_depth }
}

// ------------------------------------------------------------------------------------------------
// Rebuilding a function from pieces of its blocks.
// ------------------------------------------------------------------------------------------------

/// Where control goes after the last instruction of a [`Piece`].
enum Fall {
    /// Into the next piece, which by construction stays adjacent (block splitting).
    Adjacent,
    /// Into the block that was old `bix` (explicit `BRA` added when it is no longer next).
    To(Bix),
    /// Nowhere (the piece ends in an unguarded `BRA`/`EXIT`/`RET`, or ran off the function).
    Nowhere,
}

/// A block of the function being rebuilt: instructions still naming old `bix`es.
struct Piece {
    insts: Vec<Inst>,
    label: u32,
    name: String,
    /// The old blocks whose instructions it holds (several after a merge).
    origins: Vec<Bix>,
    fall: Fall,
}

fn is_phi(i: &Inst) -> bool {
    matches!(i.op, Op::Phi)
}

/// Replaces `f.blocks` by `pieces` (in order). `head_of[old]` is the piece where old block
/// `old` starts (`None`: removed).
///
/// 1. A piece with `Fall::To(t)` whose target piece is not next gets an explicit unguarded
///    `BRA t`: appended to the piece when its last instruction is not control flow, otherwise
///    (it ends in a guarded `BRA`/`EXIT`/`RET`) in a new trampoline block placed right after it,
///    so that control flow stays last in every block.
/// 2. Every `Label` operand of a non-phi instruction is remapped to the new index of the piece
///    where the named block starts.
/// 3. Phi pairs `[v, Label(P)]` of block `S` become one pair `[v, Label(N)]` per new
///    predecessor `N` of `S` that holds instructions of `P` (a piece of `P`, the block `P` was
///    merged into, or `P`'s trampoline); when there is none, the pair names the last block
///    holding `P`'s code, and it is dropped when `P` was removed.
fn rebuild(f: &mut Function, pieces: Vec<Piece>, head_of: &[Option<usize>]) {
    let target_piece = |t: Bix| head_of[t.idx()].expect("fall-through into a removed block");
    // 1. Explicit fall-throughs and final positions.
    let mut explicit: Vec<Option<(Bix, bool)>> = Vec::with_capacity(pieces.len());
    let mut final_idx: Vec<u32> = Vec::with_capacity(pieces.len());
    let mut next = 0u32;
    for (i, p) in pieces.iter().enumerate() {
        final_idx.push(next);
        next += 1;
        let e = match p.fall {
            Fall::To(t) if target_piece(t) != i + 1 => {
                let trampoline = p.insts.last().is_some_and(|l| l.op.is_control_flow());
                if trampoline {
                    next += 1;
                }
                Some((t, trampoline))
            }
            Fall::To(_) | Fall::Adjacent | Fall::Nowhere => None,
        };
        explicit.push(e);
    }
    let map = |old: Bix| -> Bix {
        let p = head_of
            .get(old.idx())
            .copied()
            .flatten()
            .unwrap_or_else(|| panic!("branch to removed or missing block bix{}", old.0));
        Bix(final_idx[p])
    };
    let remap_targets = |i: &mut Inst| {
        if is_phi(i) {
            return;
        }
        for o in i.srcs.iter_mut().chain(i.dsts.iter_mut()) {
            if let Operand::Label(b) = o {
                *b = map(*b);
            }
        }
    };

    // 2. New blocks and their origins.
    let mut blocks: Vec<Block> = Vec::with_capacity(next as usize);
    let mut origins: Vec<Vec<Bix>> = Vec::with_capacity(next as usize);
    for (p, e) in pieces.into_iter().zip(explicit) {
        let mut insts = p.insts;
        insts.iter_mut().for_each(remap_targets);
        let bra = |t: Bix| Inst::new(Op::Bra, vec![], vec![Operand::Label(map(t))]);
        match e {
            Some((t, false)) => {
                insts.push(bra(t));
                blocks.push(Block { insts, label: p.label, name: p.name });
                origins.push(p.origins);
            }
            Some((t, true)) => {
                let name = format!("{}.fallthrough", p.name);
                blocks.push(Block { insts, label: p.label, name: p.name });
                origins.push(p.origins.clone());
                blocks.push(Block { insts: vec![bra(t)], label: p.label, name });
                origins.push(p.origins);
            }
            None => {
                blocks.push(Block { insts, label: p.label, name: p.name });
                origins.push(p.origins);
            }
        }
    }
    f.blocks = blocks;

    // 3. Phi incoming labels.
    let n_old = head_of.len();
    let mut last_of: Vec<Option<u32>> = vec![None; n_old];
    for (nb, os) in origins.iter().enumerate() {
        for o in os {
            if let Some(slot) = last_of.get_mut(o.idx()) {
                *slot = Some(nb as u32);
            }
        }
    }
    let preds = predecessors_of(&all_successors(f));
    for (s, block) in f.blocks.iter_mut().enumerate() {
        for inst in block.insts.iter_mut().filter(|i| is_phi(i)) {
            let old = std::mem::take(&mut inst.srcs);
            let mut new = Vec::with_capacity(old.len());
            let mut it = old.into_iter();
            while let Some(v) = it.next() {
                let Some(l) = it.next() else {
                    new.push(v);
                    break;
                };
                let Operand::Label(p) = l else {
                    new.push(v);
                    new.push(l);
                    continue;
                };
                let cands: Vec<Bix> = preds[s].iter().copied().filter(|nb| origins[nb.idx()].contains(&p)).collect();
                if !cands.is_empty() {
                    for nb in cands {
                        new.push(v.clone());
                        new.push(Operand::Label(nb));
                    }
                } else if let Some(Some(last)) = last_of.get(p.idx()) {
                    new.push(v);
                    new.push(Operand::Label(Bix(*last)));
                }
            }
            inst.srcs = new;
        }
    }
}

/// `Fall::To(b + 1)` when old block `b` runs off its end into a next block.
fn fall_of(f: &Function, b: usize) -> Fall {
    if falls_through(&f.blocks[b]) && b + 1 < f.blocks.len() { Fall::To(Bix(b as u32 + 1)) } else { Fall::Nowhere }
}

// ------------------------------------------------------------------------------------------------
// Phase 6: SetControlFlowOpLastInBB.
// ------------------------------------------------------------------------------------------------

/// Phase 6 `SetControlFlowOpLastInBB` (seed 001 "Phase 6: SetControlFlowOpLastInBB"): makes
/// every control-flow instruction the last of its block.
///
/// A block is cut after each `BRA`/`EXIT`/`RET` that is not its last instruction; the pieces
/// follow the original block in order (piece `k > 0` is named `<name>.split<k>` and keeps the
/// block's source `label`), so fall-through is preserved without new branches. Blocks are
/// renumbered; a branch to a split block goes to its first piece; a phi naming a split block as
/// its predecessor names the piece(s) that now carry the edge (see `rebuild`). Code after an
/// unguarded `BRA`/`EXIT`/`RET` lands in a piece without predecessors.
pub fn set_control_flow_op_last_in_bb(f: &mut Function) {
    let needs = f.blocks.iter().any(|b| {
        let n = b.insts.len();
        b.insts[..n.saturating_sub(1)].iter().any(|i| i.op.is_control_flow())
    });
    if !needs {
        return;
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut head_of: Vec<Option<usize>> = Vec::with_capacity(f.blocks.len());
    for (b, block) in f.blocks.iter().enumerate() {
        head_of.push(Some(pieces.len()));
        let mut cur: Vec<Inst> = Vec::new();
        let mut k = 0usize;
        let n = block.insts.len();
        for (idx, inst) in block.insts.iter().enumerate() {
            let cut = inst.op.is_control_flow() && idx + 1 < n;
            cur.push(inst.clone());
            if cut {
                pieces.push(Piece {
                    insts: std::mem::take(&mut cur),
                    label: block.label,
                    name: piece_name(&block.name, k),
                    origins: vec![Bix(b as u32)],
                    fall: Fall::Adjacent,
                });
                k += 1;
            }
        }
        pieces.push(Piece {
            insts: cur,
            label: block.label,
            name: piece_name(&block.name, k),
            origins: vec![Bix(b as u32)],
            fall: Fall::Adjacent,
        });
    }
    rebuild(f, pieces, &head_of);
}

fn piece_name(name: &str, k: usize) -> String {
    if k == 0 { name.to_string() } else { format!("{name}.split{k}") }
}

// ------------------------------------------------------------------------------------------------
// Block merging.
// ------------------------------------------------------------------------------------------------

/// Whether block `a` may absorb block `b` (see [`merge_blocks`]).
fn mergeable(f: &Function, succs: &[Vec<Bix>], preds: &[Vec<Bix>], a: usize, b: usize) -> bool {
    if a == b || b == 0 || succs[a].as_slice() != [Bix(b as u32)] {
        return false;
    }
    if preds[b].as_slice() != [Bix(a as u32)] {
        return false;
    }
    if f.blocks[b].insts.iter().any(is_phi) {
        return false;
    }
    let block = &f.blocks[a];
    let cf: Vec<&Inst> = block.insts.iter().filter(|i| i.op.is_control_flow()).collect();
    match cf.as_slice() {
        // Plain fall-through (its only successor is then `a + 1`).
        [] => b == a + 1,
        [only] => {
            std::ptr::eq(*only, block.insts.last().expect("non-empty"))
                && matches!(only.op, Op::Bra)
                && only.guard.is_none()
                && only.targets().collect::<Vec<_>>() == [Bix(b as u32)]
                && only.srcs.len() == 1
        }
        _ => false,
    }
}

/// Merges straight-line chains of blocks and removes unreachable blocks (what
/// `--dont-merge-basicblocks` / `-no-bb-merge` suppresses, seed 001 "BB Merge Suppression").
///
/// First every block unreachable from the entry is dropped (and phi pairs naming it). Then block
/// `A` absorbs block `B` when: `A`'s only successor is `B`, `B`'s only (reachable) predecessor is
/// `A`, `B` is not the entry and has no phis, and `A` either has no control-flow instruction
/// (it falls through into `B`) or has a single one, last, an unguarded `BRA B`, which is removed.
/// Chains `A → B → C …` merge into their first block, which keeps its `label` and name. Blocks
/// keep their relative order; where the merged block's fall-through target is no longer next,
/// an explicit `BRA` is appended. A chain whose last block ends in a guarded `BRA`/`EXIT`/`RET`
/// and would lose its fall-through target stops before that block (merging never creates
/// blocks, and a second run changes nothing). Phis naming an absorbed block name the merged
/// block.
pub fn merge_blocks(f: &mut Function) {
    let n = f.blocks.len();
    if n == 0 {
        return;
    }
    let succs = all_successors(f);
    let reach = reachable_from_entry(&succs);
    let mut preds = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        if reach[b] {
            for s in ss {
                preds[s.idx()].push(Bix(b as u32));
            }
        }
    }
    let mut merge_next: Vec<Option<usize>> = vec![None; n];
    let mut absorbed = vec![false; n];
    for a in (0..n).filter(|&a| reach[a]) {
        if let [b] = succs[a].as_slice()
            && mergeable(f, &succs, &preds, a, b.idx())
        {
            merge_next[a] = Some(b.idx());
            absorbed[b.idx()] = true;
        }
    }
    // A chain whose last block ends in a guarded BRA/EXIT/RET and falls through into a block
    // that no longer follows the merged block would need a new trampoline block: such a chain
    // stops before its last block instead (repeated, since keeping that block can separate
    // another chain from its fall-through target).
    let mut merge_prev: Vec<Option<usize>> = vec![None; n];
    for (a, b) in merge_next.iter().enumerate() {
        if let Some(b) = b {
            merge_prev[*b] = Some(a);
        }
    }
    loop {
        let mut next_kept: Vec<Option<usize>> = vec![None; n];
        let mut following = None;
        for a in (0..n).rev() {
            next_kept[a] = following;
            if reach[a] && !absorbed[a] {
                following = Some(a);
            }
        }
        let mut changed = false;
        let heads: Vec<usize> = (0..n).filter(|&a| reach[a] && !absorbed[a]).collect();
        for a in heads {
            let mut c = a;
            while let Some(b) = merge_next[c] {
                c = b;
            }
            let ends_in_cf = f.blocks[c].insts.last().is_some_and(|l| l.op.is_control_flow());
            if let Fall::To(t) = fall_of(f, c)
                && c != a
                && ends_in_cf
                && next_kept[a] != Some(t.idx())
            {
                let p = merge_prev[c].expect("chain member");
                merge_next[p] = None;
                merge_prev[c] = None;
                absorbed[c] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if reach.iter().all(|&r| r) && !absorbed.iter().any(|&x| x) {
        return;
    }
    let mut pieces = Vec::new();
    let mut head_of: Vec<Option<usize>> = vec![None; n];
    for a in (0..n).filter(|&a| reach[a] && !absorbed[a]) {
        let idx = pieces.len();
        head_of[a] = Some(idx);
        let mut insts = f.blocks[a].insts.clone();
        let mut origins = vec![Bix(a as u32)];
        let mut cur = a;
        while let Some(b) = merge_next[cur] {
            debug_assert!(origins.len() <= n, "merge chain cycles");
            if insts.last().is_some_and(|l| l.op.is_control_flow()) {
                insts.pop();
            }
            insts.extend(f.blocks[b].insts.iter().cloned());
            origins.push(Bix(b as u32));
            head_of[b] = Some(idx);
            cur = b;
        }
        pieces.push(Piece {
            insts,
            label: f.blocks[a].label,
            name: f.blocks[a].name.clone(),
            origins,
            fall: fall_of(f, cur),
        });
    }
    rebuild(f, pieces, &head_of);
}

// ------------------------------------------------------------------------------------------------
// Phase 112: PlaceBlocksInSourceOrder.
// ------------------------------------------------------------------------------------------------

/// Phase 112 `PlaceBlocksInSourceOrder` (seed 001 "Block Layout: Phase 112"): restores the
/// source-order layout.
///
/// Rule: the entry block stays first; the other blocks are sorted by their source `label`,
/// ascending, ties keeping their current relative order (a stable sort; blocks split off or
/// added by earlier phases share their origin's label and so stay behind it). Labels are
/// remapped. A block whose fall-through successor is no longer the next block gets an explicit
/// unguarded `BRA` to it, appended when the block does not end in a control-flow instruction,
/// otherwise (a guarded `BRA`/`EXIT`/`RET`) in a new block `<name>.fallthrough` placed right after
/// it with the same label. Branches that became redundant are kept. A function whose last block
/// runs off its end is assumed not to exist (that block keeps no successor wherever it lands).
pub fn place_blocks_in_source_order(f: &mut Function) {
    let n = f.blocks.len();
    if n == 0 {
        return;
    }
    let mut order: Vec<usize> = (1..n).collect();
    order.sort_by_key(|&b| f.blocks[b].label);
    order.insert(0, 0);
    if order.iter().enumerate().all(|(i, &b)| i == b) {
        return;
    }
    let mut head_of: Vec<Option<usize>> = vec![None; n];
    let pieces: Vec<Piece> = order
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            head_of[b] = Some(i);
            Piece {
                insts: f.blocks[b].insts.clone(),
                label: f.blocks[b].label,
                name: f.blocks[b].name.clone(),
                origins: vec![Bix(b as u32)],
                fall: fall_of(f, b),
            }
        })
        .collect();
    rebuild(f, pieces, &head_of);
}

// ------------------------------------------------------------------------------------------------
// Dumps.
// ------------------------------------------------------------------------------------------------

/// The Graphviz dump of `CFG::dumpDOT` (seed 001 "CFG Visualization"): every block in `bix`
/// order as `"bix<n>"` then `[label="bix<n>(L<label hex>)"]`, followed by one `bix<n> -> bix<m>`
/// line per successor (ascending); no indentation, one newline after every line.
pub fn dump_dot(f: &Function, cfg: &Cfg) -> String {
    dump_dot_divergence(f, cfg, &[])
}

/// [`dump_dot`] with the blocks that end in a divergent branch (seed 002) coloured: the block and
/// its outgoing edges are drawn red, so the places that need a reconvergence point stand out.
pub fn dump_dot_divergence(f: &Function, cfg: &Cfg, divergent: &[Bix]) -> String {
    let mut s = String::new();
    s.push_str("digraph f {\n");
    s.push_str("node [fontname=\"Courier\",fontsize=10,shape=Mrecord];\n");
    for (b, block) in f.blocks.iter().enumerate() {
        let red = divergent.contains(&Bix(b as u32));
        let _ = writeln!(s, "\"bix{b}\"");
        if red {
            let _ = writeln!(s, "[label=\"bix{b}(L{:x})\",color=red,fontcolor=red]", block.label);
        } else {
            let _ = writeln!(s, "[label=\"bix{b}(L{:x})\"]", block.label);
        }
        if let Some(succs) = cfg.succs.get(b) {
            for t in succs {
                if red {
                    let _ = writeln!(s, "bix{b} -> bix{} [color=red]", t.0);
                } else {
                    let _ = writeln!(s, "bix{b} -> bix{}", t.0);
                }
            }
        }
    }
    s.push_str("}\n");
    s
}

/// The dump of `CFG::dumpRPOAndBackedges` (seed 001 "RPO Debug Dump"): the RPO number of every
/// reachable block in `bix` order, the RPO traversal order, then one line per backedge
/// (sorted by source, then target).
pub fn dump_rpo(cfg: &Cfg) -> String {
    let mut s = String::new();
    s.push_str("Showing RPO state for each basic block:\n");
    for (b, r) in cfg.rpo_num.iter().enumerate() {
        if let Some(r) = r {
            let _ = writeln!(s, "bix{b} -> RPONum: {r}");
        }
    }
    let order: Vec<String> = cfg.rpo.iter().map(|b| b.0.to_string()).collect();
    let _ = writeln!(s, "RPO traversal order: [{}]", order.join(", "));
    s.push_str("Showing backedge info:\n");
    for (src, dst) in &cfg.backedges {
        let _ = writeln!(s, "bix{} -> backedge's successor BB: {}", src.0, dst.0);
    }
    s
}

#[cfg(test)]
#[path = "cfg_tests.rs"]
mod tests;
