//! Bit-manipulation intrinsics at every integer width llc legalizes (8, 16, 32, 64 bits):
//! `llvm.ctlz`, `llvm.cttz`, `llvm.bswap`, `llvm.bitreverse`, `llvm.fshl`, `llvm.fshr`,
//! `llvm.nvvm.rotate.{b32,b64,right.b64}` and `llvm.copysign`.
//!
//! Narrow integers live in 32-bit registers with unspecified high bits (`mod.rs`): each
//! expansion zero-extends where the high bits would leak into the low ones (counts, right
//! shifts) and leaves them unspecified in results. 64-bit forms work on the pair with the 64-bit
//! shifts, `BREV.64` and `FLO.64`, or on its two words (`PRMT` per word for `bswap`).
//!
//! The algorithms:
//! - `ctlz.iN` = (N − 1) − `FLO`(zext x) (`FLO` of 0 is ~0, so 0 counts N);
//! - `cttz.iN` = 31 − `FLO`(`BREV`(x | 1 << N)) for N < 32 (the guard bit makes 0 count N), the
//!   same without the guard at 32 bits and with the 64-bit forms at 64;
//! - `bswap` = `PRMT` with selectors 0x4401 (i16) / 0x0123 (i32), per word with the words swapped
//!   (i64); `bitreverse.iN` = `BREV` shifted right by 32 − N;
//! - `fshl.i64(x, y, s)` = x << (s & 63) | (y >> 1) >> (63 − (s & 63)), `fshr` mirrored;
//!   `fshl.iN` for N < 32 on the 2N-bit value x << N | zext y: (v << s) >> N, `fshr` = v >> s, with
//!   s = z mod N; at 32 bits the funnel shift `SHF.W`;
//! - `copysign(a, b)` = (a & ~sign) | (b & sign): one `LOP3` at 16/32 bits, three 64-bit ops;
//! - `llvm.nvvm.flo.{u,s}` (`bfind[.shiftamt]`): `FLO` (of `x ^ (x >> N-1)` when signed), the
//!   shift amount `pos ^ (N − 1)` selected unless nothing was found.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{ibits, reg};
use crate::ori::ir::{Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, NumTy, Op, Round, lut};
use anyhow::Result;

impl FnLowering<'_> {
    /// Lowers `base` (the intrinsic name without its overload suffix) when it is one of this
    /// file's families; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_bits_intrinsic(
        &mut self,
        name: &str,
        base: &str,
        rty: &Ty,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        if let Some(dir) = name.strip_prefix("llvm.nvvm.").and_then(|r| r.strip_suffix(".clamp.i32")) {
            // fshl.clamp / fshr.clamp(hi, lo, amount): `shf.{l,r}.clamp` (the amount clamped at
            // 32, which moves one word wholly into the other).
            let left = match dir {
                "fshl" => true,
                "fshr" => false,
                _ => return Ok(false),
            };
            if args.len() != 3 || d.len() != 1 {
                return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
            }
            let (hi, lo, amount) = (self.get1(args[0])?, self.get1(args[1])?, self.get1(args[2])?);
            self.op(Op::Funnel { left, clamp: true }, d.to_vec(), vec![lo, hi, amount]);
            return Ok(true);
        }
        if let Some(r) = name.strip_prefix("llvm.nvvm.flo.") {
            return self.lower_flo(name, r, args, d).map(|()| true);
        }
        let family = match base {
            "llvm.ctlz" | "llvm.cttz" | "llvm.ctpop" | "llvm.bswap" | "llvm.bitreverse" | "llvm.fshl" | "llvm.fshr" => {
                base
            }
            "llvm.copysign" => base,
            _ if name.starts_with("llvm.nvvm.rotate.") => "rotate",
            _ => return Ok(false),
        };
        let arity = match family {
            "llvm.fshl" | "llvm.fshr" | "llvm.copysign" | "rotate" => {
                if family == "llvm.fshl" || family == "llvm.fshr" { 3 } else { 2 }
            }
            "llvm.ctlz" | "llvm.cttz" => 2,
            _ => 1,
        };
        // Vectors lane by lane, as llc-19 scalarizes them (`bswap.v2i16`, `ctpop.v4i32`); a
        // scalar operand (the `is_zero_poison` flag of ctlz/cttz) serves every lane.
        let (ety, n) = match rty {
            Ty::Vector(e, n) if !matches!(family, "rotate" | "llvm.copysign") => ((**e).clone(), *n as usize),
            t => (t.clone(), 1),
        };
        if args.len() != arity || d.len() != n {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        for (ops, dk) in self.lane_operands(name, args, n)?.into_iter().zip(d) {
            self.bits_lane(name, family, &ety, &ops, std::slice::from_ref(dk))?;
        }
        Ok(true)
    }

    /// One lane (or the scalar) of a bit intrinsic of `family` on type `rty`: `ops` are the
    /// operands, `d` the one destination.
    fn bits_lane(&mut self, name: &str, family: &str, rty: &Ty, ops: &[Operand], d: &[Operand]) -> Result<()> {
        let arg = |k: usize| ops.get(k).cloned().unwrap_or(Operand::Zero);
        let a = arg(0);
        if family == "llvm.copysign" {
            return self.lower_copysign(name, rty, a, arg(1), d);
        }
        if family == "llvm.ctpop" {
            let bits = ibits(rty).filter(|_| !matches!(rty, Ty::Ptr(_)));
            let Some(bits) = bits else { return Err(self.err(format!("intrinsic {name} on type {rty:?}"))) };
            let a = self.norm(a, bits, false);
            return self.lower_count(Op::Popc { w64: bits == 64 }, a, d, bits == 64);
        }
        if family == "rotate" {
            let x = reg(self.in_reg(a, name != "llvm.nvvm.rotate.b32"));
            let n = arg(1);
            match name {
                "llvm.nvvm.rotate.b32" => {
                    self.op(Op::Funnel { left: true, clamp: false }, d.to_vec(), vec![x.clone(), x, n])
                }
                "llvm.nvvm.rotate.b64" => self.funnel64(true, x.clone(), x, n, d[0].clone()),
                "llvm.nvvm.rotate.right.b64" => self.funnel64(false, x.clone(), x, n, d[0].clone()),
                _ => return Err(self.err(format!("intrinsic {name}"))),
            }
            return Ok(());
        }
        let bits = match ibits(rty) {
            Some(b @ (8 | 16 | 32 | 64)) if !matches!(rty, Ty::Ptr(_)) => b,
            _ => return Err(self.err(format!("intrinsic {name} on type {rty:?}"))),
        };
        let d0 = d[0].clone();
        match (family, bits) {
            ("llvm.ctlz", 64) => {
                // 63 - FLO.64, widened to the i64 result.
                let f = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Flo { w64: true }, vec![reg(f)], vec![a]);
                let c = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::IAdd3 { neg_b: true, w64: false },
                    vec![reg(c)],
                    vec![Operand::Imm(63), reg(f), Operand::Zero],
                );
                self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, d.to_vec(), vec![reg(c)]);
            }
            ("llvm.cttz", 64) => {
                let r = self.f.new_reg(RegFile::R, PairMode::Pair);
                self.op(Op::Brev { w64: true }, vec![reg(r)], vec![a]);
                let f = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Flo { w64: true }, vec![reg(f)], vec![reg(r)]);
                let c = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::IAdd3 { neg_b: true, w64: false },
                    vec![reg(c)],
                    vec![Operand::Imm(63), reg(f), Operand::Zero],
                );
                self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, d.to_vec(), vec![reg(c)]);
            }
            ("llvm.ctlz", n) => {
                let x = self.norm(a, n, false);
                // FLO gives the highest set bit index (~0 for zero): clz = (n - 1) - flo.
                let f = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Flo { w64: false }, vec![reg(f)], vec![x]);
                self.op(
                    Op::IAdd3 { neg_b: true, w64: false },
                    d.to_vec(),
                    vec![Operand::Imm(n as u64 - 1), reg(f), Operand::Zero],
                );
            }
            ("llvm.cttz", n) => {
                let x = if n < 32 {
                    let g = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Lop3 { lut: lut::OR, w64: false },
                        vec![reg(g)],
                        vec![a, Operand::Imm(1 << n), Operand::Zero],
                    );
                    reg(g)
                } else {
                    a
                };
                let r = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Brev { w64: false }, vec![reg(r)], vec![x]);
                let f = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Flo { w64: false }, vec![reg(f)], vec![reg(r)]);
                self.op(
                    Op::IAdd3 { neg_b: true, w64: false },
                    d.to_vec(),
                    vec![Operand::Imm(31), reg(f), Operand::Zero],
                );
            }
            ("llvm.bswap", 8) => return Err(self.err(format!("intrinsic {name}"))),
            ("llvm.bswap", 16) => self.op(Op::Prmt, d.to_vec(), vec![a, Operand::Imm(0x4401), Operand::Zero]),
            ("llvm.bswap", 32) => self.op(Op::Prmt, d.to_vec(), vec![a, Operand::Imm(0x0123), Operand::Zero]),
            ("llvm.bswap", _) => self.bswap64_into(a, d0),
            ("llvm.bitreverse", 32 | 64) => self.op(Op::Brev { w64: bits == 64 }, d.to_vec(), vec![a]),
            ("llvm.bitreverse", n) => {
                let r = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Brev { w64: false }, vec![reg(r)], vec![a]);
                self.op(
                    Op::Shf { left: false, signed: false, w64: false },
                    d.to_vec(),
                    vec![reg(r), Operand::Imm(32 - n as u64)],
                );
            }
            ("llvm.fshl" | "llvm.fshr", 32) => {
                // fshl(x, y, z): the high word of (x:y) << (z mod 32); fshr: the low word of
                // (x:y) >> (z mod 32).
                let (x, y, z) = (a, arg(1), arg(2));
                self.op(Op::Funnel { left: family == "llvm.fshl", clamp: false }, d.to_vec(), vec![y, x, z]);
            }
            ("llvm.fshl" | "llvm.fshr", 64) => {
                let (y, z) = (arg(1), arg(2));
                let z = reg(self.in_reg(z, true));
                let s = self.lo32(z);
                let x = reg(self.in_reg(a, true));
                let y = reg(self.in_reg(y, true));
                self.funnel64(family == "llvm.fshl", y, x, reg(s), d0);
            }
            ("llvm.fshl" | "llvm.fshr", n) => {
                // v = x << n | zext(y), s = z mod n.
                let (y, z) = (arg(1), arg(2));
                let y = self.norm(y, n, false);
                let xs = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::Shf { left: true, signed: false, w64: false },
                    vec![reg(xs)],
                    vec![a, Operand::Imm(n as u64)],
                );
                let v = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Lop3 { lut: lut::OR, w64: false }, vec![reg(v)], vec![reg(xs), y, Operand::Zero]);
                let s = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::Lop3 { lut: lut::AND, w64: false },
                    vec![reg(s)],
                    vec![z, Operand::Imm(n as u64 - 1), Operand::Zero],
                );
                if family == "llvm.fshl" {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(Op::Shf { left: true, signed: false, w64: false }, vec![reg(t)], vec![reg(v), reg(s)]);
                    self.op(
                        Op::Shf { left: false, signed: false, w64: false },
                        d.to_vec(),
                        vec![reg(t), Operand::Imm(n as u64)],
                    );
                } else {
                    self.op(Op::Shf { left: false, signed: false, w64: false }, d.to_vec(), vec![reg(v), reg(s)]);
                }
            }
            _ => return Err(self.err(format!("intrinsic {name}"))),
        }
        Ok(())
    }

    /// 64-bit funnel shift of `hi:lo` by the 32-bit amount `n` (mod 64): the high doubleword of
    /// `(hi:lo) << n` (`left`) or the low doubleword of `(hi:lo) >> n`.
    fn funnel64(&mut self, left: bool, lo: Operand, hi: Operand, n: Operand, d: Operand) {
        let s = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::Lop3 { lut: lut::AND, w64: false }, vec![reg(s)], vec![n, Operand::Imm(63), Operand::Zero]);
        // 63 - s = ~s & 63
        let ns = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(
            Op::Lop3 { lut: !0xF0 & 0xCC, w64: false },
            vec![reg(ns)],
            vec![reg(s), Operand::Imm(63), Operand::Zero],
        );
        let shift = |s: &mut Self, left: bool, x: Operand, by: Operand| -> VReg {
            let t = s.f.new_reg(RegFile::R, PairMode::Pair);
            s.op(Op::Shf { left, signed: false, w64: true }, vec![reg(t)], vec![x, by]);
            t
        };
        // left: hi << s | (lo >> 1) >> (63 - s); right: lo >> s | (hi << 1) << (63 - s).
        let (near, far) = if left { (hi, lo) } else { (lo, hi) };
        let a = shift(self, left, near, reg(s));
        let b1 = shift(self, !left, far, Operand::Imm(1));
        let b = shift(self, !left, reg(b1), reg(ns));
        self.op(Op::Lop3 { lut: lut::OR, w64: true }, vec![d], vec![reg(a), reg(b), Operand::Zero]);
    }

    /// `llvm.nvvm.flo.{u,s}.{i32,i64}(x, i1 shiftamt)`, PTX's `bfind[.shiftamt]`: the position
    /// of the most significant set bit (`s`: of the most significant bit unlike the sign, the
    /// set bit of `x ^ (x >> width-1)`), `0xFFFFFFFF` where there is none; `shiftamt` makes it
    /// the left shift that brings that bit to the top, `width-1 - position`.
    fn lower_flo(&mut self, name: &str, r: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let (signed, w64) = match r {
            "u.i32" => (false, false),
            "s.i32" => (true, false),
            "u.i64" => (false, true),
            "s.i64" => (true, true),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let ([x, shiftamt], [d0]) = (args, d) else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        if !ffi::is_constant_int(*shiftamt) {
            return Err(self.err(format!("intrinsic {name} with a variable shiftamt operand")));
        }
        let shift = ffi::const_int(*shiftamt) & 1 == 1;
        let mut x = self.get1(*x)?;
        let pair = if w64 { PairMode::Pair } else { PairMode::Single };
        if signed {
            let (s, t) = (self.f.new_reg(RegFile::R, pair), self.f.new_reg(RegFile::R, pair));
            let top = Operand::Imm(if w64 { 63 } else { 31 });
            self.op(Op::Shf { left: false, signed: true, w64 }, vec![reg(s)], vec![x.clone(), top]);
            self.op(Op::Lop3 { lut: lut::XOR, w64 }, vec![reg(t)], vec![x, reg(s), Operand::Zero]);
            x = reg(t);
        }
        if !shift {
            self.op(Op::Flo { w64 }, vec![d0.clone()], vec![x]);
            return Ok(());
        }
        let pos = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::Flo { w64 }, vec![reg(pos)], vec![x]);
        // width-1 - pos = pos ^ (width-1) for a position; none (all ones) stays all ones.
        let (amount, none) =
            (self.f.new_reg(RegFile::R, PairMode::Single), self.f.new_reg(RegFile::P, PairMode::Single));
        let top = Operand::Imm(if w64 { 63 } else { 31 });
        self.op(Op::Lop3 { lut: lut::XOR, w64: false }, vec![reg(amount)], vec![reg(pos), top, Operand::Zero]);
        self.op(
            Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And },
            vec![reg(none)],
            vec![reg(pos), Operand::Imm(0xFFFF_FFFF), Operand::True],
        );
        self.op(Op::Sel { w64: false }, vec![d0.clone()], vec![reg(pos), reg(amount), reg(none)]);
        Ok(())
    }

    pub(super) fn lower_copysign(&mut self, name: &str, rty: &Ty, a: Operand, b: Operand, d: &[Operand]) -> Result<()> {
        match rty {
            Ty::F16 | Ty::BF16 | Ty::F32 => {
                let sign = if *rty == Ty::F32 { 0x8000_0000 } else { 0x8000 };
                // (a & ~c) | (b & c) with c the sign mask.
                const SELECT_BY_C: u8 = (0xF0 & !0xAA) | (0xCC & 0xAA);
                self.op(Op::Lop3 { lut: SELECT_BY_C, w64: false }, d.to_vec(), vec![a, b, Operand::Imm(sign)]);
            }
            Ty::F64 => {
                let (m, s) = (self.f.new_reg(RegFile::R, PairMode::Pair), self.f.new_reg(RegFile::R, PairMode::Pair));
                self.op(
                    Op::Lop3 { lut: lut::AND, w64: true },
                    vec![reg(m)],
                    vec![a, Operand::Imm(!(1 << 63)), Operand::Zero],
                );
                self.op(
                    Op::Lop3 { lut: lut::AND, w64: true },
                    vec![reg(s)],
                    vec![b, Operand::Imm(1 << 63), Operand::Zero],
                );
                self.op(Op::Lop3 { lut: lut::OR, w64: true }, d.to_vec(), vec![reg(m), reg(s), Operand::Zero]);
            }
            _ => return Err(self.err(format!("intrinsic {name}"))),
        }
        Ok(())
    }

    /// The low word of a 64-bit value.
    pub(super) fn lo32(&mut self, a: Operand) -> VReg {
        let r = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![reg(r)], vec![a]);
        r
    }

    /// The high word of a 64-bit value.
    pub(super) fn hi32(&mut self, a: Operand) -> VReg {
        let t = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(Op::Shf { left: false, signed: false, w64: true }, vec![reg(t)], vec![a, Operand::Imm(32)]);
        self.lo32(reg(t))
    }

    /// `d = hi << 32 | lo` from two 32-bit words.
    /// The bytes of the 64-bit `a` reversed into `d`: each 32-bit word byte-swapped (`PRMT`
    /// 0x0123), and the words swapped (i64 `bswap`, and each half of an i128 one).
    pub(super) fn bswap64_into(&mut self, a: Operand, d: Operand) {
        let a = reg(self.in_reg(a, true));
        let (lo, hi) = (self.lo32(a.clone()), self.hi32(a));
        let (nlo, nhi) = (self.f.new_reg(RegFile::R, PairMode::Single), self.f.new_reg(RegFile::R, PairMode::Single));
        self.op(Op::Prmt, vec![reg(nlo)], vec![reg(hi), Operand::Imm(0x0123), Operand::Zero]);
        self.op(Op::Prmt, vec![reg(nhi)], vec![reg(lo), Operand::Imm(0x0123), Operand::Zero]);
        self.join64(reg(nlo), reg(nhi), d);
    }

    pub(super) fn join64(&mut self, lo: Operand, hi: Operand, d: Operand) {
        let (l, h) = (self.f.new_reg(RegFile::R, PairMode::Pair), self.f.new_reg(RegFile::R, PairMode::Pair));
        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, vec![reg(l)], vec![lo]);
        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, vec![reg(h)], vec![hi]);
        let sh = self.f.new_reg(RegFile::R, PairMode::Pair);
        self.op(Op::Shf { left: true, signed: false, w64: true }, vec![reg(sh)], vec![reg(h), Operand::Imm(32)]);
        self.op(Op::Lop3 { lut: lut::OR, w64: true }, vec![d], vec![reg(sh), reg(l), Operand::Zero]);
    }
}
