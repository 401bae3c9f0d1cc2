//! Instruction selection proper: one LLVM instruction → Ori instructions (see `mod.rs` for the
//! value representation).

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::{Bix, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, FCmp, FTy, MadKind, NumTy, Op, Round, Space, lut};
use anyhow::Result;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::{LLVMIntPredicate as IP, LLVMRealPredicate as RP};

pub(super) fn reg(r: VReg) -> Operand {
    Operand::Reg(r)
}

pub(super) fn fty(t: &Ty) -> Option<FTy> {
    match t {
        Ty::F16 => Some(FTy::F16),
        Ty::BF16 => Some(FTy::BF16),
        Ty::F32 => Some(FTy::F32),
        Ty::F64 => Some(FTy::F64),
        _ => None,
    }
}

/// Integer width of a scalar type (pointers are 64-bit).
pub(super) fn ibits(t: &Ty) -> Option<u32> {
    match t {
        Ty::Int(b) => Some(*b),
        Ty::Ptr(_) => Some(64),
        _ => None,
    }
}

pub(super) fn int_ty(bits: u32, signed: bool) -> NumTy {
    match (bits, signed) {
        (8, false) => NumTy::U8,
        (8, true) => NumTy::S8,
        (16, false) => NumTy::U16,
        (16, true) => NumTy::S16,
        (32, false) => NumTy::U32,
        (32, true) => NumTy::S32,
        (_, false) => NumTy::U64,
        (_, true) => NumTy::S64,
    }
}

pub(super) fn float_num(t: FTy) -> NumTy {
    match t {
        FTy::F16 | FTy::F16x2 => NumTy::F16,
        FTy::BF16 => NumTy::BF16,
        FTy::F32 => NumTy::F32,
        FTy::F64 => NumTy::F64,
    }
}

impl FnLowering<'_> {
    /// The operands of a value, materializing constants and constant expressions at the current
    /// position when they need registers.
    pub(super) fn get(&mut self, v: V) -> Result<Vec<Operand>> {
        if let Some(ops) = self.vals.get(&v) {
            return Ok(ops.clone());
        }
        let ty = ffi::classify(ffi::type_of(v));
        if ffi::is_undef_or_poison(v) || (ffi::is_null_constant(v) && !matches!(ty, Ty::I1)) {
            return ty.scalars().iter().map(|s| self.const_scalar(s, 0)).collect();
        }
        if ffi::is_constant_int(v) {
            if ty == Ty::I128 {
                let (lo, hi) = super::int128::const_halves(v)
                    .ok_or_else(|| self.err(format!("constant {}", ffi::value_string(v))))?;
                return Ok(vec![Operand::Imm(lo), Operand::Imm(hi)]);
            }
            return Ok(vec![self.const_scalar(&ty, ffi::const_int(v))?]);
        }
        if ffi::is_constant_fp(v) {
            let d = ffi::const_fp(v);
            let bits = match ty {
                Ty::F32 => (d as f32).to_bits() as u64,
                Ty::F64 => d.to_bits(),
                // `half 0xH3800`, `bfloat 0xR3F80`: the printed form carries the exact bits.
                Ty::F16 | Ty::BF16 => {
                    let text = ffi::value_string(v);
                    let hex = text.rsplit(if ty == Ty::F16 { "0xH" } else { "0xR" }).next().unwrap_or("");
                    u64::from_str_radix(hex.trim(), 16).map_err(|_| self.err(format!("constant {text}")))?
                }
                _ => return Err(self.err(format!("constant {}", ffi::value_string(v)))),
            };
            return Ok(vec![Operand::Imm(bits)]);
        }
        if ffi::is_null_constant(v) {
            return Ok(vec![self.const_scalar(&ty, 0)?]);
        }
        // A `.texref`/`.surfref` variable has no storage (`texsurf.rs`).
        self.refuse_handle_variable(v)?;
        if ffi::is_global_variable(v) || ffi::is_function(v) {
            // A variable's or a function's address (`mov.u64 %rd, sym`).
            let d = self.f.new_reg(RegFile::R, PairMode::Pair);
            self.op(Op::Mov { w64: true }, vec![reg(d)], vec![Operand::Symbol(self.syms.name(v))]);
            if ffi::is_global_variable(v) && ty == Ty::Ptr(0) {
                // A variable in the generic address space lives in `.global`: its LLVM value is
                // the generic address of the symbol.
                let g = self.f.new_reg(RegFile::R, PairMode::Pair);
                self.op(Op::Cvta { space: Space::Global, to_generic: true }, vec![reg(g)], vec![reg(d)]);
                return Ok(vec![reg(g)]);
            }
            return Ok(vec![reg(d)]);
        }
        if ffi::is_constant_expr(v) {
            let regs = self.regs_for(&ty)?;
            let ops: Vec<Operand> = regs.into_iter().map(reg).collect();
            self.lower_expr(v, ffi::const_opcode(v), &ops)?;
            return Ok(ops);
        }
        if let Some(n) = ffi::constant_aggregate_len(v) {
            // Struct and array literals: their elements' operands in order (`Ty::scalars`).
            let mut out = Vec::new();
            for i in 0..n {
                let e = ffi::aggregate_element(v, i).ok_or_else(|| self.err("aggregate constant"))?;
                out.extend(self.get(e)?);
            }
            return Ok(out);
        }
        if ffi::is_constant_vector_like(v) {
            let n = ty.scalars().len() as u32;
            let mut out = Vec::new();
            for i in 0..n {
                let e = ffi::aggregate_element(v, i).ok_or_else(|| self.err("vector constant"))?;
                out.extend(self.get(e)?);
            }
            return Ok(out);
        }
        Err(self.err(format!("value {}", ffi::value_string(v))))
    }

    pub(super) fn get1(&mut self, v: V) -> Result<Operand> {
        let mut ops = self.get(v)?;
        if ops.len() != 1 {
            return Err(self.err(format!("vector operand {}", ffi::value_string(v))));
        }
        Ok(ops.pop().unwrap())
    }

    /// A scalar constant as an operand; i1 constants are materialized into a predicate.
    pub(super) fn const_scalar(&mut self, t: &Ty, value: u64) -> Result<Operand> {
        match t {
            Ty::I1 => {
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                let l = if value & 1 != 0 { 0xFF } else { 0x00 };
                self.op(Op::PLop3 { lut: l }, vec![reg(p)], vec![Operand::True, Operand::True, Operand::True]);
                Ok(reg(p))
            }
            Ty::Int(_) | Ty::Ptr(_) | Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64 => Ok(Operand::Imm(value)),
            other => Err(self.err(format!("constant of type {other:?}"))),
        }
    }

    /// An operand as a register (immediates are moved into one).
    pub(super) fn in_reg(&mut self, o: Operand, w64: bool) -> VReg {
        match o {
            Operand::Reg(r) => r,
            other => {
                let d = self.f.new_reg(RegFile::R, if w64 { PairMode::Pair } else { PairMode::Single });
                self.op(Op::Mov { w64 }, vec![reg(d)], vec![other]);
                d
            }
        }
    }

    /// A predicate operand as a P register.
    pub(super) fn pred(&mut self, o: Operand) -> VReg {
        match o {
            Operand::Reg(r) => r,
            _ => {
                let p = self.f.new_reg(RegFile::P, PairMode::Single);
                self.op(Op::PLop3 { lut: 0xFF }, vec![reg(p)], vec![Operand::True, Operand::True, Operand::True]);
                p
            }
        }
    }

    /// Normalizes a narrow (8/16-bit) integer held in a 32-bit register: zero- or sign-extends it
    /// so the high bits are defined. 32/64-bit values pass through.
    pub(super) fn norm(&mut self, o: Operand, bits: u32, signed: bool) -> Operand {
        if super::odd_ints::is_odd(bits) {
            return self.norm_odd(o, bits, signed);
        }
        if bits >= 32 {
            return o;
        }
        match o {
            Operand::Imm(v) => {
                let mask = (1u64 << bits) - 1;
                let v = v & mask;
                let v = if signed && v >> (bits - 1) & 1 == 1 { (v | !mask) & 0xFFFF_FFFF } else { v };
                Operand::Imm(v)
            }
            other => {
                let d = self.f.new_reg(RegFile::R, PairMode::Single);
                let to = int_ty(32, signed);
                self.op(Op::Cvt { from: int_ty(bits, signed), to, round: Round::Rn }, vec![reg(d)], vec![other]);
                reg(d)
            }
        }
    }

    fn dsts(&self, v: V) -> Vec<Operand> {
        self.vals.get(&v).cloned().unwrap_or_default()
    }

    /// Lowers one instruction. `next` is the block that follows in layout (fall-through).
    pub(super) fn lower_inst(&mut self, v: V, next: Bix, nblocks: usize) -> Result<()> {
        let opc = ffi::opcode(v);
        let d = self.dsts(v);
        if self.lower_half2(v, &d)? {
            return Ok(());
        }
        match opc {
            O::LLVMAlloca if super::stack::is_dynamic_alloca(v) => self.lower_dynamic_alloca(v, &d),
            O::LLVMAlloca => Ok(()),
            O::LLVMPHI => self.lower_phi(v, &d),
            O::LLVMRet => {
                if self.f.is_kernel {
                    if ffi::num_operands(v) > 0 {
                        return Err(self.err("return value of a kernel"));
                    }
                    self.op(Op::Exit, vec![], vec![]);
                    return Ok(());
                }
                self.lower_return(v)
            }
            O::LLVMUnreachable => {
                self.op(Op::Exit, vec![], vec![]);
                Ok(())
            }
            O::LLVMBr => {
                let succ = ffi::successors(v);
                if ffi::is_conditional(v) {
                    let c = self.get1(ffi::condition(v))?;
                    let p = self.pred(c);
                    let (t, f) = (self.blocks[&succ[0]], self.blocks[&succ[1]]);
                    let has_next = next.idx() < nblocks;
                    let bra = |target: Bix, negated: bool| Inst {
                        guard: Some(Guard { pred: p, negated }),
                        ..Inst::new(Op::Bra, vec![], vec![Operand::Label(target)])
                    };
                    if has_next && t == next {
                        // Fall into the taken block; branch away when the condition is false.
                        self.emit(bra(f, true));
                    } else {
                        self.emit(bra(t, false));
                        if f != next || !has_next {
                            self.op(Op::Bra, vec![], vec![Operand::Label(f)]);
                        }
                    }
                } else {
                    let t = self.blocks[&succ[0]];
                    if t != next || next.idx() >= nblocks {
                        self.op(Op::Bra, vec![], vec![Operand::Label(t)]);
                    }
                }
                Ok(())
            }
            O::LLVMSwitch => self.lower_switch(v, next, nblocks),
            O::LLVMFreeze => {
                let s = self.get(ffi::operand(v, 0))?;
                self.copy_all(&d, &s, &ffi::classify(ffi::type_of(v)));
                Ok(())
            }
            O::LLVMLoad => self.lower_load(v, &d),
            O::LLVMStore => self.lower_store(v),
            O::LLVMCall => self.lower_call(v, &d),
            O::LLVMAtomicRMW => self.lower_atomic_rmw(v, &d),
            O::LLVMAtomicCmpXchg => self.lower_cmpxchg(v, &d),
            O::LLVMFence => {
                self.op(Op::Membar { gpu: true }, vec![], vec![]);
                Ok(())
            }
            O::LLVMExtractValue => self.lower_extractvalue(v, &d),
            O::LLVMInsertValue => self.lower_insertvalue(v, &d),
            O::LLVMExtractElement => {
                let vecv = self.get(ffi::operand(v, 0))?;
                let i = ffi::operand(v, 1);
                if !ffi::is_constant_int(i) {
                    return self.extract_variable(v, &d);
                }
                // An index past the end yields poison: any value will do (zero).
                let ty = ffi::classify(ffi::type_of(v));
                let e = match vecv.get(ffi::const_int(i) as usize) {
                    Some(e) => e.clone(),
                    None => self.const_scalar(&ty, 0)?,
                };
                self.copy_all(&d, &[e], &ty);
                Ok(())
            }
            O::LLVMInsertElement => {
                let mut vecv = self.get(ffi::operand(v, 0))?;
                let e = self.get1(ffi::operand(v, 1))?;
                let i = ffi::operand(v, 2);
                if !ffi::is_constant_int(i) {
                    return self.insert_variable(v, &d);
                }
                // An index past the end makes the whole result poison: keep the vector as is.
                if let Some(slot) = vecv.get_mut(ffi::const_int(i) as usize) {
                    *slot = e;
                }
                let Ty::Vector(et, _) = ffi::classify(ffi::type_of(v)) else { unreachable!() };
                for (dd, s) in d.iter().zip(vecv) {
                    self.copy_all(std::slice::from_ref(dd), &[s], &et);
                }
                Ok(())
            }
            O::LLVMShuffleVector => {
                let a = self.get(ffi::operand(v, 0))?;
                let b = self.get(ffi::operand(v, 1))?;
                let Ty::Vector(et, n) = ffi::classify(ffi::type_of(v)) else { unreachable!() };
                for k in 0..n {
                    let m = unsafe { llvm_sys::core::LLVMGetMaskValue(v.0, k) };
                    let src = if m < 0 {
                        Operand::Imm(0)
                    } else if (m as usize) < a.len() {
                        a[m as usize].clone()
                    } else {
                        b[m as usize - a.len()].clone()
                    };
                    self.copy_all(&d[k as usize..k as usize + 1], &[src], &et);
                }
                Ok(())
            }
            _ => self.lower_expr(v, opc, &d),
        }
    }

    /// Copies scalars `src` into `dst` registers of scalar type `t` (vectors element-wise).
    pub(super) fn copy_all(&mut self, dst: &[Operand], src: &[Operand], t: &Ty) {
        let scal = t.scalars();
        for (k, (dd, s)) in dst.iter().zip(src).enumerate() {
            let st = scal.get(k).cloned().unwrap_or(Ty::Int(32));
            if st == Ty::I1 {
                self.op(Op::PLop3 { lut: 0xF0 }, vec![dd.clone()], vec![s.clone(), Operand::True, Operand::True]);
            } else {
                let w64 = is_w64(&st);
                self.op(Op::Mov { w64 }, vec![dd.clone()], vec![s.clone()]);
            }
        }
    }

    /// Arithmetic, comparisons, casts and GEPs — shared by instructions and constant expressions.
    pub(super) fn lower_expr(&mut self, v: V, opc: O, d: &[Operand]) -> Result<()> {
        if Self::involves_i128(v, opc) {
            return self.lower_i128(v, opc, d);
        }
        let rty = ffi::classify(ffi::type_of(v));
        match opc {
            O::LLVMGetElementPtr => return self.lower_gep(v, d),
            O::LLVMICmp | O::LLVMFCmp => {
                let a = self.get(ffi::operand(v, 0))?;
                let b = self.get(ffi::operand(v, 1))?;
                let oty = ffi::classify(ffi::type_of(ffi::operand(v, 0)));
                let et = oty.scalars()[0].clone();
                for k in 0..d.len() {
                    self.lower_cmp(v, opc, &et, a[k].clone(), b[k].clone(), d[k].clone())?;
                }
                return Ok(());
            }
            O::LLVMSelect => {
                let c = self.get(ffi::operand(v, 0))?;
                let a = self.ptr_input(v, ffi::operand(v, 1))?;
                let b = self.ptr_input(v, ffi::operand(v, 2))?;
                let scal = rty.scalars();
                for k in 0..d.len() {
                    let ck = if c.len() == 1 { c[0].clone() } else { c[k].clone() };
                    let p = self.pred(ck);
                    if scal[k] == Ty::I1 {
                        // `select c, x, false` is LLVM's logical and, `select c, true, y` its or:
                        // a constant arm is folded into the LUT (the slot reads PT).
                        let mut l = 0xCA;
                        let mut arm = |s: &mut Self, slot: usize, v: V, o: Operand| -> Operand {
                            match ffi::is_constant_int(v).then(|| ffi::const_int(v) & 1 != 0) {
                                Some(value) => {
                                    l = lut::with_input(l, slot, value);
                                    Operand::True
                                }
                                None => reg(s.pred(o)),
                            }
                        };
                        let x = arm(self, 1, ffi::operand(v, 1), a[k].clone());
                        let y = arm(self, 2, ffi::operand(v, 2), b[k].clone());
                        self.op(Op::PLop3 { lut: l }, vec![d[k].clone()], vec![reg(p), x, y]);
                    } else {
                        let w64 = is_w64(&scal[k]);
                        self.op(Op::Sel { w64 }, vec![d[k].clone()], vec![a[k].clone(), b[k].clone(), reg(p)]);
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        let nops = ffi::num_operands(v);
        let a = self.get(ffi::operand(v, 0))?;
        let b = if nops > 1 && is_binop(opc) { Some(self.get(ffi::operand(v, 1))?) } else { None };
        let sty = ffi::classify(ffi::type_of(ffi::operand(v, 0)));
        let (src_scal, dst_scal) = (sty.scalars(), rty.scalars());
        if opc == O::LLVMBitCast && src_scal.len() != dst_scal.len() {
            return self.lower_repack_bitcast(v, &src_scal, &dst_scal, &a, d);
        }
        if a.len() < d.len() || b.as_ref().is_some_and(|b| b.len() < d.len()) || src_scal.len() < d.len() {
            return Err(self.err(format!("instruction '{}'", ffi::value_string(v))));
        }
        for k in 0..d.len() {
            let bk = b.as_ref().map(|b| b[k].clone());
            self.lower_scalar(v, opc, &src_scal[k], &dst_scal[k], a[k].clone(), bk, d[k].clone())?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_scalar(
        &mut self,
        v: V,
        opc: O,
        st: &Ty,
        dt: &Ty,
        a: Operand,
        b: Option<Operand>,
        d: Operand,
    ) -> Result<()> {
        let b = || b.clone().unwrap_or(Operand::Zero);
        if *dt == Ty::I1 && is_binop(opc) {
            let (x, y) = (self.pred(a), self.pred(b()));
            let l = match opc {
                O::LLVMAnd | O::LLVMMul => lut::AND,
                O::LLVMOr => lut::OR,
                O::LLVMXor | O::LLVMAdd | O::LLVMSub => lut::XOR,
                _ => return Err(self.err(format!("i1 {}", ffi::value_string(v)))),
            };
            self.op(Op::PLop3 { lut: l }, vec![d], vec![reg(x), reg(y), Operand::True]);
            return Ok(());
        }
        if let (Some(bits), true) = (ibits(dt), is_binop(opc)) {
            let w64 = bits > 32;
            let amount = |s: &mut Self, o: Operand| -> Operand {
                // Shift amounts: the low 32 bits of a 64-bit amount; narrow amounts normalized.
                match o {
                    Operand::Imm(x) => Operand::Imm(x),
                    r if w64 => {
                        let t = s.f.new_reg(RegFile::R, PairMode::Single);
                        s.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, vec![reg(t)], vec![r]);
                        reg(t)
                    }
                    r => s.norm(r, bits, false),
                }
            };
            match opc {
                O::LLVMAdd => self.op(Op::IAdd3 { neg_b: false, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMSub => self.op(Op::IAdd3 { neg_b: true, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMMul if let Some((x, y, signed)) = wide_multiply(v).filter(|_| bits == 64) => {
                    // sext·sext / zext·zext of 32-bit values: one 32×32→64 IMAD.WIDE
                    // (`mul.wide.s32`/`.u32`, llc's selection), not a 64-bit multiply.
                    let low = |o: Operand| if let Operand::Imm(c) = o { Operand::Imm(c & 0xFFFF_FFFF) } else { o };
                    let (x, y) = (low(self.get1(x)?), low(self.get1(y)?));
                    self.op(Op::IMad { kind: MadKind::Wide { signed }, w64: false }, vec![d], vec![x, y, Operand::Zero])
                }
                O::LLVMMul => self.op(Op::IMad { kind: MadKind::Lo, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMAnd => self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMOr => self.op(Op::Lop3 { lut: lut::OR, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMXor => self.op(Op::Lop3 { lut: lut::XOR, w64 }, vec![d], vec![a, b(), Operand::Zero]),
                O::LLVMShl => {
                    let s = amount(self, b());
                    self.op(Op::Shf { left: true, signed: false, w64 }, vec![d], vec![a, s]);
                }
                O::LLVMLShr | O::LLVMAShr => {
                    let signed = opc == O::LLVMAShr;
                    let x = self.norm(a, bits, signed);
                    let s = amount(self, b());
                    self.op(Op::Shf { left: false, signed, w64 }, vec![d], vec![x, s]);
                }
                O::LLVMUDiv | O::LLVMSDiv | O::LLVMURem | O::LLVMSRem => {
                    let signed = matches!(opc, O::LLVMSDiv | O::LLVMSRem);
                    let rem = matches!(opc, O::LLVMURem | O::LLVMSRem);
                    let (x, y) = (self.norm(a, bits, signed), self.norm(b(), bits, signed));
                    if !self.lower_div_by_constant(signed, rem, w64, &x, &y, &d) {
                        self.op(Op::IDiv { signed, rem, w64 }, vec![d], vec![x, y]);
                    }
                }
                _ => return Err(self.err(format!("instruction '{}'", ffi::value_string(v)))),
            }
            return Ok(());
        }
        if let (Some(t), true) = (fty(dt), is_binop(opc) || opc == O::LLVMFNeg) {
            match opc {
                O::LLVMFAdd => self.op(Op::FAdd { ty: t, ftz: false }, vec![d], vec![a, b()]),
                // a - b is a + (-b) with one rounding (signed zeros included); a constant b is
                // negated here rather than by a NEG at run time.
                O::LLVMFSub => match b() {
                    Operand::Imm(x) => {
                        self.op(Op::FAdd { ty: t, ftz: false }, vec![d], vec![a, Operand::Imm(x ^ sign_bit(t))])
                    }
                    Operand::Zero => {
                        self.op(Op::FAdd { ty: t, ftz: false }, vec![d], vec![a, Operand::Imm(sign_bit(t))])
                    }
                    nb => {
                        let n = self.reg_for(dt)?;
                        self.op(Op::FNeg { ty: t }, vec![reg(n)], vec![nb]);
                        self.op(Op::FAdd { ty: t, ftz: false }, vec![d], vec![a, reg(n)]);
                    }
                },
                O::LLVMFMul => self.op(Op::FMul { ty: t, ftz: false }, vec![d], vec![a, b()]),
                O::LLVMFDiv => self.op(Op::FDiv { ty: t, exact: true, round: Round::Rn }, vec![d], vec![a, b()]),
                O::LLVMFNeg => self.op(Op::FNeg { ty: t }, vec![d], vec![a]),
                O::LLVMFRem => return self.lower_frem(v, t, a, b(), d),
                _ => return Err(self.err(format!("instruction '{}'", ffi::value_string(v)))),
            }
            return Ok(());
        }
        self.lower_cast(v, opc, st, dt, a, d)
    }

    fn lower_cast(&mut self, v: V, opc: O, st: &Ty, dt: &Ty, a: Operand, d: Operand) -> Result<()> {
        let cvt = |s: &mut Self, from: NumTy, to: NumTy, round: Round, x: Operand, y: Operand| {
            s.op(Op::Cvt { from, to, round }, vec![y], vec![x]);
        };
        match opc {
            O::LLVMZExt | O::LLVMSExt => {
                let signed = opc == O::LLVMSExt;
                let db = ibits(dt).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
                if *st == Ty::I1 {
                    let p = self.pred(a);
                    let one = if signed { if db > 32 { u64::MAX } else { (1u64 << db.min(32)) - 1 } } else { 1 };
                    self.op(Op::Sel { w64: db > 32 }, vec![d], vec![Operand::Imm(one), Operand::Imm(0), reg(p)]);
                    return Ok(());
                }
                let sb = ibits(st).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
                let x = self.norm(a, sb, signed);
                if sb > 32 {
                    self.op(Op::Mov { w64: true }, vec![d], vec![x]);
                } else if db > 32 {
                    cvt(self, int_ty(32, signed), int_ty(64, signed), Round::Rn, x, d);
                } else {
                    self.op(Op::Mov { w64: false }, vec![d], vec![x]);
                }
            }
            O::LLVMTrunc => {
                let sb = ibits(st).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
                if ibits(dt).is_some_and(|db| db > 32) {
                    // i64 -> i48 and the like: the register pair as it is.
                    self.op(Op::Mov { w64: true }, vec![d], vec![a]);
                    return Ok(());
                }
                let x = if let Some(narrow) = (sb > 32).then(|| self.zext_source(&a)).flatten() {
                    // trunc(zext x) is x: ctpop/ctlz/cttz.i64 widen a 32-bit count.
                    narrow
                } else if sb > 32 {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    cvt(self, NumTy::U64, NumTy::U32, Round::Rn, a, reg(t));
                    reg(t)
                } else {
                    a
                };
                if *dt == Ty::I1 {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(
                        Op::Lop3 { lut: lut::AND, w64: false },
                        vec![reg(t)],
                        vec![x, Operand::Imm(1), Operand::Zero],
                    );
                    self.op(
                        Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
                        vec![d],
                        vec![reg(t), Operand::Imm(0), Operand::True],
                    );
                } else {
                    self.op(Op::Mov { w64: false }, vec![d], vec![x]);
                }
            }
            O::LLVMFPExt | O::LLVMFPTrunc => {
                let (f, t) = (fty(st).unwrap(), fty(dt).unwrap());
                cvt(self, float_num(f), float_num(t), Round::Rn, a, d);
            }
            O::LLVMSIToFP | O::LLVMUIToFP => {
                let signed = opc == O::LLVMSIToFP;
                let t = fty(dt).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
                if *st == Ty::I1 {
                    let p = self.pred(a);
                    let one = match t {
                        FTy::F64 => 1f64.to_bits(),
                        FTy::F32 => 1f32.to_bits() as u64,
                        FTy::F16 | FTy::F16x2 => 0x3C00,
                        FTy::BF16 => 0x3F80,
                    };
                    let one = if signed { one ^ sign_bit(t) } else { one };
                    self.op(Op::Sel { w64: t == FTy::F64 }, vec![d], vec![Operand::Imm(one), Operand::Imm(0), reg(p)]);
                    return Ok(());
                }
                let sb = ibits(st).unwrap();
                let x = self.norm(a, sb, signed);
                cvt(self, int_ty(sb.max(32), signed), float_num(t), Round::Rn, x, d);
            }
            O::LLVMFPToSI | O::LLVMFPToUI => {
                let signed = opc == O::LLVMFPToSI;
                let f = fty(st).unwrap();
                if *dt == Ty::I1 {
                    // In range the value truncates to 0 or 1 (unsigned) / -1 (signed), anything
                    // else being poison: the truncated value tested against zero.
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    cvt(self, float_num(f), NumTy::S32, Round::Rz, a, reg(t));
                    self.op(
                        Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
                        vec![d],
                        vec![reg(t), Operand::Imm(0), Operand::True],
                    );
                    return Ok(());
                }
                let db = ibits(dt).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
                cvt(self, float_num(f), int_ty(db.max(32), signed), Round::Rz, a, d);
            }
            O::LLVMBitCast | O::LLVMPtrToInt | O::LLVMIntToPtr | O::LLVMAddrSpaceCast => {
                let (sb, db) = (scalar_bits(st), scalar_bits(dt));
                if opc == O::LLVMAddrSpaceCast {
                    let (Ty::Ptr(sa), Ty::Ptr(da)) = (st, dt) else { unreachable!() };
                    let space = |a: u32| Space::from_addrspace(a);
                    match (space(*sa), space(*da)) {
                        (Some(Space::Generic), Some(s)) if s != Space::Generic => {
                            self.op(Op::Cvta { space: s, to_generic: false }, vec![d], vec![a])
                        }
                        (Some(s), Some(Space::Generic)) if s != Space::Generic => {
                            self.op(Op::Cvta { space: s, to_generic: true }, vec![d], vec![a])
                        }
                        _ => self.op(Op::Mov { w64: true }, vec![d], vec![a]),
                    }
                } else if sb == db {
                    if *dt == Ty::I1 {
                        self.copy_all(&[d], &[a], dt);
                    } else {
                        self.op(Op::Mov { w64: db == 64 }, vec![d], vec![a]);
                    }
                } else if sb == 64 && db <= 32 {
                    cvt(self, NumTy::U64, NumTy::U32, Round::Rn, a, d);
                } else if sb <= 32 && db == 64 {
                    let x = self.norm(a, sb, false);
                    cvt(self, NumTy::U32, NumTy::U64, Round::Rn, x, d);
                } else {
                    return Err(self.err(format!("instruction '{}'", ffi::value_string(v))));
                }
            }
            _ => return Err(self.err(format!("instruction '{}'", ffi::value_string(v)))),
        }
        Ok(())
    }

    fn lower_cmp(&mut self, v: V, opc: O, et: &Ty, a: Operand, b: Operand, d: Operand) -> Result<()> {
        if opc == O::LLVMFCmp {
            let t = fty(et).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
            let cmp = match ffi::fcmp_predicate(v) {
                RP::LLVMRealOEQ => FCmp::Eq,
                RP::LLVMRealOGT => FCmp::Gt,
                RP::LLVMRealOGE => FCmp::Ge,
                RP::LLVMRealOLT => FCmp::Lt,
                RP::LLVMRealOLE => FCmp::Le,
                RP::LLVMRealONE => FCmp::Ne,
                RP::LLVMRealORD => FCmp::Num,
                RP::LLVMRealUEQ => FCmp::Equ,
                RP::LLVMRealUGT => FCmp::Gtu,
                RP::LLVMRealUGE => FCmp::Geu,
                RP::LLVMRealULT => FCmp::Ltu,
                RP::LLVMRealULE => FCmp::Leu,
                RP::LLVMRealUNE => FCmp::Neu,
                RP::LLVMRealUNO => FCmp::Nan,
                RP::LLVMRealPredicateTrue | RP::LLVMRealPredicateFalse => {
                    let l = if ffi::fcmp_predicate(v) == RP::LLVMRealPredicateTrue { 0xFF } else { 0 };
                    self.op(Op::PLop3 { lut: l }, vec![d], vec![Operand::True, Operand::True, Operand::True]);
                    return Ok(());
                }
            };
            self.op(Op::FSetp { cmp, ty: t, bop: BoolOp::And }, vec![d], vec![a, b, Operand::True]);
            return Ok(());
        }
        let pred = ffi::icmp_predicate(v);
        if *et == Ty::I1 {
            let (x, y) = (self.pred(a), self.pred(b));
            // On booleans (true = 1 unsigned, -1 signed): eq/ne and the orderings as logic.
            let l = match pred {
                IP::LLVMIntEQ => !lut::XOR,
                IP::LLVMIntNE => lut::XOR,
                IP::LLVMIntUGT | IP::LLVMIntSLT => 0xF0 & !0xCC,
                IP::LLVMIntULT | IP::LLVMIntSGT => !0xF0 & 0xCC,
                IP::LLVMIntUGE | IP::LLVMIntSLE => 0xF0 | !0xCC,
                IP::LLVMIntULE | IP::LLVMIntSGE => !0xF0 | 0xCC,
            };
            self.op(Op::PLop3 { lut: l }, vec![d], vec![reg(x), reg(y), Operand::True]);
            return Ok(());
        }
        let bits = ibits(et).ok_or_else(|| self.err(format!("instruction '{}'", ffi::value_string(v))))?;
        let (cmp, signed) = match pred {
            IP::LLVMIntEQ => (Cmp::Eq, false),
            IP::LLVMIntNE => (Cmp::Ne, false),
            IP::LLVMIntUGT => (Cmp::Gt, false),
            IP::LLVMIntUGE => (Cmp::Ge, false),
            IP::LLVMIntULT => (Cmp::Lt, false),
            IP::LLVMIntULE => (Cmp::Le, false),
            IP::LLVMIntSGT => (Cmp::Gt, true),
            IP::LLVMIntSGE => (Cmp::Ge, true),
            IP::LLVMIntSLT => (Cmp::Lt, true),
            IP::LLVMIntSLE => (Cmp::Le, true),
        };
        let (x, y) = (self.norm(a, bits, signed), self.norm(b, bits, signed));
        self.op(Op::ISetp { cmp, signed, w64: bits > 32, bop: BoolOp::And }, vec![d], vec![x, y, Operand::True]);
        Ok(())
    }

    /// A GEP on its base: the space address for a held GEP (`spaces.rs`), else the base's value.
    fn lower_gep(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let base = self.ptr_input(v, ffi::operand(v, 0))?;
        let [base] = <[Operand; 1]>::try_from(base).map_err(|_| self.err("vector getelementptr"))?;
        self.lower_gep_on(v, d, base)
    }

    /// `base + Σ index·size + constant`: `IMAD.WIDE` for 32-bit indices and for 64-bit ones that
    /// are a `sext`/`zext` of an i32, `IMAD.64` for other 64-bit indices.
    pub(super) fn lower_gep_on(&mut self, v: V, d: &[Operand], base: Operand) -> Result<()> {
        use llvm_sys::LLVMTypeKind::*;
        if d.len() != 1 {
            return Err(self.err("vector getelementptr"));
        }
        let base0 = base.clone();
        let mut acc = base;
        let mut konst: i64 = 0;
        let mut ty = ffi::gep_source_type(v);
        for i in 1..ffi::num_operands(v) {
            let idx = ffi::operand(v, i);
            let (size, next_ty) = if i == 1 {
                (super::abi_size(self.td, ty) as i64, ty)
            } else {
                match ffi::type_kind(ty) {
                    LLVMStructTypeKind => {
                        let field = ffi::const_int(idx) as u32;
                        let off = unsafe { llvm_sys::target::LLVMOffsetOfElement(self.td.as_mut_ptr(), ty.0, field) };
                        konst += off as i64;
                        ty = ffi::struct_field_type(ty, field);
                        continue;
                    }
                    LLVMArrayTypeKind | LLVMVectorTypeKind => {
                        let et = ffi::element_type(ty);
                        (super::abi_size(self.td, et) as i64, et)
                    }
                    _ => return Err(self.err("getelementptr through a non-aggregate")),
                }
            };
            ty = next_ty;
            if ffi::is_constant_int(idx) {
                let bits = match ffi::classify(ffi::type_of(idx)) {
                    Ty::Int(b) => b,
                    _ => 64,
                };
                let raw = ffi::const_int(idx);
                let sv = if bits < 64 { ((raw << (64 - bits)) as i64) >> (64 - bits) } else { raw as i64 };
                konst = konst.wrapping_add(sv.wrapping_mul(size));
                continue;
            }
            let ity = ffi::classify(ffi::type_of(idx));
            let accr = self.in_reg(acc, true);
            let t = self.f.new_reg(RegFile::R, PairMode::Pair);
            if let Some((x, signed)) = widened_index(idx, size) {
                // sext/zext(x)·size + base is exactly the 32×32→64 IMAD.WIDE of x (what llc's
                // mul.wide selection does for the same IR).
                let x = self.get1(x)?;
                self.op(
                    Op::IMad { kind: MadKind::Wide { signed }, w64: false },
                    vec![reg(t)],
                    vec![x, Operand::Imm(size as u64), reg(accr)],
                );
                acc = reg(t);
                continue;
            }
            let ix = self.get1(idx)?;
            match ity {
                Ty::Int(64) => self.op(
                    Op::IMad { kind: MadKind::Lo, w64: true },
                    vec![reg(t)],
                    vec![ix, Operand::Imm(size as u64), reg(accr)],
                ),
                Ty::Int(b) => {
                    let x = self.norm(ix, b, true);
                    self.op(
                        Op::IMad { kind: MadKind::Wide { signed: true }, w64: false },
                        vec![reg(t)],
                        vec![x, Operand::Imm(size as u64 & 0xFFFF_FFFF), reg(accr)],
                    )
                }
                _ => return Err(self.err("getelementptr index type")),
            }
            acc = reg(t);
        }
        if konst == 0 {
            // Retarget the last IMAD to the GEP's own register instead of copying.
            let block = &mut self.f.blocks[self.cur.idx()].insts;
            match block.last_mut() {
                Some(last) if acc != base0 && last.dsts.first() == Some(&acc) => last.dsts[0] = d[0].clone(),
                _ => self.op(Op::Mov { w64: true }, d.to_vec(), vec![acc]),
            }
        } else {
            self.op(
                Op::IAdd3 { neg_b: false, w64: true },
                d.to_vec(),
                vec![acc, Operand::Imm(konst as u64), Operand::Zero],
            );
        }
        Ok(())
    }

    /// The space a memory access through `ptr` uses. An address space NVPTX does not define
    /// (2, 7 and the others below 101 in LLVM 19) is accessed generically, as llc-19 selects a
    /// `ld`/`st` without a space for it.
    pub(super) fn space_of(&self, ptr: V) -> Result<Space> {
        match ffi::classify(ffi::type_of(ptr)) {
            Ty::Ptr(a) => match Space::from_addrspace(a) {
                Some(Space::Param) => Err(self.err("access to the param space (byval parameter)")),
                Some(s) => Ok(s),
                None if a < 101 => Ok(Space::Generic),
                None => Err(self.err(format!("address space {a}"))),
            },
            _ => Err(self.err("memory access through a non-pointer")),
        }
    }

    /// The space address of a generic pointer whose space `spaces.rs` proved, with that space: a
    /// held value's own register, a root's twin, or a constant expression re-lowered on its
    /// space-address base. `None`: the pointer stays generic.
    fn space_addr(&mut self, v: V) -> Result<Option<(Space, Operand)>> {
        if let Some(&s) = self.spaces.held.get(&v) {
            return Ok(Some((s, self.get1(v)?)));
        }
        if let Some(&s) = self.spaces.roots.get(&v) {
            if let Some(t) = self.twins.get(&v) {
                return Ok(Some((s, t.clone())));
            }
            if ffi::is_instruction(v) && ffi::opcode(v) == O::LLVMAddrSpaceCast {
                return Ok(Some((s, self.get1(ffi::operand(v, 0))?)));
            }
            return Ok(None);
        }
        let Some(s) = super::spaces::const_space(v) else { return Ok(None) };
        let base = ffi::operand(v, 0);
        if ffi::const_opcode(v) == O::LLVMAddrSpaceCast {
            return Ok(Some((s, self.get1(base)?)));
        }
        let Some((_, b)) = self.space_addr(base)? else { return Ok(None) };
        let d = reg(self.f.new_reg(RegFile::R, PairMode::Pair));
        self.lower_gep_on(v, std::slice::from_ref(&d), b)?;
        Ok(Some((s, d)))
    }

    /// The space and address operand of a memory access through `ptr`: the inferred space for a
    /// generic pointer `spaces.rs` proved, else the pointer's own address space.
    pub(super) fn mem_ptr(&mut self, ptr: V) -> Result<(Space, Operand)> {
        if let Some(x) = self.space_addr(ptr)? {
            return Ok(x);
        }
        let space = self.space_of(ptr)?;
        Ok((space, self.get1(ptr)?))
    }

    /// A pointer input of `user`: its space address when `user` is a held value, else its value.
    fn ptr_input(&mut self, user: V, w: V) -> Result<Vec<Operand>> {
        if self.spaces.held.contains_key(&user) {
            let (_, a) = self.space_addr(w)?.ok_or_else(|| self.err("pointer input without a space address"))?;
            return Ok(vec![a]);
        }
        self.get(w)
    }

    fn lower_phi(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let ty = ffi::classify(ffi::type_of(v));
        let inc = ffi::incoming(v);
        let mut per_elem: Vec<Vec<Operand>> = vec![Vec::new(); d.len()];
        for (val, bb) in inc {
            let pred = self.blocks[&bb];
            // Constants needing registers are materialized in the predecessor, before its
            // terminating branches.
            let saved = self.cur;
            let before = self.f.blocks[pred.idx()].insts.len();
            self.cur = pred;
            let ops = self.ptr_input(v, val);
            self.cur = saved;
            let ops = ops?;
            let added: Vec<Inst> = self.f.blocks[pred.idx()].insts.drain(before..).collect();
            if !added.is_empty() {
                let insts = &mut self.f.blocks[pred.idx()].insts;
                let mut at = insts.len();
                while at > 0 && insts[at - 1].op.is_control_flow() {
                    at -= 1;
                }
                insts.splice(at..at, added);
                // The origins move with their instructions.
                if let Some(o) = self.origins.get_mut(pred.idx())
                    && o.len() >= before
                {
                    let moved: Vec<u32> = o.drain(before..).collect();
                    let at = at.min(o.len());
                    o.splice(at..at, moved);
                }
            }
            for (k, o) in ops.into_iter().enumerate() {
                per_elem[k].push(o);
                per_elem[k].push(Operand::Label(pred));
            }
        }
        let _ = ty;
        for (k, srcs) in per_elem.into_iter().enumerate() {
            self.op(Op::Phi, vec![d[k].clone()], srcs);
        }
        Ok(())
    }

    fn lower_switch(&mut self, v: V, next: Bix, nblocks: usize) -> Result<()> {
        let cond = ffi::operand(v, 0);
        let bits = ibits(&ffi::classify(ffi::type_of(cond))).ok_or_else(|| self.err("switch on a non-integer"))?;
        let c = self.get1(cond)?;
        let c = self.norm(c, bits, false);
        let default = self.blocks[&ffi::switch_default(v)];
        // Operands: cond, default, then (case value, case block) pairs.
        let n = ffi::num_operands(v);
        let mut k = 2;
        while k + 1 < n {
            let val = ffi::operand(v, k);
            let dest = self.blocks[&ffi::value_as_block(ffi::operand(v, k + 1))];
            let p = self.f.new_reg(RegFile::P, PairMode::Single);
            let imm = self.norm(Operand::Imm(ffi::const_int(val)), bits, false);
            self.op(
                Op::ISetp { cmp: Cmp::Eq, signed: false, w64: bits > 32, bop: BoolOp::And },
                vec![reg(p)],
                vec![c.clone(), imm, Operand::True],
            );
            self.emit(Inst {
                guard: Some(Guard { pred: p, negated: false }),
                ..Inst::new(Op::Bra, vec![], vec![Operand::Label(dest)])
            });
            k += 2;
        }
        if default != next || next.idx() >= nblocks {
            self.op(Op::Bra, vec![], vec![Operand::Label(default)]);
        }
        Ok(())
    }

    fn lower_call(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let callee = ffi::called_value(v);
        if ffi::is_inline_asm(callee) {
            return self.lower_inline_asm(v, callee, d);
        }
        let Some(name) = ffi::intrinsic_name(callee) else {
            // Not inlined: the `.param` call ABI (`calls.rs`).
            return self.lower_user_call(v, callee, d);
        };
        let nargs = ffi::num_operands(v) - 1;
        let mut args = Vec::new();
        for i in 0..nargs {
            let a = ffi::operand(v, i);
            if ffi::classify(ffi::type_of(a)) == Ty::Other("metadata".into()) {
                continue;
            }
            args.push(a);
        }
        self.lower_intrinsic(v, &name, &args, d)
    }
}

/// A 64-bit GEP index that is a `sext`/`zext` of an i32 `x`, with a positive element size that
/// fits the 32-bit multiplier of `IMAD.WIDE` (signed: below 2^31): `(x, signed)`.
fn widened_index(idx: V, size: i64) -> Option<(V, bool)> {
    if !ffi::is_instruction(idx) || ffi::classify(ffi::type_of(idx)) != Ty::Int(64) {
        return None;
    }
    let signed = match ffi::opcode(idx) {
        O::LLVMSExt => true,
        O::LLVMZExt => false,
        _ => return None,
    };
    let x = ffi::operand(idx, 0);
    let limit = if signed { 1i64 << 31 } else { 1i64 << 32 };
    (ffi::classify(ffi::type_of(x)) == Ty::Int(32) && size > 0 && size < limit).then_some((x, signed))
}

/// The 32-bit factors of a scalar `mul i64` whose operands are both sign- or both
/// zero-extended from i32 (a constant counts when it fits 32 bits that way), and whether
/// signed: the product is then exactly the 32×32→64 one.
fn wide_multiply(mul: V) -> Option<(V, V, bool)> {
    if ffi::classify(ffi::type_of(mul)) != Ty::Int(64) {
        return None;
    }
    // (narrow value, extension) of one operand: Some(true) sext, Some(false) zext, None both
    // (a constant that fits either way, or `zext nneg`).
    let part = |o: V| -> Option<(V, Option<bool>)> {
        if ffi::is_constant_int(o) {
            let c = ffi::const_int(o) as i64;
            let s = (i32::MIN as i64..=i32::MAX as i64).contains(&c);
            let u = (0..=u32::MAX as i64).contains(&c);
            return match (s, u) {
                (true, true) => Some((o, None)),
                (true, false) => Some((o, Some(true))),
                (false, true) => Some((o, Some(false))),
                (false, false) => None,
            };
        }
        if !ffi::is_instruction(o) {
            return None;
        }
        let ext = match ffi::opcode(o) {
            O::LLVMSExt => Some(true),
            O::LLVMZExt if ffi::nneg(o) => None,
            O::LLVMZExt => Some(false),
            _ => return None,
        };
        let x = ffi::operand(o, 0);
        (ffi::classify(ffi::type_of(x)) == Ty::Int(32)).then_some((x, ext))
    };
    let (a, b) = (ffi::operand(mul, 0), ffi::operand(mul, 1));
    let ((x, ex), (y, ey)) = (part(a)?, part(b)?);
    // A constant operand stays a 64-bit constant: only its low 32 bits are the factor.
    let narrow = |v: V, orig: V| if ffi::is_constant_int(orig) { orig } else { v };
    let signed = match (ex, ey) {
        (Some(p), Some(q)) if p != q => return None,
        (Some(p), _) | (None, Some(p)) => p,
        (None, None) => true,
    };
    // Two constants are folded by LLVM; leave such a product alone.
    if ffi::is_constant_int(a) && ffi::is_constant_int(b) {
        return None;
    }
    Some((narrow(x, a), narrow(y, b), signed))
}

pub(super) fn sign_bit(t: FTy) -> u64 {
    match t {
        FTy::F16 | FTy::BF16 => 0x8000,
        FTy::F16x2 => 0x8000_8000,
        FTy::F32 => 0x8000_0000,
        FTy::F64 => 1 << 63,
    }
}

/// A scalar held in an R pair.
fn is_w64(t: &Ty) -> bool {
    matches!(t, Ty::Int(b) if *b > 32) || matches!(t, Ty::F64 | Ty::Ptr(_))
}

pub(super) fn scalar_bits(t: &Ty) -> u32 {
    match t {
        Ty::I1 => 1,
        Ty::Int(b) => *b,
        Ty::F16 | Ty::BF16 => 16,
        Ty::F32 => 32,
        Ty::F64 | Ty::Ptr(_) => 64,
        _ => 0,
    }
}

fn is_binop(opc: O) -> bool {
    matches!(
        opc,
        O::LLVMAdd
            | O::LLVMSub
            | O::LLVMMul
            | O::LLVMUDiv
            | O::LLVMSDiv
            | O::LLVMURem
            | O::LLVMSRem
            | O::LLVMShl
            | O::LLVMLShr
            | O::LLVMAShr
            | O::LLVMAnd
            | O::LLVMOr
            | O::LLVMXor
            | O::LLVMFAdd
            | O::LLVMFSub
            | O::LLVMFMul
            | O::LLVMFDiv
            | O::LLVMFRem
    )
}
