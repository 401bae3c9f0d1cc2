//! Bitcasts that change the element count: `i64` ↔ `<8 x i8>`, `i32` ↔ `<4 x i8>` /
//! `<2 x half>`, `<2 x i32>` ↔ `i64`, `<4 x i16>` ↔ `<2 x i32>`, ...
//!
//! Both sides are little-endian bit strings of the same length; element `k` of a vector holds bits
//! `[k*w, (k+1)*w)`. Narrowing (wide source elements, narrow destination elements): destination
//! lane `k` is the source element holding its bits shifted right by the bit offset inside it
//! (a 64-bit source is then truncated to its low word); the narrow result keeps unspecified high
//! bits, as every narrow value does (see `mod.rs`). Widening: each destination element is the OR
//! of its source elements, zero-extended (normalized first, since their high bits are
//! unspecified), widened to 64 bits for a 64-bit destination, and shifted left into place.
//! Vectors of i1 and of pointers are refused.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{NumTy, Op, Round, lut};
use anyhow::Result;

/// Width in bits of a scalar that may take part in a repacking bitcast.
fn repack_bits(t: &Ty) -> Option<u32> {
    match t {
        Ty::Int(b @ (8 | 16 | 32 | 64)) => Some(*b),
        Ty::F16 | Ty::BF16 => Some(16),
        Ty::F32 => Some(32),
        Ty::F64 => Some(64),
        _ => None,
    }
}

impl FnLowering<'_> {
    /// Lowers `bitcast` between values whose flattened element counts differ (`src` / `dst` are
    /// the element types, `a` the source operands, `d` the destination operands).
    pub(super) fn lower_repack_bitcast(
        &mut self,
        v: V,
        src: &[Ty],
        dst: &[Ty],
        a: &[Operand],
        d: &[Operand],
    ) -> Result<()> {
        let refuse = |s: &Self| s.err(format!("instruction '{}'", ffi::value_string(v)));
        let (Some(s0), Some(d0)) = (src.first(), dst.first()) else { return Err(refuse(self)) };
        let (Some(sw), Some(dw)) = (repack_bits(s0), repack_bits(d0)) else { return Err(refuse(self)) };
        if src.iter().any(|t| repack_bits(t) != Some(sw))
            || dst.iter().any(|t| repack_bits(t) != Some(dw))
            || a.len() != src.len()
            || d.len() != dst.len()
            || src.len() as u64 * sw as u64 != dst.len() as u64 * dw as u64
        {
            return Err(refuse(self));
        }
        if sw > dw {
            for (k, dk) in d.iter().enumerate() {
                let bit = k as u32 * dw;
                let (j, off) = ((bit / sw) as usize, bit % sw);
                let w64 = sw == 64;
                let x = self.in_reg(a[j].clone(), w64);
                let shifted = if off == 0 {
                    x
                } else {
                    let t = self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single });
                    self.op(
                        Op::Shf { left: false, signed: false, w64 },
                        vec![Operand::Reg(t)],
                        vec![Operand::Reg(x), Operand::Imm(off as u64)],
                    );
                    t
                };
                if w64 && dw < 64 {
                    let cvt = Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn };
                    self.op(cvt, vec![dk.clone()], vec![Operand::Reg(shifted)]);
                } else {
                    self.op(Op::Mov { w64: dw == 64 }, vec![dk.clone()], vec![Operand::Reg(shifted)]);
                }
            }
            return Ok(());
        }
        let per = (dw / sw) as usize;
        let w64 = dw == 64;
        for (k, dk) in d.iter().enumerate() {
            let mut acc: Option<Operand> = None;
            for i in 0..per {
                let x = self.norm(a[k * per + i].clone(), sw, false);
                let x = if w64 && sw < 64 {
                    let t = self.f.new_reg(RegFile::R, PairMode::Pair);
                    let cvt = Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn };
                    self.op(cvt, vec![Operand::Reg(t)], vec![x]);
                    Operand::Reg(t)
                } else {
                    x
                };
                let x = if i == 0 {
                    x
                } else {
                    let xr = self.in_reg(x, w64);
                    let t = self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single });
                    self.op(
                        Op::Shf { left: true, signed: false, w64 },
                        vec![Operand::Reg(t)],
                        vec![Operand::Reg(xr), Operand::Imm((i as u32 * sw) as u64)],
                    );
                    Operand::Reg(t)
                };
                acc = Some(match acc {
                    None => x,
                    Some(prev) => {
                        let t = self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single });
                        self.op(Op::Lop3 { lut: lut::OR, w64 }, vec![Operand::Reg(t)], vec![prev, x, Operand::Zero]);
                        Operand::Reg(t)
                    }
                });
            }
            let acc = acc.ok_or_else(|| refuse(self))?;
            self.op(Op::Mov { w64 }, vec![dk.clone()], vec![acc]);
        }
        Ok(())
    }
}
