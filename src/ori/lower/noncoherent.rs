//! Non-coherent global loads (`ld.global.nc`, SASS `LDG.E.CONSTANT`): where llc-19 reads
//! global memory through the read-only data cache.
//!
//! llc's NVPTX selector (`canLowerToLDG`) uses `ld.global.nc` for a load from the global space
//! that is either marked `!invariant.load`, or whose every underlying object (the pointer with
//! `getelementptr`s and casts stripped, at most six of them in a row, through phis and selects)
//! is a `noalias` (C's `restrict`) and `readonly` (or `readnone`) pointer parameter of a kernel,
//! or a `constant` module variable. Such memory is not written while the kernel runs, so the
//! non-coherent path returns what a plain load would; ptxas keeps ordinary loads on the
//! coherent path (it does not prove read-only-ness itself), so the PTX has to say it. The
//! `llvm.nvvm.ldg.global.*` intrinsics ask for it explicitly (`intrinsics_space.rs`).
//!
//! One deliberate difference: llc also turns a *volatile* load from such a parameter into
//! `ld.global.nc`, dropping the volatility; ori keeps `ld.volatile.global`.

use super::FnLowering;
use super::ffi::{self, V};
use crate::ori::opcode::Space;
use llvm_sys::LLVMOpcode as O;
use std::collections::HashSet;

/// How many `getelementptr`s and casts in a row LLVM's `getUnderlyingObject` looks through.
const MAX_LOOKUP: usize = 6;

/// `!invariant.load` on `v`.
fn is_invariant_load(v: V) -> bool {
    let kind = "invariant.load";
    // SAFETY: `v` is an instruction of the module; the metadata query only reads it.
    unsafe {
        let id = llvm_sys::core::LLVMGetMDKindID(kind.as_ptr().cast(), kind.len() as u32);
        !llvm_sys::core::LLVMGetMetadata(v.0, id).is_null()
    }
}

/// LLVM's `getUnderlyingObjects`: the objects `p` may point into (a value that is no
/// `getelementptr`, cast, phi or select; or whatever is left after [`MAX_LOOKUP`] steps).
pub(crate) fn underlying_objects(p: V) -> Vec<V> {
    let mut out = Vec::new();
    let mut seen: HashSet<V> = HashSet::new();
    let mut work = vec![p];
    while let Some(mut v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        for _ in 0..MAX_LOOKUP {
            match ffi::opcode_of(v) {
                Some(O::LLVMGetElementPtr | O::LLVMBitCast | O::LLVMAddrSpaceCast) => v = ffi::operand(v, 0),
                _ => break,
            }
        }
        match ffi::opcode_of(v) {
            Some(O::LLVMSelect) if ffi::is_instruction(v) => work.extend([ffi::operand(v, 1), ffi::operand(v, 2)]),
            Some(O::LLVMPHI) => work.extend(ffi::incoming(v).into_iter().map(|(w, _)| w)),
            _ => out.push(v),
        }
    }
    out
}

/// A constant module variable (`@x = ... constant`).
fn is_constant_global(v: V) -> bool {
    // SAFETY: `v` is a global variable of the module.
    ffi::is_global_variable(v) && unsafe { llvm_sys::core::LLVMIsGlobalConstant(v.0) != 0 }
}

impl FnLowering<'_> {
    /// Whether the load `v`, selected as an access of `space`, reads through the non-coherent
    /// path (see the module documentation).
    pub(super) fn noncoherent(&self, v: V, space: Space) -> bool {
        if space != Space::Global || ffi::volatile(v) || ffi::is_atomic(v) {
            return false;
        }
        if is_invariant_load(v) {
            return true;
        }
        let kernel = self.f.is_kernel;
        underlying_objects(ffi::operand(v, 0)).into_iter().all(|o| {
            if ffi::is_argument(o) {
                let Some((f, i)) = super::vectorize::argument_index(o) else { return false };
                let read_only = ffi::has_param_attr(f, i, "readonly") || ffi::has_param_attr(f, i, "readnone");
                kernel && read_only && ffi::has_param_attr(f, i, "noalias")
            } else {
                is_constant_global(o)
            }
        })
    }
}
