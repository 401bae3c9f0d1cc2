//! `i128`, as llc's type legalizer splits it: a value is two 64-bit halves `[lo, hi]` (two R
//! pairs; `Ty::I128` flattens to two `i64` scalars, so loads, stores, phis, selects, struct
//! fields and kernel parameters handle the halves like the elements of a vector). The operations
//! that mix the halves are expanded here:
//!
//! - `add` / `sub`: the low halves, then the high halves plus the carry (`lo < a.lo`) or minus
//!   the borrow (`a.lo < b.lo`), unsigned 64-bit compares;
//! - `mul`: `lo = a.lo * b.lo`, `hi = mulhi.u64(a.lo, b.lo) + a.lo * b.hi + a.hi * b.lo`;
//! - `and` / `or` / `xor`: per half;
//! - `shl` / `lshr` / `ashr`: the funnel of the two halves for amounts below 64, the other half
//!   shifted by `amount - 64` above (constant amounts are folded; variable ones select on
//!   `amount >= 64`; 64-bit shifts by 64 or more give 0, or the sign, as PTX clamps them);
//! - `icmp`: eq/ne on both halves; orderings compare the high halves (signed or not) and, when
//!   they are equal, the low halves unsigned;
//! - `zext` / `sext` to i128 (from every width), `trunc` from it (to every width), and bitcasts to and from vectors (`bitcast.rs`).
//!
//! Division and remainder of i128 never reach the lowering: `llvm/div128.rs` expands them into
//! a shift-subtract loop in LLVM IR first, as llc's ExpandLargeDivRem does. Conversions between
//! i128 and floats or pointers are refused. The bit and min/max intrinsics are in
//! `int128_intrinsics.rs`.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::{Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, MadKind, NumTy, Op, Round, lut};
use anyhow::Result;
use llvm_sys::LLVMIntPredicate as IP;
use llvm_sys::LLVMOpcode as O;

/// The two 64-bit halves of an i128 constant (`i128 -5`, as LLVM prints it).
pub(super) fn const_halves(v: V) -> Option<(u64, u64)> {
    let text = ffi::value_string(v);
    let n = text.rsplit(' ').next()?;
    let x: i128 = match n {
        "true" => 1,
        "false" => 0,
        _ => n.parse::<i128>().or_else(|_| n.parse::<u128>().map(|u| u as i128)).ok()?,
    };
    Some((x as u64, ((x as u128) >> 64) as u64))
}

impl FnLowering<'_> {
    pub(super) fn pair(&mut self) -> Operand {
        Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Pair))
    }

    pub(super) fn r64(&mut self, o: Operand) -> Operand {
        Operand::Reg(self.in_reg(o, true))
    }

    pub(super) fn op1(&mut self, op: Op, srcs: Vec<Operand>) -> Operand {
        let d = self.pair();
        self.op(op, vec![d.clone()], srcs);
        d
    }

    pub(super) fn shf(&mut self, left: bool, signed: bool, x: Operand, amount: Operand) -> Operand {
        let x = self.r64(x);
        self.op1(Op::Shf { left, signed, w64: true }, vec![x, amount])
    }

    pub(super) fn or64(&mut self, x: Operand, y: Operand) -> Operand {
        self.op1(Op::Lop3 { lut: lut::OR, w64: true }, vec![x, y, Operand::Zero])
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn setp(
        &mut self,
        cmp: Cmp,
        signed: bool,
        w64: bool,
        x: Operand,
        y: Operand,
        bop: BoolOp,
        c: Operand,
    ) -> VReg {
        let p = self.f.new_reg(RegFile::P, PairMode::Single);
        let x = Operand::Reg(self.in_reg(x, w64));
        self.op(Op::ISetp { cmp, signed, w64, bop }, vec![Operand::Reg(p)], vec![x, y, c]);
        p
    }

    pub(super) fn put(&mut self, d: &[Operand], lo: Operand, hi: Operand) {
        self.op(Op::Mov { w64: true }, vec![d[0].clone()], vec![lo]);
        self.op(Op::Mov { w64: true }, vec![d[1].clone()], vec![hi]);
    }

    /// Whether `v` (an instruction or constant expression with opcode `opc`) involves i128.
    pub(super) fn involves_i128(v: V, opc: O) -> bool {
        if matches!(opc, O::LLVMSelect | O::LLVMGetElementPtr | O::LLVMPHI) {
            return false;
        }
        let is = |x: V| ffi::classify(ffi::type_of(x)) == Ty::I128;
        is(v)
            || (ffi::num_operands(v) > 0 && is(ffi::operand(v, 0)))
            || (ffi::num_operands(v) > 1 && is(ffi::operand(v, 1)))
    }

    /// Lowers an instruction (or constant expression) that has an i128 result or operand.
    pub(super) fn lower_i128(&mut self, v: V, opc: O, d: &[Operand]) -> Result<()> {
        let refuse = |s: &Self| s.err(format!("instruction '{}'", ffi::value_string(v)));
        let a = self.get(ffi::operand(v, 0))?;
        let sty = ffi::classify(ffi::type_of(ffi::operand(v, 0)));
        let rty = ffi::classify(ffi::type_of(v));
        if opc == O::LLVMBitCast {
            let (src, dst) = (sty.scalars(), rty.scalars());
            if src.len() != dst.len() {
                return self.lower_repack_bitcast(v, &src, &dst, &a, d);
            }
            if src.iter().chain(&dst).any(|t| !matches!(t, Ty::Int(64) | Ty::F64)) || a.len() != d.len() {
                return Err(refuse(self));
            }
            for (x, y) in a.iter().zip(d) {
                self.op(Op::Mov { w64: true }, vec![y.clone()], vec![x.clone()]);
            }
            return Ok(());
        }
        match opc {
            O::LLVMZExt | O::LLVMSExt if rty == Ty::I128 => return self.i128_extend(v, opc == O::LLVMSExt, &sty, a, d),
            O::LLVMTrunc if sty == Ty::I128 => return self.i128_trunc(&rty, a, d),
            O::LLVMICmp if sty == Ty::I128 => {
                let b = self.get(ffi::operand(v, 1))?;
                return self.i128_cmp(ffi::icmp_predicate(v), &a, &b, d);
            }
            _ => {}
        }
        if rty != Ty::I128 || a.len() != 2 || d.len() != 2 {
            return Err(refuse(self));
        }
        let b = self.get(ffi::operand(v, 1))?;
        if b.len() != 2 {
            return Err(refuse(self));
        }
        let (alo, ahi, blo, bhi) = (a[0].clone(), a[1].clone(), b[0].clone(), b[1].clone());
        match opc {
            O::LLVMAdd => self.i128_add(&[alo, ahi], &[blo, bhi], d),
            O::LLVMSub => self.i128_sub(&[alo, ahi], &[blo, bhi], d),
            O::LLVMMul => {
                let alo = self.r64(alo);
                let lo =
                    self.op1(Op::IMad { kind: MadKind::Lo, w64: true }, vec![alo.clone(), blo.clone(), Operand::Zero]);
                let h = self.op1(
                    Op::IMad { kind: MadKind::Hi { signed: false }, w64: true },
                    vec![alo.clone(), blo.clone(), Operand::Zero],
                );
                let t = self.op1(Op::IMad { kind: MadKind::Lo, w64: true }, vec![alo, bhi, h]);
                let ahi = self.r64(ahi);
                let hi = self.op1(Op::IMad { kind: MadKind::Lo, w64: true }, vec![ahi, blo, t]);
                self.put(d, lo, hi);
            }
            O::LLVMAnd | O::LLVMOr | O::LLVMXor => {
                let l = match opc {
                    O::LLVMAnd => lut::AND,
                    O::LLVMOr => lut::OR,
                    _ => lut::XOR,
                };
                let lo = self.op1(Op::Lop3 { lut: l, w64: true }, vec![alo, blo, Operand::Zero]);
                let hi = self.op1(Op::Lop3 { lut: l, w64: true }, vec![ahi, bhi, Operand::Zero]);
                self.put(d, lo, hi);
            }
            O::LLVMShl | O::LLVMLShr | O::LLVMAShr => self.i128_shift(opc, alo, ahi, blo, d)?,
            _ => return Err(refuse(self)),
        }
        Ok(())
    }

    fn i128_extend(&mut self, v: V, signed: bool, sty: &Ty, a: Vec<Operand>, d: &[Operand]) -> Result<()> {
        let x = a.into_iter().next().ok_or_else(|| self.err("extension without an operand"))?;
        let lo = match sty {
            Ty::I1 => {
                let p = self.pred(x);
                let one = if signed { u64::MAX } else { 1 };
                self.op1(Op::Sel { w64: true }, vec![Operand::Imm(one), Operand::Imm(0), Operand::Reg(p)])
            }
            Ty::Int(64) => x,
            Ty::Int(b @ 2..=32) => {
                let n = self.norm(x, *b, signed);
                let (from, to) = if signed { (NumTy::S32, NumTy::S64) } else { (NumTy::U32, NumTy::U64) };
                self.op1(Op::Cvt { from, to, round: Round::Rn }, vec![n])
            }
            // An odd width above 32 bits: extended within its 64-bit register.
            Ty::Int(b @ 33..=63) => self.norm(x, *b, signed),
            _ => return Err(self.err(format!("instruction '{}'", ffi::value_string(v)))),
        };
        let hi = if signed { self.shf(false, true, lo.clone(), Operand::Imm(63)) } else { Operand::Imm(0) };
        self.put(d, lo, hi);
        Ok(())
    }

    fn i128_trunc(&mut self, rty: &Ty, a: Vec<Operand>, d: &[Operand]) -> Result<()> {
        let lo = a.into_iter().next().ok_or_else(|| self.err("trunc without an operand"))?;
        let dst = d.first().cloned().ok_or_else(|| self.err("trunc without a result"))?;
        match rty {
            Ty::Int(64) => self.op(Op::Mov { w64: true }, vec![dst], vec![lo]),
            // Narrow and odd widths carry any high bits in their register (`norm` at each use).
            Ty::Int(2..=32) => {
                self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![dst], vec![lo])
            }
            Ty::Int(33..=63) => self.op(Op::Mov { w64: true }, vec![dst], vec![lo]),
            Ty::I1 => {
                let t = self.op1(Op::Lop3 { lut: lut::AND, w64: true }, vec![lo, Operand::Imm(1), Operand::Zero]);
                let t = self.r64(t);
                self.op(
                    Op::ISetp { cmp: Cmp::Ne, signed: false, w64: true, bop: BoolOp::And },
                    vec![dst],
                    vec![t, Operand::Imm(0), Operand::True],
                );
            }
            other => return Err(self.err(format!("trunc of i128 to {other:?}"))),
        }
        Ok(())
    }

    /// `d = a + b` on halves: the low halves, then the high halves plus the carry (`lo < a.lo`).
    pub(super) fn i128_add(&mut self, a: &[Operand; 2], b: &[Operand; 2], d: &[Operand]) {
        let [alo, ahi] = a.clone();
        let [blo, bhi] = b.clone();
        let lo = self.op1(Op::IAdd3 { neg_b: false, w64: true }, vec![alo.clone(), blo, Operand::Zero]);
        let p = self.setp(Cmp::Lt, false, true, lo.clone(), alo, BoolOp::And, Operand::True);
        let c = self.op1(Op::Sel { w64: true }, vec![Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)]);
        let hi = self.op1(Op::IAdd3 { neg_b: false, w64: true }, vec![ahi, bhi, c]);
        self.put(d, lo, hi);
    }

    /// `d = a - b` on halves: the low halves, then the high halves minus the borrow
    /// (`a.lo < b.lo`).
    pub(super) fn i128_sub(&mut self, a: &[Operand; 2], b: &[Operand; 2], d: &[Operand]) {
        let [alo, ahi] = a.clone();
        let [blo, bhi] = b.clone();
        let lo = self.op1(Op::IAdd3 { neg_b: true, w64: true }, vec![alo.clone(), blo.clone(), Operand::Zero]);
        let p = self.setp(Cmp::Lt, false, true, alo, blo, BoolOp::And, Operand::True);
        let c = self.op1(Op::Sel { w64: true }, vec![Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)]);
        let h = self.op1(Op::IAdd3 { neg_b: true, w64: true }, vec![ahi, bhi, Operand::Zero]);
        let hi = self.op1(Op::IAdd3 { neg_b: true, w64: true }, vec![h, c, Operand::Zero]);
        self.put(d, lo, hi);
    }

    pub(super) fn i128_cmp(&mut self, pred: IP, a: &[Operand], b: &[Operand], d: &[Operand]) -> Result<()> {
        let (Some(dst), true, true) = (d.first().cloned(), a.len() == 2, b.len() == 2) else {
            return Err(self.err("i128 comparison operands"));
        };
        let (alo, ahi, blo, bhi) = (a[0].clone(), a[1].clone(), b[0].clone(), b[1].clone());
        let (strict, inclusive, signed) = match pred {
            IP::LLVMIntEQ | IP::LLVMIntNE => {
                let (cmp, bop) = if pred == IP::LLVMIntEQ { (Cmp::Eq, BoolOp::And) } else { (Cmp::Ne, BoolOp::Or) };
                let p = self.setp(cmp, false, true, alo, blo, BoolOp::And, Operand::True);
                let ahi = self.r64(ahi);
                self.op(Op::ISetp { cmp, signed: false, w64: true, bop }, vec![dst], vec![ahi, bhi, Operand::Reg(p)]);
                return Ok(());
            }
            IP::LLVMIntUGT => (Cmp::Gt, Cmp::Gt, false),
            IP::LLVMIntUGE => (Cmp::Gt, Cmp::Ge, false),
            IP::LLVMIntULT => (Cmp::Lt, Cmp::Lt, false),
            IP::LLVMIntULE => (Cmp::Lt, Cmp::Le, false),
            IP::LLVMIntSGT => (Cmp::Gt, Cmp::Gt, true),
            IP::LLVMIntSGE => (Cmp::Gt, Cmp::Ge, true),
            IP::LLVMIntSLT => (Cmp::Lt, Cmp::Lt, true),
            IP::LLVMIntSLE => (Cmp::Lt, Cmp::Le, true),
        };
        // (hi strictly ordered) || (hi equal && lo ordered, unsigned).
        let p_hi = self.setp(strict, signed, true, ahi.clone(), bhi.clone(), BoolOp::And, Operand::True);
        let p_eq = self.setp(Cmp::Eq, false, true, ahi, bhi, BoolOp::And, Operand::True);
        let p_lo = self.setp(inclusive, false, true, alo, blo, BoolOp::And, Operand::Reg(p_eq));
        self.op(Op::PLop3 { lut: lut::OR }, vec![dst], vec![Operand::Reg(p_hi), Operand::Reg(p_lo), Operand::True]);
        Ok(())
    }

    pub(super) fn i128_shift(
        &mut self,
        opc: O,
        alo: Operand,
        ahi: Operand,
        amount: Operand,
        d: &[Operand],
    ) -> Result<()> {
        let (left, signed) = (opc == O::LLVMShl, opc == O::LLVMAShr);
        // `from` is the half whose bits cross into the other (`lo` for shl, `hi` for shifts
        // right), `into` the other one. `near` (the result's `from` half) is `from` shifted; the
        // `far` half is `into` shifted with the crossing bits of `from`, or `from` shifted by
        // amount - 64 once the amount reaches 64.
        let (from, into) = if left { (alo, ahi) } else { (ahi, alo) };
        if let Operand::Imm(k) = amount {
            // Amounts of 128 or more are poison: any result will do.
            let k = k & 127;
            let (near, far) = if k == 0 {
                (from.clone(), into.clone())
            } else if k < 64 {
                let near = self.shf(left, signed, from.clone(), Operand::Imm(k));
                let a = self.shf(left, false, into, Operand::Imm(k));
                let b = self.shf(!left, false, from, Operand::Imm(64 - k));
                (near, self.or64(a, b))
            } else {
                let near = self.shf(left, signed, from.clone(), Operand::Imm(64));
                (near, self.shf(left, signed, from, Operand::Imm(k - 64)))
            };
            let (lo, hi) = if left { (near, far) } else { (far, near) };
            self.put(d, lo, hi);
            return Ok(());
        }
        let s = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![Operand::Reg(s)], vec![amount]);
        let s = Operand::Reg(s);
        let inv = Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Single));
        self.op(
            Op::IAdd3 { neg_b: true, w64: false },
            vec![inv.clone()],
            vec![Operand::Imm(64), s.clone(), Operand::Zero],
        );
        let over = Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Single));
        self.op(
            Op::IAdd3 { neg_b: true, w64: false },
            vec![over.clone()],
            vec![s.clone(), Operand::Imm(64), Operand::Zero],
        );
        let big = self.setp(Cmp::Ge, false, false, s.clone(), Operand::Imm(64), BoolOp::And, Operand::True);
        // The half shifted straight (0 or the sign once the amount reaches 64).
        let near = self.shf(left, signed, from.clone(), s.clone());
        // The other half: the funnel below 64, `from` shifted by amount - 64 above.
        let a = self.shf(left, false, into, s);
        let b = self.shf(!left, false, from.clone(), inv);
        let funnel = self.or64(a, b);
        let beyond = self.shf(left, signed, from, over);
        let far = self.op1(Op::Sel { w64: true }, vec![beyond, funnel, Operand::Reg(big)]);
        let (lo, hi) = if left { (near, far) } else { (far, near) };
        self.put(d, lo, hi);
        Ok(())
    }
}
