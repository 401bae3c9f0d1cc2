//! The middle end: LLVM IR passes on NVPTX modules (through inkwell / llvm-sys).

pub mod block_layout;
pub mod count_down;
pub mod div128;
pub mod fma_contract;
pub mod frem;
pub mod gep_reassociate;
pub mod intr_range;
pub mod known_bits;
pub mod launch_bounds;
pub mod lower_variadics;
pub mod metadata;
pub mod module;
pub mod nvvm_reflect;
pub mod pass_api;
pub mod passes;
pub mod reference;
#[cfg(feature = "static-llvm")]
pub mod static_link;
