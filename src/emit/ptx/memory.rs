//! PTX of the memory instructions: special-register reads, loads and stores in every space,
//! `cvta`, cache hints and `isspacep`.

use super::*;

impl Printer<'_> {
    pub(super) fn memory_inst(&mut self, i: &Inst) -> Result<()> {
        let g = i.guard;
        let d0 = || i.dsts.first().cloned().unwrap_or(Operand::Zero);
        let s = |k: usize| i.srcs.get(k).cloned().unwrap_or(Operand::Zero);
        match i.op {
            Op::S2R => {
                let Operand::SReg(sr) = s(0) else { bail!("S2R without a special register") };
                let d = self.dst(&d0())?;
                let ty = if sr.bits() == 64 { "u64" } else { "u32" };
                self.line(&g, format!("mov.{ty} {d}, {}", sr.ptx_name()));
            }
            Op::Ld { space, bits, signed, volatile, offset, nc } => {
                let address = i.address().cloned().unwrap_or(Operand::Zero);
                if let Operand::CBank { offset, .. } = address {
                    let (_, at) = self.param_at(offset)?;
                    let d = self.dst(&d0())?;
                    self.line(&g, format!("ld.param.u{bits} {d}, [{at}]"));
                    return Ok(());
                }
                let ty = mem_type(bits, signed);
                let addr = self.mem_base(&g, &address, space)?;
                let dsts: Vec<String> = i.dsts.iter().map(|d| self.dst(d)).collect::<Result<_>>()?;
                let (vec, d) = vec_operands(&dsts);
                // PTX allows `.volatile` on generic, global and shared accesses only; thread-private local
                // memory has no observer that could tell (ptxas rejects `.volatile.local`).
                let vol = if volatile && space != Space::Local { ".volatile" } else { "" };
                let off = addr_offset(offset);
                let nc = if nc && space == Space::Global { ".nc" } else { "" };
                self.line(&g, format!("ld{vol}{}{nc}{vec}.{ty} {d}, [{addr}{off}]", space.ptx()));
            }
            Op::St { space, bits, volatile, offset } => {
                let addr = self.mem_base(&g, i.address().unwrap_or(&Operand::Zero), space)?;
                let mut vals = Vec::new();
                for o in i.stored_values() {
                    vals.push(self.store_value(&g, o, bits)?);
                }
                let (vec, v) = vec_operands(&vals);
                // PTX allows `.volatile` on generic, global and shared accesses only; thread-private local
                // memory has no observer that could tell (ptxas rejects `.volatile.local`).
                let vol = if volatile && space != Space::Local { ".volatile" } else { "" };
                let off = addr_offset(offset);
                self.line(&g, format!("st{vol}{}{vec}.{} [{addr}{off}], {v}", space.ptx(), mem_type(bits, false)));
            }
            Op::Cvta { space, to_generic } => {
                let (d, a) = (self.dst(&d0())?, self.int_src(&s(0))?);
                self.line(&g, format!("cvta{}{}.u64 {d}, {a}", if to_generic { "" } else { ".to" }, space.ptx()));
            }
            Op::CacheHint { hint } => {
                let space = match hint {
                    CacheHint::Prefetch { space, .. } | CacheHint::Tensormap { space } => space,
                    CacheHint::PrefetchEvict { .. } => Space::Global,
                    CacheHint::ApplyPriority { global } | CacheHint::Discard { global } if global => Space::Global,
                    _ => Space::Generic,
                };
                let a = self.mem_base(&g, i.address().unwrap_or(&Operand::Zero), space)?;
                let size = match i.srcs.get(1) {
                    Some(o) => format!(", {}", self.int_src(o)?),
                    None => String::new(),
                };
                self.line(&g, format!("{} [{a}]{size}", hint.ptx()));
            }
            Op::IsSpace { space } => {
                let (d, a) = (self.dst(&d0())?, self.int_src(&s(0))?);
                self.line(&g, format!("isspacep{} {d}, {a}", space.ptx()));
            }
            op => bail!("{op} is not a memory instruction"),
        }
        Ok(())
    }
}
