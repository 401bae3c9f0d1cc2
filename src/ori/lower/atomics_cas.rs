//! Compare-and-swap loops: LLVM's AtomicExpand expansion of the atomics PTX has no instruction
//! for (`atomics.rs` decides which), in the shape llc-19 emits for sm_90.
//!
//! Full width (32/64 bits), comparing bits (a NaN or -0.0 compares by its encoding):
//!
//! ```text
//!         w0 = ld [a]
//! start:  w = phi [w0, head], [old, start]
//!         new = op(w, val)
//!         old = atom.cas [a], w, new
//!         @(old != w) bra start
//! end:
//! ```
//!
//! Part-word (i8, i16, half): the operation on the aligned 32-bit word holding the value, at
//! `a & ~3`, the field at `shift = (a & 3) * 8` (little-endian) under `mask = (2^bits - 1) <<
//! shift`; the shift is 0 at compile time when the access is aligned to 4. `add`, `sub`, `xchg`
//! and `nand` work on the whole word with the operand shifted into place and keep the other bytes
//! with a bit select (carries and borrows leave the field upwards and are dropped); the other
//! operations extract the field, compute at the narrow width and insert the result. `and`, `or`
//! and `xor` need no loop: the 32-bit `atom` with the operand shifted into place (the other bytes
//! ones for `and`, zeros otherwise). The result is the field of the old word.
//!
//! Part-word `cmpxchg` (llc's `partword.cmpxchg` loop): the other bytes are read once; the CAS
//! compares the whole word (those bytes around the compare value); when it fails only because
//! the other bytes changed, it retries with the bytes it saw, and when the field differs it stops
//! and reports failure.
//!
//! The first read of the value is a `.volatile` (strong) load where llc writes a plain one: it
//! races with the other threads' atomics by design (it is only the CAS's first guess), which the
//! PTX memory model allows a strong access and not a weak one (and `ori check`'s race detector
//! stays quiet).
//!
//! The loop blocks are appended to the function; the LLVM block being lowered continues in the
//! end block (`FnLowering::split_tails`).

use super::FnLowering;
use super::atomics::Rmw;
use super::ffi::Ty;
use super::inst::{int_ty, reg, scalar_bits};
use crate::ori::ir::{Bix, Block, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{AtomOp, BoolOp, Cmp, MemScope, NumTy, Op, Round, Space, lut};
use anyhow::Result;

/// LOP3 table of `c ? a : b`, bit by bit.
pub(super) const SELECT: u8 = (0xF0 & 0xAA) | (0xCC & !0xAA);
/// LOP3 table of `c ? !(a & b) : a`, bit by bit.
pub(super) const NAND_SELECT: u8 = (!(0xF0 & 0xCC) & 0xAA) | (0xF0 & !0xAA);

/// The aligned word holding a narrow value and where the value sits in it.
struct Word {
    aligned: Operand,
    /// The bit offset of the field (a register, or `Imm(0)` when known).
    shift: Operand,
    /// The field's bits, and the others.
    mask: Operand,
    inv: Operand,
}

impl Word {
    fn known_shift(&self) -> bool {
        self.shift == Operand::Imm(0)
    }
}

impl FnLowering<'_> {
    pub(super) fn r32(&mut self) -> Operand {
        reg(self.f.new_reg(RegFile::R, PairMode::Single))
    }

    /// A block appended to the function; `tail`: the LLVM block being lowered continues in it.
    fn atomic_block(&mut self, what: &str, tail: bool) -> Bix {
        let b = Bix(self.f.blocks.len() as u32);
        let name = format!("{}.{what}", self.f.blocks[self.cur.idx()].name);
        self.f.blocks.push(Block { insts: vec![], label: b.0, name });
        if tail {
            self.split_tails.insert(self.llvm_block, b);
        }
        b
    }

    /// `[@P] BRA target`.
    fn jump(&mut self, guard: Option<VReg>, target: Bix) {
        self.emit(Inst {
            guard: guard.map(|pred| Guard { pred, negated: false }),
            ..Inst::new(Op::Bra, vec![], vec![Operand::Label(target)])
        });
    }

    /// The jump from `head` into the loop at `start`, unless `start` follows it in layout (`head`
    /// is the end block of an earlier expansion).
    fn enter(&mut self, head: Bix, start: Bix) {
        if head.0 + 1 != start.0 {
            self.jump(None, start);
        }
    }

    /// `P = a cmp b` on 32- or 64-bit values.
    fn test(&mut self, cmp: Cmp, a: Operand, b: Operand, w64: bool) -> VReg {
        let p = self.f.new_reg(RegFile::P, PairMode::Single);
        self.op(Op::ISetp { cmp, signed: false, w64, bop: BoolOp::And }, vec![reg(p)], vec![a, b, Operand::True]);
        p
    }

    /// A 32-bit LOP3 of `a`, `b`, `c`.
    fn lop(&mut self, l: u8, a: Operand, b: Operand, c: Operand) -> Operand {
        let d = self.r32();
        self.op(Op::Lop3 { lut: l, w64: false }, vec![d.clone()], vec![a, b, c]);
        d
    }

    /// `x << shift` (32-bit).
    fn shl(&mut self, x: Operand, shift: &Operand) -> Operand {
        if *shift == Operand::Imm(0) || x == Operand::Imm(0) {
            return x;
        }
        let x = reg(self.in_reg(x, false));
        let d = self.r32();
        self.op(Op::Shf { left: true, signed: false, w64: false }, vec![d.clone()], vec![x, shift.clone()]);
        d
    }

    /// The word of the narrow access at `addr` (`align`: its alignment in bytes).
    fn word(&mut self, addr: Operand, align: u32, bits: u32) -> Word {
        let field = (1u64 << bits) - 1;
        if align >= 4 {
            let inv = Operand::Imm(!field & 0xFFFF_FFFF);
            return Word { aligned: addr, shift: Operand::Imm(0), mask: Operand::Imm(field), inv };
        }
        let a = reg(self.in_reg(addr, true));
        let aligned = reg(self.f.new_reg(RegFile::R, PairMode::Pair));
        self.op(
            Op::Lop3 { lut: lut::AND, w64: true },
            vec![aligned.clone()],
            vec![a.clone(), Operand::Imm(!3), Operand::Zero],
        );
        let lo = self.r32();
        self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![lo.clone()], vec![a]);
        let byte = self.lop(lut::AND, lo, Operand::Imm(3), Operand::Zero);
        let shift = self.r32();
        self.op(Op::Shf { left: true, signed: false, w64: false }, vec![shift.clone()], vec![byte, Operand::Imm(3)]);
        let mask = self.shl(Operand::Imm(field), &shift);
        let inv = self.lop(lut::NOT_A, mask.clone(), Operand::Zero, Operand::Zero);
        Word { aligned, shift, mask, inv }
    }

    /// The narrow value of type `ty` in the field of `word`, into `dst` (a half is zero-extended,
    /// an integer keeps the bits above it).
    fn extract(&mut self, word: Operand, w: &Word, ty: &Ty, dst: Operand) {
        let half = *ty == Ty::F16;
        if w.known_shift() && !half {
            if word != dst {
                self.op(Op::Mov { w64: false }, vec![dst], vec![word]);
            }
            return;
        }
        let right = Op::Shf { left: false, signed: false, w64: false };
        if !half {
            self.op(right, vec![dst], vec![word, w.shift.clone()]);
            return;
        }
        let x = if w.known_shift() {
            word
        } else {
            let t = self.r32();
            self.op(right, vec![t.clone()], vec![word, w.shift.clone()]);
            t
        };
        self.op(Op::Cvt { from: NumTy::U16, to: NumTy::U32, round: Round::Rn }, vec![dst], vec![x]);
    }

    /// The compare-and-swap loop on the `bits`-wide (32/64) value at `addr`: `f` computes the new
    /// value from the current one; the value found (the old one) goes to `old`.
    pub(super) fn cas_loop(
        &mut self,
        space: Space,
        addr: Operand,
        bits: u32,
        old: Operand,
        mut f: impl FnMut(&mut Self, Operand) -> Result<Operand>,
    ) -> Result<()> {
        let w64 = bits == 64;
        let pair = if w64 { PairMode::Pair } else { PairMode::Single };
        let w0 = reg(self.f.new_reg(RegFile::R, pair));
        self.op(
            Op::Ld { space, bits, signed: false, volatile: true, offset: 0, nc: false },
            vec![w0.clone()],
            vec![addr.clone()],
        );
        let head = self.cur;
        let start = self.atomic_block("atomicrmw.start", false);
        let end = self.atomic_block("atomicrmw.end", true);
        self.enter(head, start);
        self.cur = start;
        let cur = reg(self.f.new_reg(RegFile::R, pair));
        self.op(Op::Phi, vec![cur.clone()], vec![w0, Operand::Label(head), old.clone(), Operand::Label(start)]);
        let new = f(self, cur.clone())?;
        self.op(
            Op::Atom { space, op: AtomOp::Cas, ty: int_ty(bits, false), scope: MemScope::Gpu },
            vec![old.clone()],
            vec![addr, cur.clone(), new],
        );
        let retry = self.test(Cmp::Ne, old, cur, w64);
        self.jump(Some(retry), start);
        // The end block follows in layout.
        self.cur = end;
        Ok(())
    }

    /// `atomicrmw rmw` on an i8/i16/half at `addr` through a part-word compare-and-swap loop.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn part_word_rmw(
        &mut self,
        space: Space,
        addr: Operand,
        align: u32,
        rmw: Rmw,
        ty: &Ty,
        val: Operand,
        old: Operand,
    ) -> Result<()> {
        let bits = scalar_bits(ty);
        let w = self.word(addr, align, bits);
        let v = self.norm(val, bits, false);
        let whole = matches!(rmw, Rmw::Add | Rmw::Sub | Rmw::Xchg | Rmw::Nand);
        let vsh = if whole { self.shl(v.clone(), &w.shift) } else { v.clone() };
        let got = if w.known_shift() && *ty != Ty::F16 { old.clone() } else { self.r32() };
        self.cas_loop(space, w.aligned.clone(), 32, got.clone(), |s, cur| {
            Ok(match rmw {
                Rmw::Add | Rmw::Sub => {
                    let t = s.r32();
                    let add = Op::IAdd3 { neg_b: rmw == Rmw::Sub, w64: false };
                    s.op(add, vec![t.clone()], vec![cur.clone(), vsh.clone(), Operand::Zero]);
                    s.lop(SELECT, t, cur, w.mask.clone())
                }
                Rmw::Xchg => {
                    let x = reg(s.in_reg(vsh.clone(), false));
                    s.lop(SELECT, x, cur, w.mask.clone())
                }
                Rmw::Nand => s.lop(NAND_SELECT, cur, vsh.clone(), w.mask.clone()),
                _ => {
                    let x = if w.known_shift() {
                        cur.clone()
                    } else {
                        let t = s.r32();
                        s.op(
                            Op::Shf { left: false, signed: false, w64: false },
                            vec![t.clone()],
                            vec![cur.clone(), w.shift.clone()],
                        );
                        t
                    };
                    let r = s.rmw_value(rmw, ty, x, v.clone())?;
                    let r = s.shl(r, &w.shift);
                    let r = reg(s.in_reg(r, false));
                    s.lop(SELECT, r, cur, w.mask.clone())
                }
            })
        })?;
        self.extract(got, &w, ty, old);
        Ok(())
    }

    /// `atomicrmw and/or/xor` on an i8/i16 at `addr`: the 32-bit `atom` on its word.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn part_word_bitwise(
        &mut self,
        space: Space,
        addr: Operand,
        align: u32,
        bits: u32,
        rmw: Rmw,
        val: Operand,
        old: Operand,
    ) -> Result<()> {
        let w = self.word(addr, align, bits);
        let v = self.norm(val, bits, false);
        let vsh = self.shl(v, &w.shift);
        let (op, operand) = match (rmw, &vsh, &w.inv) {
            (Rmw::And, Operand::Imm(a), Operand::Imm(b)) => (AtomOp::And, Operand::Imm(a | b)),
            (Rmw::And, _, _) => {
                let x = reg(self.in_reg(vsh.clone(), false));
                (AtomOp::And, self.lop(lut::OR, x, w.inv.clone(), Operand::Zero))
            }
            (Rmw::Or, _, _) => (AtomOp::Or, vsh),
            (Rmw::Xor, _, _) => (AtomOp::Xor, vsh),
            (other, _, _) => return Err(self.err(format!("atomicrmw {other:?} as a word operation"))),
        };
        let got = if w.known_shift() { old.clone() } else { self.r32() };
        self.op(
            Op::Atom { space, op, ty: NumTy::U32, scope: MemScope::Gpu },
            vec![got.clone()],
            vec![w.aligned.clone(), operand],
        );
        self.extract(got, &w, &Ty::Int(bits), old);
        Ok(())
    }

    /// `cmpxchg` of an i8/i16 at `addr` (see the module documentation): the old value goes to
    /// `old`, the success predicate to `ok`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn part_word_cmpxchg(
        &mut self,
        space: Space,
        addr: Operand,
        align: u32,
        bits: u32,
        cmp: Operand,
        new: Operand,
        old: Operand,
        ok: Operand,
    ) -> Result<()> {
        let w = self.word(addr, align, bits);
        let c = self.norm(cmp, bits, false);
        let csh = self.shl(c, &w.shift);
        let csh = reg(self.in_reg(csh, false));
        let n = self.norm(new, bits, false);
        let nsh = self.shl(n, &w.shift);
        let nsh = reg(self.in_reg(nsh, false));
        let w0 = self.r32();
        let ld = Op::Ld { space, bits: 32, signed: false, volatile: true, offset: 0, nc: false };
        self.op(ld, vec![w0.clone()], vec![w.aligned.clone()]);
        let rest0 = self.lop(lut::AND, w0, w.inv.clone(), Operand::Zero);
        let head = self.cur;
        let start = self.atomic_block("partword.cmpxchg.loop", false);
        let fail = self.atomic_block("partword.cmpxchg.failure", false);
        let end = self.atomic_block("partword.cmpxchg.end", true);
        self.enter(head, start);
        // start: the CAS with the other bytes as last seen.
        self.cur = start;
        let rest = self.r32();
        let rest1 = self.r32();
        self.op(Op::Phi, vec![rest.clone()], vec![rest0, Operand::Label(head), rest1.clone(), Operand::Label(fail)]);
        let full_cmp = self.lop(lut::OR, rest.clone(), csh, Operand::Zero);
        let full_new = self.lop(lut::OR, rest.clone(), nsh, Operand::Zero);
        let got = self.r32();
        let cas = Op::Atom { space, op: AtomOp::Cas, ty: NumTy::U32, scope: MemScope::Gpu };
        self.op(cas, vec![got.clone()], vec![w.aligned.clone(), full_cmp.clone(), full_new]);
        let done = self.test(Cmp::Eq, got.clone(), full_cmp.clone(), false);
        self.jump(Some(done), end);
        // failure (next in layout): retry while only the other bytes changed.
        self.cur = fail;
        self.op(
            Op::Lop3 { lut: lut::AND, w64: false },
            vec![rest1.clone()],
            vec![got.clone(), w.inv.clone(), Operand::Zero],
        );
        let again = self.test(Cmp::Ne, rest, rest1, false);
        self.jump(Some(again), start);
        // The end block follows in layout.
        self.cur = end;
        self.op(
            Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And },
            vec![ok],
            vec![got.clone(), full_cmp, Operand::True],
        );
        self.extract(got, &w, &Ty::Int(bits), old);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{NAND_SELECT, SELECT};
    use crate::ori::interp::exec::lop3;

    #[test]
    fn select_tables() {
        let (a, b, m) = (0x1234_5678u64, 0x9ABC_DEF0u64, 0x00FF_0000u64);
        assert_eq!(lop3(SELECT, a, b, m) & 0xFFFF_FFFF, (a & m) | (b & !m & 0xFFFF_FFFF));
        let want = (!(a & b) & m) | (a & !m);
        assert_eq!(lop3(NAND_SELECT, a, b, m) & 0xFFFF_FFFF, want & 0xFFFF_FFFF);
    }
}
