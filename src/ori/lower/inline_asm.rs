//! Inline PTX assembly (`call asm`): kept as an opaque `ASM` instruction.

use super::FnLowering;
use super::ffi::{self, V};
use super::inst::reg;
use crate::ori::ir::Operand;
use crate::ori::opcode::Op;
use anyhow::Result;

impl FnLowering<'_> {
    /// Inline PTX: kept as an opaque `ASM` instruction whose operands are registers of the kinds
    /// its constraints name (`r` 32-bit, `l`/`d` 64-bit, `f` f32, `n` an immediate). Memory
    /// operands, 16-bit registers, tied and clobber-only constraints are unsupported.
    pub(super) fn lower_inline_asm(&mut self, v: V, callee: V, d: &[Operand]) -> Result<()> {
        let (text, cons, side_effects) = ffi::inline_asm(callee);
        let mut n_out = 0;
        let mut ins = Vec::new();
        for c in cons.split(',') {
            match c {
                "=r" | "=l" | "=f" | "=d" => n_out += 1,
                "r" | "l" | "f" | "d" | "n" => ins.push(c),
                c if c.starts_with("~{") => {}
                other => return Err(self.err(format!("inline asm constraint '{other}'"))),
            }
        }
        if n_out != d.len() {
            return Err(self.err("inline asm with aggregate outputs"));
        }
        let nargs = ffi::num_operands(v) - 1;
        if nargs as usize != ins.len() {
            return Err(self.err("inline asm operand count"));
        }
        let mut srcs = Vec::new();
        for k in 0..nargs {
            let o = self.get1(ffi::operand(v, k))?;
            let wide = matches!(ins[k as usize], "l" | "d");
            srcs.push(if ins[k as usize] == "n" { o } else { reg(self.in_reg(o, wide)) });
        }
        self.f.asm.push(text);
        let id = self.f.asm.len() as u32 - 1;
        self.op(Op::Asm { id, side_effects }, d.to_vec(), srcs);
        Ok(())
    }
}
