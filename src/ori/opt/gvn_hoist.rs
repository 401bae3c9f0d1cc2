//! Common-computation hoisting for phase 49 `GvnCse`: an instruction computed identically in
//! blocks that do not dominate one another moves to their nearest common dominator, where
//! `GvnCse` then merges the copies (the "simple PRE" that llc's MachineCSE does).
//!
//! # Why
//!
//! An unrolled loop whose iterations are each guarded (`if (x < w && y + i < h) tile[ty + i][tx]
//! = ...`) computes the same partial address (`&tile[ty][tx]`, the `+ i` rows being offsets) in
//! every guarded block; none of those blocks dominates the others, so value numbering alone
//! cannot share it, and each guarded store recomputes a `MOV @tile; IMAD.WIDE; IMAD.WIDE`
//! chain. Hoisted to the common dominator, the chain is computed once.
//!
//! # Algorithm
//!
//! One round: the `GvnCse` candidates ([`super::gvn_cse::eligible`]) are grouped by their key
//! (opcode, sources, destination classes) in reverse post-order. For a key with occurrences in
//! at least two blocks, none of them the nearest common dominator `D` of all of them: when every
//! register source is defined in a block that dominates `D`, and no occurrence is reached from
//! `D` through a loop that does not contain it ([`super::gvn_cse::crosses_a_loop`]: the value
//! would be live through the loop for nothing), one copy with fresh destinations goes to the end
//! of `D` (before its branches) and every occurrence is deleted, its destinations renamed to the
//! copy's. The instructions are pure, so computing one on a path that did not need it changes no
//! result. A chain hoists one link per round (the next link's sources become identical only once
//! the renaming is done); `pipeline::gvn_cse` alternates rounds with `GvnCse`.

use crate::ori::analysis::cfg;
use crate::ori::ir::{Bix, Function, Inst, Operand, VReg};
use crate::ori::opt::gvn_cse::{Key, crosses_a_loop, def_counts, eligible, rename_sources};
use std::collections::HashMap;

/// One round; returns the number of instructions hoisted.
pub fn hoist_common(f: &mut Function) -> usize {
    let cfg = cfg::analyze(f);
    let defs = def_counts(f);
    let mut def_block: Vec<Option<Bix>> = vec![None; f.regs.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            for d in inst.defs() {
                def_block[d.idx()] = Some(Bix(b as u32));
            }
        }
    }
    let mut heads: Vec<Option<usize>> = vec![None; f.blocks.len()];
    for (k, l) in cfg.loops().iter().enumerate() {
        heads[l.header.idx()] = Some(k);
    }
    // Key → occurrences (block, index), keys in order of first occurrence (deterministic).
    let mut keys: Vec<Key> = Vec::new();
    let mut occurrences: HashMap<Key, Vec<(Bix, usize)>> = HashMap::new();
    for &b in cfg.rpo() {
        for (k, inst) in f.blocks[b.idx()].insts.iter().enumerate() {
            if !eligible(inst, &defs) {
                continue;
            }
            let key: Key = (inst.op, inst.srcs.clone(), inst.defs().map(|d| f.regs[d.idx()]).collect());
            let list = occurrences.entry(key.clone()).or_default();
            if list.is_empty() {
                keys.push(key);
            }
            list.push((b, k));
        }
    }
    let ncd = |a: Bix, b: Bix| -> Option<Bix> {
        let mut x = a;
        loop {
            if cfg.dominates(x, b) {
                return Some(x);
            }
            x = cfg.idom(x)?;
        }
    };
    let mut removed: Vec<Vec<bool>> = f.blocks.iter().map(|b| vec![false; b.insts.len()]).collect();
    let mut inserted: Vec<Vec<Inst>> = vec![Vec::new(); f.blocks.len()];
    let mut rename: Vec<Option<VReg>> = vec![None; f.regs.len()];
    let mut count = 0;
    for key in keys {
        let list = &occurrences[&key];
        if list.len() < 2 {
            continue;
        }
        let Some(d) = list.iter().skip(1).try_fold(list[0].0, |acc, &(b, _)| ncd(acc, b)) else { continue };
        let (op, srcs, _) = &key;
        let available = srcs.iter().all(|s| match s.reg() {
            Some(r) => def_block[r.idx()].is_some_and(|db| cfg.dominates(db, d)),
            None => true,
        });
        if !available || list.iter().any(|&(b, _)| b == d || crosses_a_loop(&cfg, &heads, d, b)) {
            continue;
        }
        let (b0, k0) = list[0];
        let template = f.blocks[b0.idx()].insts[k0].clone();
        let fresh: Vec<VReg> = template.defs().map(|r| f.new_reg(f.regs[r.idx()].file, f.regs[r.idx()].pair)).collect();
        rename.resize(f.regs.len(), None);
        for &(b, k) in list {
            removed[b.idx()][k] = true;
            for (old, new) in f.blocks[b.idx()].insts[k].defs().zip(&fresh) {
                rename[old.idx()] = Some(*new);
            }
        }
        let mut copy = template;
        copy.op = *op;
        copy.dsts = fresh.iter().map(|&r| Operand::Reg(r)).collect();
        inserted[d.idx()].push(copy);
        count += list.len() - 1;
    }
    if count == 0 {
        return 0;
    }
    for ((block, gone), mut new) in f.blocks.iter_mut().zip(&removed).zip(inserted) {
        let mut k = 0;
        block.insts.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
        if !new.is_empty() {
            // Before the block's closing control-flow instructions.
            let at = block.insts.iter().rposition(|i| !i.op.is_control_flow()).map_or(0, |p| p + 1);
            let tail = block.insts.split_off(at);
            block.insts.append(&mut new);
            block.insts.extend(tail);
        }
    }
    for block in &mut f.blocks {
        for inst in &mut block.insts {
            rename_sources(inst, &rename);
        }
    }
    for (_, regs) in &mut f.value_names {
        for r in regs.iter_mut() {
            if let Some(to) = rename.get(r.idx()).copied().flatten() {
                *r = to;
            }
        }
    }
    count
}
