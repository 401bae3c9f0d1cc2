//! The machinery that generates and mutates inputs for fuzzing and testing, kept apart from the
//! product:
//!
//! - [`mutate`]: random, valid-by-construction mutations of an LLVM module's instructions
//!   (`ori mutate`, driven by `scripts/fuzz`);
//! - [`mutate_meta`]: mutations of a module's metadata and attributes (`ori mutate --metadata`);
//! - `known_bits_jit` (tests only): the semantic check of `nv-known-bits` under LLVM's JIT, the
//!   original and the rewritten module run on the same random inputs;
//! - [`regalloc_fuzz`]: the register-allocator fuzzer, a generator of random valid Ori kernels
//!   and the driver that allocates them and checks the result (`ori fuzz-regalloc`,
//!   `scripts/fuzz-regalloc`).
//!
//! Production code (`ori/`, `llvm/`, `emit/`, `compile/`) never imports this tree; only the
//! `driver/` CLI entries (`driver/mutate.rs`, `driver/fuzz_regalloc.rs`) and tests do. `ori
//! check`'s interpreter and the JIT reference are product features and stay in `ori/interp/` and
//! `llvm/reference.rs`.

#[cfg(test)]
mod known_bits_jit;
pub mod mutate;
pub mod mutate_meta;
pub mod regalloc_fuzz;
