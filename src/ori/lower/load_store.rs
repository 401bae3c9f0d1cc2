//! Loads and stores of every type, shaped as LLVM's type legalizer shapes them for NVPTX:
//!
//! - A first-class aggregate or vector moves one scalar at a time, each at its byte offset in
//!   the module's data layout ([`scalar_offsets`]): struct fields at `offsetof` (padding
//!   included), array elements at multiples of the element's allocation size, vector lanes
//!   packed. Vectors of `i1` are bit-packed in memory: lane `k` is bit `k % 8` of byte `k / 8`,
//!   moved a byte at a time (the bits past the last lane stored as zeros).
//! - A scalar moves its store size (`i1` one byte, `i24` three, `i48` six). When that is 1, 2, 4
//!   or 8 bytes and the address is aligned to it (the access's `align`, lowered by the
//!   scalar's offset in the aggregate), it is one `LD`/`ST`. Otherwise (a 3-, 5-, 6- or 7-byte
//!   scalar, or an under-aligned access, since PTX requires natural alignment) it is split into
//!   [`pieces`], each the largest power of two that fits both the bytes left and the alignment
//!   at its offset, in little-endian order: a load zero-extends every piece and ORs it in at its
//!   bit position (the two 32-bit words of a 64-bit value are assembled apart, then joined), a
//!   store writes each piece of the value shifted down. These are the accesses llc's
//!   `expandUnalignedLoad`/`expandUnalignedStore` and its splitting of non-power-of-two
//!   integer stores make.
//! - Without an `align` (0), an access is taken to be naturally aligned (the ABI alignment).

use super::FnLowering;
use super::ffi::{self, T, Ty, V};
use super::inst::{reg, scalar_bits};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, Op, Space, lut};
use anyhow::Result;

/// Bytes a memory access of scalar `t` moves: its store size.
pub(super) fn store_bytes(t: &Ty) -> u32 {
    scalar_bits(t).max(8).div_ceil(8)
}

/// The naturally aligned pieces `(offset, bytes)` of an access of `bytes` bytes at an address
/// aligned to `align` bytes: one piece when the access itself is naturally aligned.
pub(super) fn pieces(bytes: u32, align: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut off = 0;
    while off < bytes {
        let at = if off == 0 { align } else { align.min(1 << off.trailing_zeros()) };
        let n = [8, 4, 2, 1].into_iter().find(|&w| w <= bytes - off && w <= at).unwrap_or(1);
        out.push((off, n));
        off += n;
    }
    out
}

/// The byte offsets of the scalars of `t` (in the flattening order of `Ty::scalars`) from `at`;
/// `None` for a layout without one offset per scalar (bit-packed `i1` vectors).
fn scalar_offsets(td: &inkwell::targets::TargetData, t: T, at: u64, out: &mut Vec<u64>) -> Option<()> {
    use llvm_sys::LLVMTypeKind::*;
    match ffi::type_kind(t) {
        LLVMArrayTypeKind => {
            let et = ffi::element_type(t);
            let size = super::abi_size(td, et);
            for k in 0..ffi::array_length(t) {
                scalar_offsets(td, et, at + k * size, out)?;
            }
        }
        LLVMVectorTypeKind => {
            let et = ffi::element_type(t);
            let n = unsafe { llvm_sys::core::LLVMGetVectorSize(t.0) } as u64;
            let bits = scalar_bits(&ffi::classify(et)) as u64;
            if !bits.is_multiple_of(8) {
                return None;
            }
            for k in 0..n {
                scalar_offsets(td, et, at + k * bits / 8, out)?;
            }
        }
        LLVMStructTypeKind => {
            let n = unsafe { llvm_sys::core::LLVMCountStructElementTypes(t.0) };
            for k in 0..n {
                let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(td.as_mut_ptr(), t.0, k) };
                scalar_offsets(td, ffi::struct_field_type(t, k), at + off, out)?;
            }
        }
        _ => match ffi::classify(t) {
            Ty::I128 => out.extend([at, at + 8]),
            _ => out.push(at),
        },
    }
    Some(())
}

impl FnLowering<'_> {
    pub(super) fn lower_load(&mut self, v: V, d: &[Operand]) -> Result<()> {
        if ffi::is_atomic(v) {
            return self.lower_atomic_load(v, d);
        }
        if let Some(&offset) = self.param_loads.get(&v) {
            // A read-only byval kernel parameter: straight from constant bank 0 (`params.rs`).
            let bits =
                if matches!(ffi::classify(ffi::type_of(v)), Ty::Int(64) | Ty::F64 | Ty::Ptr(_)) { 64 } else { 32 };
            let dk = d.first().cloned().ok_or_else(|| self.err("load without a result"))?;
            let ld = Op::Ld { space: Space::Param, bits, signed: false, volatile: false, offset: 0, nc: false };
            self.op(ld, vec![dk], vec![Operand::CBank { bank: 0, offset }]);
            return Ok(());
        }
        if self.vectorized_load(v, d)? {
            return Ok(());
        }
        let ptr = ffi::operand(v, 0);
        let (space, addr) = self.mem_ptr(ptr)?;
        let volatile = ffi::volatile(v);
        let nc = self.noncoherent(v, space);
        if let Ty::Vector(e, n) = ffi::classify(ffi::type_of(v))
            && *e == Ty::I1
        {
            if d.len() != n as usize {
                return Err(self.err("load of an i1 vector without a register per lane"));
            }
            for (byte, lanes) in d.chunks(8).enumerate() {
                let a = self.offset_addr(&addr, byte as i64);
                let w = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Ld { space, bits: 8, signed: false, volatile, offset: 0, nc }, vec![reg(w)], vec![a]);
                for (bit, dk) in lanes.iter().enumerate() {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    let mask = Operand::Imm(1 << bit);
                    self.op(Op::Lop3 { lut: lut::AND, w64: false }, vec![reg(t)], vec![reg(w), mask, Operand::Zero]);
                    self.op(
                        Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
                        vec![dk.clone()],
                        vec![reg(t), Operand::Imm(0), Operand::True],
                    );
                }
            }
            return Ok(());
        }
        self.mem_access(ffi::type_of(v), addr, ffi::alignment(v), |s, elt, a, k, align| {
            let dk = d.get(k).cloned().ok_or_else(|| s.err("load without a result"))?;
            if *elt == Ty::I1 {
                let t = s.f.new_reg(RegFile::R, PairMode::Single);
                s.op(Op::Ld { space, bits: 8, signed: false, volatile, offset: 0, nc }, vec![reg(t)], vec![a]);
                s.op(
                    Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
                    vec![dk],
                    vec![reg(t), Operand::Imm(0), Operand::True],
                );
                return Ok(());
            }
            let bytes = store_bytes(elt);
            match pieces(bytes, align).as_slice() {
                [_] => {
                    s.op(Op::Ld { space, bits: bytes * 8, signed: false, volatile, offset: 0, nc }, vec![dk], vec![a])
                }
                parts => s.load_pieces(space, a, parts, volatile, nc, dk, bytes > 4),
            }
            Ok(())
        })
    }

    pub(super) fn lower_store(&mut self, v: V) -> Result<()> {
        if ffi::is_atomic(v) {
            return self.lower_atomic_store(v);
        }
        if self.vectorized_store(v)? {
            return Ok(());
        }
        let val = ffi::operand(v, 0);
        let ptr = ffi::operand(v, 1);
        let (space, addr) = self.mem_ptr(ptr)?;
        let vals = self.get(val)?;
        let volatile = ffi::volatile(v);
        if let Ty::Vector(e, n) = ffi::classify(ffi::type_of(val))
            && *e == Ty::I1
        {
            if vals.len() != n as usize {
                return Err(self.err("store of an i1 vector without a register per lane"));
            }
            for (byte, lanes) in vals.chunks(8).enumerate() {
                let mut acc = Operand::Imm(0);
                for (bit, x) in lanes.iter().enumerate() {
                    let p = self.pred(x.clone());
                    let b = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Sel { w64: false },
                        vec![reg(b)],
                        vec![Operand::Imm(1 << bit), Operand::Imm(0), reg(p)],
                    );
                    let o = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(Op::Lop3 { lut: lut::OR, w64: false }, vec![reg(o)], vec![acc, reg(b), Operand::Zero]);
                    acc = reg(o);
                }
                let a = self.offset_addr(&addr, byte as i64);
                self.op(Op::St { space, bits: 8, volatile, offset: 0 }, vec![], vec![a, acc]);
            }
            return Ok(());
        }
        self.mem_access(ffi::type_of(val), addr, ffi::alignment(v), |s, elt, a, k, align| {
            let xk = vals.get(k).cloned().ok_or_else(|| s.err("store of a value without registers"))?;
            let x = if *elt == Ty::I1 {
                let p = s.pred(xk);
                let t = s.f.new_reg(RegFile::R, PairMode::Single);
                s.op(Op::Sel { w64: false }, vec![reg(t)], vec![Operand::Imm(1), Operand::Imm(0), reg(p)]);
                reg(t)
            } else if let Ty::Int(w) = elt
                && super::odd_ints::is_odd(*w)
            {
                // The bits past the width are stored as zeros, as llc's legalizer does.
                s.norm(xk, *w, false)
            } else {
                xk
            };
            let bytes = store_bytes(elt);
            match pieces(bytes, align).as_slice() {
                [_] => s.op(Op::St { space, bits: bytes * 8, volatile, offset: 0 }, vec![], vec![a, x]),
                parts => s.store_pieces(space, a, parts, volatile, x, bytes > 4),
            }
            Ok(())
        })
    }

    /// Splits an access of LLVM type `t` at `addr` (aligned to `align` bytes; 0: naturally)
    /// into its scalars: `each(elt, address, index, alignment)` with the scalar's address and
    /// the alignment known there.
    pub(super) fn mem_access(
        &mut self,
        t: T,
        addr: Operand,
        align: u32,
        mut each: impl FnMut(&mut Self, &Ty, Operand, usize, u32) -> Result<()>,
    ) -> Result<()> {
        let ty = ffi::classify(t);
        let scal = ty.scalars();
        let mut offsets = Vec::new();
        if scal.iter().any(|s| matches!(s, Ty::Other(_) | Ty::Void))
            || scalar_offsets(self.td, t, 0, &mut offsets).is_none()
            || offsets.len() != scal.len()
        {
            return Err(self.err(format!("memory access of type {}", super::call_abi::type_name(t))));
        }
        for (k, (elt, &off)) in scal.iter().zip(&offsets).enumerate() {
            let a = self.offset_addr(&addr, off as i64);
            let natural = store_bytes(elt).next_power_of_two();
            let at = match (align, off) {
                (0, _) => natural,
                (_, 0) => align,
                _ => align.min(1u32.checked_shl(off.trailing_zeros()).unwrap_or(u32::MAX)),
            };
            each(self, elt, a, k, at)?;
        }
        Ok(())
    }

    /// A load of `parts` (see [`pieces`]) at `addr` into `d` (a pair when `w64`).
    #[allow(clippy::too_many_arguments)]
    fn load_pieces(
        &mut self,
        space: Space,
        addr: Operand,
        parts: &[(u32, u32)],
        volatile: bool,
        nc: bool,
        d: Operand,
        w64: bool,
    ) {
        let mut words: [Option<Operand>; 2] = [None, None];
        for &(off, n) in parts {
            let a = self.offset_addr(&addr, off as i64);
            let t = self.f.new_reg(RegFile::R, PairMode::Single);
            self.op(Op::Ld { space, bits: n * 8, signed: false, volatile, offset: 0, nc }, vec![reg(t)], vec![a]);
            let shift = 8 * (off % 4);
            let piece = if shift == 0 {
                reg(t)
            } else {
                let sh = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::Shf { left: true, signed: false, w64: false },
                    vec![reg(sh)],
                    vec![reg(t), Operand::Imm(shift as u64)],
                );
                reg(sh)
            };
            let w = &mut words[(off / 4) as usize % 2];
            *w = Some(match w.take() {
                None => piece,
                Some(acc) => {
                    let o = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(Op::Lop3 { lut: lut::OR, w64: false }, vec![reg(o)], vec![acc, piece, Operand::Zero]);
                    reg(o)
                }
            });
        }
        let [lo, hi] = words.map(|w| w.unwrap_or(Operand::Imm(0)));
        if w64 {
            self.join64(lo, hi, d);
        } else {
            self.op(Op::Mov { w64: false }, vec![d], vec![lo]);
        }
    }

    /// A store of `x` (a pair when `w64`) as `parts` (see [`pieces`]) at `addr`.
    fn store_pieces(
        &mut self,
        space: Space,
        addr: Operand,
        parts: &[(u32, u32)],
        volatile: bool,
        x: Operand,
        w64: bool,
    ) {
        let words = match x {
            Operand::Imm(v) => [Operand::Imm(v & 0xFFFF_FFFF), Operand::Imm(v >> 32)],
            x if w64 => [reg(self.lo32(x.clone())), reg(self.hi32(x))],
            x => [x, Operand::Imm(0)],
        };
        for &(off, n) in parts {
            let a = self.offset_addr(&addr, off as i64);
            let word = words[(off / 4) as usize % 2].clone();
            let shift = 8 * (off % 4);
            let piece = match word {
                _ if shift == 0 => word,
                Operand::Imm(v) => Operand::Imm(v >> shift),
                w => {
                    let sh = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Shf { left: false, signed: false, w64: false },
                        vec![reg(sh)],
                        vec![w, Operand::Imm(shift as u64)],
                    );
                    reg(sh)
                }
            };
            self.op(Op::St { space, bits: n * 8, volatile, offset: 0 }, vec![], vec![a, piece]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pieces;

    #[test]
    fn pieces_are_naturally_aligned_and_cover_the_access() {
        assert_eq!(pieces(4, 4), vec![(0, 4)]);
        assert_eq!(pieces(8, 16), vec![(0, 8)]);
        assert_eq!(pieces(3, 4), vec![(0, 2), (2, 1)]);
        assert_eq!(pieces(6, 8), vec![(0, 4), (4, 2)]);
        assert_eq!(pieces(7, 8), vec![(0, 4), (4, 2), (6, 1)]);
        assert_eq!(pieces(4, 1), vec![(0, 1), (1, 1), (2, 1), (3, 1)]);
        assert_eq!(pieces(8, 2), vec![(0, 2), (2, 2), (4, 2), (6, 2)]);
        assert_eq!(pieces(5, 2), vec![(0, 2), (2, 2), (4, 1)]);
        for bytes in 1..=8 {
            for align in [1, 2, 4, 8, 16] {
                let ps = pieces(bytes, align);
                let mut next = 0;
                for (off, n) in ps {
                    assert_eq!(off, next);
                    assert!(n.is_power_of_two() && off % n == 0 && n <= align.max(1));
                    assert!(off / 4 == (off + n - 1) / 4 || n == 8, "a piece within one 32-bit word");
                    next = off + n;
                }
                assert_eq!(next, bytes);
            }
        }
    }
}
