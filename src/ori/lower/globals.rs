//! Module variables: LLVM global variables → [`GlobalVar`] (what llc-19 does for them).
//!
//! - **Space**: `addrspace(1)` and generic (0) variables live in `.global`, 3 in `.shared`, 4 in
//!   `.const`; other spaces are refused.
//! - **Size** is the type's store size (llc's element count: `i65` is 9 bytes, `<3 x i32>` 12),
//!   **alignment** the IR's `align` or else the type's preferred alignment (llc's choice: 8 for a
//!   struct under NVPTX's `a:0:64` default, an array's element's) (both from the module's data
//!   layout, NVPTX's when the module has none).
//! - **Linkage** (`Linkage`): external → `.visible`, private/internal → none, weak / weak_odr /
//!   linkonce / linkonce_odr → `.weak`, common → `.common` (`.weak` outside the global space, as
//!   llc writes it: ptxas allows `.common` on `.global` only); a declaration is `.extern`.
//! - **Initializers** are serialized to little-endian bytes at the data layout's offsets
//!   (padding zero): integers of any width (their store size; wider than 64 bits from the
//!   constant's decimal text), half/bfloat/float/double (exact bits), arrays (stride: element
//!   alloc size), vectors (stride: element store size), structs (field offsets),
//!   zeroinitializer/undef/poison (zero). Addresses are [`Reloc`]s: a constant expression over a
//!   global variable or function — `getelementptr` with constant indices (the addend),
//!   `addrspacecast`, `bitcast`, `ptrtoint` to i64, `add`/`sub` of a constant — is `target +
//!   addend`, a generic address (`generic(target)`) when the pointer is in the generic space and
//!   the target a variable; `inttoptr` of an integer is that integer.
//! - A `.shared` variable with an initial value other than zero/undef/poison is refused, as llc
//!   refuses it ("initial value ... is not allowed in addrspace(3)").
//!
//! Anything else: `unsupported <what> in global @<name>`, never a panic.

use super::ffi::{self, T, Ty, V};
use super::symbols::{Symbols, is_local};
use crate::ori::ir::{GlobalVar, Linkage, Reloc};
use crate::ori::opcode::Space;
use anyhow::Result;
use inkwell::targets::TargetData;
use llvm_sys::LLVMLinkage as L;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind as K;

/// The NVPTX 64-bit data layout (llc's when a module names none).
pub const NVPTX64_DATA_LAYOUT: &str = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";

fn err(what: impl std::fmt::Display, g: &str) -> anyhow::Error {
    anyhow::anyhow!("unsupported {what} in global @{g}")
}

fn store_size(td: &TargetData, t: T) -> u64 {
    unsafe { llvm_sys::target::LLVMStoreSizeOfType(td.as_mut_ptr(), t.0) }
}

fn alloc_size(td: &TargetData, t: T) -> u64 {
    unsafe { llvm_sys::target::LLVMABISizeOfType(td.as_mut_ptr(), t.0) }
}

fn pref_align(td: &TargetData, t: T) -> u32 {
    unsafe { llvm_sys::target::LLVMPreferredAlignmentOfType(td.as_mut_ptr(), t.0) }
}

fn int_width(t: T) -> u32 {
    unsafe { llvm_sys::core::LLVMGetIntTypeWidth(t.0) }
}

fn sext(c: V) -> i64 {
    unsafe { llvm_sys::core::LLVMConstIntGetSExtValue(c.0) }
}

/// The PTX type of a variable that is one scalar (llc's spelling), `None` for anything else.
fn scalar_type(t: T) -> Option<&'static str> {
    match ffi::type_kind(t) {
        K::LLVMIntegerTypeKind => match int_width(t) {
            1 | 8 => Some(".u8"),
            16 => Some(".u16"),
            32 => Some(".u32"),
            64 => Some(".u64"),
            _ => None,
        },
        K::LLVMHalfTypeKind | K::LLVMBFloatTypeKind => Some(".b16"),
        K::LLVMFloatTypeKind => Some(".f32"),
        K::LLVMDoubleTypeKind => Some(".f64"),
        K::LLVMPointerTypeKind => Some(".u64"),
        _ => None,
    }
}

/// Lowers one global variable.
pub fn lower_global(g: V, td: &TargetData, syms: &Symbols) -> Result<GlobalVar> {
    let ir_name = ffi::name(g);
    let name = syms.name(g);
    let ty = ffi::global_type(g);
    let Ty::Ptr(aspace) = ffi::classify(ffi::type_of(g)) else { return Err(err("type", &ir_name)) };
    let space = match Space::from_addrspace(aspace) {
        Some(Space::Shared) => Space::Shared,
        Some(Space::Const) => Space::Const,
        Some(Space::Global) | Some(Space::Generic) => Space::Global,
        _ => return Err(err(format!("address space {aspace}"), &ir_name)),
    };
    if !ffi::is_sized(ty) {
        return Err(err(format!("unsized type {}", ffi::type_string(ty)), &ir_name));
    }
    let size = store_size(td, ty);
    let align = match ffi::alignment(g) {
        0 => pref_align(td, ty),
        a => a,
    };
    let external = ffi::is_declaration(g);
    let linkage = match unsafe { llvm_sys::core::LLVMGetLinkage(g.0) } {
        _ if is_local(g) => Linkage::Internal,
        L::LLVMWeakAnyLinkage | L::LLVMWeakODRLinkage | L::LLVMLinkOnceAnyLinkage | L::LLVMLinkOnceODRLinkage => {
            Linkage::Weak
        }
        // `.common` exists for the global space only; llc writes common variables of other
        // spaces as `.weak`.
        L::LLVMCommonLinkage if space == Space::Global => Linkage::Common,
        L::LLVMCommonLinkage => Linkage::Weak,
        _ => Linkage::Visible,
    };
    let mut out = GlobalVar {
        name,
        ir_name: ir_name.clone(),
        space,
        size,
        align,
        init: None,
        relocs: Vec::new(),
        external,
        linkage,
        scalar: scalar_type(ty),
        handle: syms.texsurf.globals.get(&g).copied(),
    };
    if let Some(kind) = out.handle {
        if kind == crate::ori::texsurf::HandleKind::Sampler {
            return Err(err(".samplerref variable (ptxas rejects it under the unified texture mode)", &ir_name));
        }
        if space != Space::Global {
            return Err(err(format!("{} variable outside addrspace(1)", kind.ptx_ref()), &ir_name));
        }
        // A reference, not storage: no initializer.
        return Ok(out);
    }
    let Some(c) = ffi::initializer(g).filter(|_| !external) else { return Ok(out) };
    if ffi::is_null_constant(c) || ffi::is_undef_or_poison(c) {
        return Ok(out);
    }
    if space == Space::Shared {
        return Err(err("initial value in addrspace(3) (llc: not allowed in shared memory)", &ir_name));
    }
    let mut img = Image { td, syms, bytes: vec![0; alloc_size(td, ty).max(size) as usize], relocs: Vec::new() };
    img.put(c, ty, 0).map_err(|what| err(what, &ir_name))?;
    img.bytes.truncate(size as usize);
    if img.relocs.iter().any(|r| r.offset + 8 > size) {
        return Err(err("address in the tail of an initializer", &ir_name));
    }
    out.relocs = img.relocs;
    if img.bytes.iter().any(|&b| b != 0) || !out.relocs.is_empty() {
        out.init = Some(img.bytes);
    }
    Ok(out)
}

/// An initializer being serialized.
struct Image<'a> {
    td: &'a TargetData,
    syms: &'a Symbols,
    bytes: Vec<u8>,
    relocs: Vec<Reloc>,
}

impl Image<'_> {
    fn write(&mut self, at: usize, data: &[u8]) -> Result<(), String> {
        let end = at.checked_add(data.len()).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else { return Err("initializer larger than its type".into()) };
        self.bytes[at..end].copy_from_slice(data);
        Ok(())
    }

    /// Serializes constant `c` of type `ty` at byte `at`.
    fn put(&mut self, c: V, ty: T, at: usize) -> Result<(), String> {
        if ffi::is_null_constant(c) || ffi::is_undef_or_poison(c) {
            return Ok(());
        }
        match ffi::type_kind(ty) {
            K::LLVMIntegerTypeKind if ffi::is_constant_int(c) => {
                let bytes = int_bytes(c, int_width(ty))?;
                self.write(at, &bytes)
            }
            K::LLVMIntegerTypeKind | K::LLVMPointerTypeKind => self.put_address(c, ty, at),
            K::LLVMHalfTypeKind | K::LLVMBFloatTypeKind | K::LLVMFloatTypeKind | K::LLVMDoubleTypeKind
                if ffi::is_constant_fp(c) =>
            {
                let bytes = float_bytes(c, ty)?;
                self.write(at, &bytes)
            }
            K::LLVMArrayTypeKind | K::LLVMVectorTypeKind => {
                if let Some(bytes) = ffi::const_data_bytes(c) {
                    return self.write(at, &bytes);
                }
                let et = ffi::element_type(ty);
                let vector = ffi::type_kind(ty) == K::LLVMVectorTypeKind;
                if vector && ffi::type_kind(et) == K::LLVMIntegerTypeKind && !int_width(et).is_multiple_of(8) {
                    return Err(format!("bit-packed vector initializer {}", ffi::type_string(ty)));
                }
                let stride = if vector { store_size(self.td, et) } else { alloc_size(self.td, et) } as usize;
                let n = if vector { ffi::vector_size(ty) as u64 } else { ffi::array_length(ty) };
                for i in 0..n {
                    let i = u32::try_from(i).map_err(|_| "initializer with more than 2^32 elements".to_string())?;
                    let e = ffi::aggregate_element(c, i).ok_or_else(|| format!("constant {}", short(c)))?;
                    self.put(e, et, at + i as usize * stride)?;
                }
                Ok(())
            }
            K::LLVMStructTypeKind => {
                let n = unsafe { llvm_sys::core::LLVMCountStructElementTypes(ty.0) };
                for i in 0..n {
                    let ft = ffi::struct_field_type(ty, i);
                    let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(self.td.as_mut_ptr(), ty.0, i) } as usize;
                    let e = ffi::aggregate_element(c, i).ok_or_else(|| format!("constant {}", short(c)))?;
                    self.put(e, ft, at + off)?;
                }
                Ok(())
            }
            _ => Err(format!("constant {} of type {}", short(c), ffi::type_string(ty))),
        }
    }

    /// A pointer (or a pointer-sized integer) that is an address expression.
    fn put_address(&mut self, c: V, ty: T, at: usize) -> Result<(), String> {
        let bytes = store_size(self.td, ty);
        match address(c, self.td)? {
            Addr::Int(v) => self.write(at, &v.to_le_bytes()[..bytes.min(8) as usize]),
            Addr::Sym { target, addend, generic } => {
                if bytes != 8 {
                    return Err(format!("{}-byte address {}", bytes, short(c)));
                }
                let function = ffi::is_function(target);
                let generic = generic && !function;
                let target = self.syms.name(target);
                self.relocs.push(Reloc { offset: at as u64, target, addend, generic, function });
                Ok(())
            }
        }
    }
}

/// The value of an address constant.
enum Addr {
    /// A plain integer (`null`, `inttoptr` of a constant).
    Int(u64),
    /// `target + addend`; `generic`: the pointer is in the generic space.
    Sym { target: V, addend: i64, generic: bool },
}

fn short(c: V) -> String {
    let s = ffi::value_string(c);
    if s.len() > 80 { format!("{}...", &s[..s.floor_char_boundary(77)]) } else { s }
}

fn pointer_space(v: V) -> Option<u32> {
    match ffi::classify(ffi::type_of(v)) {
        Ty::Ptr(a) => Some(a),
        _ => None,
    }
}

/// Evaluates an address constant (see the module documentation).
fn address(c: V, td: &TargetData) -> Result<Addr, String> {
    if ffi::is_null_constant(c) || ffi::is_undef_or_poison(c) {
        return Ok(Addr::Int(0));
    }
    if ffi::is_constant_int(c) {
        return Ok(Addr::Int(ffi::const_int(c)));
    }
    if ffi::is_global_variable(c) || ffi::is_function(c) {
        return Ok(Addr::Sym { target: c, addend: 0, generic: pointer_space(c) == Some(0) });
    }
    if !ffi::is_constant_expr(c) {
        return Err(format!("constant {}", short(c)));
    }
    let op0 = ffi::operand(c, 0);
    let retag = |a: Addr, generic: bool| match a {
        Addr::Sym { target, addend, .. } => Addr::Sym { target, addend, generic },
        i => i,
    };
    match ffi::const_opcode(c) {
        O::LLVMAddrSpaceCast | O::LLVMBitCast => Ok(retag(address(op0, td)?, pointer_space(c) == Some(0))),
        O::LLVMPtrToInt => {
            if ffi::classify(ffi::type_of(c)) != Ty::Int(64) {
                return Err(format!("ptrtoint to a narrower integer {}", short(c)));
            }
            Ok(retag(address(op0, td)?, pointer_space(op0) == Some(0)))
        }
        O::LLVMIntToPtr => match address(op0, td)? {
            Addr::Int(v) => Ok(Addr::Int(v)),
            Addr::Sym { target, addend, .. } => Ok(Addr::Sym { target, addend, generic: pointer_space(c) == Some(0) }),
        },
        O::LLVMGetElementPtr => {
            let off = gep_offset(c, td)?;
            match address(op0, td)? {
                Addr::Int(v) => Ok(Addr::Int(v.wrapping_add(off as u64))),
                Addr::Sym { target, addend, .. } => {
                    Ok(Addr::Sym { target, addend: addend.wrapping_add(off), generic: pointer_space(c) == Some(0) })
                }
            }
        }
        O::LLVMAdd | O::LLVMSub => {
            let k = ffi::operand(c, 1);
            if !ffi::is_constant_int(k) {
                return Err(format!("constant expression {}", short(c)));
            }
            let k = if ffi::const_opcode(c) == O::LLVMSub { sext(k).wrapping_neg() } else { sext(k) };
            match address(op0, td)? {
                Addr::Int(v) => Ok(Addr::Int(v.wrapping_add(k as u64))),
                Addr::Sym { target, addend, generic } => {
                    Ok(Addr::Sym { target, addend: addend.wrapping_add(k), generic })
                }
            }
        }
        _ => Err(format!("constant expression {}", short(c))),
    }
}

/// The byte offset of a constant `getelementptr` (its indices are constant integers).
fn gep_offset(c: V, td: &TargetData) -> Result<i64, String> {
    let mut ty = ffi::gep_source_type(c);
    let n = ffi::num_operands(c);
    let mut off: i64 = 0;
    for k in 1..n {
        let idx = ffi::operand(c, k);
        if !ffi::is_constant_int(idx) {
            return Err(format!("getelementptr index {}", short(idx)));
        }
        let i = sext(idx);
        if k == 1 {
            off = off.wrapping_add(i.wrapping_mul(alloc_size(td, ty) as i64));
            continue;
        }
        match ffi::type_kind(ty) {
            K::LLVMStructTypeKind => {
                let f = u32::try_from(i).map_err(|_| format!("struct index {i}"))?;
                off += unsafe { llvm_sys::target::LLVMOffsetOfElement(td.as_mut_ptr(), ty.0, f) } as i64;
                ty = ffi::struct_field_type(ty, f);
            }
            K::LLVMArrayTypeKind | K::LLVMVectorTypeKind => {
                ty = ffi::element_type(ty);
                off = off.wrapping_add(i.wrapping_mul(alloc_size(td, ty) as i64));
            }
            _ => return Err(format!("getelementptr into {}", ffi::type_string(ty))),
        }
    }
    Ok(off)
}

/// The store-size bytes of an integer constant of `width` bits (two's complement).
fn int_bytes(c: V, width: u32) -> Result<Vec<u8>, String> {
    let n = width.div_ceil(8) as usize;
    if width <= 64 {
        let v = if width == 1 { ffi::const_int(c) & 1 } else { ffi::const_int(c) };
        return Ok(v.to_le_bytes()[..n].to_vec());
    }
    // Wider than 64 bits: the printed form `iN <decimal>` carries the exact value.
    let text = ffi::value_string(c);
    let digits = text.rsplit(' ').next().unwrap_or("");
    let mut bytes = decimal_to_le(digits, n).ok_or_else(|| format!("integer constant {text}"))?;
    // The bits above the width are zero (llc's bytes).
    if !width.is_multiple_of(8) {
        bytes[n - 1] &= (1u8 << (width % 8)) - 1;
    }
    Ok(bytes)
}

/// Two's-complement little-endian bytes (`n` of them) of a decimal integer (`-` allowed).
pub(crate) fn decimal_to_le(s: &str, n: usize) -> Option<Vec<u8>> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut out = vec![0u8; n];
    for d in digits.bytes() {
        // out = out * 10 + d, modulo 2^(8n).
        let mut carry = u32::from(d - b'0');
        for b in out.iter_mut() {
            let v = u32::from(*b) * 10 + carry;
            *b = v as u8;
            carry = v >> 8;
        }
    }
    if neg {
        // Two's complement: invert and add one.
        let mut carry = 1u16;
        for b in out.iter_mut() {
            let v = u16::from(!*b) + carry;
            *b = v as u8;
            carry = v >> 8;
        }
    }
    Some(out)
}

/// The bytes of a floating-point constant (exact: from the constant's printed hex form where
/// LLVM prints one, else from its value, which a float or double constant holds exactly).
fn float_bytes(c: V, ty: T) -> Result<Vec<u8>, String> {
    let text = ffi::value_string(c);
    let hex = |prefix: &str| -> Option<u64> {
        let h = text.rsplit(prefix).next().filter(|_| text.contains(prefix))?;
        u64::from_str_radix(h.trim(), 16).ok()
    };
    match ffi::type_kind(ty) {
        K::LLVMHalfTypeKind => {
            let v = hex("0xH").ok_or_else(|| format!("half constant {text}"))?;
            Ok((v as u16).to_le_bytes().to_vec())
        }
        K::LLVMBFloatTypeKind => {
            let v = hex("0xR").ok_or_else(|| format!("bfloat constant {text}"))?;
            Ok((v as u16).to_le_bytes().to_vec())
        }
        K::LLVMFloatTypeKind => {
            // A float prints as a double (decimal, or `0x` + the double's bits for NaN/odd values).
            let d = match hex("0x") {
                Some(bits) => f64::from_bits(bits),
                None => ffi::const_fp(c),
            };
            let bits = if d.is_nan() {
                let b = d.to_bits();
                ((b >> 63) as u32) << 31 | 0x7F80_0000 | ((b >> 29) as u32 & 0x007F_FFFF)
            } else {
                (d as f32).to_bits()
            };
            Ok(bits.to_le_bytes().to_vec())
        }
        K::LLVMDoubleTypeKind => {
            let bits = hex("0x").unwrap_or_else(|| ffi::const_fp(c).to_bits());
            Ok(bits.to_le_bytes().to_vec())
        }
        _ => Err(format!("floating-point constant {text}")),
    }
}

#[cfg(test)]
mod tests {
    use super::decimal_to_le;

    #[test]
    fn wide_decimals_become_twos_complement_bytes() {
        assert_eq!(decimal_to_le("0", 2), Some(vec![0, 0]));
        assert_eq!(decimal_to_le("258", 3), Some(vec![2, 1, 0]));
        assert_eq!(decimal_to_le("-1", 9), Some(vec![0xFF; 9]));
        assert_eq!(decimal_to_le("-2", 16).unwrap()[0], 0xFE);
        let v: u128 = 12345678901234567890123;
        assert_eq!(decimal_to_le("12345678901234567890123", 13), Some(v.to_le_bytes()[..13].to_vec()));
        let m: i128 = -98765432109876543210;
        assert_eq!(decimal_to_le("-98765432109876543210", 16), Some(m.to_le_bytes().to_vec()));
        assert_eq!(decimal_to_le("x1", 4), None);
        assert_eq!(decimal_to_le("-", 4), None);
    }
}
