//! `CALL` in PTX: the `.param` marshalling of `ori::lower::calls`'s ABI, as llc-19 spells it.
//!
//! ```text
//! {
//!     .param .b32 param0;
//!     st.param.b32 [param0], %r1;
//!     .param .b32 retval0;
//!     call.uni (retval0), callee, (param0);
//!     ld.param.b32 %r2, [retval0];
//! }
//! ```
//!
//! An aggregate argument or result (`ParamAbi::Bytes`) is written and read piece by piece at
//! its byte offsets (`st.param.b32 [param0+4], %r2;`), one `CALL` operand per piece.
//!
//! A direct call is `call.uni` (every active thread calls the same target); the `.param` forms
//! come from the callee's signature (a function of the module or a `.extern .func`), or from the
//! registers' widths for a callee the module does not describe. An indirect call declares its
//! prototype in the block (`prototype_<n> : .callprototype (.param .b32 _) _ (.param .b32 _);`)
//! and calls through the address register: `call (retval0), %rd1, (param0), prototype_<n>;`.

use super::Printer;
use crate::ori::ir::{CallSig, Callee, Inst, Operand, ParamAbi};
use anyhow::{Result, bail};
use std::fmt::Write;

/// `.callprototype (.param .b32 _) _ (.param .b64 _, ...)` for a signature.
fn prototype(sig: &CallSig) -> String {
    let ret = sig.ret.as_ref().map(|r| format!("({}) ", r.decl("_"))).unwrap_or_default();
    let params: Vec<String> = sig.params.iter().map(|p| p.decl("_")).collect();
    format!(".callprototype {ret}_ ({})", params.join(", "))
}

/// `+off` after a `.param` name (nothing for 0).
fn offset(off: u32) -> String {
    if off == 0 { String::new() } else { format!("+{off}") }
}

impl Printer<'_> {
    fn width_abi(&self, o: &Operand) -> ParamAbi {
        if self.is_w64(o) { ParamAbi::B64 } else { ParamAbi::B32 }
    }

    pub(super) fn call(&mut self, i: &Inst) -> Result<()> {
        let Some((callee, args)) = i.call_parts() else { bail!("CALL without a callee") };
        let sig = match callee {
            Callee::Direct(name) => self.sigs.get(name).cloned(),
            Callee::Indirect { prototype, .. } => match self.f.prototypes.get(prototype) {
                Some(s) => Some(s.clone()),
                None => bail!("CALL names prototype {prototype}, which @{} does not have", self.f.name),
            },
        };
        let sig = sig.unwrap_or_else(|| CallSig {
            ret: i.dsts.first().map(|d| self.width_abi(d)),
            params: args.iter().map(|a| self.width_abi(a)).collect(),
        });
        let ret_pieces = sig.ret.as_ref().map(ParamAbi::pieces).unwrap_or_default();
        if sig.operand_count() != args.len() || ret_pieces.len() != i.dsts.len() {
            bail!("CALL in @{} does not match its callee's signature", self.f.name);
        }
        let mut lines = Vec::new();
        let mut names = Vec::new();
        let mut operands = args.iter();
        for (k, abi) in sig.params.iter().enumerate() {
            lines.push(abi.decl(&format!("param{k}")));
            for p in abi.pieces() {
                let Some(a) = operands.next() else { bail!("CALL with too few arguments") };
                // An immediate is written with the piece's width (ptxas checks the range).
                let v = match a {
                    Operand::Imm(x) if p.bits < 64 => self.int_src(&Operand::Imm(x & ((1u64 << p.bits) - 1)))?,
                    a => self.int_src(a)?,
                };
                lines.push(format!("st.param.b{} [param{k}{}], {v}", p.bits, offset(p.offset)));
            }
            names.push(format!("param{k}"));
        }
        let mut ret = String::new();
        let mut after = Vec::new();
        if let Some(abi) = &sig.ret {
            lines.push(abi.decl("retval0"));
            ret = "(retval0), ".into();
            for (p, d) in ret_pieces.iter().zip(&i.dsts) {
                after.push(format!("ld.param.b{} {}, [retval0{}]", p.bits, self.dst(d)?, offset(p.offset)));
            }
        }
        let args = names.join(", ");
        match callee {
            Callee::Direct(name) => lines.push(format!("call.uni {ret}{name}, ({args})")),
            Callee::Indirect { address, .. } => {
                let label = format!("prototype_{}", self.prototypes);
                self.prototypes += 1;
                lines.push(format!("{label} : {}", prototype(&sig)));
                let a = self.int_src(address)?;
                lines.push(format!("call {ret}{a}, ({args}), {label}"));
            }
        }
        lines.extend(after);
        let guard =
            i.guard.map(|g| format!("@{}{} ", if g.negated { "!" } else { "" }, self.reg(g.pred))).unwrap_or_default();
        let body: Vec<String> = lines
            .into_iter()
            .map(|l| if l.starts_with(".param") || l.starts_with("prototype_") { l } else { format!("{guard}{l}") })
            .collect();
        let _ = writeln!(self.out, "\t{{\n\t\t{};\n\t}}", body.join(";\n\t\t"));
        Ok(())
    }
}
