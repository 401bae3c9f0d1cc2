//! Inline PTX blocks: a small PTX-subset evaluator for the templates of `asm` calls.
//!
//! Real CUDA code carries inline PTX that is more than one instruction: libdevice (linked into
//! every module that uses `sinf`, `lgamma`, `erfinvf`, ...) has 64×64→128-bit multiplies built
//! from `mad.lo.cc`/`madc.hi.cc` carry chains over `.reg .u32` temporaries, 128-bit add/sub
//! chains, a `setp.equ`/`selp` pair under a `.reg .pred`; CUDA headers and hand-written kernels
//! use `mov.b64 {lo,hi}` packing, f16 conversions and arithmetic, `prmt`, `lop3`, SIMD video
//! instructions, cache-hinted loads and stores, special registers. [`parse`] reads such a
//! template (`parse.rs`: `{ }` scopes, `.reg` declarations, `@p` guards, comments, the `$k`
//! operands and `$$`) into a [`Program`] over numbered registers, and [`run`] executes it for one
//! thread (`eval.rs`, `fops.rs`: the semantics, from the PTX ISA, are documented there), with a
//! carry flag for the `.cc`/`c` forms and predicates. Memory, special registers and scheduling
//! points go through the caller's [`Env`].
//!
//! **One evaluator for both sides of `ori check`.** The SIMT interpreter runs an `ASM`
//! instruction by running its program per lane (`interp/asm.rs`), and the LLVM JIT reference
//! replaces each `asm` call by a call of a host function that runs the same program
//! (`llvm/reference/rewrite.rs`, `ori.ref.asm`). So the reference stays independent of ori for
//! everything except the semantics of the asm blocks themselves, which both sides take from
//! here (the JIT keeps its own IR translation for the single instructions it knew before:
//! `bfind`, `shf`, `brev`, `popc`, `clz`, special registers, barriers, fences). A template
//! outside the subset is refused with the template named, as before.

mod eval;
mod fops;
mod ops;
mod parse;
#[cfg(test)]
mod tests;

pub use eval::run;
pub use parse::{Program, parse};

use crate::ori::opcode::Space;
use crate::sreg::SpecialReg;

/// What a block needs from the thread running it.
pub trait Env {
    /// `bytes` (1, 2, 4, 8, 16) little-endian bytes at `addr` of `space`; `strong` for
    /// `.volatile`/`.relaxed`/`.acquire` loads.
    fn load(&mut self, space: Space, addr: u64, bytes: u32, strong: bool) -> Result<u128, String>;
    fn store(&mut self, space: Space, addr: u64, bytes: u32, value: u128, strong: bool) -> Result<(), String>;
    /// The value of a special register for this thread.
    fn sreg(&mut self, r: SpecialReg) -> u64;
    /// After a strong memory access, `membar`, `fence` or `nanosleep`: other threads may run.
    fn sync_point(&mut self) {}
}

/// An [`Env`] without memory: special registers read 0.
pub struct NoMemory;

impl Env for NoMemory {
    fn load(&mut self, space: Space, addr: u64, _: u32, _: bool) -> Result<u128, String> {
        Err(format!("no memory to load from ({space:?} {addr:#x})"))
    }
    fn store(&mut self, space: Space, addr: u64, _: u32, _: u128, _: bool) -> Result<(), String> {
        Err(format!("no memory to store to ({space:?} {addr:#x})"))
    }
    fn sreg(&mut self, _: SpecialReg) -> u64 {
        0
    }
}
