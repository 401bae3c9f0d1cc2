//! Kernel parameters of vector, struct, array and byval type, as llc-19 passes them: each is one
//! `.param .align A .b8 name[size]` byte array (A the type's ABI alignment, or a byval's `align`),
//! at its alignment in constant bank 0 like any parameter.
//!
//! - A **vector or struct value** (or an `i128`, two 64-bit halves) (`<2 x float>`, `<4 x i8>`, `{float, float}`) is flattened into
//!   its scalars (the value representation of `mod.rs`), each read with its own `LD.PARAM` at its
//!   byte offset (`ld.param.u32 %r, [k_param_1+4]`; `LDC` in SASS).
//! - A **byval pointer** (`ptr byval(%struct.S) align 8`, how CUDA passes a struct to a kernel)
//!   points to a private copy the kernel may read, write and take the address of: the copy is
//!   made in a local-frame slot at the entry (word by word from the constant bank), and the
//!   pointer is that slot, a local-space root for `spaces.rs` like an alloca. A **read-only**
//!   byval parameter — every use a plain 4- or 8-byte scalar load, through constant-offset
//!   `getelementptr`s, aligned and inside the parameter — is not copied: each load reads the
//!   constant bank (`ld.param.u64 %rd, [k_param_0+8]`), as llc reads it from `.param` space
//!   ([`readonly_byval_loads`]). The copy is the general case.

use super::call_abi::param_align;
use super::ffi::{self, T, Ty, V};
use super::{FnLowering, abi_size, td_ref};
use crate::ori::ir::{Operand, Param};
use crate::ori::opcode::{Op, Space};
use anyhow::Result;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::types::AsTypeRef;
use inkwell::values::FunctionValue;

/// A byval parameter still to be copied into the frame (by `lower_allocas`): a kernel's from
/// constant bank 0, a device function's from its `.param` array (`symbol`).
pub(crate) struct ByvalParam {
    pub param: V,
    pub cbank_offset: u32,
    pub size: u32,
    pub align: u32,
    pub symbol: Option<String>,
}

/// The byval type and `align` of parameter `i` of `func`, if it is byval.
pub(crate) fn byval_of(func: FunctionValue<'_>, i: u32) -> Option<(T, u32)> {
    let byval = func.get_enum_attribute(AttributeLoc::Param(i), Attribute::get_named_enum_kind_id("byval"))?;
    let ty = T(byval.get_type_value().as_type_ref());
    let align = func
        .get_enum_attribute(AttributeLoc::Param(i), Attribute::get_named_enum_kind_id("align"))
        .map_or(0, |a| a.get_enum_value() as u32);
    Some((ty, align))
}

/// The scalars of a vector or struct type with their byte offsets, in the flattening order of
/// `Ty::scalars` (`None` if some leaf is not a scalar `mod.rs` keeps in registers, or an i1).
fn flat_layout(td: &inkwell::targets::TargetData, t: T, at: u32, out: &mut Vec<(Ty, u32)>) -> Option<()> {
    use llvm_sys::LLVMTypeKind::*;
    match ffi::type_kind(t) {
        LLVMVectorTypeKind => {
            let et = ffi::element_type(t);
            let n = unsafe { llvm_sys::core::LLVMGetVectorSize(t.0) };
            let es = abi_size(td, et) as u32;
            for k in 0..n {
                flat_layout(td, et, at + k * es, out)?;
            }
        }
        LLVMArrayTypeKind => {
            let et = ffi::element_type(t);
            let es = abi_size(td, et) as u32;
            for k in 0..ffi::array_length(t) as u32 {
                flat_layout(td, et, at + k * es, out)?;
            }
        }
        LLVMStructTypeKind => {
            let n = unsafe { llvm_sys::core::LLVMCountStructElementTypes(t.0) };
            for k in 0..n {
                let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(td_ref(td), t.0, k) } as u32;
                flat_layout(td, ffi::struct_field_type(t, k), at + off, out)?;
            }
        }
        _ => match ffi::classify(t) {
            s @ (Ty::Int(8 | 16 | 32 | 64) | Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64 | Ty::Ptr(_)) => out.push((s, at)),
            Ty::I128 => out.extend([(Ty::Int(64), at), (Ty::Int(64), at + 8)]),
            _ => return None,
        },
    }
    Some(())
}

fn scalar_bits(t: &Ty) -> u32 {
    match t {
        Ty::Int(b) => *b,
        Ty::F16 | Ty::BF16 => 16,
        Ty::F32 => 32,
        _ => 64,
    }
}

/// The loads of a read-only byval parameter `p` of `size` bytes, each with its byte offset in
/// the parameter, when every use of `p` is such a load: non-volatile, non-atomic, a 4- or
/// 8-byte integer, float or pointer, through bitcasts and constant-index `getelementptr`s,
/// aligned to its size and inside the parameter. `None` when any use is something else (a
/// store, a call, an escaping address, a variable index), which needs the copy.
/// The second list holds the `getelementptr`s and bitcasts between them and `p`.
#[allow(clippy::type_complexity)]
pub(crate) fn readonly_byval_loads(
    td: &inkwell::targets::TargetData,
    p: V,
    size: u32,
) -> Option<(Vec<(V, u32)>, Vec<V>)> {
    use llvm_sys::LLVMOpcode as O;
    let mut out = Vec::new();
    let mut addresses = Vec::new();
    let mut work = vec![p];
    let mut seen = 0;
    while let Some(ptr) = work.pop() {
        for u in ffi::users(ptr) {
            seen += 1;
            if seen > 256 {
                return None;
            }
            match ffi::opcode_of(u) {
                Some(O::LLVMGetElementPtr | O::LLVMBitCast) if ffi::operand(u, 0) == ptr => {
                    if super::vectorize::decompose(td, u).0 != p {
                        return None;
                    }
                    work.push(u);
                    addresses.push(u);
                }
                Some(O::LLVMLoad) if !ffi::volatile(u) && !ffi::is_atomic(u) => {
                    let bytes = match ffi::classify(ffi::type_of(u)) {
                        Ty::Int(32) | Ty::F32 => 4,
                        Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => 8,
                        _ => return None,
                    };
                    let (base, at) = super::vectorize::decompose(td, ffi::operand(u, 0));
                    if base != p || at < 0 || at % bytes != 0 || at + bytes > size as i64 {
                        return None;
                    }
                    out.push((u, at as u32));
                }
                _ => return None,
            }
        }
    }
    Some((out, addresses))
}

impl FnLowering<'_> {
    /// Lowers kernel parameter `i` (`v`) when it is byval or of vector / struct type, placing it
    /// at the next suitably aligned offset from `*off` and advancing `*off`. Returns false for
    /// the scalar kinds `lower_params` handles itself.
    pub(super) fn lower_wide_kernel_param(
        &mut self,
        func: FunctionValue<'_>,
        i: u32,
        v: V,
        off: &mut u32,
    ) -> Result<bool> {
        let name = format!("{}_param_{}", self.f.name, i);
        if let Some((ty, align)) = byval_of(func, i) {
            let size = abi_size(self.td, ty) as u32;
            let align = param_align(self.td, ty, align);
            *off = off.next_multiple_of(align);
            self.f.params.push(Param { name, size, align, cbank_offset: *off, ptx_type: ".b8" });
            match readonly_byval_loads(self.td, v, size) {
                Some((loads, addresses)) => {
                    for (load, at) in loads {
                        self.param_loads.insert(load, *off + at);
                    }
                    self.param_addresses.extend(addresses);
                }
                None => self.byvals.push(ByvalParam { param: v, cbank_offset: *off, size, align, symbol: None }),
            }
            *off += size;
            return Ok(true);
        }
        let t = ffi::type_of(v);
        if !matches!(ffi::classify(t), Ty::Vector(..) | Ty::Struct(_) | Ty::I128) {
            return Ok(false);
        }
        let mut layout = Vec::new();
        if flat_layout(self.td, t, 0, &mut layout).is_none() || layout.is_empty() {
            return Err(self.err(format!("kernel parameter type {}", ffi::type_string(t))));
        }
        let size = abi_size(self.td, t) as u32;
        let align = param_align(self.td, t, 0);
        *off = off.next_multiple_of(align);
        self.f.params.push(Param { name, size, align, cbank_offset: *off, ptx_type: ".b8" });
        let mut ops = Vec::new();
        for (s, at) in layout {
            let r = self.reg_for(&s)?;
            let ld = Op::Ld {
                space: Space::Param,
                bits: scalar_bits(&s),
                signed: false,
                volatile: false,
                offset: 0,
                nc: false,
            };
            self.op(ld, vec![Operand::Reg(r)], vec![Operand::CBank { bank: 0, offset: *off + at }]);
            ops.push(Operand::Reg(r));
        }
        self.vals.insert(v, ops);
        *off += size;
        Ok(true)
    }

    /// Copies the byval parameter `b` from the constant bank (or its `.param` array) into its
    /// frame slot, whose local address is `local` (in widths its alignment and size allow: 8, 4, 2
    /// or 1 bytes, `call_abi::chunks`).
    pub(super) fn copy_byval(&mut self, b: &ByvalParam, local: Operand) -> Result<()> {
        for p in super::call_abi::chunks(b.size, b.align) {
            let r = self.f.new_reg(
                crate::ori::ir::RegFile::R,
                if p.bits == 64 { crate::ori::ir::PairMode::Pair } else { crate::ori::ir::PairMode::Single },
            );
            let (src, offset) = match &b.symbol {
                Some(name) => (Operand::Symbol(name.clone()), p.offset as i32),
                None => (Operand::CBank { bank: 0, offset: b.cbank_offset + p.offset }, 0),
            };
            let ld = Op::Ld { space: Space::Param, bits: p.bits, signed: false, volatile: false, offset, nc: false };
            self.op(ld, vec![Operand::Reg(r)], vec![src]);
            let st = Op::St { space: Space::Local, bits: p.bits, volatile: false, offset: p.offset as i32 };
            self.op(st, vec![], vec![local.clone(), Operand::Reg(r)]);
        }
        Ok(())
    }
}
