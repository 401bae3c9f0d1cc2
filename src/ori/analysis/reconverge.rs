//! Reconvergence points and uniform branches, for the emitters (seed 002 consumer table,
//! "OriBranchOpt / BranchSwitch: uniform branches use the cheaper UBRA encoding on sm_75+; varying
//! branches need BSSY/BSYNC pairs").
//!
//! Computed on the final function (after allocation and block placement, so the block indices
//! are the emitted order) from a fresh `OriPropagateVarying` run:
//!
//! - **Uniform branches**: a conditional branch whose predicates are all uniform
//!   ([`varying::uniform_branches`]). PTX spells it `@p bra.uni`; the SASS listing prints
//!   `BRA.U` when its predicate lives in the uniform file (`UP`), as the hardware's uniform branch
//!   reads `UP`.
//! - **Reconvergence regions**: a divergent branch whose immediate post-dominator is a real block
//!   gets a `BSSY B<k>, <that block>` before it and a `BSYNC B<k>` at the top of that block: the
//!   warp splits at the branch and waits for all its lanes at the post-dominator. When the branch
//!   leaves a loop that does not contain the post-dominator (a loop exit decided per lane), the
//!   `BSSY` goes before the outermost such loop, at the end of its single preheader, so it runs
//!   once, not per iteration (ptxas places it the same way, e.g. around a CAS retry loop); a loop
//!   without a single preheader gets no pair. A branch whose every path ends in `EXIT`
//!   (post-dominated by the virtual exit), or whose post-dominator only exits, needs none: the
//!   lanes never run anything together again. Regions with the
//!   same anchor and reconvergence block are one region, and a region nested in an earlier one
//!   with the same reconvergence block is dropped: the outer `BSYNC` waits for all its lanes.
//! - **Barrier registers**: regions are numbered in emission order of their `BSSY`; each takes
//!   the lowest `B` register no overlapping region holds (a region lives from its anchor block to
//!   its reconvergence block in the emitted order). sm_90 has 16 (`B0`..`B15`); a region that
//!   would need a 17th gets no pair.

use crate::ori::analysis::cfg;
use crate::ori::analysis::varying::{self, Varying};
use crate::ori::ir::{Bix, Function};
use crate::ori::opcode::Op;

/// Where a `BSSY` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Anchor {
    /// Right before the block's first control-flow instruction (its divergent branch).
    BeforeBranch(Bix),
    /// At the end of a loop's preheader, before its control-flow instructions if any.
    EndOfPreheader(Bix),
}

impl Anchor {
    pub fn block(self) -> Bix {
        match self {
            Anchor::BeforeBranch(b) | Anchor::EndOfPreheader(b) => b,
        }
    }
}

/// One `BSSY`/`BSYNC` pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncRegion {
    pub anchor: Anchor,
    /// The immediate post-dominator: the `BSYNC` opens this block.
    pub reconverge: Bix,
    /// The barrier register (`B<barrier>`).
    pub barrier: u32,
}

/// What the emitters need to know about the branches of one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BranchPlan {
    /// Per block: its conditional branch is uniform.
    pub uniform: Vec<bool>,
    /// Reconvergence regions, sorted by anchor block.
    pub regions: Vec<SyncRegion>,
}

/// Barrier registers of sm_70+ (`B0`..`B15`).
pub const BARRIER_REGISTERS: u32 = 16;

impl BranchPlan {
    /// The regions whose `BSSY` is anchored at `a`.
    pub fn bssy_at(&self, a: Anchor) -> impl Iterator<Item = &SyncRegion> {
        self.regions.iter().filter(move |r| r.anchor == a)
    }

    /// The regions that reconverge at the top of `b`, innermost (latest anchor) first.
    pub fn bsync_at(&self, b: Bix) -> Vec<&SyncRegion> {
        let mut out: Vec<&SyncRegion> = self.regions.iter().filter(|r| r.reconverge == b).collect();
        out.sort_by(|x, y| y.anchor.block().cmp(&x.anchor.block()).then(y.barrier.cmp(&x.barrier)));
        out
    }

    pub fn is_uniform(&self, b: Bix) -> bool {
        self.uniform.get(b.idx()).copied().unwrap_or(false)
    }
}

/// The branch plan of `f` (see the module documentation).
pub fn plan(f: &Function) -> BranchPlan {
    let n = f.blocks.len();
    let cfg = cfg::analyze(f);
    let v = Varying::compute(f);
    let mut uniform = vec![false; n];
    for b in varying::uniform_branches(f, &v) {
        uniform[b.idx()] = true;
    }
    let ipdom = varying::post_dominators(&cfg);
    let mut wanted: Vec<(Anchor, Bix)> = Vec::new();
    for &b in v.divergent_branches() {
        let Some(p) = ipdom.get(b.idx()).copied().flatten() else { continue };
        if p >= n {
            continue; // Post-dominated by the virtual exit: every path ends in EXIT.
        }
        let p = Bix(p as u32);
        if f.blocks[p.idx()].insts.iter().all(|i| matches!(i.op, Op::Exit | Op::Ret)) {
            continue; // Nothing runs after the join: the lanes may just leave (ptxas's `@P EXIT`).
        }
        // The outermost loop that contains the branch but not the reconvergence block.
        let left = cfg.loops().iter().filter(|l| l.body.contains(&b) && !l.body.contains(&p)).min_by_key(|l| l.depth);
        let anchor = match left {
            None => Anchor::BeforeBranch(b),
            Some(l) => {
                let outside: Vec<Bix> = cfg.preds(l.header).iter().copied().filter(|q| !l.body.contains(q)).collect();
                match outside[..] {
                    [pre] if cfg.succs(pre) == [l.header] => Anchor::EndOfPreheader(pre),
                    _ => continue,
                }
            }
        };
        if !wanted.contains(&(anchor, p)) {
            wanted.push((anchor, p));
        }
    }
    wanted.sort();
    // Greedy barrier numbering over the regions' spans in emitted block order.
    let mut regions: Vec<SyncRegion> = Vec::new();
    for (anchor, p) in wanted {
        // A region nested in one that reconverges at the same block needs no pair of its own:
        // the outer BSYNC already waits for every lane that entered (and a branch to that block
        // from outside the inner region must not meet an inner BSYNC it never armed).
        if regions.iter().any(|r| r.reconverge == p && r.anchor.block() <= anchor.block()) {
            continue;
        }
        let (lo, hi) = (anchor.block().0.min(p.0), anchor.block().0.max(p.0));
        let taken: Vec<u32> = regions
            .iter()
            .filter(|r| {
                let (a, b) = (r.anchor.block().0.min(r.reconverge.0), r.anchor.block().0.max(r.reconverge.0));
                a <= hi && lo <= b
            })
            .map(|r| r.barrier)
            .collect();
        if let Some(k) = (0..BARRIER_REGISTERS).find(|k| !taken.contains(k)) {
            regions.push(SyncRegion { anchor, reconverge: p, barrier: k });
        }
    }
    BranchPlan { uniform, regions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::varying::testkit::*;

    /// b0: t = tid; p = t < n; @p BRA b2 | b1 | b2: join; EXIT — an if-then on a varying
    /// condition reconverges at b2.
    #[test]
    fn divergent_if_reconverges_at_the_join() {
        let mut f = func(3);
        let (t, n, pr) = (rd(&mut f), rd(&mut f), p(&mut f));
        f.blocks[0].insts = vec![tid(t), param(n, 0x210), setp(pr, t, n), cbra(pr, false, 2)];
        let x = rd(&mut f);
        f.blocks[1].insts = vec![movi(x, 1)];
        f.blocks[2].insts = vec![add(x, t, n), exit()];
        let plan = plan(&f);
        assert_eq!(plan.regions, [SyncRegion { anchor: Anchor::BeforeBranch(Bix(0)), reconverge: Bix(2), barrier: 0 }]);
        // A join that only exits needs no pair.
        f.blocks[2].insts = vec![exit()];
        assert!(super::plan(&f).regions.is_empty());
        assert!(!plan.is_uniform(Bix(0)));
        assert_eq!(plan.bsync_at(Bix(2)).len(), 1);
    }

    /// The same branch on a uniform condition: no region, a uniform branch.
    #[test]
    fn uniform_branch_needs_no_pair() {
        let mut f = func(3);
        let (c, n, pr) = (rd(&mut f), rd(&mut f), p(&mut f));
        f.blocks[0].insts = vec![ctaid(c), param(n, 0x210), setp(pr, c, n), cbra(pr, false, 2)];
        let x = rd(&mut f);
        f.blocks[1].insts = vec![movi(x, 1)];
        f.blocks[2].insts = vec![exit()];
        let plan = plan(&f);
        assert!(plan.regions.is_empty());
        assert!(plan.is_uniform(Bix(0)));
    }

    /// `@p EXIT`-style divergence (both paths end in EXIT): nothing to reconverge.
    #[test]
    fn paths_that_all_exit_need_no_pair() {
        let mut f = func(3);
        let (t, n, pr) = (rd(&mut f), rd(&mut f), p(&mut f));
        f.blocks[0].insts = vec![tid(t), param(n, 0x210), setp(pr, t, n), cbra(pr, false, 2)];
        f.blocks[1].insts = vec![exit()];
        f.blocks[2].insts = vec![exit()];
        assert!(plan(&f).regions.is_empty());
    }

    /// b0 → b1 (loop: varying exit test, back to b1) → b2 join: the BSSY sits at the end of the
    /// preheader b0, once, not in the loop.
    #[test]
    fn divergent_loop_exit_anchors_in_the_preheader() {
        let mut f = func(3);
        let (t, n, pr) = (rd(&mut f), rd(&mut f), p(&mut f));
        f.blocks[0].insts = vec![tid(t), param(n, 0x210)];
        f.blocks[1].insts = vec![setp(pr, t, n), cbra(pr, false, 1)];
        let x = rd(&mut f);
        f.blocks[2].insts = vec![add(x, t, n), exit()];
        let plan = plan(&f);
        assert_eq!(
            plan.regions,
            [SyncRegion { anchor: Anchor::EndOfPreheader(Bix(0)), reconverge: Bix(2), barrier: 0 }]
        );
    }

    /// Nested divergent ifs that reconverge at the same block share the outer pair.
    #[test]
    fn nested_regions_with_one_join_share_the_outer_pair() {
        // b0: @p BRA b3 | b1: @q BRA b3 | b2 | b3: join, EXIT
        let mut f = func(4);
        let (t, n, pr, q) = (rd(&mut f), rd(&mut f), p(&mut f), p(&mut f));
        f.blocks[0].insts = vec![tid(t), param(n, 0x210), setp(pr, t, n), cbra(pr, false, 3)];
        f.blocks[1].insts = vec![setp(q, n, t), cbra(q, false, 3)];
        let x = rd(&mut f);
        f.blocks[2].insts = vec![movi(x, 1)];
        f.blocks[3].insts = vec![add(x, t, n), exit()];
        let plan = plan(&f);
        assert_eq!(plan.regions, [SyncRegion { anchor: Anchor::BeforeBranch(Bix(0)), reconverge: Bix(3), barrier: 0 }]);
    }

    /// Two nested divergent ifs: the inner region lies inside the outer one and takes B1.
    #[test]
    fn nested_regions_take_distinct_barriers() {
        // b0: @p BRA b4 | b1: @q BRA b3 | b2 | b3: (inner join) | b4: (outer join) EXIT
        let mut f = func(5);
        let (t, n, pr, q) = (rd(&mut f), rd(&mut f), p(&mut f), p(&mut f));
        f.blocks[0].insts = vec![tid(t), param(n, 0x210), setp(pr, t, n), cbra(pr, false, 4)];
        f.blocks[1].insts = vec![setp(q, n, t), cbra(q, false, 3)];
        let x = rd(&mut f);
        f.blocks[2].insts = vec![movi(x, 1)];
        f.blocks[3].insts = vec![movi(x, 2)];
        f.blocks[4].insts = vec![add(x, t, n), exit()];
        let plan = plan(&f);
        let got: Vec<(Bix, Bix, u32)> =
            plan.regions.iter().map(|r| (r.anchor.block(), r.reconverge, r.barrier)).collect();
        assert_eq!(got, [(Bix(0), Bix(4), 0), (Bix(1), Bix(3), 1)]);
    }
}
