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
//! A direct call is `call.uni` (every active thread calls the same target); the `.param` forms
//! come from the callee's signature (a function of the module or a `.extern .func`), or from the
//! registers' widths for a callee the module does not describe. An indirect call declares its
//! prototype in the block (`prototype_<n> : .callprototype (.param .b32 _) _ (.param .b32 _);`)
//! and calls through the address register: `call (retval0), %rd1, (param0), prototype_<n>;`.

use super::Printer;
use crate::ori::ir::{CallSig, Callee, Inst, ParamAbi};
use anyhow::{Result, bail};
use std::fmt::Write;

/// `.callprototype (.param .b32 _) _ (.param .b64 _, ...)` for a signature.
fn prototype(sig: &CallSig) -> String {
    let ret = sig.ret.map(|r| format!("({}) ", r.decl("_"))).unwrap_or_default();
    let params: Vec<String> = sig.params.iter().map(|p| p.decl("_")).collect();
    format!(".callprototype {ret}_ ({})", params.join(", "))
}

impl Printer<'_> {
    fn width_abi(&self, o: &crate::ori::ir::Operand) -> ParamAbi {
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
        if let Some(s) = &sig
            && (s.params.len() != args.len() || s.ret.is_some() == i.dsts.is_empty())
        {
            bail!("CALL in @{} does not match its callee's signature", self.f.name);
        }
        let mut lines = Vec::new();
        let mut names = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let abi = sig.as_ref().map_or_else(|| self.width_abi(a), |s| s.params[k]);
            let v = self.int_src(a)?;
            lines.push(abi.decl(&format!("param{k}")));
            lines.push(format!("st.param.b{} [param{k}], {v}", abi.bits()));
            names.push(format!("param{k}"));
        }
        let mut ret = String::new();
        let mut after = Vec::new();
        if let Some(dst) = i.dsts.first() {
            let abi = sig.as_ref().and_then(|s| s.ret).unwrap_or_else(|| self.width_abi(dst));
            lines.push(abi.decl("retval0"));
            ret = "(retval0), ".into();
            after.push(format!("ld.param.b{} {}, [retval0]", abi.bits(), self.dst(dst)?));
        }
        let args = names.join(", ");
        match callee {
            Callee::Direct(name) => lines.push(format!("call.uni {ret}{name}, ({args})")),
            Callee::Indirect { address, .. } => {
                let label = format!("prototype_{}", self.prototypes);
                self.prototypes += 1;
                let Some(sig) = &sig else { bail!("indirect CALL without a prototype") };
                lines.push(format!("{label} : {}", prototype(sig)));
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
