//! Divergence analysis: `OriPropagateVarying`, phases 53 (`OriPropagateVaryingFirst`) and 70
//! (`OriPropagateVaryingSecond`) (seed 002, "Varying Propagation").
//!
//! Every virtual register is classified as **uniform** (all lanes of a warp that execute its
//! definition hold the same value) or **varying** (lanes may disagree). The result is one bit per
//! register ([`Varying`], the seed's bit 2 of `vreg+49`); the flag is *may*-style: sound, never
//! cleared once set during a run, and conservative. Its main consumer is `ConvertToUniformReg`
//! (phase 74, [`crate::ori::opt::convert_to_uniform_reg`]), which moves uniform values into the UR/UP files.
//!
//! # Two runs, each from scratch
//!
//! Phase 53 runs on SSA code (before `EliminateMovPhi`, so that the MovPhi rule below applies);
//! phase 70 runs after phi elimination, where `COPY`s in the predecessors replace the phis. Both
//! runs execute the same procedure — reset, seed, iterate to a fixed point (seed 002
//! "Algorithm") — and phase 70 does not read phase 53's snapshot ("QUIRK — phase 70 reads bit 2,
//! does not necessarily clear it": it recomputes from scratch).
//!
//! # Seeds (seed 002 "Divergence Roots — Seed Table")
//!
//! [`transfer`] classifies every instruction (an exhaustive `match` on [`Op`]):
//!
//! | instruction | class |
//! |---|---|
//! | `S2R SR_TID.*`, `SR_LANEID`, lane masks, clocks, `%pm*` ([`crate::sreg::SpecialReg::is_varying`]) | root: varying |
//! | `S2R SR_CTAID.*`, `SR_NCTAID`, `SR_GRIDID`, `SR_SMID`, `SR_WARPID` (`SR_VIRTID`), cluster ids | uniform |
//! | `MOV d, c[0x0][...]` (kernel parameters, `%ntid`/`%nctaid` on sm_90), `MOV d, imm` | uniform (no register operand) |
//! | `SHFL.*` | root: varying (per-lane permutation) |
//! | `VOTE.{ALL,ANY,UNI,BALLOT}` | uniform: a warp-wide reduction broadcast to every lane ("QUIRK — VOTE.BALLOT looks divergent but is uniform") |
//! | `ATOM*` / `RED` (the returned old value) | root: varying (per-lane sequencing) |
//! | `LDL` (local) | root: varying (per-thread memory) |
//! | `LD` (generic) | root when the function forms a generic address of local memory (`CVTA.LOCAL`) or has inline asm; else like `LDG` |
//! | `LDG`, `LDS`, `LDC`, `LDC` of a parameter | varying iff the address is varying |
//! | inline asm (`Op::Asm`), `CALL` results | root: varying (opaque) |
//! | everything else (ALU, `MovPhi`, `COPY`, ...) | varying iff a register source is |
//!
//! A varying guard predicate makes any definition varying (the lanes whose guard is false keep
//! the old value), including the definitions of the "uniform" class.
//!
//! Generic loads: a generic address may point into the per-thread local window; the *same*
//! address then names a different word in every lane. A generic load through a uniform address is
//! only uniform when the function never materializes a local address as a generic one.
//!
//! # Fixed point (seed 002 "Step 3")
//!
//! Def-use chains index every register's users. The worklist holds the registers newly marked
//! varying, drained highest index first (the seed's `_BitScanReverse64` iterator over its packed
//! worklist bitvector; here a max-heap, which pops the same sequence without rescanning the
//! words above the highest member on every pop, a cost of `registers / 64` per pop); for
//! each user of a popped register whose class is "operands" (or whose guard it is), the user's
//! destinations are marked and pushed. When the worklist is empty, the control-induced rules
//! below run; they may mark more registers, and the two alternate until neither changes anything.
//! Every step only ever sets bits, so the result is the least fixed point above the seeds, and
//! adding a varying root can never make a register uniform (monotonicity).
//!
//! # Control-induced divergence (sync dependence)
//!
//! A block is a **divergent branch** when it has two or more successors and a guarded
//! control-flow instruction in it reads a varying predicate. For each divergent branch `b`:
//!
//! 1. **Post-dominators.** Immediate post-dominators are computed once per run on the reverse
//!    CFG with a virtual exit node whose predecessors are all blocks without successors (`EXIT`,
//!    `RET`), by the Cooper–Harvey–Kennedy iteration over the reverse graph's post-order. Blocks
//!    that cannot reach an exit (infinite loops) have no post-dominator; a branch in such a region
//!    uses the virtual exit as its reconvergence point.
//! 2. **Region.** The blocks reachable from the successors of `b` without passing through its
//!    immediate post-dominator `p` (the reconvergence point); `b` itself is in its region when it
//!    is in a loop. These blocks are **under divergent control**: only some lanes run them, and
//!    (Volta+ independent thread scheduling) the two sides may interleave.
//! 3. **Join points** — where paths from *different* successors of `b` first meet, in the region
//!    or at `p`. Found by label propagation: each edge `b → s` carries the label `s`; a region
//!    block's outgoing edges carry its own id if it is a join, else the one label reaching it; a
//!    block reached by two different labels is a join. The labels are iterated in RPO to a fixed
//!    point (joins are sticky). Two vertex-disjoint paths from different successors carry
//!    different labels (each label names a block on its own path), so every first meeting point
//!    is found. A phi (`MovPhi`) at a join is varying even when all its inputs are uniform — the
//!    seed's "MovPhi merge across a divergent branch" rule.
//! 4. **Temporal divergence.** If `b` lies in a natural loop `L` and `p` is outside `L` (or is
//!    the virtual exit), lanes may leave `L` in different iterations: every register defined in
//!    `L` and used in a block outside `L` is marked varying (conservatively, as a whole register).
//!
//! After phi elimination (phase 70) there are no phis; a join's merge is a register with several
//! definitions (the phi's `COPY` temporary). **Multiple definitions:** a register with two or more
//! definitions is varying if any definition is (data propagation) or if a join point is a block of
//! the iterated dominance frontier of its definition blocks where the register is live-in. Those
//! blocks are exactly where pruned SSA construction would put the register's phis — the only
//! places where values from different definitions meet — so this is the MovPhi rule applied to the
//! phis the register would have (Cytron et al.; dominance frontiers by the Cooper–Harvey–Kennedy
//! runner walk over the immediate dominators of phase 3; liveness per register by a backward walk
//! from its upward-exposed uses, an unguarded definition killing). Loop-carried registers of a divergent loop are covered by
//! the temporal rule at their uses outside the loop.
//!
//! **Irreducible regions.** For each retreating edge `s → d` whose target does not dominate its
//! source, the cycle blocks are those reachable from `d` that reach `s`. If any of them is under
//! divergent control or ends in a divergent branch, the cycle is entered or left divergently:
//! every register defined in it is varying and its blocks count as under divergent control.
//!
//! # Calls
//!
//! Device functions are mostly inlined before lowering (`compile::inline_device_functions`);
//! the ones that remain (recursion) get the seed's inter-procedural step ("Inter-Procedural
//! Walk"; the seed keys its callee tables by an FNV-1a hash, a name lookup here), run once per
//! module after lowering by [`propagate_call_arguments`]: a parameter some call site passes a
//! varying value for is a varying root of its function. A `CALL`'s results stay varying roots
//! (no summaries of return values).

use crate::ori::analysis::cfg::{self, Cfg};
use crate::ori::ir::{Bix, Callee, Function, Inst, Linkage, Operand, Program, VReg};
use crate::ori::opcode::{Divergence, Op, Space};
use crate::ori::print::Names;
use std::collections::BinaryHeap;
use std::fmt::Write;

// ------------------------------------------------------------------------------------------------
// The varying set.
// ------------------------------------------------------------------------------------------------

/// The varying set: the shared BitVector library (seed 000).
type Bits = crate::ori::analysis::bitvec::BitVec;

/// Sets bit `i`; returns whether it was clear.
fn set_new(b: &mut Bits, i: usize) -> bool {
    let was = b.test(i);
    b.set(i);
    !was
}

// ------------------------------------------------------------------------------------------------
// Instruction classes (the seed table).
// ------------------------------------------------------------------------------------------------

/// How an instruction's destinations depend on its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// Varying whatever the operands: a divergence root.
    Root,
    /// Uniform whatever the data operands (a warp-wide collective, a warp-uniform special
    /// register); only a varying guard makes the destinations varying.
    Uniform,
    /// Varying iff a register source or the guard is varying.
    Operands,
}

/// The class of `inst` (seed 002 "Divergence Roots"): the opcode table's `divergence` column,
/// and for the opcodes it leaves to the analysis, their operands. `generic_may_be_local`: the function forms
/// a generic address of local memory, so a generic load through a uniform address may still read
/// a different word in every lane.
pub fn transfer(inst: &Inst, generic_may_be_local: bool) -> Transfer {
    match inst.op.info().divergence {
        Divergence::Root => Transfer::Root,
        Divergence::Uniform => Transfer::Uniform,
        Divergence::Operands => Transfer::Operands,
        Divergence::Depends => match inst.op {
            Op::S2R => match inst.srcs.first() {
                Some(Operand::SReg(s)) if !s.is_varying() => Transfer::Uniform,
                _ => Transfer::Root,
            },
            Op::Ld { space, .. } => match space {
                Space::Local => Transfer::Root,
                Space::Generic if generic_may_be_local => Transfer::Root,
                Space::Generic | Space::Global | Space::Shared | Space::Const | Space::Param => Transfer::Operands,
            },
            // The table marks no other opcode `Depends`.
            _ => Transfer::Root,
        },
    }
}

/// Whether `inst` reads a device-function parameter that some call site passes a varying value for
/// (`Function::varying_params`, from [`propagate_call_arguments`]).
fn reads_varying_param(f: &Function, inst: &Inst) -> bool {
    if !matches!(inst.op, Op::Ld { space: Space::Param, .. }) {
        return false;
    }
    let Some(Operand::Symbol(name)) = inst.address() else { return false };
    f.params.iter().zip(&f.varying_params).any(|(p, &v)| v && p.name == *name)
}

/// The inter-procedural step (seed 002 "Inter-Procedural Walk", with restart semantics): a device
/// function's parameter is varying when any call site, in any function, passes a varying value
/// for it. Every function is analysed with the current parameter classification; each `CALL`
/// whose argument `j` is varying marks parameter `j` of its callee; while anything was marked,
/// all functions are analysed again from scratch. Marks only grow, so this ends after at most
/// (number of parameters + 1) rounds. The result is kept in `Function::varying_params`, which
/// every later `Varying::compute` (phases 53 and 70 included) reads. Kernels' parameters live in
/// the constant bank and are uniform. A function other modules can call (not internal) or whose
/// address is taken starts with every parameter varying: its callers are not all known.
pub fn propagate_call_arguments(prog: &mut Program) {
    for f in &mut prog.functions {
        // A function other modules can call, or whose address is taken, may receive anything.
        let unknown_callers = !f.is_kernel && (f.linkage != Linkage::Internal || f.address_taken);
        f.varying_params = vec![unknown_callers; f.params.len()];
    }
    loop {
        let mut marks: Vec<(String, usize)> = Vec::new();
        for f in &prog.functions {
            if !f.blocks.iter().flat_map(|b| &b.insts).any(|i| i.op == Op::Call) {
                continue;
            }
            let v = Varying::compute(f);
            for inst in f.blocks.iter().flat_map(|b| &b.insts) {
                // Indirect calls reach only address-taken functions, which start varying.
                let Some((Callee::Direct(callee), args)) = inst.call_parts() else { continue };
                // Operand j is a piece of parameter k (`ParamAbi::pieces`).
                let sig = prog.functions.iter().find(|g| g.name == callee).map(|g| &g.sig);
                for (j, a) in args.iter().enumerate() {
                    if a.reg().is_some_and(|r| v.is_varying(r)) {
                        let k = sig.and_then(|s| s.param_of_operand(j)).unwrap_or(j);
                        marks.push((callee.to_string(), k));
                    }
                }
            }
        }
        let mut changed = false;
        for (callee, j) in marks {
            if let Some(g) = prog.functions.iter_mut().find(|g| g.name == callee)
                && let Some(flag) = g.varying_params.get_mut(j)
                && !*flag
            {
                *flag = true;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Whether the function may turn a local address into a generic one (`CVTA.LOCAL` to generic) or
/// hides address arithmetic in inline asm: then generic loads are divergence roots.
fn generic_may_be_local(f: &Function) -> bool {
    f.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| matches!(i.op, Op::Cvta { space: Space::Local, to_generic: true } | Op::Asm { .. }))
}

// ------------------------------------------------------------------------------------------------
// Post-dominators and sync dependence.
// ------------------------------------------------------------------------------------------------

/// Immediate post-dominators of every block (`Some(n)` = the virtual exit, `n` = block count;
/// `None` for blocks that are unreachable or cannot reach an exit), by the Cooper–Harvey–Kennedy
/// iteration on the reverse CFG rooted at the virtual exit.
pub fn post_dominators(cfg: &Cfg) -> Vec<Option<usize>> {
    let n = cfg.num_blocks();
    let exit = n;
    let reachable = |b: usize| cfg.is_reachable(Bix(b as u32));
    let exits: Vec<usize> = (0..n).filter(|&b| reachable(b) && cfg.succs(Bix(b as u32)).is_empty()).collect();
    // Reverse-graph successors: the exit's are the exit blocks, a block's are its predecessors.
    let rsuccs = |v: usize| -> Vec<usize> {
        if v == exit {
            exits.clone()
        } else {
            cfg.preds(Bix(v as u32)).iter().map(|p| p.idx()).filter(|&p| reachable(p)).collect()
        }
    };
    // Iterative DFS post-order from the exit.
    let mut po_num: Vec<Option<usize>> = vec![None; n + 1];
    let mut order: Vec<usize> = Vec::new();
    let mut visited = vec![false; n + 1];
    let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(exit, rsuccs(exit), 0)];
    visited[exit] = true;
    while let Some((v, succs, i)) = stack.last_mut() {
        if *i < succs.len() {
            let s = succs[*i];
            *i += 1;
            if !visited[s] {
                visited[s] = true;
                let ss = rsuccs(s);
                stack.push((s, ss, 0));
            }
        } else {
            po_num[*v] = Some(order.len());
            order.push(*v);
            stack.pop();
        }
    }
    let mut ipdom: Vec<Option<usize>> = vec![None; n + 1];
    ipdom[exit] = Some(exit);
    let intersect = |ipdom: &[Option<usize>], mut a: usize, mut b: usize| -> usize {
        while a != b {
            while po_num[a] < po_num[b] {
                a = ipdom[a].expect("processed");
            }
            while po_num[b] < po_num[a] {
                b = ipdom[b].expect("processed");
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &v in order.iter().rev() {
            if v == exit {
                continue;
            }
            // Reverse-graph predecessors: the CFG successors, plus the exit for exit blocks.
            let mut preds: Vec<usize> = cfg.succs(Bix(v as u32)).iter().map(|s| s.idx()).collect();
            if preds.is_empty() {
                preds.push(exit);
            }
            let mut new: Option<usize> = None;
            for p in preds {
                if ipdom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(cur) => intersect(&ipdom, p, cur),
                });
            }
            if new.is_some() && ipdom[v] != new {
                ipdom[v] = new;
                changed = true;
            }
        }
    }
    ipdom.truncate(n);
    ipdom
}

/// The sync dependence of a divergent branch `b` (see the module documentation): the region under
/// its divergent control and its join points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncDependence {
    /// The reconvergence point (immediate post-dominator); `None` = the virtual exit.
    pub reconverge: Option<Bix>,
    /// Blocks reachable from the successors of `b` before the reconvergence point, sorted.
    pub region: Vec<Bix>,
    /// Blocks where paths from different successors of `b` first meet, sorted.
    pub joins: Vec<Bix>,
}

/// Region and join points of the branch at `b` (label propagation, module documentation).
pub fn sync_dependence(cfg: &Cfg, ipdom: &[Option<usize>], b: Bix) -> SyncDependence {
    let n = cfg.num_blocks();
    let stop = ipdom[b.idx()].filter(|&p| p < n);
    let mut in_region = vec![false; n];
    let mut work: Vec<usize> = Vec::new();
    for s in cfg.succs(b) {
        if Some(s.idx()) != stop && !in_region[s.idx()] {
            in_region[s.idx()] = true;
            work.push(s.idx());
        }
    }
    while let Some(x) = work.pop() {
        for s in cfg.succs(Bix(x as u32)) {
            if Some(s.idx()) != stop && !in_region[s.idx()] {
                in_region[s.idx()] = true;
                work.push(s.idx());
            }
        }
    }
    // Blocks that may be joins, in RPO: the region and the reconvergence point.
    let order: Vec<usize> = cfg.rpo().iter().map(|x| x.idx()).filter(|&x| in_region[x] || Some(x) == stop).collect();
    let mut label: Vec<Option<usize>> = vec![None; n];
    let mut join = vec![false; n];
    let edge_label = |label: &[Option<usize>], join: &[bool], q: usize, x: usize| -> Option<usize> {
        if q == b.idx() {
            Some(x)
        } else if in_region[q] {
            if join[q] { Some(q) } else { label[q] }
        } else {
            None
        }
    };
    let cap = 4 * order.len() + 8;
    let mut passes = 0;
    loop {
        passes += 1;
        let mut changed = false;
        for &x in &order {
            let mut inc: Option<usize> = None;
            let mut several = false;
            for q in cfg.preds(Bix(x as u32)) {
                if let Some(l) = edge_label(&label, &join, q.idx(), x) {
                    match inc {
                        None => inc = Some(l),
                        Some(m) if m != l => several = true,
                        Some(_) => {}
                    }
                }
            }
            if several && !join[x] {
                join[x] = true;
                changed = true;
            }
            let new = if join[x] { Some(x) } else { inc };
            if label[x] != new {
                label[x] = new;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        if passes > cap {
            // Not expected; stay sound: every block with two labelled incoming edges is a join.
            for &x in &order {
                let incoming = cfg.preds(Bix(x as u32)).iter().filter(|q| q.idx() == b.idx() || in_region[q.idx()]);
                if incoming.count() >= 2 {
                    join[x] = true;
                }
            }
            break;
        }
    }
    let mut region: Vec<Bix> = (0..n).filter(|&x| in_region[x]).map(|x| Bix(x as u32)).collect();
    region.sort();
    let mut joins: Vec<Bix> = order.iter().copied().filter(|&x| join[x]).map(|x| Bix(x as u32)).collect();
    joins.sort();
    SyncDependence { reconverge: stop.map(|p| Bix(p as u32)), region, joins }
}

// ------------------------------------------------------------------------------------------------
// The analysis.
// ------------------------------------------------------------------------------------------------

/// The result of one `OriPropagateVarying` run: one bit per virtual register plus the control
/// facts that produced the control-induced bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Varying {
    bits: Bits,
    num_regs: usize,
    /// Blocks ending in a branch on a varying predicate, sorted.
    divergent_branches: Vec<Bix>,
    /// Per block: under the divergent control of some divergent branch (or in a divergently
    /// entered irreducible cycle).
    controlled: Vec<bool>,
    /// Join points of the divergent branches, sorted.
    joins: Vec<Bix>,
    /// Headers of natural loops that lanes may leave in different iterations, sorted.
    divergent_loops: Vec<Bix>,
    /// The phase that computed it (53 or 70), when run as a phase.
    pub phase: Option<u32>,
}

impl Varying {
    /// Runs the analysis on `f` from scratch.
    pub fn compute(f: &Function) -> Varying {
        Self::compute_with_roots(f, &[])
    }

    /// As [`Varying::compute`], with `extra` registers seeded varying as well (for experiments and
    /// the monotonicity test).
    pub fn compute_with_roots(f: &Function, extra: &[VReg]) -> Varying {
        Analysis::new(f).run(extra)
    }

    /// Whether lanes of a warp may hold different values in `r`.
    pub fn is_varying(&self, r: VReg) -> bool {
        self.bits.test(r.idx())
    }

    /// Whether `r` is warp-uniform.
    pub fn is_uniform(&self, r: VReg) -> bool {
        !self.is_varying(r)
    }

    /// The number of registers the result covers.
    pub fn num_regs(&self) -> usize {
        self.num_regs
    }

    /// Blocks ending in a divergent branch (on a varying predicate).
    pub fn divergent_branches(&self) -> &[Bix] {
        &self.divergent_branches
    }

    /// Join points of the divergent branches.
    pub fn joins(&self) -> &[Bix] {
        &self.joins
    }

    /// Headers of the loops with a divergent exit (temporal divergence).
    pub fn divergent_loops(&self) -> &[Bix] {
        &self.divergent_loops
    }

    /// Whether `b` runs under divergent control (only some lanes, possibly interleaved with
    /// another path).
    pub fn is_under_divergent_control(&self, b: Bix) -> bool {
        self.controlled.get(b.idx()).copied().unwrap_or(true)
    }
}

/// Working state of one run.
struct Analysis<'a> {
    f: &'a Function,
    cfg: Cfg,
    ipdom: Vec<Option<usize>>,
    generic_local: bool,
    /// (block, instruction index) of every definition / use, per register.
    defs: Vec<Vec<(u32, u32)>>,
    uses: Vec<Vec<(u32, u32)>>,
    varying: Bits,
    /// Registers marked varying and not yet propagated, popped highest first. A register enters
    /// it once, when it becomes varying, so it holds no duplicates.
    work: BinaryHeap<usize>,
    divergent: Vec<bool>,
    controlled: Vec<bool>,
    joins: Vec<bool>,
    divergent_loop: Vec<bool>,
    irreducible_done: Vec<bool>,
    /// Blocks of each irreducible cycle (one per retreating edge).
    irreducible: Vec<Vec<usize>>,
    /// Registers with several definitions and the iterated dominance frontier of their
    /// definition blocks.
    merges: Vec<(VReg, Vec<usize>)>,
}

impl<'a> Analysis<'a> {
    fn new(f: &'a Function) -> Self {
        let cfg = cfg::analyze(f);
        let ipdom = post_dominators(&cfg);
        let nregs = f.regs.len();
        let nblocks = f.blocks.len();
        let mut defs = vec![Vec::new(); nregs];
        let mut uses = vec![Vec::new(); nregs];
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                for d in inst.defs() {
                    defs[d.idx()].push((b as u32, i as u32));
                }
                for u in inst.uses() {
                    let list: &mut Vec<(u32, u32)> = &mut uses[u.idx()];
                    if list.last() != Some(&(b as u32, i as u32)) {
                        list.push((b as u32, i as u32));
                    }
                }
            }
        }
        let irreducible = cfg
            .irreducible_edges()
            .iter()
            .map(|&(s, d)| {
                let fwd = reach(nblocks, d.idx(), |x| cfg.succs(Bix(x as u32)).iter().map(|b| b.idx()).collect());
                let bwd = reach(nblocks, s.idx(), |x| cfg.preds(Bix(x as u32)).iter().map(|b| b.idx()).collect());
                (0..nblocks).filter(|&x| fwd[x] && bwd[x]).collect()
            })
            .collect::<Vec<Vec<usize>>>();
        let df = dominance_frontiers(&cfg);
        let mut marks = BlockMarks::new(nblocks);
        let merges = (0..nregs)
            .filter(|&r| defs[r].len() >= 2)
            .map(|r| {
                let blocks: Vec<usize> = defs[r].iter().map(|&(b, _)| b as usize).collect();
                marks.live_in_blocks(f, &cfg, VReg(r as u32), &uses[r]);
                let frontier = marks.iterated_frontier(&df, &blocks);
                let merge: Vec<usize> = frontier.into_iter().filter(|&x| marks.live_in[x]).collect();
                marks.reset();
                (VReg(r as u32), merge)
            })
            .collect();
        Analysis {
            merges,
            f,
            generic_local: generic_may_be_local(f),
            ipdom,
            defs,
            uses,
            varying: Bits::new(nregs),
            work: BinaryHeap::new(),
            divergent: vec![false; nblocks],
            controlled: vec![false; nblocks],
            joins: vec![false; nblocks],
            divergent_loop: vec![false; cfg.loops().len()],
            irreducible_done: vec![false; irreducible.len()],
            irreducible,
            cfg,
        }
    }

    fn mark(&mut self, r: VReg) -> bool {
        if set_new(&mut self.varying, r.idx()) {
            self.work.push(r.idx());
            true
        } else {
            false
        }
    }

    fn inst(&self, b: u32, i: u32) -> &'a Inst {
        &self.f.blocks[b as usize].insts[i as usize]
    }

    fn run(mut self, extra: &[VReg]) -> Varying {
        // Step 1 (reset) is the fresh bit set; step 2 seeds the roots, the device-function
        // parameters some call site passes a varying value for among them.
        for block in &self.f.blocks {
            for inst in &block.insts {
                if transfer(inst, self.generic_local) == Transfer::Root || reads_varying_param(self.f, inst) {
                    for d in inst.defs() {
                        self.mark(d);
                    }
                }
            }
        }
        for &r in extra {
            if r.idx() < self.f.regs.len() {
                self.mark(r);
            }
        }
        // Step 3: alternate data propagation and the control-induced rules.
        loop {
            self.propagate();
            let mut progress = false;
            progress |= self.new_divergent_branches();
            progress |= self.multiple_definitions();
            progress |= self.irreducible_cycles();
            if !progress {
                break;
            }
        }
        let n = self.f.blocks.len();
        let at = |v: &[bool]| (0..n).filter(|&b| v[b]).map(|b| Bix(b as u32)).collect::<Vec<_>>();
        let mut divergent_loops: Vec<Bix> =
            self.cfg.loops().iter().zip(&self.divergent_loop).filter(|(_, d)| **d).map(|(l, _)| l.header).collect();
        divergent_loops.sort();
        Varying {
            divergent_branches: at(&self.divergent),
            joins: at(&self.joins),
            controlled: self.controlled,
            divergent_loops,
            num_regs: self.f.regs.len(),
            bits: self.varying,
            phase: None,
        }
    }

    /// Drains the worklist: users of a newly varying register become varying.
    fn propagate(&mut self) {
        while let Some(v) = self.work.pop() {
            for k in 0..self.uses[v].len() {
                let (b, i) = self.uses[v][k];
                let inst = self.inst(b, i);
                let fire = match transfer(inst, self.generic_local) {
                    Transfer::Root | Transfer::Operands => true,
                    Transfer::Uniform => inst.guard.is_some_and(|g| g.pred.idx() == v),
                };
                if fire {
                    for d in inst.defs() {
                        self.mark(d);
                    }
                }
            }
        }
    }

    /// Whether the block ends in a branch on a varying predicate.
    fn is_divergent_branch(&self, b: usize) -> bool {
        self.cfg.is_reachable(Bix(b as u32))
            && self.cfg.succs(Bix(b as u32)).len() >= 2
            && self.f.blocks[b]
                .insts
                .iter()
                .any(|i| i.op.is_control_flow() && i.guard.is_some_and(|g| self.varying.test(g.pred.idx())))
    }

    /// Finds branches that became divergent and applies their sync dependence: region, phis at
    /// join points, temporal divergence of the loops they leave.
    fn new_divergent_branches(&mut self) -> bool {
        let mut progress = false;
        for b in 0..self.f.blocks.len() {
            if self.divergent[b] || !self.is_divergent_branch(b) {
                continue;
            }
            self.divergent[b] = true;
            progress = true;
            let sd = sync_dependence(&self.cfg, &self.ipdom, Bix(b as u32));
            for x in &sd.region {
                self.controlled[x.idx()] = true;
            }
            for j in &sd.joins {
                self.joins[j.idx()] = true;
                let f = self.f;
                for inst in &f.blocks[j.idx()].insts {
                    if inst.op == Op::Phi {
                        for d in inst.defs() {
                            self.mark(d);
                        }
                    }
                }
            }
            // Temporal divergence: loops containing `b` that do not contain its reconvergence
            // point can be left by different lanes in different iterations.
            for li in 0..self.cfg.loops().len() {
                let l = &self.cfg.loops()[li];
                let contains = |x: usize| l.body.binary_search(&Bix(x as u32)).is_ok();
                if self.divergent_loop[li] || !contains(b) {
                    continue;
                }
                if sd.reconverge.is_some_and(|p| contains(p.idx())) {
                    continue;
                }
                self.divergent_loop[li] = true;
                let body = l.body.clone();
                self.temporal_divergence(&body);
            }
        }
        progress
    }

    /// Marks every register defined in `body` (sorted) and used outside it.
    fn temporal_divergence(&mut self, body: &[Bix]) {
        let inside = |b: u32| body.binary_search(&Bix(b)).is_ok();
        for r in 0..self.f.regs.len() {
            if self.varying.test(r) {
                continue;
            }
            let defined_inside = self.defs[r].iter().any(|&(b, _)| inside(b));
            if defined_inside && self.uses[r].iter().any(|&(b, _)| !inside(b)) {
                self.mark(VReg(r as u32));
            }
        }
    }

    /// A register with several definitions that meet at a join point is varying.
    fn multiple_definitions(&mut self) -> bool {
        let mut progress = false;
        for k in 0..self.merges.len() {
            let r = self.merges[k].0;
            if !self.varying.test(r.idx()) && self.merges[k].1.iter().any(|&x| self.joins[x]) {
                self.mark(r);
                progress = true;
            }
        }
        progress
    }

    /// Irreducible cycles touched by divergence: everything defined in them is varying.
    fn irreducible_cycles(&mut self) -> bool {
        let mut progress = false;
        for k in 0..self.irreducible.len() {
            if self.irreducible_done[k] {
                continue;
            }
            let blocks = self.irreducible[k].clone();
            if !blocks.iter().any(|&x| self.controlled[x] || self.divergent[x] || self.is_divergent_branch(x)) {
                continue;
            }
            self.irreducible_done[k] = true;
            progress = true;
            let f = self.f;
            for &x in &blocks {
                self.controlled[x] = true;
                for inst in &f.blocks[x].insts {
                    for d in inst.defs() {
                        self.mark(d);
                    }
                }
            }
        }
        progress
    }
}

/// Dominance frontiers of the reachable blocks (the runner walk: for each block `b` with two or
/// more reachable predecessors, each predecessor and its dominators up to `idom(b)` have `b` in
/// their frontier).
fn dominance_frontiers(cfg: &Cfg) -> Vec<Vec<usize>> {
    let n = cfg.num_blocks();
    let mut df: Vec<Vec<usize>> = vec![Vec::new(); n];
    for b in 0..n {
        let bx = Bix(b as u32);
        let preds: Vec<Bix> = cfg.preds(bx).iter().copied().filter(|&p| cfg.is_reachable(p)).collect();
        if !cfg.is_reachable(bx) || preds.len() < 2 {
            continue;
        }
        let stop = cfg.idom(bx);
        for p in preds {
            let mut runner = Some(p);
            while let Some(x) = runner {
                if Some(x) == stop {
                    break;
                }
                if !df[x.idx()].contains(&b) {
                    df[x.idx()].push(b);
                }
                runner = cfg.idom(x);
            }
        }
    }
    df
}

/// The blocks where `r` is live on entry. `uses` lists the instructions reading `r` (block,
/// index). A use is upward-exposed when no unguarded definition of `r` precedes it in its block; a
/// phi reads its operand at the end of the predecessor it names. Liveness flows backwards to the
/// predecessors until a block with an unguarded definition (a kill).
#[cfg(test)]
fn live_in_blocks(f: &Function, cfg: &Cfg, r: VReg, uses: &[(u32, u32)]) -> Vec<bool> {
    let mut marks = BlockMarks::new(f.blocks.len());
    marks.live_in_blocks(f, cfg, r, uses);
    marks.live_in
}

/// The iterated dominance frontier of `blocks`, sorted.
#[cfg(test)]
fn iterated_frontier(df: &[Vec<usize>], blocks: &[usize]) -> Vec<usize> {
    BlockMarks::new(df.len()).iterated_frontier(df, blocks)
}

/// Per-block flags for the per-register walks of [`Analysis::new`] (one liveness walk and one
/// iterated frontier per register with several definitions), allocated once per run: each walk
/// lists the blocks it flags and [`BlockMarks::reset`] clears just those, so a register costs
/// the blocks its walks visit rather than the whole function.
struct BlockMarks {
    live_in: Vec<bool>,
    live_out: Vec<bool>,
    seen: Vec<bool>,
    /// Blocks with a flag set since the last reset.
    touched: Vec<usize>,
}

impl BlockMarks {
    fn new(n: usize) -> Self {
        BlockMarks { live_in: vec![false; n], live_out: vec![false; n], seen: vec![false; n], touched: Vec::new() }
    }

    fn reset(&mut self) {
        for b in self.touched.drain(..) {
            self.live_in[b] = false;
            self.live_out[b] = false;
            self.seen[b] = false;
        }
    }

    /// Flags in `live_in` the blocks where `r` is live on entry (see [`live_in_blocks`]).
    fn live_in_blocks(&mut self, f: &Function, cfg: &Cfg, r: VReg, uses: &[(u32, u32)]) {
        let kill_at = |b: usize| -> Option<usize> {
            f.blocks[b].insts.iter().position(|i| i.guard.is_none() && i.defs().any(|d| d == r))
        };
        let BlockMarks { live_in, live_out, touched, .. } = self;
        let mut work: Vec<usize> = Vec::new();
        let mut reach_out = |b: usize, live_in: &mut Vec<bool>, work: &mut Vec<usize>, touched: &mut Vec<usize>| {
            if !live_out[b] {
                live_out[b] = true;
                touched.push(b);
                if kill_at(b).is_none() && !live_in[b] {
                    live_in[b] = true;
                    work.push(b);
                }
            }
        };
        for &(b, i) in uses {
            let inst = &f.blocks[b as usize].insts[i as usize];
            if inst.op == Op::Phi {
                for pair in inst.srcs.chunks_exact(2) {
                    if let (Operand::Reg(v), Operand::Label(p)) = (&pair[0], &pair[1])
                        && *v == r
                    {
                        reach_out(p.idx(), live_in, &mut work, touched);
                    }
                }
                continue;
            }
            let b = b as usize;
            if kill_at(b).is_none_or(|k| k >= i as usize) && !live_in[b] {
                live_in[b] = true;
                touched.push(b);
                work.push(b);
            }
        }
        while let Some(x) = work.pop() {
            for q in cfg.preds(Bix(x as u32)) {
                reach_out(q.idx(), live_in, &mut work, touched);
            }
        }
    }

    /// The iterated dominance frontier of `blocks`, sorted (flags `seen`).
    fn iterated_frontier(&mut self, df: &[Vec<usize>], blocks: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let mut work: Vec<usize> = blocks.to_vec();
        while let Some(x) = work.pop() {
            for &y in &df[x] {
                if !self.seen[y] {
                    self.seen[y] = true;
                    self.touched.push(y);
                    out.push(y);
                    work.push(y);
                }
            }
        }
        out.sort_unstable();
        out
    }
}

/// Blocks reachable from `start` (itself included) through `next`.
fn reach(n: usize, start: usize, next: impl Fn(usize) -> Vec<usize>) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut work = vec![start];
    while let Some(x) = work.pop() {
        for y in next(x) {
            if !seen[y] {
                seen[y] = true;
                work.push(y);
            }
        }
    }
    seen
}

// ------------------------------------------------------------------------------------------------
// Uniform branches and the report.
// ------------------------------------------------------------------------------------------------

/// Reachable blocks ending in a *conditional* branch whose predicates are all uniform: the
/// branches ptxas encodes as `BRA.U` / `UBRA` on sm_75+ (seed 002 consumer table, OriBranchOpt).
/// Emission is unchanged; this is reported only.
pub fn uniform_branches(f: &Function, v: &Varying) -> Vec<Bix> {
    let cfg = cfg::analyze(f);
    (0..f.blocks.len())
        .map(|b| Bix(b as u32))
        .filter(|&b| cfg.is_reachable(b) && cfg.succs(b).len() >= 2)
        .filter(|&b| {
            let guards: Vec<VReg> = f.blocks[b.idx()]
                .insts
                .iter()
                .filter(|i| i.op.is_control_flow())
                .filter_map(|i| i.guard)
                .map(|g| g.pred)
                .collect();
            !guards.is_empty() && guards.iter().all(|&p| v.is_uniform(p))
        })
        .collect()
}

/// One line per LLVM value of the input that defines registers (`Function::value_names`):
/// `@<function> %<value-name> uniform|varying`, in program order. A value is varying when any of
/// its registers is; values none of whose registers is still defined (folded, dead) are left out.
///
/// ```text
/// @saxpy %0 varying
/// @saxpy %a uniform
/// ```
pub fn value_report(f: &Function, v: &Varying) -> String {
    let mut defined = vec![false; f.regs.len()];
    for r in defined_registers(f) {
        defined[r.idx()] = true;
    }
    let mut s = String::new();
    for (name, regs) in &f.value_names {
        let live: Vec<VReg> = regs.iter().copied().filter(|r| defined.get(r.idx()) == Some(&true)).collect();
        if live.is_empty() {
            continue;
        }
        let kind = if live.iter().any(|&r| v.is_varying(r)) { "varying" } else { "uniform" };
        let _ = writeln!(s, "@{} %{} {kind}", f.name, llvm_name(name));
    }
    s
}

/// A value name as LLVM prints it after `%`: plain when it only has identifier characters,
/// else quoted.
fn llvm_name(name: &str) -> String {
    let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "-$._".contains(c));
    if plain { name.to_string() } else { format!("\"{name}\"") }
}

/// Registers defined somewhere in `f`, in index order.
fn defined_registers(f: &Function) -> Vec<VReg> {
    let mut defined = vec![false; f.regs.len()];
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        for d in inst.defs() {
            defined[d.idx()] = true;
        }
    }
    (0..f.regs.len()).filter(|&r| defined[r]).map(|r| VReg(r as u32)).collect()
}

/// A human-readable summary: counts of uniform and varying registers (those defined somewhere),
/// the uniform registers by name, the divergent branches with their joins, the loops with
/// temporal divergence and the uniform (`BRA.U`) branches.
///
/// ```text
/// varying @saxpy: 17 registers, 7 uniform, 10 varying
///   uniform: %r0 %r1 %rd2 %rd3 %r4 %r5 %r6
///   divergent branches: bix0 (joins: bix2)
///   divergent loops: none
///   uniform branches (BRA.U): 0
/// ```
pub fn report(f: &Function, v: &Varying) -> String {
    let names = Names::virtual_regs(f);
    let regs = defined_registers(f);
    let uniform: Vec<String> = regs.iter().filter(|&&r| v.is_uniform(r)).map(|&r| names.reg(r)).collect();
    let bix = |l: &[Bix]| {
        if l.is_empty() {
            "none".to_string()
        } else {
            l.iter().map(|b| format!("bix{}", b.0)).collect::<Vec<_>>().join(" ")
        }
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "varying @{}: {} registers, {} uniform, {} varying",
        f.name,
        regs.len(),
        uniform.len(),
        regs.len() - uniform.len()
    );
    let _ = writeln!(s, "  uniform: {}", if uniform.is_empty() { "none".into() } else { uniform.join(" ") });
    let _ = writeln!(
        s,
        "  divergent branches: {}{}",
        bix(&v.divergent_branches),
        if v.joins.is_empty() { String::new() } else { format!(" (joins: {})", bix(&v.joins)) }
    );
    let _ = writeln!(s, "  divergent loops: {}", bix(&v.divergent_loops));
    let ub = uniform_branches(f, v);
    let _ = writeln!(
        s,
        "  uniform branches (BRA.U): {}{}",
        ub.len(),
        if ub.is_empty() { String::new() } else { format!(" ({})", bix(&ub)) }
    );
    s
}

/// Builders for hand-written test functions (shared with `convert_to_uniform_reg.rs`'s tests).
#[cfg(test)]
pub(crate) mod testkit {
    pub use crate::ori::analysis::liveness::build::{add, atom, bra, exit, func, mov, movi, phi, r};
    use crate::ori::ir::{Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
    use crate::ori::opcode::{BoolOp, Cmp, Op, ShflMode, Space, VoteMode};
    use crate::sreg::{Dim, SpecialReg};

    pub fn rd(f: &mut Function) -> VReg {
        f.new_reg(RegFile::R, PairMode::Pair)
    }
    pub fn p(f: &mut Function) -> VReg {
        f.new_reg(RegFile::P, PairMode::Single)
    }
    fn o(r: VReg) -> Operand {
        Operand::Reg(r)
    }
    pub fn s2r(d: VReg, s: SpecialReg) -> Inst {
        Inst::new(Op::S2R, vec![o(d)], vec![Operand::SReg(s)])
    }
    pub fn tid(d: VReg) -> Inst {
        s2r(d, SpecialReg::Tid(Dim::X))
    }
    pub fn ctaid(d: VReg) -> Inst {
        s2r(d, SpecialReg::Ctaid(Dim::X))
    }
    /// `d = MOV c[0x0][off]` (a kernel parameter or `%ntid`).
    pub fn param(d: VReg, off: u32) -> Inst {
        Inst::new(Op::Mov { w64: false }, vec![o(d)], vec![Operand::CBank { bank: 0, offset: off }])
    }
    pub fn param64(d: VReg, off: u32) -> Inst {
        Inst::new(Op::Mov { w64: true }, vec![o(d)], vec![Operand::CBank { bank: 0, offset: off }])
    }
    pub fn copy(d: VReg, a: Operand) -> Inst {
        Inst::new(Op::Copy, vec![o(d)], vec![a])
    }
    pub fn imad(d: VReg, a: VReg, b: VReg) -> Inst {
        use crate::ori::opcode::MadKind;
        Inst::new(Op::IMad { kind: MadKind::Lo, w64: false }, vec![o(d)], vec![o(a), o(b), Operand::Zero])
    }
    pub fn fadd(d: VReg, a: VReg, b: VReg) -> Inst {
        Inst::new(Op::FAdd { ty: crate::ori::opcode::FTy::F32, ftz: false }, vec![o(d)], vec![o(a), o(b)])
    }
    pub fn setp(pd: VReg, a: VReg, b: VReg) -> Inst {
        Inst::new(
            Op::ISetp { cmp: Cmp::Lt, signed: true, w64: false, bop: BoolOp::And },
            vec![o(pd)],
            vec![o(a), o(b), Operand::True],
        )
    }
    pub fn sel(d: VReg, a: VReg, b: VReg, pr: VReg) -> Inst {
        Inst::new(Op::Sel { w64: false }, vec![o(d)], vec![o(a), o(b), o(pr)])
    }
    pub fn ld(space: Space, d: VReg, addr: VReg) -> Inst {
        Inst::new(
            Op::Ld { space, bits: 32, signed: false, volatile: false, offset: 0, nc: false },
            vec![o(d)],
            vec![o(addr)],
        )
    }
    pub fn st(addr: VReg, v: VReg) -> Inst {
        Inst::new(Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 }, vec![], vec![o(addr), o(v)])
    }
    pub fn shfl(d: VReg, a: VReg) -> Inst {
        Inst::new(
            Op::Shfl { mode: ShflMode::Idx },
            vec![o(d)],
            vec![o(a), Operand::Imm(0), Operand::Imm(0x1f), Operand::Imm(0xffff_ffff)],
        )
    }
    pub fn vote(mode: VoteMode, d: VReg, pr: VReg) -> Inst {
        Inst::new(Op::Vote { mode }, vec![o(d)], vec![o(pr), Operand::Imm(0xffff_ffff)])
    }
    pub fn cvta_local(d: VReg, a: VReg) -> Inst {
        Inst::new(Op::Cvta { space: Space::Local, to_generic: true }, vec![o(d)], vec![o(a)])
    }
    /// `@pr BRA t` (`@!pr` when `negated`).
    pub fn cbra(pr: VReg, negated: bool, t: u32) -> Inst {
        guarded(pr, negated, bra(t))
    }
    pub fn guarded(pr: VReg, negated: bool, inst: Inst) -> Inst {
        Inst { guard: Some(Guard { pred: pr, negated }), ..inst }
    }
    pub fn push(f: &mut Function, b: usize, insts: Vec<Inst>) {
        f.blocks[b].insts.extend(insts);
    }
}

#[cfg(test)]
#[path = "varying_tests.rs"]
mod tests;
