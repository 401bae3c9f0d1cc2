//! 16-bit float operations (`f16` and `bf16`) in PTX. Ori keeps these values in the low 16 bits
//! of 32-bit registers; PTX's half instructions want `.b16` registers, so each operation is a
//! scoped block that moves the sources into `.b16` temporaries (`cvt.u16.u32`), computes, and
//! widens the result back (`cvt.u32.u16`):
//!
//! | Ori | PTX (`.f16` / `.bf16`) |
//! |---|---|
//! | `HADD2` `HMUL2` `HFMA2` | `add.rn` `mul.rn` `fma.rn` |
//! | `HMNMX2[.NAN]` `HNEG2` `HABS2` | `min`/`max[.NaN]`, `neg`, `abs` |
//! | `HSETP2` | `setp.cmp[.bop]` |
//! | `HDIV`, `HSQRT` | in f32 (`cvt.f32`, `div.rn.f32` / `sqrt.rn.f32`, `cvt.rn` back), which is correctly rounded: 24 ≥ 2·11 + 2 bits (f16), ≥ 2·8 + 2 (bf16) |
//! | `F2F` / `I2F` / `F2I` | `cvt[.rn|.rz|.rXi].to.from`; same type: `cvt.rXi` (round to integral) |
//!
//! The bf16 forms are what llc-19 selects for sm_90 (`add.rn.bf16`, `setp.lt.bf16`,
//! `cvt.rn.bf16.s32`, `cvt.rpi.bf16.bf16`, `min.NaN.bf16`, ...); division and square root of
//! bf16 go through f32 there too.

use super::{Printer, fcmp_name, ftz_name, num};
use crate::ori::ir::{Inst, Operand, PairMode};
use crate::ori::opcode::{BoolOp, FTy, NumTy, Op, Round};
use anyhow::{Result, bail};
use std::fmt::Write;

/// A 16-bit float type (held in the low half of a 32-bit register).
pub(super) fn is_half(t: NumTy) -> bool {
    matches!(t, NumTy::F16 | NumTy::BF16)
}

/// `.rXi` (round to an integral value) for a rounding mode.
fn integral(r: Round) -> &'static str {
    match r {
        Round::Rn => ".rni",
        Round::Rz => ".rzi",
        Round::Rm => ".rmi",
        Round::Rp => ".rpi",
    }
}

/// `.rX` (round to the destination's precision).
fn rounding(r: Round) -> &'static str {
    match r {
        Round::Rn => ".rn",
        Round::Rz => ".rz",
        Round::Rm => ".rm",
        Round::Rp => ".rp",
    }
}

impl Printer<'_> {
    /// An f16 / bf16 (`ty`) operation as a scoped PTX block (see the module documentation).
    pub(super) fn half_op(&mut self, i: &Inst, ty: FTy) -> Result<()> {
        let t = match ty {
            FTy::F16 => "f16",
            FTy::BF16 => "bf16",
            FTy::F16x2 | FTy::F32 | FTy::F64 => bail!("{} is not a 16-bit float operation", i.op),
        };
        let mut body = vec![".reg .b16 %hs<4>".to_string(), ".reg .f32 %fs<3>".to_string()];
        let mut hsrc = Vec::new();
        for (k, o) in i.srcs.iter().enumerate() {
            match o {
                Operand::Reg(r) if self.f.reg_info(*r).file.is_predicate() => hsrc.push(self.reg(*r)),
                Operand::Reg(r) if self.f.reg_info(*r).pair == PairMode::Single => {
                    body.push(format!("cvt.u16.u32 %hs{k}, {}", self.reg(*r)));
                    hsrc.push(format!("%hs{k}"));
                }
                Operand::Imm(v) => {
                    body.push(format!("mov.b16 %hs{k}, {:#06x}", *v as u16));
                    hsrc.push(format!("%hs{k}"));
                }
                other => hsrc.push(self.int_src(other)?),
            }
        }
        let want = |n: usize| -> Result<()> {
            if hsrc.len() < n {
                bail!("{} with {} sources", i.op, hsrc.len());
            }
            Ok(())
        };
        let d = self.dst(&i.dsts[0])?;
        let widen = |body: &mut Vec<String>, compute: String| {
            body.push(compute);
            body.push(format!("cvt.u32.u16 {d}, %hs3"));
        };
        match i.op {
            Op::FAdd { ftz, .. } => {
                want(2)?;
                widen(&mut body, format!("{}.{t} %hs3, {}, {}", ftz_name("add.rn", ftz), hsrc[0], hsrc[1]))
            }
            Op::FMul { ftz, .. } => {
                want(2)?;
                widen(&mut body, format!("{}.{t} %hs3, {}, {}", ftz_name("mul.rn", ftz), hsrc[0], hsrc[1]))
            }
            Op::FFma { round, ftz, .. } => {
                want(3)?;
                if round != Round::Rn {
                    bail!("{} with a directed rounding mode", i.op);
                }
                let name = ftz_name("fma.rn", ftz);
                widen(&mut body, format!("{name}.{t} %hs3, {}, {}, {}", hsrc[0], hsrc[1], hsrc[2]))
            }
            Op::FMnMx { max, nan, ftz, .. } => {
                want(2)?;
                let name = ftz_name(if max { "max" } else { "min" }, ftz);
                let nan = if nan { ".NaN" } else { "" };
                widen(&mut body, format!("{name}{nan}.{t} %hs3, {}, {}", hsrc[0], hsrc[1]))
            }
            Op::FNeg { .. } => {
                want(1)?;
                widen(&mut body, format!("neg.{t} %hs3, {}", hsrc[0]))
            }
            Op::FAbs { .. } => {
                want(1)?;
                widen(&mut body, format!("abs.{t} %hs3, {}", hsrc[0]))
            }
            Op::FDiv { .. } | Op::FSqrt { .. } => {
                want(1)?;
                body.push(format!("cvt.f32.{t} %fs0, {}", hsrc[0]));
                if let Op::FDiv { .. } = i.op {
                    want(2)?;
                    body.push(format!("cvt.f32.{t} %fs1, {}", hsrc[1]));
                    body.push("div.rn.f32 %fs2, %fs0, %fs1".into());
                } else {
                    body.push("sqrt.rn.f32 %fs2, %fs0".into());
                }
                widen(&mut body, format!("cvt.rn.{t}.f32 %hs3, %fs2"));
            }
            Op::FSetp { cmp, bop, .. } => {
                want(3)?;
                let c = if i.srcs[2] == Operand::True && bop == BoolOp::And {
                    String::new()
                } else {
                    format!(".{}", bop.name().to_lowercase())
                };
                let extra = if c.is_empty() { String::new() } else { format!(", {}", hsrc[2]) };
                body.push(format!("setp.{}.{t}{c} {d}, {}, {}{extra}", fcmp_name(cmp), hsrc[0], hsrc[1]));
            }
            // Same type: round to an integral value.
            Op::Cvt { from, to, round } if from == to => {
                want(1)?;
                widen(&mut body, format!("cvt{}.{t}.{t} %hs3, {}", integral(round), hsrc[0]));
            }
            Op::Cvt { from, to, round } if is_half(from) => {
                want(1)?;
                let r = match (to.is_float(), is_half(to)) {
                    (false, _) => integral(round),
                    (true, true) => rounding(round),
                    (true, false) => "",
                };
                if is_half(to) {
                    widen(&mut body, format!("cvt{r}.{}.{} %hs3, {}", num(to), num(from), hsrc[0]));
                } else {
                    body.push(format!("cvt{r}.{}.{} {d}, {}", num(to), num(from), hsrc[0]));
                }
            }
            Op::Cvt { from, to, round } => {
                let a = match i.srcs.first() {
                    Some(Operand::Imm(_)) => bail!("conversion of an immediate to {t}"),
                    Some(o) => self.src(o, None)?,
                    None => bail!("{} without a source", i.op),
                };
                widen(&mut body, format!("cvt{}.{}.{} %hs3, {a}", rounding(round), num(to), num(from)));
            }
            _ => bail!("{} is not a 16-bit float operation", i.op),
        }
        let g =
            i.guard.map(|g| format!("@{}{} ", if g.negated { "!" } else { "" }, self.reg(g.pred))).unwrap_or_default();
        let lines: Vec<String> =
            body.into_iter().map(|l| if l.starts_with(".reg") { l } else { format!("{g}{l}") }).collect();
        let _ = writeln!(self.out, "\t{{\n\t\t{};\n\t}}", lines.join(";\n\t\t"));
        Ok(())
    }
}
