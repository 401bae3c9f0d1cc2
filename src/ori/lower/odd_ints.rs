//! Integers of odd widths (`i7`, `i12`, `i48`, ... up to `i63`), promoted as LLVM's type
//! legalizer does: a value of `w` bits lives in the register of the next legal width (one R
//! register up to 32 bits, an R pair above) with unspecified high bits, exactly like `i8` and
//! `i16` (see `mod.rs`). Where the high bits matter, normalization extends from bit `w`:
//! zero-extension masks with `2^w - 1`, sign-extension shifts left by `R - w` and arithmetically
//! right by the same amount (`R` = 32 or 64). Memory accesses move the store size (3-, 5-, 6-
//! and 7-byte ones in naturally aligned pieces: `load_store.rs`), and a store writes the bits
//! past the width as zeros (as llc legalizes it); kernel
//! parameters take the `.u8`/`.u16`/`.u32`/`.u64` slot of their store size (llc-19 writes an
//! invalid `.param .u7`).

use super::FnLowering;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{Op, lut};

/// A width that is not one of the register widths 1/8/16/32/64.
pub(super) fn is_odd(bits: u32) -> bool {
    !matches!(bits, 1 | 8 | 16 | 32 | 64) && bits < 64
}

impl FnLowering<'_> {
    /// Normalizes an odd-width integer `o` of `bits` bits: its register (32 bits up to 32, 64
    /// above) gets defined high bits, zero- or sign-extended from bit `bits`.
    pub(super) fn norm_odd(&mut self, o: Operand, bits: u32, signed: bool) -> Operand {
        let w64 = bits > 32;
        let width = if w64 { 64 } else { 32 };
        let full = if w64 { u64::MAX } else { 0xFFFF_FFFF };
        let mask = (1u64 << bits) - 1;
        if let Operand::Imm(v) = o {
            let v = v & mask;
            let v = if signed && (v >> (bits - 1)) & 1 == 1 { (v | !mask) & full } else { v };
            return Operand::Imm(v);
        }
        let pair = if w64 { PairMode::Pair } else { PairMode::Single };
        let d = Operand::Reg(self.f.new_reg(RegFile::R, pair));
        if signed {
            let x = Operand::Reg(self.in_reg(o, w64));
            let t = Operand::Reg(self.f.new_reg(RegFile::R, pair));
            let k = Operand::Imm((width - bits) as u64);
            self.op(Op::Shf { left: true, signed: false, w64 }, vec![t.clone()], vec![x, k.clone()]);
            self.op(Op::Shf { left: false, signed: true, w64 }, vec![d.clone()], vec![t, k]);
        } else {
            self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![d.clone()], vec![o, Operand::Imm(mask), Operand::Zero]);
        }
        d
    }
}
