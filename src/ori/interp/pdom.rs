//! Immediate post-dominators, the reconvergence points of divergent branches.
//!
//! The CFG gets a *virtual exit* node that every block leaving the kernel points to: a block
//! ending in an unguarded `EXIT`/`RET`, or one that falls off the end of the function. A
//! *guarded* `EXIT`/`RET` is not an edge: the lanes that take it leave the warp and never need to
//! reconverge, so they do not move the reconvergence point of the others (as on the hardware,
//! where a convergence barrier counts exited threads as arrived, and as in
//! `varying::post_dominators`, whose divergent regions decide where uniform registers may be
//! written). Counting them made lanes leaving a loop with a divergent exit run ahead of the lanes
//! still in the loop whenever the body held an `@p EXIT`, so uniform registers written after the
//! loop clobbered ones the loop still read (found by the allocator fuzzer). Post-dominators are the dominators of the reversed
//! graph rooted at the virtual exit, computed with the iterative algorithm of Cooper, Harvey and
//! Kennedy ("A Simple, Fast Dominance Algorithm"): number the nodes in post-order of a DFS of the
//! reversed graph, then repeat until nothing changes: for each node in reverse post-order, its
//! immediate dominator is the intersection (walk both candidates up the current tree, the one
//! with the smaller post-order number first, until they meet) of its already-processed
//! reversed-graph predecessors, i.e. its CFG successors. Blocks that cannot reach the exit
//! (infinite loops) and blocks whose immediate post-dominator is the virtual exit get `None`: lanes
//! diverging there reconverge only by exiting.

use crate::ori::ir::{Bix, Function};
use crate::ori::opcode::Op;

/// Successors of `b` in execution order terms, and whether the block leaves the kernel (an
/// unguarded `EXIT`/`RET`, or falling off the end; a guarded `EXIT` is neither an edge nor an exit).
pub fn edges(f: &Function, b: usize) -> (Vec<usize>, bool) {
    let mut succ = Vec::new();
    let mut exits = false;
    let mut falls = true;
    for i in &f.blocks[b].insts {
        if !i.op.is_control_flow() {
            continue;
        }
        if i.op == Op::Bra {
            succ.extend(i.targets().map(|t| t.idx()));
        }
        if i.guard.is_none() {
            // An unguarded EXIT / RET leaves the kernel; a guarded one is not an edge.
            exits |= i.op != Op::Bra;
            falls = false;
            break;
        }
    }
    if falls {
        if b + 1 < f.blocks.len() {
            succ.push(b + 1);
        } else {
            exits = true;
        }
    }
    succ.sort_unstable();
    succ.dedup();
    (succ, exits)
}

/// The immediate post-dominator of every block (`None`: the virtual exit, or no path to it).
#[derive(Clone, Debug)]
pub struct PostDom {
    ipdom: Vec<Option<Bix>>,
}

impl PostDom {
    pub fn compute(f: &Function) -> PostDom {
        let n = f.blocks.len();
        let exit = n;
        // succ[x]: CFG successors including the virtual exit; pred[x]: reversed-graph successors.
        let mut succ: Vec<Vec<usize>> = Vec::with_capacity(n + 1);
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for b in 0..n {
            let (mut s, exits) = edges(f, b);
            if exits {
                s.push(exit);
            }
            for &t in &s {
                pred[t].push(b);
            }
            succ.push(s);
        }
        succ.push(Vec::new());
        // Post-order of a DFS from the exit over reversed edges (explicit stack).
        const NONE: usize = usize::MAX;
        let mut po = vec![NONE; n + 1];
        let mut order = Vec::with_capacity(n + 1);
        let mut visited = vec![false; n + 1];
        let mut stack: Vec<(usize, usize)> = vec![(exit, 0)];
        visited[exit] = true;
        while let Some(top) = stack.last_mut() {
            let (x, k) = *top;
            if k < pred[x].len() {
                top.1 += 1;
                let y = pred[x][k];
                if !visited[y] {
                    visited[y] = true;
                    stack.push((y, 0));
                }
            } else {
                po[x] = order.len();
                order.push(x);
                stack.pop();
            }
        }
        let mut idom = vec![NONE; n + 1];
        idom[exit] = exit;
        let intersect = |idom: &[usize], mut a: usize, mut b: usize| -> usize {
            while a != b {
                while po[a] < po[b] {
                    a = idom[a];
                }
                while po[b] < po[a] {
                    b = idom[b];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &x in order.iter().rev() {
                if x == exit {
                    continue;
                }
                let mut new = NONE;
                for &s in &succ[x] {
                    if idom[s] == NONE {
                        continue;
                    }
                    new = if new == NONE { s } else { intersect(&idom, new, s) };
                }
                if new != idom[x] {
                    idom[x] = new;
                    changed = true;
                }
            }
        }
        let ipdom = (0..n).map(|b| (idom[b] != NONE && idom[b] != exit).then(|| Bix(idom[b] as u32))).collect();
        PostDom { ipdom }
    }

    /// The reconvergence block of a divergence in `b`.
    pub fn ipdom(&self, b: Bix) -> Option<Bix> {
        self.ipdom[b.idx()]
    }
}
