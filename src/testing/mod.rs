//! The machinery that generates and mutates inputs for fuzzing and testing, kept apart from the
//! product:
//!
//! - [`mutate`]: random, valid-by-construction mutations of an LLVM module's instructions
//!   (`ori mutate`, driven by `scripts/fuzz`);
//! - [`mutate_meta`]: mutations of a module's metadata and attributes (`ori mutate --metadata`);
//! - [`generate_ir`]: a generator of random, valid, UB-free kernels mixing the construct
//!   classes of real code (`ori generate`, driven by `scripts/fuzz`, checked by `ori check`
//!   against LLVM's JIT);
//! - `known_bits_jit` (tests only): the semantic check of `nv-known-bits` under LLVM's JIT, the
//!   original and the rewritten module run on the same random inputs;
//! - [`regalloc_fuzz`]: the register-allocator fuzzer, a generator of random valid Ori kernels
//!   and the driver that allocates them and checks the result (`ori fuzz-regalloc`,
//!   `scripts/fuzz-regalloc`).
//!
//! Production code (`ori/`, `llvm/`, `emit/`, `compile/`) never imports this tree; only the
//! `driver/` CLI entries (`driver/mutate.rs`, `driver/generate.rs`, `driver/fuzz_regalloc.rs`) and tests do. `ori
//! check`'s interpreter and the JIT reference are product features and stay in `ori/interp/` and
//! `llvm/reference.rs`.

pub mod generate_ir;
#[cfg(test)]
mod known_bits_jit;
pub mod mutate;
pub mod mutate_meta;
pub mod regalloc_fuzz;
