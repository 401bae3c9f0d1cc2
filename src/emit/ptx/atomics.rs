//! `ATOM` in PTX: `atom[.scope][.space].op.type d, [a], b[, c]` as llc-19 spells it (the scope
//! only when it is not PTX's default `.gpu`: `.cta` or `.sys` from CUDA's scoped intrinsics), `atom.add.noftz.f16`
//! through `.b16` temporaries (halves live in the low bits of 32-bit registers), and the ordered
//! loads and stores of `ori::lower::atomics`: `[fence.sc.scope;] ld.acquire.scope[.space].type`
//! and `[fence.sc.scope;] st.release.scope[.space].type`.

use super::{Printer, mem_type, num};
use crate::ori::ir::{Guard, Inst, Operand};
use crate::ori::opcode::{AtomOp, FTy, MemScope, NumTy, Space};
use anyhow::{Result, bail};
use std::fmt::Write;

impl Printer<'_> {
    pub(super) fn atom(
        &mut self,
        g: &Option<Guard>,
        i: &Inst,
        space: Space,
        op: AtomOp,
        ty: NumTy,
        scope: MemScope,
    ) -> Result<()> {
        let operand = |k: usize| i.atomic_operands().get(k).cloned().unwrap_or(Operand::Zero);
        let addr = self.mem_base(g, i.address().unwrap_or(&Operand::Zero), space)?;
        let bits = ty.bits();
        let opn = match op {
            AtomOp::Load { sc } => {
                self.fence_sc(g, scope, sc);
                let d = self.dst(i.dsts.first().unwrap_or(&Operand::Zero))?;
                let s = scope.ptx();
                self.line(g, format!("ld.acquire.{s}{}.{} {d}, [{addr}]", space.ptx(), mem_type(bits, false)));
                return Ok(());
            }
            AtomOp::Store { sc } => {
                let v = self.store_value(g, &operand(0), bits)?;
                self.fence_sc(g, scope, sc);
                let s = scope.ptx();
                self.line(g, format!("st.release.{s}{}.{} [{addr}], {v}", space.ptx(), mem_type(bits, false)));
                return Ok(());
            }
            AtomOp::Add => "add",
            AtomOp::Min => "min",
            AtomOp::Max => "max",
            AtomOp::Inc => "inc",
            AtomOp::Dec => "dec",
            AtomOp::And => "and",
            AtomOp::Or => "or",
            AtomOp::Xor => "xor",
            AtomOp::Exch => "exch",
            AtomOp::Cas => "cas",
        };
        let d = self.dst(i.dsts.first().unwrap_or(&Operand::Zero))?;
        let scope = if scope == MemScope::Gpu { String::new() } else { format!(".{}", scope.ptx()) };
        if matches!(ty, NumTy::F16 | NumTy::BF16) {
            let quals = format!("{scope}{}", space.ptx());
            return self.atom_half(g, i, &quals, opn, if ty == NumTy::BF16 { "bf16" } else { "f16" }, &d, &addr);
        }
        let tyn = match op {
            AtomOp::And | AtomOp::Or | AtomOp::Xor | AtomOp::Exch | AtomOp::Cas => format!("b{bits}"),
            _ => num(ty).to_string(),
        };
        let fty = match ty {
            NumTy::F32 => Some(FTy::F32),
            NumTy::F64 => Some(FTy::F64),
            _ => None,
        };
        let mut rest = Vec::new();
        for o in i.atomic_operands() {
            rest.push(self.src(o, fty)?);
        }
        self.line(g, format!("atom{scope}{}.{opn}.{tyn} {d}, [{addr}], {}", space.ptx(), rest.join(", ")));
        Ok(())
    }

    /// `fence.sc.scope` before a seq_cst load or store.
    fn fence_sc(&mut self, g: &Option<Guard>, scope: MemScope, sc: bool) {
        if sc {
            self.line(g, format!("fence.sc.{}", scope.ptx()));
        }
    }

    /// An f16 or bf16 atomic (`atom.add.noftz.f16`, `.bf16`: `half`) in a scoped block with
    /// `.b16` temporaries. `quals`: the scope and space qualifiers (`.sys.global`).
    #[allow(clippy::too_many_arguments)]
    fn atom_half(
        &mut self,
        g: &Option<Guard>,
        i: &Inst,
        quals: &str,
        opn: &str,
        half: &str,
        d: &str,
        addr: &str,
    ) -> Result<()> {
        if opn != "add" {
            bail!("{half} atomic {opn}");
        }
        let mut body = vec![".reg .b16 %ha<2>".to_string()];
        match i.atomic_operands().first() {
            Some(Operand::Imm(v)) => body.push(format!("mov.b16 %ha0, {:#06x}", *v as u16)),
            Some(o @ Operand::Reg(_)) => body.push(format!("cvt.u16.u32 %ha0, {}", self.int_src(o)?)),
            other => bail!("f16 atomic operand {other:?}"),
        }
        body.push(format!("atom{quals}.add.noftz.{half} %ha1, [{addr}], %ha0"));
        body.push(format!("cvt.u32.u16 {d}, %ha1"));
        let guard =
            g.map(|g| format!("@{}{} ", if g.negated { "!" } else { "" }, self.reg(g.pred))).unwrap_or_default();
        let lines: Vec<String> =
            body.into_iter().map(|l| if l.starts_with(".reg") { l } else { format!("{guard}{l}") }).collect();
        let _ = writeln!(self.out, "\t{{\n\t\t{};\n\t}}", lines.join(";\n\t\t"));
        Ok(())
    }
}
