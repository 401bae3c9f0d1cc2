//! Float intrinsics on vectors (`llvm.fabs.v2bf16`, `llvm.fma.v4f32`, `llvm.minimum.v2f16`,
//! ...), lane by lane: llc-19 splits them the same way unless the type has a packed
//! instruction (`fma.rn.bf16x2`, `min.bf16x2`, `abs.bf16x2`), which computes each half as the
//! scalar form does. Covered: `fabs`, `sqrt`, `minnum`, `maxnum`, `minimum`, `maximum`,
//! `copysign`, `fma`, `fmuladd`; the rounding family is `intrinsics_round.rs`. Also the
//! `llvm.nvvm.fabs[.ftz].*` names of later LLVMs, on scalars and vectors, and
//! `llvm.nvvm.ex2.approx.f16[x2]`, and `llvm.sin`/`llvm.cos` where the function allows unsafe
//! floating-point math. Also the integer min/max/abs intrinsics on vectors.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::fty;
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{BoolOp, FCmp, FTy, MufuFn, NumTy, Op, Round};
use anyhow::Result;

/// The width of an integer type that min/max/abs apply to (not `i1`, not a pointer).
pub(super) fn int_bits(t: &Ty) -> Option<u32> {
    super::inst::ibits(t).filter(|_| *t != Ty::I1 && !matches!(t, Ty::Ptr(_)))
}

impl FnLowering<'_> {
    /// Lowers a vector float intrinsic of `base` (the name without its overload suffix) lane by
    /// lane; `Ok(false)` for scalars and other names.
    pub(super) fn lower_float_lanes(
        &mut self,
        name: &str,
        base: &str,
        rty: &Ty,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let Ty::Vector(et, n) = rty else { return Ok(false) };
        let Some(t) = fty(et) else { return Ok(false) };
        let arity = match base {
            "llvm.fabs" | "llvm.sqrt" => 1,
            "llvm.minnum" | "llvm.maxnum" | "llvm.minimum" | "llvm.maximum" | "llvm.copysign" => 2,
            "llvm.fma" | "llvm.fmuladd" => 3,
            _ => return Ok(false),
        };
        if args.len() != arity || d.len() != *n as usize {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        for (a, dk) in self.lane_operands(name, args, d.len())?.into_iter().zip(d) {
            let dk = std::slice::from_ref(dk);
            match base {
                "llvm.fabs" => self.op(Op::FAbs { ty: t }, dk.to_vec(), a),
                "llvm.sqrt" => self.op(Op::FSqrt { ty: t, round: crate::ori::opcode::Round::Rn }, dk.to_vec(), a),
                "llvm.minnum" | "llvm.maxnum" => {
                    self.op(Op::FMnMx { ty: t, max: base == "llvm.maxnum", nan: false, ftz: false }, dk.to_vec(), a)
                }
                "llvm.minimum" | "llvm.maximum" => {
                    self.lower_min_max_nan(t, base == "llvm.maximum", a[0].clone(), a[1].clone(), dk)?
                }
                "llvm.copysign" => self.lower_copysign(name, et, a[0].clone(), a[1].clone(), dk)?,
                _ => self.op(Op::FFma { ty: t, round: Round::Rn, ftz: false }, dk.to_vec(), a),
            }
        }
        Ok(true)
    }

    /// Integer `llvm.{s,u}{min,max}` and `llvm.abs` on vectors (`<2 x i16>`, `<4 x i32>`), lane
    /// by lane as llc-19 scalarizes them; `Ok(false)` for scalars and other names.
    pub(super) fn lower_int_lanes(
        &mut self,
        name: &str,
        base: &str,
        rty: &Ty,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let Ty::Vector(et, n) = rty else { return Ok(false) };
        let Some(bits) = int_bits(et) else { return Ok(false) };
        let (arity, signed) = match base {
            "llvm.smin" | "llvm.smax" => (2, true),
            "llvm.umin" | "llvm.umax" => (2, false),
            // abs(x, is_int_min_poison): the flag is one scalar.
            "llvm.abs" => (2, true),
            _ => return Ok(false),
        };
        if args.len() != arity || d.len() != *n as usize {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        // abs's flag changes no value: only the vector operands are read.
        let vectors = if base == "llvm.abs" { &args[..1] } else { args };
        let w64 = bits == 64;
        for (ops, dk) in self.lane_operands(name, vectors, d.len())?.into_iter().zip(d) {
            let a = self.norm(ops[0].clone(), bits, signed);
            if base == "llvm.abs" {
                self.op(Op::IAbs { w64 }, vec![dk.clone()], vec![a]);
                continue;
            }
            let b = self.norm(ops[1].clone(), bits, signed);
            self.op(Op::IMnMx { signed, max: base.ends_with("max"), w64 }, vec![dk.clone()], vec![a, b]);
        }
        Ok(true)
    }

    /// `llvm.nvvm.fabs[.ftz].{f32,f64,f16,bf16,v2f16,v2bf16}` (later LLVMs' names of PTX's
    /// `abs`): `FAbs` lane by lane; `.ftz` (f32 and f16 lanes) also flushes a subnormal to +0
    /// (`abs.ftz` flushes the subnormal input to a zero whose sign `abs` then clears):
    /// `|x| < smallest normal ? +0 : |x|`, NaN kept.
    pub(super) fn lower_nvvm_fabs(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let ftz = name.contains(".ftz.");
        let rty = ffi::classify(ffi::type_of(v));
        let et = match &rty {
            Ty::Vector(e, _) => (**e).clone(),
            t => t.clone(),
        };
        let t = fty(&et).ok_or_else(|| self.err(format!("intrinsic {name}")))?;
        let smallest_normal = match t {
            FTy::F32 => 0x0080_0000,
            FTy::F16 => 0x0400,
            _ if ftz => return Err(self.err(format!("intrinsic {name}"))),
            _ => 0,
        };
        let lanes = self.unary_lanes(name, args, d)?;
        for (x, dk) in lanes.into_iter().zip(d) {
            if !ftz {
                self.op(Op::FAbs { ty: t }, vec![dk.clone()], vec![x]);
                continue;
            }
            let a = Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Single));
            self.op(Op::FAbs { ty: t }, vec![a.clone()], vec![x]);
            let p = Operand::Reg(self.f.new_reg(RegFile::P, PairMode::Single));
            self.op(
                Op::FSetp { cmp: FCmp::Lt, ty: t, bop: BoolOp::And },
                vec![p.clone()],
                vec![a.clone(), Operand::Imm(smallest_normal), Operand::True],
            );
            self.op(Op::Sel { w64: false }, vec![dk.clone()], vec![Operand::Imm(0), a, p]);
        }
        Ok(())
    }

    /// `llvm.nvvm.ex2.approx.f16[x2]`: per half, the f32 approximation `MUFU.EX2` of the value
    /// widened exactly, rounded back to half: within the PTX bound of `ex2.approx.f16` (its
    /// error is that of one half rounding plus MUFU's 2 ulp of f32, far below a half ulp).
    pub(super) fn lower_ex2_half(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<()> {
        let lanes = self.unary_lanes(name, args, d)?;
        for (x, dk) in lanes.into_iter().zip(d) {
            let (w, e) = (self.f.new_reg(RegFile::R, PairMode::Single), self.f.new_reg(RegFile::R, PairMode::Single));
            self.op(Op::Cvt { from: NumTy::F16, to: NumTy::F32, round: Round::Rn }, vec![Operand::Reg(w)], vec![x]);
            self.op(Op::Mufu { func: MufuFn::Ex2, ftz: false }, vec![Operand::Reg(e)], vec![Operand::Reg(w)]);
            self.op(
                Op::Cvt { from: NumTy::F32, to: NumTy::F16, round: Round::Rn },
                vec![dk.clone()],
                vec![Operand::Reg(e)],
            );
        }
        Ok(())
    }

    /// `llvm.sin` / `llvm.cos` on f32, f16 and bf16 (scalars and vectors, lane by lane) in a
    /// function with `"unsafe-fp-math"="true"`: `sin.approx.f32` / `cos.approx.f32` (MUFU), the
    /// halves widened exactly and rounded back, as llc's `allowUnsafeFPMath` patterns select
    /// them. Elsewhere llc needs a libcall it cannot make and refuses; so does ori
    /// (`Ok(false)`: the caller reports the intrinsic).
    pub(super) fn lower_approx_trig(
        &mut self,
        name: &str,
        base: &str,
        rty: &Ty,
        args: &[V],
        d: &[Operand],
    ) -> Result<bool> {
        let func = match base {
            "llvm.sin" => MufuFn::Sin,
            "llvm.cos" => MufuFn::Cos,
            _ => return Ok(false),
        };
        let et = match rty {
            Ty::Vector(e, _) => e.as_ref(),
            t => t,
        };
        let half = match fty(et) {
            Some(FTy::F32) => None,
            Some(FTy::F16) => Some(NumTy::F16),
            Some(FTy::BF16) => Some(NumTy::BF16),
            _ => return Ok(false),
        };
        if !self.unsafe_fp_math {
            return Ok(false);
        }
        for (x, dk) in self.unary_lanes(name, args, d)?.into_iter().zip(d) {
            let Some(h) = half else {
                self.op(Op::Mufu { func, ftz: false }, vec![dk.clone()], vec![x]);
                continue;
            };
            let (w, e) = (self.f.new_reg(RegFile::R, PairMode::Single), self.f.new_reg(RegFile::R, PairMode::Single));
            self.op(Op::Cvt { from: h, to: NumTy::F32, round: Round::Rn }, vec![Operand::Reg(w)], vec![x]);
            self.op(Op::Mufu { func, ftz: false }, vec![Operand::Reg(e)], vec![Operand::Reg(w)]);
            self.op(Op::Cvt { from: NumTy::F32, to: h, round: Round::Rn }, vec![dk.clone()], vec![Operand::Reg(e)]);
        }
        Ok(true)
    }

    /// Per lane of an `n`-lane call, the operands of `args` in that lane; a scalar operand (the
    /// `i1` flag of ctlz/cttz) serves every lane.
    pub(super) fn lane_operands(&mut self, name: &str, args: &[V], n: usize) -> Result<Vec<Vec<Operand>>> {
        let mut values = Vec::new();
        for &a in args {
            let l = self.get(a)?;
            if l.len() != n && l.len() != 1 {
                return Err(self.err(format!("intrinsic {name}")));
            }
            values.push(l);
        }
        Ok((0..n)
            .map(|k| values.iter().map(|l| if l.len() == n { l[k].clone() } else { l[0].clone() }).collect())
            .collect())
    }

    /// The lanes of a one-argument intrinsic's operand, one per destination.
    fn unary_lanes(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<Vec<Operand>> {
        let lanes = match args {
            [a] => self.get(*a)?,
            _ => return Err(self.err(format!("intrinsic {name} with {} arguments", args.len()))),
        };
        if lanes.len() != d.len() {
            return Err(self.err(format!("intrinsic {name}")));
        }
        Ok(lanes)
    }
}
