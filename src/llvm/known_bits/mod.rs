//! Known bits (seed 004): the KnownBits lattice over arbitrary-width integers, the analysis on
//! LLVM values with the GPU special-register oracle, and the fused `nv-known-bits` rewriter.

pub mod analysis;
pub mod apint;
pub mod ir;
pub mod lattice;
pub mod narrow;
pub mod oracle;
pub mod reference;
pub mod rewrite;
