//! A SASS listing in the shape `cuobjdump -sass` prints (no encodings): per kernel
//! `code for sm_90`, `Function : <name>`, then `/*0000*/  [@P0] OPCODE.MODS operands ;` at
//! 16-byte steps, with physical registers (R, UR, P, UP, RZ, URZ, PT), `c[0x0][0x…]` operands,
//! `SR_*` names, branch targets as addresses and `EXIT`.
//!
//! Spelling follows real SASS where the Ori opcode is a SASS instruction: a constant-bank move
//! is `LDC`/`LDC.64`; `ISETP`/`FSETP` write `Pd, PT` and drop the default `.S32`; signed is the
//! default for `IMAD.WIDE`; global and generic accesses print `[Rn.64]`. The macros ptxas expands
//! into subroutines (integer division, IEEE division and square root) print as one pseudo
//! instruction with their Ori name; `COPY` prints as `MOV`; inline PTX as `ASM`.

use crate::ori::ir::{Function, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{Op, Space};
use crate::sreg::SassSource;
use std::fmt::Write;

/// Prints the listing of every function. `phys[f]` is the allocation of function `f`, if any
/// (without one, virtual register numbers stand in for physical ones).
pub fn listing(funcs: &[(&Function, Option<&[u32]>)], sm: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n\tcode for sm_{sm}\n\t.target\tsm_{sm}\n");
    for (f, phys) in funcs {
        let _ = writeln!(s, "\t\tFunction : {}", f.name);
        let _ = writeln!(s, "\t.headerflags\t@\"EF_CUDA_SM{sm} EF_CUDA_VIRTUAL_SM(EF_CUDA_SM{sm})\"");
        let l = Lister { f, phys: *phys };
        // Block start addresses first, so branches can name them.
        let mut addr = Vec::with_capacity(f.blocks.len());
        let mut pc = 0u32;
        for b in &f.blocks {
            addr.push(pc);
            pc += 16 * b.insts.iter().filter(|i| l.prints(i)).count() as u32;
        }
        let mut pc = 0u32;
        for b in &f.blocks {
            for i in b.insts.iter().filter(|i| l.prints(i)) {
                let guard = i
                    .guard
                    .map(|g| format!("@{}{}", if g.negated { "!" } else { "" }, l.reg(g.pred)))
                    .unwrap_or_default();
                let _ = writeln!(s, "        /*{pc:04x}*/{guard:>18} {} ;", l.inst(i, &addr));
                pc += 16;
            }
        }
        let _ = writeln!(s, "        /*{pc:04x}*/{:>18} BRA {pc:#x};", "");
        s.push_str("\t\t..........\n\n");
    }
    s
}

struct Lister<'a> {
    f: &'a Function,
    phys: Option<&'a [u32]>,
}

impl Lister<'_> {
    /// Instructions that occupy a slot (a COPY whose ends got the same register is gone).
    fn prints(&self, i: &Inst) -> bool {
        match (i.op, self.phys) {
            (Op::Copy, Some(_)) => i.dsts.first().map(|d| self.operand(d)) != i.srcs.first().map(|s| self.operand(s)),
            _ => true,
        }
    }

    fn reg(&self, r: VReg) -> String {
        let info = self.f.reg_info(r);
        // A pair or quad is named by its first register, as SASS does (`R2` for R2:R3).
        let n = self.phys.map_or(r.0, |p| p[r.idx()]);
        format!("{}{n}", info.file.prefix())
    }

    fn operand(&self, o: &Operand) -> String {
        match o {
            Operand::Reg(r) => self.reg(*r),
            Operand::Imm(v) => {
                if *v > 0xFFFF_FFFF {
                    format!("{v:#x}")
                } else if (*v as u32 as i32) < 0 {
                    format!("-{:#x}", (*v as u32 as i32).unsigned_abs())
                } else {
                    format!("{v:#x}")
                }
            }
            Operand::CBank { bank, offset } => format!("c[{bank:#x}][{offset:#x}]"),
            Operand::SReg(s) => match s.sass_source() {
                SassSource::Sr(n) => n.to_string(),
                SassSource::ConstBank(off) => format!("c[0x0][{off:#x}]"),
                SassSource::Imm(v) => format!("{v:#x}"),
            },
            Operand::Label(b) => format!("bix{}", b.0),
            Operand::Symbol(s) => format!("{s}@srel"),
            Operand::Zero => "RZ".into(),
            Operand::True => "PT".into(),
        }
    }

    fn is_uniform_reg(&self, o: &Operand) -> bool {
        matches!(o, Operand::Reg(r) if matches!(self.f.reg_info(*r).file, RegFile::UR | RegFile::UP))
    }

    fn mem(&self, o: &Operand, space: Space) -> String {
        let a = self.operand(o);
        match space {
            Space::Global | Space::Generic => format!("[{a}.64]"),
            _ => format!("[{a}]"),
        }
    }

    fn inst(&self, i: &Inst, addr: &[u32]) -> String {
        let ops = |v: &[Operand]| v.iter().map(|o| self.operand(o)).collect::<Vec<_>>();
        let d = ops(&i.dsts);
        let s = ops(&i.srcs);
        let join = |parts: Vec<String>| parts.join(", ");
        match i.op {
            Op::Mov { .. } | Op::Copy if matches!(i.srcs.first(), Some(Operand::CBank { .. })) => {
                let w = if self.is_wide(&i.dsts[0]) { ".64" } else { "" };
                let u = if self.is_uniform_reg(&i.dsts[0]) { "U" } else { "" };
                format!("{u}LDC{w} {}, {}", d[0], s[0])
            }
            Op::Mov { .. } | Op::Copy => {
                let w = if self.is_wide(&i.dsts[0]) { ".64" } else { "" };
                format!("MOV{w} {}, {}", d[0], s[0])
            }
            Op::ISetp { cmp, signed, w64, bop } => {
                let t = if signed { "" } else { ".U32" };
                let ex = if w64 { ".EX" } else { "" };
                format!("ISETP.{}{t}{ex}.{} {}, PT, {}", cmp.name(), bop.name(), d[0], join(s))
            }
            Op::FSetp { .. } => {
                let name = i.op.to_string();
                format!("{name} {}, PT, {}", d[0], join(s))
            }
            Op::IMad { kind: crate::ori::opcode::MadKind::Wide { signed: true }, .. } => {
                format!("IMAD.WIDE {}, {}", d[0], join(s))
            }
            Op::Ld { space, .. } => {
                if matches!(i.srcs.first(), Some(Operand::CBank { .. })) {
                    return format!("LDC.U8 {}, {}", d[0], s[0]);
                }
                format!("{} {}, {}", i.op, join(d), self.mem(&i.srcs[0], space))
            }
            Op::St { space, .. } => {
                format!("{} {}, {}", i.op, self.mem(&i.srcs[0], space), join(s[1..].to_vec()))
            }
            Op::Atom { space, .. } => {
                format!("{} {}, {}, {}", i.op, join(d), self.mem(&i.srcs[0], space), join(s[1..].to_vec()))
            }
            Op::Bra => {
                let t = i.targets().next().map(|b| addr[b.idx()]).unwrap_or(0);
                format!("BRA {t:#x}")
            }
            Op::Exit | Op::Ret | Op::Bar | Op::Membar { .. } => i.op.to_string(),
            Op::Asm { id, .. } => {
                format!("ASM /* {} */ {}", self.f.asm.get(id as usize).map_or("", |s| s), join([d, s].concat()))
            }
            Op::IAdd3 { neg_b: true, .. } => {
                let mut s = s;
                s[1] = format!("-{}", s[1]);
                format!("{} {}", i.op, join([d, s].concat()))
            }
            _ => {
                let all = [d, s].concat();
                if all.is_empty() { i.op.to_string() } else { format!("{} {}", i.op, join(all)) }
            }
        }
    }

    fn is_wide(&self, o: &Operand) -> bool {
        matches!(o, Operand::Reg(r) if self.f.reg_info(*r).pair != PairMode::Single)
    }
}

/// The opcode mix of a listing: each instruction's base mnemonic (before the first `.`), for the
/// Jaccard comparison in `scripts/compare-sass`.
pub fn opcode_mix(listing: &str) -> Vec<String> {
    let mut v: Vec<String> = listing
        .lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("/*")?.split_once("*/")?.1.trim();
            let rest = rest.strip_prefix('@').map(|r| r.split_once(' ').map_or("", |x| x.1)).unwrap_or(rest).trim();
            let m = rest.split([' ', ';']).next()?.split('.').next()?.to_string();
            (!m.is_empty()).then_some(m)
        })
        .collect();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcode_mix_reads_cuobjdump_lines() {
        let l = "        /*0000*/                   LDC R1, c[0x0][0x28] ;   /* 0x00 */\n\
                 \x20                                                        /* 0x000fe */\n\
                 \x20       /*0070*/               @P0 EXIT ;\n\
                 \x20       /*0080*/                   IMAD.WIDE R2, R7, 0x4, R2 ;\n";
        assert_eq!(opcode_mix(l), vec!["EXIT", "IMAD", "LDC"]);
    }
}
