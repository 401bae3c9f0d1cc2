//! PTX of the floating-point instructions: setp on floats, the f16/bf16 forms (`half.rs`), add,
//! mul, fma, min/max (with `.ftz`, `.NaN`), div/rcp, neg/abs/sqrt, the MUFU approximations and
//! every conversion (`cvt`).

use super::*;

impl Printer<'_> {
    pub(super) fn float_inst(&mut self, i: &Inst) -> Result<()> {
        let g = i.guard;
        let d0 = || i.dsts.first().cloned().unwrap_or(Operand::Zero);
        let s = |k: usize| i.srcs.get(k).cloned().unwrap_or(Operand::Zero);
        match i.op {
            Op::FSetp { cmp, ty: ty @ (FTy::F32 | FTy::F64), bop } => {
                let d = self.dst(&d0())?;
                let (a, b) = (self.src(&s(0), Some(ty))?, self.src(&s(1), Some(ty))?);
                self.setp(&g, format!("setp.{}.{}", fcmp_name(cmp), ftype(ty)), d, a, b, bop, &s(2))?;
            }
            Op::FAdd { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FMul { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FFma { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FMnMx { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FNeg { ty: ty @ (FTy::F16 | FTy::BF16) }
            | Op::FAbs { ty: ty @ (FTy::F16 | FTy::BF16) }
            | Op::FDiv { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FSqrt { ty: ty @ (FTy::F16 | FTy::BF16), .. }
            | Op::FSetp { ty: ty @ (FTy::F16 | FTy::BF16), .. } => self.half_op(i, ty)?,
            // Packed halves (`ori::lower::half2`) compute in their 32-bit registers; the lowering
            // makes no packed division, square root or comparison.
            Op::FDiv { ty: FTy::F16x2, .. } | Op::FSqrt { ty: FTy::F16x2, .. } | Op::FSetp { ty: FTy::F16x2, .. } => {
                bail!("{} on packed halves", i.op)
            }
            Op::Cvt { from, to, .. } if half::is_half(from) || half::is_half(to) => {
                let ty = if from == NumTy::BF16 || to == NumTy::BF16 { FTy::BF16 } else { FTy::F16 };
                self.half_op(i, ty)?
            }
            Op::FAdd { ty, .. } | Op::FMul { ty, .. } | Op::FMnMx { ty, .. } | Op::FDiv { ty, .. } => {
                let name = match i.op {
                    Op::FAdd { ftz, .. } => ftz_name("add.rn", ftz),
                    Op::FMul { ftz, .. } => ftz_name("mul.rn", ftz),
                    Op::FMnMx { max, nan, ftz, .. } => {
                        let m = if max { "max" } else { "min" };
                        format!("{}{}", ftz_name(m, ftz), if nan { ".NaN" } else { "" })
                    }
                    Op::FDiv { exact: true, round, .. } => match round {
                        Round::Rn => "div.rn",
                        Round::Rz => "div.rz",
                        Round::Rm => "div.rm",
                        Round::Rp => "div.rp",
                    }
                    .to_string(),
                    _ => "div.approx".to_string(),
                };
                let one = match ty {
                    FTy::F32 => 1f32.to_bits() as u64,
                    FTy::F64 => 1f64.to_bits(),
                    _ => u64::MAX,
                };
                if let (Op::FDiv { exact: true, .. }, Operand::Imm(n)) = (i.op, s(0))
                    && n == one
                {
                    // 1 / b, correctly rounded: PTX's `rcp` in the same mode (as llc selects it),
                    // which ptxas expands into less than a general division.
                    let (d, b) = (self.dst(&d0())?, self.src(&s(1), Some(ty))?);
                    self.line(&g, format!("{}.{} {d}, {b}", name.replace("div", "rcp"), ftype(ty)));
                    return Ok(());
                }
                let (d, a, b) = (self.dst(&d0())?, self.src(&s(0), Some(ty))?, self.src(&s(1), Some(ty))?);
                self.line(&g, format!("{name}.{} {d}, {a}, {b}", ftype(ty)));
            }
            Op::FFma { ty, round, ftz } => {
                let d = self.dst(&d0())?;
                let (a, b, c) = (self.src(&s(0), Some(ty))?, self.src(&s(1), Some(ty))?, self.src(&s(2), Some(ty))?);
                let r = match round {
                    Round::Rn => "fma.rn",
                    Round::Rz => "fma.rz",
                    Round::Rm => "fma.rm",
                    Round::Rp => "fma.rp",
                };
                self.line(&g, format!("{}.{} {d}, {a}, {b}, {c}", ftz_name(r, ftz), ftype(ty)));
            }
            Op::FNeg { ty } | Op::FAbs { ty } | Op::FSqrt { ty, .. } => {
                let name = match i.op {
                    Op::FNeg { .. } => "neg",
                    Op::FAbs { .. } => "abs",
                    Op::FSqrt { round: Round::Rz, .. } => "sqrt.rz",
                    Op::FSqrt { round: Round::Rm, .. } => "sqrt.rm",
                    Op::FSqrt { round: Round::Rp, .. } => "sqrt.rp",
                    _ => "sqrt.rn",
                };
                let (d, a) = (self.dst(&d0())?, self.src(&s(0), Some(ty))?);
                self.line(&g, format!("{name}.{} {d}, {a}", ftype(ty)));
            }
            Op::Mufu { func, ftz } => {
                let name = match func {
                    MufuFn::Rcp => "rcp",
                    MufuFn::Rsq => "rsqrt",
                    MufuFn::Sqrt => "sqrt",
                    MufuFn::Ex2 => "ex2",
                    MufuFn::Lg2 => "lg2",
                    MufuFn::Sin => "sin",
                    MufuFn::Cos => "cos",
                    MufuFn::Tanh => "tanh",
                    MufuFn::Rcp64H => {
                        let (d, a) = (self.dst(&d0())?, self.src(&s(0), Some(FTy::F64))?);
                        self.line(&g, format!("rcp.approx.ftz.f64 {d}, {a}"));
                        return Ok(());
                    }
                    MufuFn::Rsq64H => {
                        let (d, a) = (self.dst(&d0())?, self.src(&s(0), Some(FTy::F64))?);
                        let ftz = if ftz { ".ftz" } else { "" };
                        self.line(&g, format!("rsqrt.approx{ftz}.f64 {d}, {a}"));
                        return Ok(());
                    }
                };
                let (d, a) = (self.dst(&d0())?, self.src(&s(0), Some(FTy::F32))?);
                let ftz = if ftz { ".ftz" } else { "" };
                self.line(&g, format!("{name}.approx{ftz}.f32 {d}, {a}"));
            }
            Op::Cvt { from, to, round } => {
                let plain = match round {
                    Round::Rn => ".rn",
                    Round::Rz => ".rz",
                    Round::Rm => ".rm",
                    Round::Rp => ".rp",
                };
                let r = match (from.is_float(), to.is_float()) {
                    (false, true) => plain,
                    (true, false) => match round {
                        Round::Rn => ".rni",
                        Round::Rz => ".rzi",
                        Round::Rm => ".rmi",
                        Round::Rp => ".rpi",
                    },
                    (true, true) if to.bits() < from.bits() => plain,
                    // Same type: round to an integral value.
                    (true, true) if to == from => match round {
                        Round::Rn => ".rni",
                        Round::Rz => ".rzi",
                        Round::Rm => ".rmi",
                        Round::Rp => ".rpi",
                    },
                    _ => "",
                };
                let fsrc = match from {
                    NumTy::F32 => Some(FTy::F32),
                    NumTy::F64 => Some(FTy::F64),
                    _ => None,
                };
                let (d, a) = (self.dst(&d0())?, self.src(&s(0), fsrc)?);
                self.line(&g, format!("cvt{r}.{}.{} {d}, {a}", num(to), num(from)));
            }
            op => bail!("{op} is not a floating-point instruction"),
        }
        Ok(())
    }
}
