//! Device-function calls in the listing. In PTX a `.func` takes and returns `.param` words
//! (`ori::lower`'s ABI, spelled by `emit::ptx`); in SASS ptxas passes them in registers. The
//! listing uses the register convention seen in ptxas's output for such calls: arguments in
//! consecutive registers from R4 (a 64-bit argument in the next even pair), the result in R4
//! (R4:R5), the return address in R20:R21 (`MOV R20, <address>`, `MOV R21, 0x0`,
//! `` CALL.REL.NOINC `(callee)` ``), and `RET.REL.NODEC R20 0x0` in the callee.
//!
//! - caller: the arguments are moved into their registers as one parallel copy (sequenced so no
//!   source is overwritten before it is read, a cycle broken through a scratch register), then
//!   the call, then the result copied out of R4;
//! - callee: the run of `LD.PARAM` at the entry is one parallel copy out of the argument
//!   registers; `ST.PARAM [func_retval0]` is a move into R4.
//!
//! Limitation: Ori's allocator works with the PTX ABI, where a call preserves every register
//! (ptxas implements the `.param` words and saves what the callee clobbers). The allocation
//! knows nothing of R4.., R20:R21 or of the callee's registers, so in the listing a value the
//! caller keeps in one of them across the call is overwritten: the listing shows the calling
//! convention's shape, not a register assignment checked against it. The PTX is what runs.

use super::{Emitter, Target, is_param_read};
use crate::ori::ir::{Callee, Inst, Operand};

/// The first argument and result register.
const ABI_FIRST: u32 = 4;
/// The return-address pair.
const RET_ADDR: u32 = 20;

/// Argument registers for argument widths (in words): consecutive from R4, pairs aligned.
pub(super) fn abi_regs(widths: &[u32]) -> Vec<u32> {
    let mut next = ABI_FIRST;
    widths
        .iter()
        .map(|&w| {
            next = next.next_multiple_of(w.max(1));
            let r = next;
            next += w;
            r
        })
        .collect()
}

/// Emits the parallel copy `dst[k] ← src[k]` (single registers, by number).
fn parallel_copy(em: &mut Emitter, moves: &[(u32, u32)]) {
    let mut pending: Vec<(u32, u32)> = moves.iter().copied().filter(|(d, s)| d != s).collect();
    while !pending.is_empty() {
        if let Some(k) = pending.iter().position(|(d, _)| pending.iter().all(|(_, s)| s != d)) {
            let (d, s) = pending.remove(k);
            em.emit(format!("MOV R{d}, R{s}"));
            continue;
        }
        // Every destination is still a source: a cycle. Save the first destination's value.
        let d = pending[0].0;
        let t = em.scratch.r(1);
        em.emit(format!("MOV R{t}, R{d}"));
        for m in &mut pending {
            if m.1 == d {
                m.1 = t;
            }
        }
    }
}

/// `LD.PARAM` / `ST.PARAM` of a device function.
pub(super) fn param(em: &mut Emitter, insts: &[Inst], k: usize) {
    let i = &insts[k];
    if let crate::ori::opcode::Op::St { .. } = i.op {
        // The return value: into R4 (R4:R5).
        let v = &i.srcs[1];
        for w in 0..em.words(v) {
            let s = em.word(v, w);
            if s != format!("R{}", ABI_FIRST + w) {
                em.emit(format!("MOV R{}, {s}", ABI_FIRST + w));
            }
        }
        return;
    }
    if k > 0 && is_param_read(&insts[k - 1]) {
        return; // listed with the first read of the run
    }
    let widths: Vec<u32> = em.f.params.iter().map(|p| p.size.div_ceil(4)).collect();
    let regs = abi_regs(&widths);
    let mut moves = Vec::new();
    for read in insts[k..].iter().take_while(|x| is_param_read(x)) {
        let Some(Operand::Symbol(name)) = read.srcs.first() else { continue };
        let Some(j) = em.f.params.iter().position(|p| &p.name == name) else { continue };
        // A piece of an aggregate parameter: the word its offset falls in.
        let at = match read.op {
            crate::ori::opcode::Op::Ld { offset, .. } => offset.max(0) as u32 / 4,
            _ => 0,
        };
        let d = em.regs_of(&read.dsts[0]);
        for (w, dr) in d.iter().enumerate() {
            moves.push((*dr, regs[j] + at + w as u32));
        }
    }
    for &(d, s) in &moves {
        em.scratch.reserve(d);
        em.scratch.reserve(s);
    }
    parallel_copy(em, &moves);
}

/// `CALL [callee, args...] → results`.
pub(super) fn call(em: &mut Emitter, i: &Inst) {
    let Some((callee, args)) = i.call_parts() else { return };
    let widths: Vec<u32> = args.iter().map(|a| em.words(a)).collect();
    let regs = abi_regs(&widths);
    let mut moves = Vec::new();
    for (a, r) in args.iter().zip(&regs) {
        for (w, s) in em.regs_of(a).iter().enumerate() {
            moves.push((r + w as u32, *s));
        }
    }
    for &(d, s) in &moves {
        em.scratch.reserve(d);
        em.scratch.reserve(s);
    }
    em.scratch.reserve(RET_ADDR);
    em.scratch.reserve(RET_ADDR + 1);
    parallel_copy(em, &moves);
    let back: Target = em.label();
    em.emit_to("", format!("MOV R{RET_ADDR},"), back);
    em.emit(format!("MOV R{}, 0x0", RET_ADDR + 1));
    match callee {
        Callee::Direct(name) => em.emit_call(name),
        // Through a register: the address, as ptxas lists an indirect call.
        Callee::Indirect { address, .. } => {
            let a = em.word(address, 0);
            em.emit(format!("CALL.ABS.NOINC {a}"));
        }
    }
    em.bind(back);
    if let Some(d) = i.dsts.first() {
        for (w, dr) in em.regs_of(d).iter().enumerate() {
            if *dr != ABI_FIRST + w as u32 {
                em.emit(format!("MOV R{dr}, R{}", ABI_FIRST + w as u32));
            }
        }
    }
}

/// `RET` of a device function.
pub(super) fn ret(em: &mut Emitter) {
    em.emit(format!("RET.REL.NODEC R{RET_ADDR} 0x0"));
}
