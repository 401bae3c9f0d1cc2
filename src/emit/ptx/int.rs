//! PTX of the integer and logic instructions: add/sub, mad/mul (lo, hi, wide), lop3, shifts,
//! funnel shifts, setp on integers, predicate logic, selp, abs, min/max, popc/brev/bfind, fns,
//! dp4a/dp2a, prmt, division.

use super::*;

impl Printer<'_> {
    pub(super) fn int_inst(&mut self, i: &Inst) -> Result<()> {
        let g = i.guard;
        let d0 = || i.dsts.first().cloned().unwrap_or(Operand::Zero);
        let s = |k: usize| i.srcs.get(k).cloned().unwrap_or(Operand::Zero);
        match i.op {
            Op::IAdd3 { neg_b, w64 } => {
                let ty = if w64 { "s64" } else { "s32" };
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                self.line(&g, format!("{}.{ty} {d}, {a}, {b}", if neg_b { "sub" } else { "add" }));
                if s(2) != Operand::Zero {
                    let c = self.int_src(&s(2))?;
                    self.line(&g, format!("add.{ty} {d}, {d}, {c}"));
                }
            }
            Op::IMad { kind, w64 } => {
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                let (base, ty) = match kind {
                    MadKind::Lo => ("lo", if w64 { "s64" } else { "s32" }),
                    MadKind::Hi { signed } => ("hi", s_or_u(signed, w64)),
                    MadKind::Wide { signed } => ("wide", s_or_u(signed, false)),
                };
                if s(2) == Operand::Zero {
                    self.line(&g, format!("mul.{base}.{ty} {d}, {a}, {b}"));
                } else if let MadKind::Wide { .. } = kind {
                    // `mul.wide` + `add.s64`, as llc writes it: ptxas makes one IMAD.WIDE of that
                    // pair, but splits a `mad.wide.s32` into IMAD.SHL/IMAD.HI and a 64-bit add.
                    let c = self.int_src(&s(2))?;
                    let t = self.scratch64();
                    self.line(&g, format!("mul.wide.{ty} {t}, {a}, {b}"));
                    self.line(&g, format!("add.s64 {d}, {c}, {t}"));
                } else {
                    let c = self.int_src(&s(2))?;
                    self.line(&g, format!("mad.{base}.{ty} {d}, {a}, {b}, {c}"));
                }
            }
            Op::Lop3 { lut: l, w64 } => {
                let bits = if w64 { "b64" } else { "b32" };
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                let c_zero = s(2) == Operand::Zero;
                match l {
                    lut::AND if c_zero => self.line(&g, format!("and.{bits} {d}, {a}, {b}")),
                    lut::OR if c_zero => self.line(&g, format!("or.{bits} {d}, {a}, {b}")),
                    lut::XOR if c_zero => self.line(&g, format!("xor.{bits} {d}, {a}, {b}")),
                    lut::NOT_A => self.line(&g, format!("not.{bits} {d}, {a}")),
                    _ if !w64 => {
                        let c = self.int_src(&s(2))?;
                        self.line(&g, format!("lop3.b32 {d}, {a}, {b}, {c}, {l:#04x}"));
                    }
                    _ => bail!("64-bit LOP3 with table {l:#04x}"),
                }
            }
            Op::Shf { left, signed, w64 } => {
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                let op = if left {
                    format!("shl.b{}", if w64 { 64 } else { 32 })
                } else {
                    format!("shr.{}", s_or_u(signed, w64))
                };
                self.line(&g, format!("{op} {d}, {a}, {b}"));
            }
            Op::Funnel { left, clamp } => {
                let (d, lo, hi, n) =
                    (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?);
                let (dir, mode) = (if left { "l" } else { "r" }, if clamp { "clamp" } else { "wrap" });
                self.line(&g, format!("shf.{dir}.{mode}.b32 {d}, {lo}, {hi}, {n}"));
            }
            Op::ISetp { cmp, signed, w64, bop } => {
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                let ty = s_or_u(signed, w64);
                self.setp(&g, format!("setp.{}.{ty}", cmp_name(cmp)), d, a, b, bop, &s(2))?;
            }
            Op::PLop3 { lut: l } => self.plop3(&g, i, l)?,
            Op::Sel { w64 } => {
                let (d, a, b, p) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?);
                self.line(&g, format!("selp.b{} {d}, {a}, {b}, {p}", if w64 { 64 } else { 32 }));
            }
            Op::IAbs { w64 } => {
                let (d, a) = (self.dst(&d0())?, self.int_src(&s(0))?);
                self.line(&g, format!("abs.s{} {d}, {a}", if w64 { 64 } else { 32 }));
            }
            Op::IMnMx { signed, max, w64 } => {
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                self.line(&g, format!("{}.{} {d}, {a}, {b}", if max { "max" } else { "min" }, s_or_u(signed, w64)));
            }
            Op::Popc { w64 } | Op::Brev { w64 } | Op::Flo { w64 } => {
                let (d, a) = (self.dst(&d0())?, self.int_src(&s(0))?);
                let name = match i.op {
                    Op::Popc { .. } => format!("popc.b{}", if w64 { 64 } else { 32 }),
                    Op::Brev { .. } => format!("brev.b{}", if w64 { 64 } else { 32 }),
                    _ => format!("bfind.u{}", if w64 { 64 } else { 32 }),
                };
                self.line(&g, format!("{name} {d}, {a}"));
            }
            Op::Fns => {
                let (d, mask, base, offset) =
                    (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?);
                self.line(&g, format!("fns.b32 {d}, {mask}, {base}, {offset}"));
            }
            Op::Dp { two, hi, a_signed, b_signed } => {
                let (d, a, b, c) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?);
                let su = |s: bool| if s { "s32" } else { "u32" };
                let form = if two { if hi { "dp2a.hi" } else { "dp2a.lo" } } else { "dp4a" };
                self.line(&g, format!("{form}.{}.{} {d}, {a}, {b}, {c}", su(a_signed), su(b_signed)));
            }
            Op::Prmt => {
                let (d, a, sel, b) =
                    (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?);
                self.line(&g, format!("prmt.b32 {d}, {a}, {b}, {sel}"));
            }
            Op::IDiv { signed, rem, w64 } => {
                let (d, a, b) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                self.line(&g, format!("{}.{} {d}, {a}, {b}", if rem { "rem" } else { "div" }, s_or_u(signed, w64)));
            }
            op => bail!("{op} is not an integer instruction"),
        }
        Ok(())
    }
}
