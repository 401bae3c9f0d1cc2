//! `block-layout`: orders each function's blocks so that every block comes after its forward
//! predecessors and every natural loop is contiguous, staying as close to the source order as
//! those two rules allow.
//!
//! The back end keeps the order of the IR's blocks (phase 112 `PlaceBlocksInSourceOrder`
//! restores it, seed 001): ptxas expects the layout its usual producer, llc, leaves after its
//! block placement, where a loop's blocks sit together and its exits follow it. clang does not
//! always emit that order; inlined templates can put a loop's exit block before the loop
//! (cooperative groups' `reduce`), so the back end needs a branch into the loop and a branch
//! out of it, and ptxas, which then cannot prove the warp converged around the loop's `shfl`,
//! wraps it in `WARPSYNC` / `BSSY` / `ENDCOLLECTIVE`.
//!
//! Algorithm: natural loops from the back edges (`u → h` with `h` dominating `u`; the body is
//! what reaches `u` backwards without passing `h`). Then a topological order of the forward
//! edges: repeatedly place the ready block (all forward predecessors placed) with the smallest
//! source position, restricted, while a loop is open (its header placed, some of its blocks
//! not), to the innermost open loop's blocks. A cycle without a dominating header (irreducible
//! control flow) leaves no ready block; then the unplaced block with the smallest source
//! position is placed (inside the open loop when there is one). Unreachable blocks keep their
//! source order at the end. A function already in such an order is left unchanged.
//!
//! Where it runs: last in the middle end (`compile::middle_end`), and as
//! `ori opt -passes=block-layout`.

use super::known_bits::analysis::Dominators;
use super::known_bits::ir::{self, V};
use super::pass_api::{PassContext, PassParams};
use anyhow::Result;
use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::collections::HashMap;

/// The pass entry (registry name `block-layout`).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, _params: &PassParams) -> Result<()> {
    let n = run(module);
    cx.stat("block-layout", "NumReordered", "Number of functions whose blocks were reordered", n);
    Ok(())
}

/// Reorders every function of `module` that needs it; returns how many were reordered.
pub fn run(module: &Module<'_>) -> u64 {
    let m = module.as_mut_ptr();
    let mut done = 0;
    // SAFETY: blocks of live functions of `module` are only moved, never deleted.
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if LLVMCountBasicBlocks(f) > 2 {
                let blocks = ir::blocks(V(f));
                let order = layout(V(f), &blocks);
                if order.iter().enumerate().any(|(i, &b)| b != i) {
                    for w in order.windows(2) {
                        LLVMMoveBasicBlockAfter(blocks[w[1]], blocks[w[0]]);
                    }
                    done += 1;
                }
            }
            f = LLVMGetNextFunction(f);
        }
    }
    done
}

/// The new order of `blocks` (indices into it, the entry first).
fn layout(f: V, blocks: &[LLVMBasicBlockRef]) -> Vec<usize> {
    let n = blocks.len();
    let index: HashMap<LLVMBasicBlockRef, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let succs: Vec<Vec<usize>> =
        blocks.iter().map(|&b| ir::successors(b).iter().filter_map(|s| index.get(s).copied()).collect()).collect();
    let mut preds = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(b);
        }
    }
    let dom = Dominators::compute(f);
    let reachable: Vec<bool> = blocks.iter().map(|&b| dom.dominates(blocks[0], b)).collect();
    let back = |u: usize, h: usize| reachable[u] && dom.dominates(blocks[h], blocks[u]);
    // Natural loops: header -> body (as a membership vector).
    let mut loops: HashMap<usize, Vec<bool>> = HashMap::new();
    for (u, ss) in succs.iter().enumerate() {
        for &h in ss {
            if back(u, h) {
                let body = loops.entry(h).or_insert_with(|| vec![false; n]);
                body[h] = true;
                let mut stack = vec![u];
                while let Some(x) = stack.pop() {
                    if !body[x] {
                        body[x] = true;
                        stack.extend(preds[x].iter().copied().filter(|&p| reachable[p]));
                    }
                }
            }
        }
    }
    // Forward predecessors still unplaced, per block.
    let mut waiting: Vec<usize> =
        (0..n).map(|b| preds[b].iter().filter(|&&p| reachable[p] && !back(p, b)).count()).collect();
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut open: Vec<usize> = Vec::new();
    let total = reachable.iter().filter(|&&r| r).count();
    while order.len() < total {
        while let Some(&h) = open.last() {
            if loops[&h].iter().enumerate().all(|(b, &inside)| !inside || placed[b]) {
                open.pop();
            } else {
                break;
            }
        }
        let allowed = |b: usize| reachable[b] && !placed[b] && open.last().is_none_or(|h| loops[h][b]);
        let next = (0..n)
            .find(|&b| allowed(b) && waiting[b] == 0)
            .or_else(|| (0..n).find(|&b| allowed(b)))
            .or_else(|| (0..n).find(|&b| reachable[b] && !placed[b]));
        let Some(b) = next else { break };
        placed[b] = true;
        order.push(b);
        if loops.contains_key(&b) {
            open.push(b);
        }
        for &s in &succs[b] {
            if !back(b, s) {
                waiting[s] = waiting[s].saturating_sub(1);
            }
        }
    }
    order.extend((0..n).filter(|&b| !placed[b]));
    order
}
