//! The `.param` form of each argument and result type, as llc-19 lays it out (so that PTX
//! linked with llc-compiled code agrees byte for byte):
//!
//! - i1 (as 0/1), i2..i32 and float: `.param .b32`; i33..i64, double and pointers:
//!   `.param .b64`; half and bfloat: `.param .align 2 .b8 [2]` (`ParamAbi::B32`/`B64`/`Half`);
//! - an i128, a vector, a struct or an array: `.param .align A .b8 [S]` with A the type's ABI
//!   alignment and S its allocation size (`<3 x i8>`: `.align 4 .b8 [4]`; `{i32, float, i8}`:
//!   `.align 4 .b8 [12]`; packed structs `.align 1`), holding each scalar of the flattened value
//!   at its offset in the type's memory layout with its store width (an i1 field a byte 0/1, an
//!   i128 two 64-bit halves). llc packs neighbouring narrow vector elements into 32-bit words
//!   (`st.param.b32` of a `<4 x i8>`); the bytes are the same;
//! - a `byval(T) align N` pointer: `.param .align max(N, align(T)) .b8 [size(T)]` holding a copy
//!   of the pointed-to bytes, moved in the widest aligned chunks (8, 4, 2, 1 bytes).
//!
//! - a vector of i1: one byte 0/1 per element at offset k, as llc-19 writes them (llc declares
//!   the array with the vector's allocation size, `.b8 [1]` for `<3 x i1>`, and stores past it;
//!   here the array holds every byte: `[max(n, size)]`).
//!
//! Refused (`unsupported ... type ...`): vectors of i1 inside aggregates, odd-width integers
//! inside aggregates, fp128 and other types without a register form here, arrays longer than
//! `ffi::classify` flattens.

use super::ffi::{self, T, Ty};
use super::{abi_size, td_ref};
use crate::ori::ir::{ParamAbi, Piece};

/// ABI alignment in bytes of an LLVM type.
pub(super) fn abi_align(td: &inkwell::targets::TargetData, t: T) -> u32 {
    unsafe { llvm_sys::target::LLVMABIAlignmentOfType(td_ref(td), t.0) }
}

/// The largest alignment a PTX `.param` (or any state-space variable) may declare.
const MAX_PARAM_ALIGN: u32 = 128;

/// The alignment of a `.param` of type `t` declared with `explicit` (0: none): the larger of
/// the two, at most 128 bytes as PTX allows (llc-19 clamps the same way: `<64 x i32>` is
/// `.align 128`, not its ABI alignment of 256).
pub(super) fn param_align(td: &inkwell::targets::TargetData, t: T, explicit: u32) -> u32 {
    explicit.max(abi_align(td, t)).clamp(1, MAX_PARAM_ALIGN)
}

/// The `.param` form of an argument or result of type `t`, or what makes it unsupported.
pub fn abi_of(td: &inkwell::targets::TargetData, t: T) -> Result<ParamAbi, String> {
    let what = || format!("type {}", type_name(t));
    Ok(match ffi::classify(t) {
        Ty::I1 | Ty::F32 => ParamAbi::B32,
        Ty::Int(b) if b <= 32 => ParamAbi::B32,
        Ty::Int(_) | Ty::F64 | Ty::Ptr(_) => ParamAbi::B64,
        Ty::F16 | Ty::BF16 => ParamAbi::Half,
        Ty::Vector(e, n) if *e == Ty::I1 => {
            let pieces = (0..n).map(|k| Piece { offset: k, bits: 8 }).collect();
            ParamAbi::Bytes { align: param_align(td, t, 0), size: n.max(abi_size(td, t) as u32), pieces }
        }
        ty @ (Ty::I128 | Ty::Vector(..) | Ty::Struct(_)) => {
            let mut pieces = Vec::new();
            layout(td, t, 0, &mut pieces).ok_or_else(what)?;
            // One piece per flattened scalar (each a register of the value).
            if pieces.len() != ty.scalars().len() || ty.scalars().iter().any(|s| matches!(s, Ty::Other(_))) {
                return Err(what());
            }
            ParamAbi::Bytes { align: param_align(td, t, 0), size: abi_size(td, t) as u32, pieces }
        }
        _ => return Err(what()),
    })
}

/// The `.param` form of a `byval(t) align align` argument.
pub fn byval_abi(td: &inkwell::targets::TargetData, t: T, align: u32) -> ParamAbi {
    let align = param_align(td, t, align);
    let size = abi_size(td, t) as u32;
    ParamAbi::Bytes { align, size, pieces: chunks(size, align) }
}

/// `size` bytes in the widest chunks (8, 4, 2 or 1 bytes) that `align` and the offset allow.
pub fn chunks(size: u32, align: u32) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut at = 0u32;
    while at < size {
        let w =
            [8u32, 4, 2, 1].into_iter().find(|w| align >= *w && at.is_multiple_of(*w) && at + w <= size).unwrap_or(1);
        out.push(Piece { offset: at, bits: 8 * w });
        at += w;
    }
    out
}

/// The pieces of the scalars of `t` at byte `at`, in the flattening order of `Ty::scalars`
/// (`None` for a leaf without a piece form).
fn layout(td: &inkwell::targets::TargetData, t: T, at: u32, out: &mut Vec<Piece>) -> Option<()> {
    use llvm_sys::LLVMTypeKind::*;
    match ffi::type_kind(t) {
        LLVMVectorTypeKind | LLVMArrayTypeKind => {
            let et = ffi::element_type(t);
            let n = if ffi::type_kind(t) == LLVMVectorTypeKind {
                unsafe { llvm_sys::core::LLVMGetVectorSize(t.0) as u64 }
            } else {
                ffi::array_length(t)
            };
            if ffi::type_kind(t) == LLVMVectorTypeKind && ffi::classify(et) == Ty::I1 {
                return None;
            }
            let es = abi_size(td, et) as u32;
            for k in 0..n as u32 {
                layout(td, et, at + k * es, out)?;
            }
        }
        LLVMStructTypeKind => {
            let n = unsafe { llvm_sys::core::LLVMCountStructElementTypes(t.0) };
            for k in 0..n {
                let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(td_ref(td), t.0, k) } as u32;
                layout(td, ffi::struct_field_type(t, k), at + off, out)?;
            }
        }
        _ => match ffi::classify(t) {
            Ty::I1 | Ty::Int(8) => out.push(Piece { offset: at, bits: 8 }),
            Ty::Int(16) | Ty::F16 | Ty::BF16 => out.push(Piece { offset: at, bits: 16 }),
            Ty::Int(32) | Ty::F32 => out.push(Piece { offset: at, bits: 32 }),
            Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => out.push(Piece { offset: at, bits: 64 }),
            Ty::I128 => out.extend([Piece { offset: at, bits: 64 }, Piece { offset: at + 8, bits: 64 }]),
            _ => return None,
        },
    }
    Some(())
}

/// A type as LLVM prints it, a named struct by its name only.
pub(super) fn type_name(t: T) -> String {
    let s = ffi::type_string(t);
    match s.split_once(" = type") {
        Some((name, _)) => name.to_string(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byval_chunks_follow_alignment_and_size() {
        let p = |o, b| Piece { offset: o, bits: b };
        assert_eq!(chunks(32, 8), vec![p(0, 64), p(8, 64), p(16, 64), p(24, 64)]);
        assert_eq!(chunks(7, 4), vec![p(0, 32), p(4, 16), p(6, 8)]);
        assert_eq!(chunks(3, 1), vec![p(0, 8), p(1, 8), p(2, 8)]);
        assert_eq!(chunks(12, 16), vec![p(0, 64), p(8, 32)]);
        assert!(chunks(0, 8).is_empty());
    }
}
