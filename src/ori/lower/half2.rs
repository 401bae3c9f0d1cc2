//! Packed `<2 x half>`: one 32-bit register holding both lanes (low lane in bits 0–15), as
//! llc-19 keeps it (`.b32` registers, `ld.global.b32`, `fma.rn.f16x2`, `st.global.b32`) and as
//! ptxas computes it (`HFMA2 R0, R2, R4, R6`).
//!
//! The lowering otherwise flattens a vector into one register per lane, so a `<2 x half>` loaded
//! with one 32-bit load would need an unpack (`PRMT`, `SHF`) per lane and a repack before every
//! `HFMA2` — ptxas pairs scalar f16 arithmetic into `HFMA2` itself, but does not cancel the
//! unpack/repack around it (the suite's `f16x2_axpy`: 27 SASS instructions against llc's 19).
//!
//! # Representation
//!
//! A `<2 x half>` value keeps its two flattened lane registers (`vals`, what every other
//! lowering reads); a value *defined packed* also has a packed register (`FnLowering::packed`).
//! The packed definers are this file's:
//! - `fadd`, `fsub` (negate and add), `fmul`, `fneg` and `llvm.fma` / `llvm.fmuladd` /
//!   `llvm.fabs` on `<2 x half>`: the `.f16x2` operation ([`FTy::F16x2`]) on packed operands;
//! - a simple load of `<2 x half>` aligned to 4 whose value some packed operation or packed
//!   store uses: `ld.b32` (non-coherent where `noncoherent.rs` says so).
//!
//! After a packed definition the lanes are unpacked into the flattened registers (`LOP3` of the
//! low 16 bits, `SHF.R` by 16); dead-code elimination drops them when nothing reads the lanes.
//! A packed operand that has no packed register is packed from its lanes (`PRMT a, 0x5410, b`,
//! llc's `mov.b32 {a, b}`), a constant becomes one 32-bit immediate. A store of a packed value
//! aligned to 4 is one `st.b32`.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::reg;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{FTy, Op, Round, lut};
use anyhow::Result;
use llvm_sys::LLVMOpcode as O;

/// Whether `v` is a `<2 x half>` value.
fn is_half2(v: V) -> bool {
    matches!(ffi::classify(ffi::type_of(v)), Ty::Vector(e, 2) if *e == Ty::F16)
}

fn is_simple(v: V) -> bool {
    !ffi::volatile(v) && !ffi::is_atomic(v)
}

/// The packed operation an instruction computes, when it is one of this file's arithmetic.
enum Arith {
    Add,
    Sub,
    Mul,
    Neg,
    Abs,
    Fma,
}

fn arith(v: V) -> Option<Arith> {
    if !ffi::is_instruction(v) || !is_half2(v) {
        return None;
    }
    Some(match ffi::opcode(v) {
        O::LLVMFAdd => Arith::Add,
        O::LLVMFSub => Arith::Sub,
        O::LLVMFMul => Arith::Mul,
        O::LLVMFNeg => Arith::Neg,
        O::LLVMCall => {
            let name = ffi::intrinsic_name(ffi::called_value(v))?;
            match name.as_str() {
                "llvm.fma.v2f16" | "llvm.fmuladd.v2f16" => Arith::Fma,
                "llvm.fabs.v2f16" => Arith::Abs,
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// A store of `<2 x half>` that can be one 32-bit store.
fn is_packed_store(v: V) -> bool {
    ffi::is_instruction(v)
        && ffi::opcode(v) == O::LLVMStore
        && is_half2(ffi::operand(v, 0))
        && ffi::alignment(v) >= 4
        && is_simple(v)
}

/// Whether a packed form of `x` pays: some user computes or stores it packed.
fn has_packed_user(x: V) -> bool {
    super::uses(x).any(|(u, k)| arith(u).is_some() || (is_packed_store(u) && k == 0))
}

impl FnLowering<'_> {
    /// Lowers `v` packed when it is one of this file's definers or stores; `Ok(false)` leaves it
    /// to the ordinary lowering.
    pub(super) fn lower_half2(&mut self, v: V, d: &[Operand]) -> Result<bool> {
        if is_packed_store(v) {
            let val = ffi::operand(v, 0);
            if !self.packed.contains_key(&val) {
                return Ok(false);
            }
            let x = self.packed_operand(val)?;
            let (space, addr) = self.mem_ptr(ffi::operand(v, 1))?;
            self.op(Op::St { space, bits: 32, volatile: false, offset: 0 }, vec![], vec![addr, x]);
            return Ok(true);
        }
        if !ffi::is_instruction(v) || !is_half2(v) || d.len() != 2 {
            return Ok(false);
        }
        let p = self.f.new_reg(RegFile::R, PairMode::Single);
        let ty = FTy::F16x2;
        if ffi::opcode(v) == O::LLVMLoad {
            if ffi::alignment(v) < 4 || !is_simple(v) || !has_packed_user(v) {
                return Ok(false);
            }
            let (space, addr) = self.mem_ptr(ffi::operand(v, 0))?;
            let nc = self.noncoherent(v, space);
            self.op(
                Op::Ld { space, bits: 32, signed: false, volatile: false, offset: 0, nc },
                vec![reg(p)],
                vec![addr],
            );
        } else {
            let Some(op) = arith(v) else { return Ok(false) };
            let n = match op {
                Arith::Neg | Arith::Abs => 1,
                Arith::Add | Arith::Sub | Arith::Mul => 2,
                Arith::Fma => 3,
            };
            let mut x = Vec::with_capacity(n);
            for k in 0..n {
                x.push(self.packed_operand(ffi::operand(v, k as u32))?);
            }
            let (opr, srcs) = match op {
                Arith::Add => (Op::FAdd { ty, ftz: false }, x),
                Arith::Mul => (Op::FMul { ty, ftz: false }, x),
                Arith::Neg => (Op::FNeg { ty }, x),
                Arith::Abs => (Op::FAbs { ty }, x),
                Arith::Fma => (Op::FFma { ty, round: Round::Rn, ftz: false }, x),
                Arith::Sub => {
                    let nb = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(Op::FNeg { ty }, vec![reg(nb)], vec![x[1].clone()]);
                    (Op::FAdd { ty, ftz: false }, vec![x[0].clone(), reg(nb)])
                }
            };
            self.op(opr, vec![reg(p)], srcs);
        }
        self.packed.insert(v, reg(p));
        // The lanes, for the users that read them.
        self.op(
            Op::Lop3 { lut: lut::AND, w64: false },
            vec![d[0].clone()],
            vec![reg(p), Operand::Imm(0xFFFF), Operand::Zero],
        );
        self.op(Op::Shf { left: false, signed: false, w64: false }, vec![d[1].clone()], vec![reg(p), Operand::Imm(16)]);
        Ok(true)
    }

    /// `x` as one packed register: its packed register, a constant's two lanes in one
    /// register, or its lanes packed with `PRMT`.
    fn packed_operand(&mut self, x: V) -> Result<Operand> {
        if let Some(p) = self.packed.get(&x) {
            return Ok(p.clone());
        }
        let lanes = self.get(x)?;
        let [lo, hi] = lanes.as_slice() else { return Err(self.err("a <2 x half> operand without two lanes")) };
        let p = self.f.new_reg(RegFile::R, PairMode::Single);
        match (lo, hi) {
            (Operand::Imm(a), Operand::Imm(b)) => {
                self.op(Op::Mov { w64: false }, vec![reg(p)], vec![Operand::Imm((b & 0xFFFF) << 16 | (a & 0xFFFF))]);
            }
            _ => {
                let (a, b) = (self.in_reg(lo.clone(), false), self.in_reg(hi.clone(), false));
                self.op(Op::Prmt, vec![reg(p)], vec![reg(a), Operand::Imm(0x5410), reg(b)]);
            }
        }
        Ok(reg(p))
    }
}

#[cfg(test)]
mod tests {
    use crate::ori::interp::exec::alu;
    use crate::ori::interp::float::{f16_to_f64, f64_to_f16};
    use crate::ori::opcode::{FTy, Op, Round};

    fn pack(lo: f64, hi: f64) -> u64 {
        u64::from(f64_to_f16(hi)) << 16 | u64::from(f64_to_f16(lo))
    }

    fn lanes(v: u64) -> (f64, f64) {
        (f16_to_f64(v as u16), f16_to_f64((v >> 16) as u16))
    }

    #[test]
    fn packed_arithmetic_is_lane_by_lane() {
        let ty = FTy::F16x2;
        let (a, b, c) = (pack(1.5, -2.0), pack(0.25, 3.0), pack(8.0, 0.5));
        assert_eq!(lanes(alu(&Op::FAdd { ty, ftz: false }, &[a, b]).unwrap()), (1.75, 1.0));
        assert_eq!(lanes(alu(&Op::FMul { ty, ftz: false }, &[a, b]).unwrap()), (0.375, -6.0));
        assert_eq!(lanes(alu(&Op::FFma { ty, round: Round::Rn, ftz: false }, &[a, b, c]).unwrap()), (8.375, -5.5));
        assert_eq!(lanes(alu(&Op::FNeg { ty }, &[a]).unwrap()), (-1.5, 2.0));
        assert_eq!(lanes(alu(&Op::FAbs { ty }, &[a]).unwrap()), (1.5, 2.0));
        // Rounding happens per lane, in f16: 2049 is not representable (rounds to even 2048).
        let big = pack(2048.0, 1.0);
        assert_eq!(lanes(alu(&Op::FAdd { ty, ftz: false }, &[big, pack(1.0, 1.0)]).unwrap()), (2048.0, 2.0));
    }
}
