//! ori: an open Rust reimplementation of the ptxas/cicc pipeline phases described in the seeds.

pub mod driver;
pub mod lit;
pub mod llvm;
pub mod output;
pub mod sreg;
pub mod tools;
