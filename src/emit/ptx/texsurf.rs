//! Texture and surface instructions in PTX (`Op::TexSurf`, see `ori::texsurf`), as llc-19 writes
//! them: the handle register (or a `.texref`/`.surfref` symbol's `mov.u64` copy), the sampler of
//! a non-unified fetch, the coordinates as a brace vector padded to four elements for `3d` and
//! `a2d` (the last repeated), then the level of detail or the two gradient vectors
//! (`TexOp::render`):
//!
//! ```text
//! tex.level.a2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6, %r7, %r7}], %r8;
//! suld.b.2d.v2.b32.clamp {%r1, %r2}, [%rd1, {%r3, %r4}];
//! sust.b.1d.b16.trap [%rd1, {%r1}], {%r2};
//! txq.width.b32 %r1, [%rd1];
//! istypep.texref %p1, %rd1;
//! ```
//!
//! Results narrower than 32 bits (`suld.b8`/`.b16`) and stored values of `sust.b8`/`.b16` live
//! in 32-bit registers, which ptxas accepts for these instructions.

use super::Printer;
use crate::ori::ir::Inst;
use crate::ori::opcode::FTy;
use crate::ori::texsurf::TexOp;
use anyhow::{Result, bail};

impl Printer<'_> {
    pub(super) fn texsurf(&mut self, i: &Inst, op: TexOp) -> Result<()> {
        let mut dsts = Vec::with_capacity(i.dsts.len());
        for d in &i.dsts {
            dsts.push(self.dst(d)?);
        }
        let mut srcs = Vec::with_capacity(i.srcs.len());
        for (k, o) in i.srcs.iter().enumerate() {
            // A float immediate as a `0f` literal where the argument is a float.
            srcs.push(self.src(o, op.arg_is_float(k).then_some(FTy::F32))?);
        }
        let Some(text) = op.render(&dsts, &srcs) else {
            bail!("{} with {} sources and {} destinations", op.ptx(), i.srcs.len(), i.dsts.len());
        };
        self.line(&i.guard, text);
        Ok(())
    }
}
