//! The machinery that generates and mutates inputs for fuzzing and testing, kept apart from the
//! product:
//!
//! - [`mutate`]: random, valid-by-construction mutations of an LLVM module's instructions
//!   (`ori mutate`, driven by `scripts/fuzz`);
//! - [`mutate_meta`]: mutations of a module's metadata and attributes (`ori mutate --metadata`);
//! - [`regalloc_fuzz`]: the register-allocator fuzzer, a generator of random valid Ori kernels
//!   and the driver that allocates them and checks the result (`ori fuzz-regalloc`,
//!   `scripts/fuzz-regalloc`).
//!
//! Production code (`ori/`, `llvm/`, `emit/`, `compile/`) never imports this tree; only the
//! `driver/` CLI entries (`driver/mutate.rs`, `driver/fuzz_regalloc.rs`) and tests do. `ori
//! check`'s interpreter and the JIT reference are product features and stay in `ori/interp/` and
//! `llvm/reference.rs`.

pub mod mutate;
pub mod mutate_meta;
pub mod regalloc_fuzz;
