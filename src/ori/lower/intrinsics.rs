//! Intrinsic calls: `llvm.*` and `llvm.nvvm.*` → Ori instructions (special registers, barriers,
//! fences, warp shuffles and votes, integer and float math, the libdevice `nvvm` math).

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{fty, ibits, reg};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{
    AtomOp, BoolOp, Cmp, FTy, MadKind, MemScope, MufuFn, NumTy, Op, Round, ShflMode, VoteMode, lut,
};
use crate::sreg::{SassSource, SpecialReg};
use anyhow::Result;

impl FnLowering<'_> {
    pub(super) fn lower_intrinsic(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let rty = ffi::classify(ffi::type_of(v));
        // Checked: an intrinsic name matched by prefix may have fewer arguments than expected.
        let arg = |s: &mut Self, i: usize| -> Result<Operand> {
            let a = args.get(i).ok_or_else(|| s.err(format!("intrinsic {name} with {} arguments", args.len())))?;
            s.get1(*a)
        };
        // `llvm.smax.i32` → `llvm.smax` (the overload suffixes dropped).
        let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
        if let Some(sr) = SpecialReg::from_intrinsic(name) {
            match sr.sass_source() {
                SassSource::Sr(_) => self.op(Op::S2R, d.to_vec(), vec![Operand::SReg(sr)]),
                SassSource::ConstBank(off) => {
                    self.op(Op::Mov { w64: false }, d.to_vec(), vec![Operand::CBank { bank: 0, offset: off }])
                }
                SassSource::Imm(x) => {
                    self.op(Op::Mov { w64: sr.bits() == 64 }, d.to_vec(), vec![Operand::Imm(x as u64)])
                }
            }
            return Ok(());
        }
        if let Some(rest) = name.strip_prefix("llvm.nvvm.idp") {
            return self.lower_dot(name, rest, args, d);
        }
        if name.starts_with("llvm.nvvm.fabs.") {
            return self.lower_nvvm_fabs(v, name, args, d);
        }
        if name == "llvm.nvvm.ex2.approx.f16" || name == "llvm.nvvm.ex2.approx.f16x2" {
            return self.lower_ex2_half(name, args, d);
        }
        let ignored = [
            "llvm.lifetime.",
            "llvm.assume",
            "llvm.dbg.",
            "llvm.experimental.noalias",
            "llvm.invariant.",
            "llvm.prefetch",
            "llvm.sideeffect",
        ];
        if ignored.iter().any(|p| name.starts_with(p)) {
            return Ok(());
        }
        let t = fty(&rty);
        if self.lower_sm90_intrinsic(name, args, d)?
            || self.lower_warp_intrinsic(name, args, d)?
            || self.lower_space_intrinsic(v, name, args, d)?
            || self.lower_cache_hint(name, args, d)?
            || self.lower_texsurf_intrinsic(name, args, d)?
            || self.lower_stack_intrinsic(v, name, args, d)?
            || self.lower_trap_intrinsic(name)?
        {
            return Ok(());
        }
        match name {
            "llvm.nvvm.barrier0" => {
                self.op(Op::Bar, vec![], vec![]);
                return Ok(());
            }
            n if n.starts_with("llvm.nvvm.atomic.") && n.contains(".gen.") => {
                self.lower_scoped_atomic(name, args, d)?;
                return Ok(());
            }
            "llvm.nvvm.barrier0.popc" | "llvm.nvvm.barrier0.and" | "llvm.nvvm.barrier0.or" => {
                self.lower_reducing_barrier(name, args, d)?;
                return Ok(());
            }
            n if n.starts_with("llvm.nvvm.membar.") || n.starts_with("llvm.nvvm.fence.") => {
                self.op(Op::Membar { gpu: !n.ends_with("cta") }, vec![], vec![]);
                return Ok(());
            }
            _ => {}
        }
        if let Some(rest) = name.strip_prefix("llvm.nvvm.shfl.sync.") {
            let mode = match rest.split('.').next() {
                Some("idx") => ShflMode::Idx,
                Some("up") => ShflMode::Up,
                Some("down") => ShflMode::Down,
                Some("bfly") => ShflMode::Bfly,
                _ => return Err(self.err(format!("intrinsic {name}"))),
            };
            // (mask, value, lane/delta, clamp) → SHFL d, value, lane, clamp, mask
            let (mask, val, lane, clamp) = (arg(self, 0)?, arg(self, 1)?, arg(self, 2)?, arg(self, 3)?);
            self.op(Op::Shfl { mode }, d.to_vec(), vec![val, lane, clamp, mask]);
            return Ok(());
        }
        if let Some(rest) = name.strip_prefix("llvm.nvvm.vote.") {
            let mode = match rest.split('.').next() {
                Some("all") => VoteMode::All,
                Some("any") => VoteMode::Any,
                Some("uni") => VoteMode::Uni,
                Some("ballot") => VoteMode::Ballot,
                _ => return Err(self.err(format!("intrinsic {name}"))),
            };
            let (mask, p) = if rest.contains(".sync") {
                (arg(self, 0)?, arg(self, 1)?)
            } else {
                // The pre-Volta forms vote over the active threads: PTX for sm_70+ only has
                // `vote.sync`, so the member mask is `activemask` (what CUDA's legacy `__all`
                // became), never the `vote.all.pred` that llc-19 writes and ptxas rejects.
                let p = arg(self, 0)?;
                let m = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Vote { mode: VoteMode::Ballot }, vec![reg(m)], vec![Operand::True]);
                (reg(m), p)
            };
            let p = self.pred(p);
            self.op(Op::Vote { mode }, d.to_vec(), vec![reg(p), mask]);
            return Ok(());
        }
        let un = |s: &mut Self, op: Op| -> Result<()> {
            let a = arg(s, 0)?;
            s.op(op, d.to_vec(), vec![a]);
            Ok(())
        };
        let bin = |s: &mut Self, op: Op| -> Result<()> {
            let (a, b) = (arg(s, 0)?, arg(s, 1)?);
            s.op(op, d.to_vec(), vec![a, b]);
            Ok(())
        };
        if self.lower_i128_intrinsic(name, &base, args, d)?
            || self.lower_float_lanes(name, &base, &rty, args, d)?
            || self.lower_bits_intrinsic(name, &base, &rty, args, d)?
            || self.lower_memop(v, name, &base, args)?
            || self.lower_round_intrinsic(name, &base, &rty, args, d)?
            || self.lower_nvvm_rounding(name, args, d)?
            || self.lower_f2tf32(name, args, d)?
            || self.lower_saturating(v, name, &base, args, d)?
            || self.lower_with_overflow(name, &base, args, d)?
            || self.lower_fp_to_int_sat(v, name, &base, args, d)?
            || self.lower_half_intrinsic(v, name, args, d)?
            || self.lower_approx_trig(name, &base, &rty, args, d)?
            || self.lower_vector_reduce(v, name, args, d)?
            || self.lower_int_lanes(name, &base, &rty, args, d)?
        {
            return Ok(());
        }
        let w64 = ibits(&rty) == Some(64);
        match base.as_str() {
            "llvm.fma" | "llvm.fmuladd" if t.is_some() => {
                let (a, b, c) = (arg(self, 0)?, arg(self, 1)?, arg(self, 2)?);
                self.op(Op::FFma { ty: t.unwrap(), round: Round::Rn, ftz: false }, d.to_vec(), vec![a, b, c]);
                Ok(())
            }
            "llvm.fabs" if t.is_some() => un(self, Op::FAbs { ty: t.unwrap() }),
            // ptrmask(p, m): the address bits anded with the mask (clang's va_arg alignment).
            "llvm.ptrmask" if matches!(rty, Ty::Ptr(_)) => {
                let (p, mask) = (arg(self, 0)?, arg(self, 1)?);
                self.op(Op::Lop3 { lut: lut::AND, w64: true }, d.to_vec(), vec![p, mask, Operand::Zero]);
                Ok(())
            }
            // The half bits in an i16 ↔ f32/f64 (`cvt.f32.f16`, `cvt.rn.f16.f32`).
            "llvm.convert" if name.starts_with("llvm.convert.from.fp16.") && t.is_some() => {
                let to = match t.unwrap() {
                    FTy::F64 => NumTy::F64,
                    _ => NumTy::F32,
                };
                un(self, Op::Cvt { from: NumTy::F16, to, round: Round::Rn })
            }
            "llvm.convert" if name.starts_with("llvm.convert.to.fp16.") && ibits(&rty) == Some(16) => {
                let from = match args.first().map(|&a| ffi::classify(ffi::type_of(a))) {
                    Some(Ty::F32) => NumTy::F32,
                    Some(Ty::F64) => NumTy::F64,
                    _ => return Err(self.err(format!("intrinsic {name}"))),
                };
                un(self, Op::Cvt { from, to: NumTy::F16, round: Round::Rn })
            }
            "llvm.sqrt" if t.is_some() => un(self, Op::FSqrt { ty: t.unwrap(), round: Round::Rn }),
            "llvm.minnum" | "llvm.maxnum" if t.is_some() => {
                bin(self, Op::FMnMx { ty: t.unwrap(), max: base == "llvm.maxnum", nan: false, ftz: false })
            }
            // NaN-propagating (`min.NaN`; PTX has no f64 form: a NaN test selects the NaN there).
            "llvm.minimum" | "llvm.maximum" if t.is_some() => {
                let ty = t.unwrap();
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                self.lower_min_max_nan(ty, base == "llvm.maximum", a, b, d)
            }
            "llvm.umin" | "llvm.umax" | "llvm.smin" | "llvm.smax" => {
                let signed = base.starts_with("llvm.s");
                let bits = ibits(&rty).unwrap_or(32);
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                let (a, b) = (self.norm(a, bits, signed), self.norm(b, bits, signed));
                self.op(Op::IMnMx { signed, max: base.ends_with("max"), w64 }, d.to_vec(), vec![a, b]);
                Ok(())
            }
            "llvm.abs" => {
                let bits = ibits(&rty).unwrap_or(32);
                let a = arg(self, 0)?;
                let a = self.norm(a, bits, true);
                self.op(Op::IAbs { w64 }, d.to_vec(), vec![a]);
                Ok(())
            }
            _ => self.lower_nvvm_math(v, name, args, d),
        }
    }

    /// `llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>.<type>.p<as>` (CUDA's `atomicAdd_block` and
    /// friends, `atomicAdd_system`): the `atomicrmw` / `cmpxchg` operation at that scope
    /// (`atom.cta` / `atom.sys`, as llc-19 selects them). `max`/`min` on integers are signed,
    /// as llc selects them.
    fn lower_scoped_atomic(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let parts: Vec<&str> = name.trim_start_matches("llvm.nvvm.atomic.").split('.').collect();
        let (op, kind, scope, ty) = match parts.as_slice() {
            [op, "gen", kind, scope, ty, ..] => (*op, *kind, *scope, *ty),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let scope = match scope {
            "cta" => MemScope::Cta,
            "sys" => MemScope::Sys,
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let atom = match op {
            "add" => AtomOp::Add,
            "exch" => AtomOp::Exch,
            "max" => AtomOp::Max,
            "min" => AtomOp::Min,
            "inc" => AtomOp::Inc,
            "dec" => AtomOp::Dec,
            "and" => AtomOp::And,
            "or" => AtomOp::Or,
            "xor" => AtomOp::Xor,
            "cas" => AtomOp::Cas,
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let signed = matches!(atom, AtomOp::Max | AtomOp::Min);
        let num = match (kind, ty) {
            ("f", "f32") if atom == AtomOp::Add || atom == AtomOp::Exch => NumTy::F32,
            ("f", "f64") if atom == AtomOp::Add || atom == AtomOp::Exch => NumTy::F64,
            ("i", "i32") => super::inst::int_ty(32, signed),
            ("i", "i64") if !matches!(atom, AtomOp::Inc | AtomOp::Dec) => super::inst::int_ty(64, signed),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let arity = if atom == AtomOp::Cas { 3 } else { 2 };
        if args.len() != arity || d.len() != 1 {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let (space, addr) = self.mem_ptr(args[0])?;
        let mut srcs = vec![addr];
        for &a in &args[1..] {
            srcs.push(self.get1(a)?);
        }
        self.op(Op::Atom { space, op: atom, ty: num, scope }, d.to_vec(), srcs);
        Ok(())
    }

    /// `__syncthreads_count/and/or`: `BAR.RED.POPC` of `p != 0` (popc), of `p == 0` compared with
    /// zero (and: no thread false), or of `p != 0` compared with zero (or: some thread true);
    /// the and/or results are 0 or 1 as LLVM defines them.
    fn lower_reducing_barrier(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let (Some(&a), Some(dst)) = (args.first(), d.first()) else {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        };
        let x = self.get1(a)?;
        let and = name.ends_with(".and");
        let p = self.f.new_reg(RegFile::P, PairMode::Single);
        let setp = |cmp| Op::ISetp { cmp, signed: false, w64: false, bop: BoolOp::And };
        let cmp = if and { Cmp::Eq } else { Cmp::Ne };
        self.op(setp(cmp), vec![reg(p)], vec![x, Operand::Imm(0), Operand::True]);
        if name.ends_with(".popc") {
            self.op(Op::BarPopc, d.to_vec(), vec![reg(p)]);
            return Ok(());
        }
        let count = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(Op::BarPopc, vec![reg(count)], vec![reg(p)]);
        let q = self.f.new_reg(RegFile::P, PairMode::Single);
        self.op(setp(cmp), vec![reg(q)], vec![reg(count), Operand::Imm(0), Operand::True]);
        // and: no thread had p == 0 (count == 0); or: some thread had p != 0 (count != 0).
        self.op(Op::Sel { w64: false }, vec![dst.clone()], vec![Operand::Imm(1), Operand::Zero, reg(q)]);
        Ok(())
    }

    /// LLVM's `minimum` / `maximum` (a NaN operand gives NaN, −0 below +0): `min.NaN` / `max.NaN`
    /// for f16, bf16 and f32; for f64, which has no `.NaN` form, llc's expansion: `min`/`max`, a
    /// NaN test selecting the quiet NaN, and where the result is a zero, the operand that is the
    /// zero of the wanted sign (−0 for `minimum`, +0 for `maximum`) when there is one.
    pub(super) fn lower_min_max_nan(
        &mut self,
        ty: FTy,
        max: bool,
        a: Operand,
        b: Operand,
        d: &[Operand],
    ) -> Result<()> {
        use crate::ori::opcode::FCmp;
        if ty != FTy::F64 {
            self.op(Op::FMnMx { ty, max, nan: true, ftz: false }, d.to_vec(), vec![a, b]);
            return Ok(());
        }
        let pair = |s: &mut Self| reg(s.f.new_reg(RegFile::R, PairMode::Pair));
        let pred = |s: &mut Self| reg(s.f.new_reg(RegFile::P, PairMode::Single));
        let m = pair(self);
        self.op(Op::FMnMx { ty, max, nan: false, ftz: false }, vec![m.clone()], vec![a.clone(), b.clone()]);
        let p = pred(self);
        self.op(
            Op::FSetp { cmp: FCmp::Nan, ty, bop: BoolOp::And },
            vec![p.clone()],
            vec![a.clone(), b.clone(), Operand::True],
        );
        let m1 = pair(self);
        self.op(Op::Sel { w64: true }, vec![m1.clone()], vec![Operand::Imm(f64::NAN.to_bits()), m, p]);
        let zero = if max { 0 } else { 1u64 << 63 };
        let mut r = m1.clone();
        for x in [a, b] {
            let px = pred(self);
            self.op(
                Op::ISetp { cmp: Cmp::Eq, signed: false, w64: true, bop: BoolOp::And },
                vec![px.clone()],
                vec![x.clone(), Operand::Imm(zero), Operand::True],
            );
            let t = pair(self);
            self.op(Op::Sel { w64: true }, vec![t.clone()], vec![x, r, px]);
            r = t;
        }
        let pz = pred(self);
        self.op(
            Op::FSetp { cmp: FCmp::Eq, ty, bop: BoolOp::And },
            vec![pz.clone()],
            vec![m1.clone(), Operand::Imm(0), Operand::True],
        );
        self.op(Op::Sel { w64: true }, d.to_vec(), vec![r, m1, pz]);
        Ok(())
    }

    /// Counting ops produce a 32-bit count; a 64-bit result is zero-extended.
    pub(super) fn lower_count(&mut self, op: Op, a: Operand, d: &[Operand], w64: bool) -> Result<()> {
        if !w64 {
            self.op(op, d.to_vec(), vec![a]);
            return Ok(());
        }
        let t = self.f.new_reg(RegFile::R, PairMode::Single);
        self.op(op, vec![reg(t)], vec![a]);
        self.op(Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn }, d.to_vec(), vec![reg(t)]);
        Ok(())
    }

    /// `llvm.nvvm.idp4a.<a>.<b>(a, b, c)` and `llvm.nvvm.idp2a.<a>.<b>(a, b, i1 hi, c)` (`<a>`,
    /// `<b>`: `s` or `u`, the signedness of each operand's fields): `dp4a` / `dp2a.{lo,hi}`.
    fn lower_dot(&mut self, name: &str, rest: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let bad = || self.err(format!("intrinsic {name} with {} arguments", args.len()));
        let (two, signs) = match (rest.strip_prefix("4a."), rest.strip_prefix("2a.")) {
            (Some(s), _) => (false, s),
            (_, Some(s)) => (true, s),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        let (a_signed, b_signed) = match signs {
            "s.s" => (true, true),
            "s.u" => (true, false),
            "u.s" => (false, true),
            "u.u" => (false, false),
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        if d.len() != 1 || args.len() != if two { 4 } else { 3 } {
            return Err(bad());
        }
        let hi = if two {
            if !ffi::is_constant_int(args[2]) {
                return Err(self.err(format!("intrinsic {name} with a variable hi/lo operand")));
            }
            ffi::const_int(args[2]) & 1 == 1
        } else {
            false
        };
        let (a, b, c) = (self.get1(args[0])?, self.get1(args[1])?, self.get1(args[args.len() - 1])?);
        self.op(Op::Dp { two, hi, a_signed, b_signed }, d.to_vec(), vec![a, b, c]);
        Ok(())
    }

    /// The `llvm.nvvm.*` math intrinsics libdevice uses.
    fn lower_nvvm_math(&mut self, _v: V, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else {
            return Err(self.err(format!("intrinsic {name}")));
        };
        if args.len() != nvvm_arity(rest) {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let mut a = Vec::new();
        for &x in args {
            a.push(self.get1(x)?);
        }
        if let Some(base) = ftz_wrapped(rest) {
            // Flushed operands, the IEEE operation, the result flushed.
            if d.len() != 1 {
                return Err(self.err(format!("intrinsic {name}")));
            }
            let a = a.into_iter().map(|x| self.flush_f32(x)).collect();
            let r = reg(self.f.new_reg(RegFile::R, PairMode::Single));
            self.nvvm_math_op(name, &base, args, a, std::slice::from_ref(&r))?;
            self.flush_f32_into(r, d[0].clone());
            return Ok(());
        }
        self.nvvm_math_op(name, rest, args, a, d)
    }

    /// `lower_nvvm_math` of `llvm.nvvm.<rest>` on the operands `a`.
    fn nvvm_math_op(&mut self, name: &str, rest: &str, args: &[V], mut a: Vec<Operand>, d: &[Operand]) -> Result<()> {
        let f64_ = rest.ends_with(".d");
        let t = if f64_ { FTy::F64 } else { FTy::F32 };
        if let Some((max, nan, ftz)) = f32_xorsign(rest) {
            let mm = Op::FMnMx { ty: FTy::F32, max, nan, ftz };
            let (Some(d0), [x, y]) = (d.first(), a.as_slice()) else {
                return Err(self.err(format!("intrinsic {name}")));
            };
            self.min_max_xorsign(mm, FTy::F32, 0x8000_0000, x.clone(), y.clone(), d0.clone());
            return Ok(());
        }
        let op = match rest {
            // The f32 approximations (`.f` / `.ftz.f`); f64 forms other than rcp64h are not
            // MUFU operations and stay unsupported.
            r if (r.ends_with(".f") || r == "tanh.approx.f32") && mufu_fn(r).is_some() => {
                Op::Mufu { func: mufu_fn(r).unwrap(), ftz: r.contains(".ftz.") }
            }
            "rcp.approx.ftz.d" => Op::Mufu { func: MufuFn::Rcp64H, ftz: true },
            "rsqrt.approx.d" | "rsqrt.approx.ftz.d" => Op::Mufu { func: MufuFn::Rsq64H, ftz: rest.contains(".ftz.") },
            "fns" => {
                self.op(Op::Fns, d.to_vec(), a);
                return Ok(());
            }
            "prmt" => {
                // prmt(a, b, selector) → PRMT d, a, selector, b
                self.op(Op::Prmt, d.to_vec(), vec![a[0].clone(), a[2].clone(), a[1].clone()]);
                return Ok(());
            }
            "activemask" => {
                // VOTE.ANY Rd, PT: a ballot of true over the active lanes.
                self.op(Op::Vote { mode: VoteMode::Ballot }, d.to_vec(), vec![Operand::True]);
                return Ok(());
            }
            // IEEE forms without flush-to-zero, in each rounding mode. `div.full.f` (≤ 2 ulp) is
            // implemented by the correctly rounded division, which meets its bound;
            // `div.approx.f` keeps its PTX form.
            "sqrt.f" => Op::FSqrt { ty: t, round: Round::Rn },
            "div.full.f" => Op::FDiv { ty: t, exact: true, round: Round::Rn },
            r if directed_ieee(r, "sqrt.").is_some() => Op::FSqrt { ty: t, round: directed_ieee(r, "sqrt.").unwrap() },
            r if directed_ieee(r, "div.").is_some() => {
                Op::FDiv { ty: t, exact: true, round: directed_ieee(r, "div.").unwrap() }
            }
            // The flush-to-zero approximation is modelled by the approximate division (the two
            // differ on subnormal operands and results only; approximations are compared with a
            // tolerance).
            "div.approx.f" | "div.approx.ftz.f" => Op::FDiv { ty: FTy::F32, exact: false, round: Round::Rn },
            r if directed_ieee(r, "rcp.").is_some() => {
                let one = if f64_ { 1f64.to_bits() } else { 1f32.to_bits() as u64 };
                a.insert(0, Operand::Imm(one));
                Op::FDiv { ty: t, exact: true, round: directed_ieee(r, "rcp.").unwrap() }
            }
            // Explicitly rounded forms, and their flush-to-zero (f32) variants.
            r if is_nvvm_fma(r) => Op::FFma { ty: t, round: nvvm_round(r), ftz: r.contains(".ftz.") },
            "add.rn.f" | "add.rn.d" | "add.rn.ftz.f" => Op::FAdd { ty: t, ftz: rest.contains(".ftz.") },
            "mul.rn.f" | "mul.rn.d" | "mul.rn.ftz.f" => Op::FMul { ty: t, ftz: rest.contains(".ftz.") },
            "f2h.rn" | "f2h.rn.ftz" => {
                // f32 → the bits of an f16 (an i16); a flushed operand converts as it would.
                Op::Cvt { from: NumTy::F32, to: NumTy::F16, round: Round::Rn }
            }
            r if r.starts_with("saturate.") => {
                // clamp to [0, 1]; max(NaN, 0) = 0 as saturate requires.
                let one = if f64_ { 1f64.to_bits() } else { 1f32.to_bits() as u64 };
                let tmp = self.reg_for(&if f64_ { Ty::F64 } else { Ty::F32 })?;
                self.op(
                    Op::FMnMx { ty: t, max: true, nan: false, ftz: false },
                    vec![reg(tmp)],
                    vec![a[0].clone(), Operand::Imm(0)],
                );
                self.op(
                    Op::FMnMx { ty: t, max: false, nan: false, ftz: false },
                    d.to_vec(),
                    vec![reg(tmp), Operand::Imm(one)],
                );
                return Ok(());
            }
            // minNum/maxNum, and `.nan` (a NaN operand gives NaN), each with `.ftz` on f32.
            "fmin.f" | "fmin.d" | "fmin.ftz.f" | "fmin.nan.f" | "fmin.ftz.nan.f" | "fmax.f" | "fmax.d"
            | "fmax.ftz.f" | "fmax.nan.f" | "fmax.ftz.nan.f" => Op::FMnMx {
                ty: t,
                max: rest.starts_with("fmax"),
                nan: rest.contains(".nan."),
                ftz: rest.contains(".ftz."),
            },
            "fabs.f" | "fabs.d" => Op::FAbs { ty: t },
            r if r.starts_with("mulhi.") || r.starts_with("mul.hi") => {
                let signed = !r.contains(".u");
                let w64 = r.ends_with("ll");
                Op::IMad { kind: MadKind::Hi { signed }, w64 }
            }
            r if r.starts_with("atomic.load.inc.32") || r.starts_with("atomic.load.dec.32") => {
                let space = self.space_of(args[0])?;
                let op = if r.contains("inc") { AtomOp::Inc } else { AtomOp::Dec };
                Op::Atom { space, op, ty: NumTy::U32, scope: MemScope::Gpu }
            }
            "sad.i" | "sad.ui" | "sad.s" | "sad.us" | "sad.ll" | "sad.ull" => {
                // |a - b| + c = max(a, b) - min(a, b) + c.
                let signed = !rest.starts_with("sad.u");
                let w64 = rest.ends_with("ll");
                let pair = if w64 { PairMode::Pair } else { PairMode::Single };
                let (mx, mn) = (self.f.new_reg(RegFile::R, pair), self.f.new_reg(RegFile::R, pair));
                let bits = if rest.ends_with(".s") || rest.ends_with(".us") {
                    16
                } else if w64 {
                    64
                } else {
                    32
                };
                let (x, y) = (self.norm(a[0].clone(), bits, signed), self.norm(a[1].clone(), bits, signed));
                self.op(Op::IMnMx { signed, max: true, w64 }, vec![reg(mx)], vec![x.clone(), y.clone()]);
                self.op(Op::IMnMx { signed, max: false, w64 }, vec![reg(mn)], vec![x, y]);
                self.op(Op::IAdd3 { neg_b: true, w64 }, d.to_vec(), vec![reg(mx), reg(mn), a[2].clone()]);
                return Ok(());
            }
            "d2i.lo" | "d2i.hi" => {
                // The low / high word of a double's bits.
                let x = if rest == "d2i.hi" {
                    let t = self.f.new_reg(RegFile::R, PairMode::Pair);
                    self.op(
                        Op::Shf { left: false, signed: false, w64: true },
                        vec![reg(t)],
                        vec![a[0].clone(), Operand::Imm(32)],
                    );
                    reg(t)
                } else {
                    a[0].clone()
                };
                self.op(Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn }, d.to_vec(), vec![x]);
                return Ok(());
            }
            "lohi.i2d" => {
                // (hi << 32) | lo as the bits of a double.
                let (lo, hi) = (self.f.new_reg(RegFile::R, PairMode::Pair), self.f.new_reg(RegFile::R, PairMode::Pair));
                self.op(
                    Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn },
                    vec![reg(lo)],
                    vec![a[0].clone()],
                );
                self.op(
                    Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn },
                    vec![reg(hi)],
                    vec![a[1].clone()],
                );
                let sh = self.f.new_reg(RegFile::R, PairMode::Pair);
                self.op(
                    Op::Shf { left: true, signed: false, w64: true },
                    vec![reg(sh)],
                    vec![reg(hi), Operand::Imm(32)],
                );
                self.op(Op::Lop3 { lut: lut::OR, w64: true }, d.to_vec(), vec![reg(sh), reg(lo), Operand::Zero]);
                return Ok(());
            }
            _ => return Err(self.err(format!("intrinsic {name}"))),
        };
        if let Op::IMad { .. } = op {
            a.push(Operand::Zero);
        }
        self.op(op, d.to_vec(), a);
        Ok(())
    }
}

/// `(max, nan, ftz)` of `llvm.nvvm.f{min,max}[.ftz][.nan].xorsign.abs.f`.
fn f32_xorsign(rest: &str) -> Option<(bool, bool, bool)> {
    let r = rest.strip_suffix(".xorsign.abs.f")?;
    let (max, r) = match (r.strip_prefix("fmin"), r.strip_prefix("fmax")) {
        (Some(r), _) => (false, r),
        (_, Some(r)) => (true, r),
        _ => return None,
    };
    let (ftz, nan) = match r {
        "" => (false, false),
        ".ftz" => (true, false),
        ".nan" => (false, true),
        ".ftz.nan" => (true, true),
        _ => return None,
    };
    Some((max, nan, ftz))
}

/// Whether `llvm.nvvm.<rest>` is `fma.r{n,z,m,p}[.ftz].f` or `fma.r{n,z,m,p}.d`.
fn is_nvvm_fma(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix("fma.") else { return false };
    let (mode, ty) = r.split_once('.').unwrap_or((r, ""));
    matches!(mode, "rn" | "rz" | "rm" | "rp") && matches!(ty, "f" | "ftz.f" | "d")
}

/// The IEEE intrinsic whose flushed form `llvm.nvvm.<rest>` is, for the `.ftz` forms that have
/// no flushing instruction of their own (division, square root, reciprocal, saturation):
/// `div.rn.ftz.f` → `div.rn.f`, `div.full.ftz` → `div.full.f`.
fn ftz_wrapped(rest: &str) -> Option<String> {
    if rest == "div.full.ftz" {
        return Some("div.full.f".into());
    }
    let base = rest.strip_suffix(".ftz.f")?;
    let wrapped = base == "saturate"
        || ["div.", "sqrt.", "rcp."]
            .iter()
            .any(|op| base.strip_prefix(op).is_some_and(|m| matches!(m, "rn" | "rz" | "rm" | "rp")));
    wrapped.then(|| format!("{base}.f"))
}

/// The number of arguments of the `llvm.nvvm.<rest>` intrinsics `lower_nvvm_math` handles (any
/// other name is refused whatever its arity).
fn nvvm_arity(rest: &str) -> usize {
    match rest {
        "activemask" => 0,
        "prmt" | "fns" => 3,
        r if r.starts_with("sad.") => 3,
        "lohi.i2d" => 2,
        r if r.starts_with("fma.") => 3,
        r if ["add.", "mul.", "div.", "fmin.", "fmax.", "mulhi.", "atomic."].iter().any(|p| r.starts_with(p)) => 2,
        _ => 1,
    }
}

/// The MUFU function of an `llvm.nvvm.<fn>.approx[.ftz].f` name.
fn mufu_fn(name: &str) -> Option<MufuFn> {
    Some(match name.split(".approx").next()? {
        "rsqrt" => MufuFn::Rsq,
        "ex2" => MufuFn::Ex2,
        "lg2" => MufuFn::Lg2,
        "sin" => MufuFn::Sin,
        "cos" => MufuFn::Cos,
        "sqrt" => MufuFn::Sqrt,
        "rcp" => MufuFn::Rcp,
        "tanh" => MufuFn::Tanh,
        _ => return None,
    })
    .filter(|_| name.contains(".approx."))
}

/// The rounding mode spelled in an `llvm.nvvm.*.r{n,z,m,p}[.ftz].{f,d}` name.
fn nvvm_round(name: &str) -> Round {
    match name.split('.').nth(1) {
        Some("rz") => Round::Rz,
        Some("rm") => Round::Rm,
        Some("rp") => Round::Rp,
        _ => Round::Rn,
    }
}

/// The rounding mode of an IEEE `<op>r{n,z,m,p}.{f,d}` name (`op` with its dot: `"div."`);
/// `None` for other names, `.ftz` forms included.
fn directed_ieee(rest: &str, op: &str) -> Option<Round> {
    let (mode, ty) = rest.strip_prefix(op)?.split_once('.')?;
    if !matches!(ty, "f" | "d") {
        return None;
    }
    Some(match mode {
        "rn" => Round::Rn,
        "rz" => Round::Rz,
        "rm" => Round::Rm,
        "rp" => Round::Rp,
        _ => return None,
    })
}
