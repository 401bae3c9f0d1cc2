//! Texture and surface instructions in PTX (`Op::TexSurf`, see `ori::texsurf`), as llc-19 writes
//! them: the handle register (or a `.texref`/`.surfref` symbol's `mov.u64` copy), the sampler of
//! a non-unified fetch, the coordinates as a brace vector padded to four elements for `3d` and
//! `a2d` (the last repeated), then the level of detail or the two gradient vectors:
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
use crate::ori::texsurf::{Lod, TexOp};
use anyhow::{Result, bail};

impl Printer<'_> {
    /// Source `k` as PTX (a float immediate as a `0f` literal when the argument is a float).
    fn texsurf_src(&mut self, i: &Inst, op: TexOp, k: usize) -> Result<String> {
        let Some(o) = i.srcs.get(k) else { bail!("{} without source {k}", op.ptx()) };
        self.src(o, op.arg_is_float(k).then_some(FTy::F32))
    }

    /// `{a, b, c}` of sources `from..from + n`, padded to four elements when `n` is 3.
    fn texsurf_vector(&mut self, i: &Inst, op: TexOp, from: usize, n: usize) -> Result<String> {
        let mut v = Vec::with_capacity(4);
        for k in from..from + n {
            v.push(self.texsurf_src(i, op, k)?);
        }
        if n == 3 {
            v.push(v[2].clone());
        }
        Ok(format!("{{{}}}", v.join(", ")))
    }

    pub(super) fn texsurf(&mut self, i: &Inst, op: TexOp) -> Result<()> {
        if i.srcs.len() != op.num_args() || i.dsts.len() != op.num_results() {
            bail!("{} with {} sources and {} destinations", op.ptx(), i.srcs.len(), i.dsts.len());
        }
        let mut dsts = Vec::with_capacity(4);
        for d in &i.dsts {
            dsts.push(self.dst(d)?);
        }
        let h = self.texsurf_src(i, op, 0)?;
        let name = op.ptx();
        let text = match op {
            TexOp::Tex { geom, lod, sampler, .. } => {
                let first = 1 + sampler as usize;
                let s = if sampler { format!("{}, ", self.texsurf_src(i, op, 1)?) } else { String::new() };
                let c = self.texsurf_vector(i, op, first, geom.coords())?;
                let after = first + geom.coords();
                let extra = match lod {
                    Lod::Base => String::new(),
                    Lod::Level => format!(", {}", self.texsurf_src(i, op, after)?),
                    Lod::Grad => {
                        let n = geom.dims();
                        let dx = self.texsurf_vector(i, op, after, n)?;
                        let dy = self.texsurf_vector(i, op, after + n, n)?;
                        format!(", {dx}, {dy}")
                    }
                };
                format!("{name} {{{}}}, [{h}, {s}{c}]{extra}", dsts.join(", "))
            }
            TexOp::Tld4 { sampler, .. } => {
                let first = 1 + sampler as usize;
                let s = if sampler { format!("{}, ", self.texsurf_src(i, op, 1)?) } else { String::new() };
                let c = self.texsurf_vector(i, op, first, 2)?;
                format!("{name} {{{}}}, [{h}, {s}{c}]", dsts.join(", "))
            }
            TexOp::Suld { geom, .. } => {
                let c = self.texsurf_vector(i, op, 1, geom.coords())?;
                format!("{name} {{{}}}, [{h}, {c}]", dsts.join(", "))
            }
            TexOp::Sust { geom, vec, .. } => {
                let c = self.texsurf_vector(i, op, 1, geom.coords())?;
                let mut v = Vec::with_capacity(4);
                for k in 1 + geom.coords()..1 + geom.coords() + vec as usize {
                    v.push(self.texsurf_src(i, op, k)?);
                }
                format!("{name} [{h}, {c}], {{{}}}", v.join(", "))
            }
            TexOp::Query { .. } => format!("{name} {}, [{h}]", dsts[0]),
            TexOp::IsType(_) => format!("{name} {}, {h}", dsts[0]),
        };
        self.line(&i.guard, text);
        Ok(())
    }
}
