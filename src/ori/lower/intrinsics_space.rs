//! Address-space intrinsics: `llvm.nvvm.isspacep.{global,shared,local,const}` (`isspacep`),
//! `llvm.nvvm.ptr.gen.to.<space>` / `ptr.<space>.to.gen` (`CVTA[.TO]`, as llc selects them) and
//! the read-only loads `llvm.nvvm.ldg.global.{i,f,p}` / `ldu.global.{i,f,p}`. `ldg` becomes a
//! non-coherent global load (`ld.global.nc`, `LDG.E.CONSTANT`) as llc selects it; `ldu` an
//! ordinary global load (`LDG`): the data is read-only for the kernel's lifetime, so the
//! uniform path llc asks for returns the same value.

use super::FnLowering;
use super::ffi::{self, V};
use super::inst::scalar_bits;
use crate::ori::ir::Operand;
use crate::ori::opcode::{Op, Space};
use anyhow::Result;

fn space_named(s: &str) -> Option<Space> {
    Some(match s {
        "global" => Space::Global,
        "shared" => Space::Shared,
        "local" => Space::Local,
        "const" | "constant" => Space::Const,
        _ => return None,
    })
}

impl FnLowering<'_> {
    /// Lowers the intrinsic when it is one of this file's; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_space_intrinsic(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(false) };
        let arity = |s: &Self, n: usize| -> Result<()> {
            if args.len() == n && d.len() == 1 {
                Ok(())
            } else {
                Err(s.err(format!("intrinsic {name} with {} arguments", args.len())))
            }
        };
        if let Some(sp) = rest.strip_prefix("isspacep.") {
            let space = space_named(sp).ok_or_else(|| self.err(format!("intrinsic {name}")))?;
            arity(self, 1)?;
            let a = self.get1(args[0])?;
            self.op(Op::IsSpace { space }, d.to_vec(), vec![a]);
            return Ok(true);
        }
        if let Some(conv) = rest.strip_prefix("ptr.") {
            // `ptr.gen.to.global.p1.p0`, `ptr.shared.to.gen.p0.p3`
            let parts: Vec<&str> = conv.split('.').collect();
            let (space, to_generic) = match parts.as_slice() {
                ["gen", "to", s, ..] => (space_named(s), false),
                [s, "to", "gen", ..] => (space_named(s), true),
                _ => (None, false),
            };
            let space = space.ok_or_else(|| self.err(format!("intrinsic {name}")))?;
            arity(self, 1)?;
            let a = self.get1(args[0])?;
            self.op(Op::Cvta { space, to_generic }, d.to_vec(), vec![a]);
            return Ok(true);
        }
        if rest.starts_with("ldg.global.") || rest.starts_with("ldu.global.") {
            // (pointer, alignment)
            if args.len() != 2 {
                return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
            }
            // The address is global whatever the pointer's address space (clang's `__ldg`
            // passes generic pointers).
            let (space, addr) = (Space::Global, self.get1(args[0])?);
            let nc = rest.starts_with("ldg.");
            self.mem_access(ffi::type_of(v), addr, 0, |s, elt, a, k, _| {
                let bits = scalar_bits(elt).max(8);
                let dk = d.get(k).cloned().ok_or_else(|| s.err(format!("intrinsic {name}")))?;
                s.op(Op::Ld { space, bits, signed: false, volatile: false, offset: 0, nc }, vec![dk], vec![a]);
                Ok(())
            })?;
            return Ok(true);
        }
        Ok(false)
    }
}
