//! Inline PTX the reference runs: a template that is exactly one PTX instruction, translated into
//! LLVM IR (or a call of a runtime function) in place of the `asm` call before the module is
//! compiled for the host. Any other template goes to the PTX-subset evaluator shared with the
//! interpreter (`ptx_blocks.rs`), or makes the kernel ineligible, with the template named.
//! Semantics from the PTX ISA:
//!
//! - `bfind[.shiftamt].{u32,s32,u64,s64} d, a`: the position of the most significant non-sign
//!   bit (of `a`, or of `~a` when a signed `a` is negative), `0xffffffff` when there is none;
//!   `.shiftamt` gives `width - 1 - position` instead.
//! - `shf.{l,r}.{wrap,clamp}.b32 d, a, b, c`: the 64-bit value `b:a` shifted left (keeping the
//!   upper word) or right (keeping the lower word) by `c & 31` (`wrap`) or `min(c, 32)` (`clamp`).
//! - `brev.{b32,b64}`, `popc.{b32,b64}`, `clz.{b32,b64}` (the last two give a `u32`).
//! - `mov.{u32,b32,u64,b64} d, %sreg`: a special register.
//! - `bar.sync a{, b}`, `bar.arrive a, b`, `barrier.sync{.aligned} a{, b}`,
//!   `barrier.arrive{.aligned} a, b` with immediate or register operands: CTA barriers.
//! - `membar.{cta,gl,sys}`, `fence.{sc,acq_rel}.{cta,gpu,sys}`: ordering points (the run yields).

use crate::sreg::SpecialReg;

/// One instruction the reference can run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PtxOp {
    Bfind {
        signed: bool,
        width: u32,
        shiftamt: bool,
    },
    Shf {
        left: bool,
        clamp: bool,
    },
    Brev(u32),
    Popc(u32),
    Clz(u32),
    Sreg(SpecialReg),
    /// A barrier: `arrive` (no wait), barrier id and optional thread count.
    Bar {
        arrive: bool,
        id: Operand,
        count: Option<Operand>,
    },
    Fence,
}

/// An operand of a barrier: an immediate or the `$k` input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Imm(u32),
    Input(u32),
}

fn operand(s: &str) -> Option<Operand> {
    if let Some(k) = s.strip_prefix('$') {
        return k.parse().ok().map(Operand::Input);
    }
    if let Some(h) = s.strip_prefix("0x") {
        return u32::from_str_radix(h, 16).ok().map(Operand::Imm);
    }
    s.parse().ok().map(Operand::Imm)
}

/// Parses `template` (with its constraint string) when it is one instruction the reference
/// runs; `None` otherwise.
pub fn parse(template: &str, constraints: &str) -> Option<PtxOp> {
    let text = template.trim();
    let text = text.strip_suffix(';').unwrap_or(text).trim();
    if text.contains(';') || text.contains('\n') || text.contains('{') {
        return None;
    }
    let (mnemonic, operands) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let ops: Vec<&str> = operands.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    let outputs = constraints.split(',').filter(|c| c.starts_with('=')).count();
    let regs = |n: usize| outputs == 1 && ops.len() == n && ops.iter().enumerate().all(|(k, o)| *o == format!("${k}"));
    let width = |m: &str| if m.ends_with("64") { 64 } else { 32 };
    let op = match mnemonic {
        m if m.starts_with("bfind.") => {
            let rest = m.strip_prefix("bfind.")?;
            let (shiftamt, ty) = match rest.strip_prefix("shiftamt.") {
                Some(t) => (true, t),
                None => (false, rest),
            };
            if !matches!(ty, "u32" | "s32" | "u64" | "s64") || !regs(2) {
                return None;
            }
            PtxOp::Bfind { signed: ty.starts_with('s'), width: width(ty), shiftamt }
        }
        "shf.l.wrap.b32" | "shf.l.clamp.b32" | "shf.r.wrap.b32" | "shf.r.clamp.b32" if regs(4) => {
            PtxOp::Shf { left: mnemonic.starts_with("shf.l"), clamp: mnemonic.contains("clamp") }
        }
        "brev.b32" | "brev.b64" if regs(2) => PtxOp::Brev(width(mnemonic)),
        "popc.b32" | "popc.b64" if regs(2) => PtxOp::Popc(width(mnemonic)),
        "clz.b32" | "clz.b64" if regs(2) => PtxOp::Clz(width(mnemonic)),
        "mov.u32" | "mov.b32" | "mov.u64" | "mov.b64" if outputs == 1 && ops.len() == 2 && ops[0] == "$0" => {
            let r = SpecialReg::all().into_iter().find(|r| r.ptx_name() == ops[1])?;
            PtxOp::Sreg(r)
        }
        "bar.sync"
        | "barrier.sync"
        | "barrier.sync.aligned"
        | "bar.arrive"
        | "barrier.arrive"
        | "barrier.arrive.aligned"
            if outputs == 0 && (1..=2).contains(&ops.len()) =>
        {
            let arrive = mnemonic.contains("arrive");
            if arrive && ops.len() != 2 {
                return None;
            }
            let count = match ops.get(1) {
                Some(o) => Some(operand(o)?),
                None => None,
            };
            PtxOp::Bar { arrive, id: operand(ops[0])?, count }
        }
        "membar.cta" | "membar.gl" | "membar.sys" | "fence.sc.cta" | "fence.sc.gpu" | "fence.sc.sys"
        | "fence.acq_rel.cta" | "fence.acq_rel.gpu" | "fence.acq_rel.sys"
            if ops.is_empty() && outputs == 0 =>
        {
            PtxOp::Fence
        }
        _ => return None,
    };
    Some(op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_instructions_parse_and_everything_else_does_not() {
        assert_eq!(
            parse("bfind.shiftamt.u32 $0, $1;", "=r,r"),
            Some(PtxOp::Bfind { signed: false, width: 32, shiftamt: true })
        );
        assert_eq!(parse("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"), Some(PtxOp::Shf { left: true, clamp: false }));
        assert_eq!(parse("mov.u32 $0, %laneid;", "=r"), Some(PtxOp::Sreg(SpecialReg::Laneid)));
        assert_eq!(
            parse("bar.sync 1, 64;", ""),
            Some(PtxOp::Bar { arrive: false, id: Operand::Imm(1), count: Some(Operand::Imm(64)) })
        );
        assert_eq!(
            parse("bar.arrive $0, $1;", "r,r"),
            Some(PtxOp::Bar { arrive: true, id: Operand::Input(0), count: Some(Operand::Input(1)) })
        );
        assert_eq!(parse("membar.gl;", ""), Some(PtxOp::Fence));
        assert_eq!(parse("mul.hi.u32 $0, $1, $1;", "=r,r"), None);
        assert_eq!(parse("bfind.u32 $0, $2;", "=r,r"), None);
        assert_eq!(parse("{ .reg .u32 t; mov.u32 t, $1; mov.u32 $0, t; }", "=r,r"), None);
    }
}
