//! Out of SSA: MovPhi elimination.
//!
//! Each phi `d = MovPhi [v0, L0], [v1, L1], ...` gets a fresh temporary `t`; every predecessor
//! `Li` ends (before its branches) with `COPY t, vi`, and the phi becomes `COPY d, t` at the top of
//! its block. Because every phi has its own temporary that lives only across the incoming edges,
//! this is correct without splitting critical edges: a predecessor's copy never clobbers a value
//! live on its other out-edges (the lost-copy problem), and reading all `vi` before any `d` is
//! written solves the swap problem. The allocator's copy affinity (seed 003) then gives `t`, `d`
//! and `vi` the same register where it can so most copies become no-ops.

use crate::ori::ir::{Function, Inst, Operand};
use crate::ori::opcode::Op;

/// Replaces every `MovPhi` with copies. Returns the number of phis eliminated.
pub fn eliminate_phis(f: &mut Function) -> usize {
    let mut count = 0;
    let mut pred_copies: Vec<Vec<Inst>> = vec![Vec::new(); f.blocks.len()];
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for inst in insts {
            if inst.op != Op::Phi {
                out.push(inst);
                continue;
            }
            count += 1;
            let d = inst.dsts[0].clone();
            let info = match &d {
                Operand::Reg(r) => f.reg_info(*r),
                _ => continue,
            };
            let t = f.new_reg(info.file, info.pair);
            for pair in inst.srcs.chunks_exact(2) {
                if let Operand::Label(p) = pair[1] {
                    pred_copies[p.idx()].push(Inst::new(Op::Copy, vec![Operand::Reg(t)], vec![pair[0].clone()]));
                }
            }
            out.push(Inst::new(Op::Copy, vec![d], vec![Operand::Reg(t)]));
        }
        f.blocks[b].insts = out;
    }
    for (b, copies) in pred_copies.into_iter().enumerate() {
        if copies.is_empty() {
            continue;
        }
        let insts = &mut f.blocks[b].insts;
        let mut at = insts.len();
        while at > 0 && insts[at - 1].op.is_control_flow() {
            at -= 1;
        }
        insts.splice(at..at, copies);
    }
    count
}
