//! The core fat-point allocator of one register class (seed 003 "Core Fat-Point Allocator:
//! sub_957160" and "Constraint System").
//!
//! # The problem of one class
//!
//! [`ClassProblem::build`] walks every block bottom to top from its LiveOut set (the shared
//! liveness of `ori::liveness`) and records, per virtual register of the file:
//!
//! - **point interference** (constraint type 0): at each instruction every destination
//!   interferes with every register of the file live just below it (so a dead definition still
//!   occupies a register while it is written) and with the other destinations. The one exception
//!   is Chaitin's: `COPY d, s` does not make `d` interfere with `s`, so the two may share a slot
//!   and the copy becomes an identity. Registers live into a block without predecessors (the
//!   entry, or an unreachable block) have no definition point and interfere pairwise;
//! - the **early-clobber** pairs of [`constraints::early_clobber_sources`];
//! - **copy affinity**: `COPY d, s` makes `d` and `s` partners (counted per copy);
//! - the **spill weight**: every definition or use adds `10^loop_depth` (depth capped at 6), and
//!   the **range length**: the number of instruction points at which the register is live.
//!
//! # One allocation round ([`run_trial`])
//!
//! The registers are taken in an [`Order`]; for each one the two 512-entry histograms of the seed
//! are rebuilt:
//!
//! - `primary[slot]`: [`BLOCKED`] for a slot held by an already-assigned interfering register or
//!   reserved (R1); otherwise a soft cost: +1 for every unassigned interfering register whose copy
//!   partner already sits in that slot (taking it would deny that register its copy-free slot);
//! - `secondary[slot]`: the slot number, so that ties go to the lowest register and the
//!   allocation stays compact (a low `Used N registers`).
//!
//! A candidate base slot (aligned for pairs and quads, inside the budget, no blocked slot) costs
//! the sum of its slots' primary entries plus one per copy partner that is already assigned
//! elsewhere (soft copy affinity: the partner's slot costs nothing extra). Candidates whose cost
//! exceeds the `RegAllocThresholdForDiscardConflicts` knob (default 50) are discarded, as in the
//! seed; the cheapest remaining one wins, ties broken on `secondary`. A register with no
//! candidate has *failed* (it would need a slot beyond the budget, seed: "needs spill") and the
//! round goes on without it, so that one round finds every register that does not fit.

use super::constraints::{self, PhysReg};
use super::problem::{ClassProblem, Node, SLOTS};
use crate::ori::analysis::cfg::Cfg;
use crate::ori::analysis::liveness::{self, LiveSet, Liveness};
use crate::ori::ir::{Bix, Function, Operand, RegFile, VReg};
use crate::ori::opcode::Op;

/// The primary-histogram value of a slot that cannot be used.
pub const BLOCKED: u32 = u32::MAX;

/// The loop depth above which the spill weight stops growing.
const MAX_WEIGHT_DEPTH: u32 = 6;

impl ClassProblem {
    /// Builds the problem of `file` (not `B`, which has no liveness) from the shared liveness.
    pub fn build(
        f: &Function,
        live: &Liveness,
        cfg: &Cfg,
        file: RegFile,
        unspillable: &dyn Fn(VReg) -> bool,
    ) -> ClassProblem {
        let s = liveness::file_slot(file).expect("the B file is not allocated by the fat-point rounds");
        let num = &live.numbering;
        let n = num.len(s);
        let vregs: Vec<VReg> = (0..n).map(|i| num.vreg(s, i)).collect();
        let mut p = ClassProblem {
            file,
            width: vregs.iter().map(|&v| constraints::width(f.reg_info(v))).collect(),
            unspillable: vregs.iter().map(|&v| unspillable(v)).collect(),
            precolored: vregs
                .iter()
                .map(|&v| (file == RegFile::R && f.stack_pointer == Some(v)).then_some(constraints::STACK_POINTER))
                .collect(),
            vregs,
            occurs: vec![false; n],
            adj: vec![Vec::new(); n],
            affinity: vec![Vec::new(); n],
            weight: vec![0.0; n],
            range_len: vec![0; n],
            first_pos: vec![u32::MAX; n],
            tuples: Vec::new(),
            tuple_of: Vec::new(),
        };
        let node = |v: VReg| -> Option<usize> { num.lookup(v).filter(|&(fs, _)| fs == s).map(|(_, i)| i) };
        (p.tuples, p.tuple_of) = super::tuples::build(f, &node, n);
        let preds = f.predecessors();
        let mut set = LiveSet::empty(num);
        let mut after: Vec<usize> = Vec::new();
        for (b, block) in f.blocks.iter().enumerate() {
            let depth = cfg.loop_depth(Bix(b as u32)).min(MAX_WEIGHT_DEPTH);
            let w = 10f64.powi(depth as i32);
            set.load_live_out(live, Bix(b as u32));
            for inst in block.insts.iter().rev() {
                // Unordered: the adjacency lists are sorted below and the counts commute.
                after.clear();
                after.extend(set.members(s).iter().map(|&u| u as usize));
                for &u in &after {
                    p.range_len[u] += 1;
                }
                let defs: Vec<usize> = inst.defs().filter_map(node).collect();
                let copy_src = match inst.op {
                    Op::Copy => inst.srcs.first().and_then(Operand::reg).and_then(node),
                    _ => None,
                };
                let clobbered: Vec<usize> =
                    constraints::early_clobber_sources(inst).into_iter().filter_map(node).collect();
                for &d in &defs {
                    p.occurs[d] = true;
                    p.weight[d] += w;
                    if !set.test(s, d) {
                        p.range_len[d] += 1;
                    }
                    for &u in after.iter().chain(&defs).chain(&clobbered) {
                        if u != d && Some(u) != copy_src {
                            p.adj[d].push(Node(u as u32));
                            p.adj[u].push(Node(d as u32));
                        }
                    }
                }
                if let (Some(src), [d]) = (copy_src, defs.as_slice())
                    && src != *d
                    && p.width[src] == p.width[*d]
                {
                    add_affinity(&mut p.affinity[*d], Node(src as u32));
                    add_affinity(&mut p.affinity[src], Node(*d as u32));
                }
                set.step(inst);
                for u in inst.uses().filter_map(node) {
                    p.occurs[u] = true;
                    p.weight[u] += w;
                }
            }
            if preds[b].is_empty() {
                let mut top: Vec<u32> = set.members(s).to_vec();
                top.sort_unstable();
                for (k, &a) in top.iter().enumerate() {
                    for &c in &top[k + 1..] {
                        p.adj[a as usize].push(Node(c));
                        p.adj[c as usize].push(Node(a));
                    }
                }
            }
        }
        for list in &mut p.adj {
            list.sort();
            list.dedup();
        }
        // First definitions in reverse post-order (unreachable blocks last).
        let mut order: Vec<Bix> = cfg.rpo().to_vec();
        order.extend((0..f.blocks.len() as u32).map(Bix).filter(|&b| !cfg.is_reachable(b)));
        let mut pos = 0u32;
        let mut first_use = vec![u32::MAX; n];
        for b in order {
            for inst in &f.blocks[b.idx()].insts {
                for d in inst.defs().filter_map(node) {
                    p.first_pos[d] = p.first_pos[d].min(pos);
                }
                for u in inst.uses().filter_map(node) {
                    first_use[u] = first_use[u].min(pos);
                }
                pos += 1;
            }
        }
        for (fp, fu) in p.first_pos.iter_mut().zip(first_use) {
            if *fp == u32::MAX {
                *fp = fu;
            }
        }
        p
    }

    pub fn len(&self) -> usize {
        self.vregs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.vregs.is_empty()
    }

    /// The spill priority: weight per live point (higher = more worth a register).
    pub fn priority(&self, v: Node) -> f64 {
        self.weight[v.idx()] / f64::from(self.range_len[v.idx()].max(1))
    }

    /// The registers that need one, in `order`.
    pub fn ordered(&self, order: Order) -> Vec<Node> {
        let mut nodes: Vec<Node> = (0..self.len() as u32).map(Node).filter(|v| self.occurs[v.idx()]).collect();
        let def = |v: &Node| (self.first_pos[v.idx()], v.0);
        match order {
            Order::Definition => nodes.sort_by_key(def),
            Order::WideFirst => nodes.sort_by_key(|v| (std::cmp::Reverse(self.width[v.idx()]), def(v))),
            Order::SpillCost => nodes.sort_by(|a, b| {
                let ua = self.unspillable[a.idx()];
                let ub = self.unspillable[b.idx()];
                ub.cmp(&ua).then(self.priority(*b).total_cmp(&self.priority(*a))).then(def(a).cmp(&def(b)))
            }),
        }
        nodes
    }
}

fn add_affinity(list: &mut Vec<(Node, u32)>, partner: Node) {
    match list.iter_mut().find(|(n, _)| *n == partner) {
        Some((_, count)) => *count += 1,
        None => list.push((partner, 1)),
    }
}

/// The order in which one round visits the registers (the allocation priority).
///
/// - `WideFirst`: quads, then pairs, then singles, each by first definition: the aligned values
///   take the even slots before single values can fragment them.
/// - `Definition`: by first definition in reverse post-order. Out of SSA form this is close to
///   a perfect elimination order of the interference graph, for which "lowest free slot" needs
///   no more registers than the peak pressure (plus pair-alignment holes).
/// - `SpillCost`: unspillable temporaries first, then by [`ClassProblem::priority`] descending
///   (`Σ 10^loop_depth` over the occurrences, per live point). The registers that fail are the
///   cheapest to spill, so the spill rounds take their victims from this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Definition,
    SpillCost,
    WideFirst,
}

impl Order {
    /// The order of NOSPILL trial `k` (`RegAllocNumNonSpillTrials` trials per round).
    ///
    /// Wide-first comes first: over the kernel suite it lands closest to the pressure bound
    /// (689 registers in all against a bound of 680, definition order 707, spill-cost order 743).
    pub fn for_trial(k: u32) -> Order {
        match k % 3 {
            0 => Order::WideFirst,
            1 => Order::Definition,
            _ => Order::SpillCost,
        }
    }
}

/// The outcome of one round.
#[derive(Clone, Debug)]
pub struct Trial {
    pub order: Order,
    /// Base register per node (`None`: failed, or not occurring).
    pub assign: Vec<Option<PhysReg>>,
    /// Registers without a legal slot inside the budget, in visiting order.
    pub failed: Vec<Node>,
}

impl Trial {
    /// The highest register used (pairs and quads count their last register).
    pub fn highest(&self, p: &ClassProblem) -> Option<u32> {
        self.assign.iter().enumerate().filter_map(|(v, a)| a.map(|a| a.0 + p.width[v] - 1)).max()
    }
}

/// One fat-point round over `p` (see the module documentation): registers at or above `limit`
/// are out of budget; candidates costing more than `threshold` are discarded.
pub fn run_trial(p: &ClassProblem, order: Order, limit: u32, threshold: u32) -> Trial {
    let mut primary = [0u32; SLOTS];
    let mut secondary = [0u32; SLOTS];
    let top = (constraints::capacity(p.file) as usize).min(SLOTS);
    let mut assign: Vec<Option<PhysReg>> = vec![None; p.len()];
    let mut failed = Vec::new();
    for v in p.ordered(order) {
        if let Some(r) = p.precolored[v.idx()] {
            assign[v.idx()] = Some(r);
            continue;
        }
        if assign[v.idx()].is_some() {
            // Placed with its tuple.
            continue;
        }
        let placed = super::tuples::place(p, v, &assign, limit);
        if !placed.is_empty() {
            for (m, r) in placed {
                assign[m.idx()] = Some(r);
            }
            continue;
        }
        primary[..top].fill(0);
        for (s, slot) in primary[..top].iter_mut().enumerate() {
            if constraints::is_reserved(p.file, s as u32) {
                *slot = BLOCKED;
            }
        }
        for u in &p.adj[v.idx()] {
            if let Some(a) = assign[u.idx()] {
                let end = (a.idx() + p.width[u.idx()] as usize).min(top);
                primary[a.idx().min(end)..end].fill(BLOCKED);
            }
        }
        for u in p.adj[v.idx()].iter().filter(|u| assign[u.idx()].is_none()) {
            for (q, _) in &p.affinity[u.idx()] {
                if let (Some(a), true) = (assign[q.idx()], *q != v) {
                    let end = (a.idx() + p.width[q.idx()] as usize).min(top);
                    for slot in primary[a.idx().min(end)..end].iter_mut().filter(|s| **s != BLOCKED) {
                        *slot += 1;
                    }
                }
            }
        }
        let partners: Vec<(PhysReg, u32)> =
            p.affinity[v.idx()].iter().filter_map(|(q, n)| assign[q.idx()].map(|a| (a, *n))).collect();
        let partner_total: u32 = partners.iter().map(|(_, n)| n).sum();
        let width = p.width[v.idx()];
        let mut best: Option<(u32, u32, u32)> = None;
        for base in (0..top as u32).step_by(constraints::alignment(width) as usize) {
            if !constraints::is_legal_base(p.file, base, width, limit) {
                continue;
            }
            let slots = base as usize..(base + width) as usize;
            if primary[slots.clone()].contains(&BLOCKED) {
                continue;
            }
            secondary[base as usize] = base;
            let near: u32 = partners.iter().filter(|(a, _)| a.0 == base).map(|(_, n)| n).sum();
            let cost = primary[slots].iter().sum::<u32>() + partner_total - near;
            if cost > threshold {
                continue;
            }
            let key = (cost, secondary[base as usize], base);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        match best {
            Some((_, _, base)) => assign[v.idx()] = Some(PhysReg(base)),
            None => failed.push(v),
        }
    }
    Trial { order, assign, failed }
}
