//! The macros ptxas expands (integer division and remainder, IEEE division and square root, the
//! MUFU range fix-ups), listed as the sequences ptxas 13 emits for sm_90 — read off
//! `cuobjdump -sass` of `div.{s,u}32`, `rem.{s,u}32`, `div.{s,u,}64`, `div.rn.f32/f64`,
//! `div.approx.f32`, `sqrt.rn.f32/f64` and the `*.approx.f32` functions.
//!
//! - **32-bit division** (`IDIV`/`IREM`): a reciprocal estimate of the (absolute) divisor
//!   (`I2F.U32.RP`, `MUFU.RCP`, minus 2 ulp with `VIADD 0xffffffe`, `F2I.FTZ.U32.TRUNC.NTZ`), one
//!   Newton step `y += hi(y · (−b·y))` (`IMAD.HI.U32` whose 64-bit C operand is the pair
//!   `{0, y}`), the quotient estimate `q = hi(y · a)`, the remainder `r = a − q·b`, two
//!   corrections (`ISETP.GE.U32`, guarded subtract / increment), the sign of a signed result
//!   (`a ^ b`, or `a` for the remainder) and `~0` for a zero divisor (`LOP3.LUT … 0x33`).
//! - **64-bit division**: no fast path; ptxas calls a subroutine (`CALL.REL.NOINC`) with the
//!   return address in a register.
//! - **IEEE f32 division**: `MUFU.RCP`, `FCHK` (does the fast path round correctly?), two
//!   `FFMA` Newton steps for the reciprocal, quotient and residual `FFMA`s, and a call of the
//!   slow path when `FCHK` says no.
//! - **IEEE f64 division**: `MUFU.RCP64H` seed, `DFMA` Newton steps, quotient and residual, a
//!   range check of both operands (`FSETP` on the high words), the slow-path call otherwise.
//! - **IEEE square roots**: `MUFU.RSQ` (`MUFU.RSQ64H`) seeds with `FMUL.FTZ`/`FFMA`
//!   (`DMUL`/`DFMA`) refinement when the operand is in the fast range, else the slow path.
//! - **f16** and **bf16** division and square root are done in f32 (as the PTX is), around
//!   `HADD2.F32` / `IMAD.U32 … 0x10000` and `F2FP.{F16,BF16}.F32.PACK_AB`.
//! - **MUFU without `.ftz`**: denormal operands are scaled by 2^24 first (and the result
//!   rescaled); `EX2` halves operands below −126 and squares the result; `SIN`/`COS` take the
//!   operand in turns (`FMUL.RZ` by 1/2π).
//!
//! The slow-path subroutines are named (`` CALL.REL.NOINC `(__internal_…)` ``), not listed:
//! their bodies are ptxas's. A subroutine result lands in the same register as the fast path's.

use super::pack::{half_to_f32, pair_words};
use super::{Emitter, fimm, imm};
use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{FTy, MufuFn, NumTy, Op, Round};

/// The register that receives a result: `d` itself when no source shares a register with it
/// (so it may be written before the sources are read for the last time), else a scratch one
/// copied to `d` at the end ([`finish`]).
fn result_reg(em: &mut Emitter, i: &Inst) -> String {
    let d = em.regs_of(&i.dsts[0]);
    let clash = i.srcs.iter().any(|s| em.regs_of(s).iter().any(|r| d.contains(r)));
    if clash { if d.len() == 2 { em.tmp_pair().0 } else { em.tmp() } } else { em.op(&i.dsts[0]) }
}

/// Copies a scratch result into the destination (both words of a pair).
fn finish(em: &mut Emitter, i: &Inst, res: &str) {
    let d = em.op(&i.dsts[0]);
    if d == res {
        return;
    }
    em.emit(format!("MOV {d}, {res}"));
    if em.is_wide(&i.dsts[0]) {
        let n: u32 = res[1..].parse().unwrap_or(0);
        em.emit(format!("MOV {}, R{}", em.word(&i.dsts[0], 1), n + 1));
    }
}

/// A divisor: a register or a 32-bit immediate.
#[derive(Clone)]
enum Div {
    Reg(String),
    Imm(u32),
}

impl Div {
    fn s(&self) -> String {
        match self {
            Div::Reg(r) => r.clone(),
            Div::Imm(v) => imm(*v as u64),
        }
    }
    fn neg(&self) -> String {
        match self {
            Div::Reg(r) => format!("-{r}"),
            Div::Imm(v) => imm(v.wrapping_neg() as u64),
        }
    }
}

/// `IDIV`/`IREM`: the 32-bit sequence, or the 64-bit subroutine call.
pub(super) fn idiv(em: &mut Emitter, i: &Inst, signed: bool, rem: bool, w64: bool) {
    if w64 {
        let op = if rem { "rem" } else { "div" };
        let name = format!("__internal_{}{op}64", if signed { "s" } else { "u" });
        return subroutine_call(em, &name);
    }
    let a = em.in_reg(&i.srcs[0]);
    let b = match &i.srcs[1] {
        Operand::Imm(v) if *v as u32 != 0 => Div::Imm(*v as u32),
        o => Div::Reg(em.in_reg(o)),
    };
    // |b| and the zero-divisor predicate.
    let babs = match (&b, signed) {
        (Div::Imm(v), true) => Div::Imm((*v as i32).unsigned_abs()),
        (Div::Reg(r), true) => {
            let t = em.tmp();
            em.emit(format!("IABS {t}, {r}"));
            Div::Reg(t)
        }
        (b, false) => b.clone(),
    };
    let pz = match &b {
        Div::Reg(r) => {
            let p = em.tmp_p();
            em.emit(format!("ISETP.NE.U32.AND {p}, PT, {r}, RZ, PT"));
            Some(p)
        }
        Div::Imm(_) => None,
    };
    // |a| and the sign of the result.
    let (aabs, ps) = if signed {
        let (t, p) = (em.tmp(), em.tmp_p());
        em.emit(format!("IABS {t}, {a}"));
        if rem {
            em.emit(format!("ISETP.GE.AND {p}, PT, {a}, RZ, PT"));
        } else {
            let x = em.tmp();
            em.emit(format!("LOP3.LUT {x}, {a}, {}, RZ, 0x3c, !PT", b.s()));
            em.emit(format!("ISETP.GE.AND {p}, PT, {x}, RZ, PT"));
        }
        (t, Some(p))
    } else {
        (a.clone(), None)
    };
    // The reciprocal estimate y (odd register of the pair {z, y}) and one Newton step.
    let (z, zn) = em.tmp_pair();
    let y = format!("R{}", zn + 1);
    let i2f = if signed && matches!(babs, Div::Reg(_)) { "I2F.RP" } else { "I2F.U32.RP" };
    em.emit(format!("{i2f} {z}, {}", babs.s()));
    em.emit(format!("MUFU.RCP {z}, {z}"));
    em.emit(format!("VIADD {z}, {z}, 0xffffffe"));
    em.emit(format!("F2I.FTZ.U32.TRUNC.NTZ {y}, {z}"));
    em.emit(format!("MOV {z}, RZ"));
    let nb = match &babs {
        Div::Imm(_) => babs.neg(),
        Div::Reg(r) => {
            let t = em.tmp();
            em.emit(format!("IADD3 {t}, RZ, -{r}, RZ"));
            t
        }
    };
    let t = em.tmp();
    em.emit(format!("IMAD {t}, {y}, {nb}, RZ"));
    em.emit(format!("IMAD.HI.U32 {y}, {y}, {t}, {z}"));
    // Quotient and remainder estimates, two corrections.
    let res = result_reg(em, i);
    let q = if rem { em.tmp() } else { res.clone() };
    let r = if rem { res.clone() } else { em.tmp() };
    em.emit(format!("IMAD.HI.U32 {q}, {y}, {aabs}, RZ"));
    em.emit(format!("IMAD {r}, {q}, {nb}, {aabs}"));
    let p = em.tmp_p();
    for step in 0..2 {
        em.emit(format!("ISETP.GE.U32.AND {p}, PT, {r}, {}, PT", babs.s()));
        if rem || step == 0 {
            em.emit_if(&p, false, format!("IADD3 {r}, {r}, {}, RZ", babs.neg()));
        }
        if !rem {
            em.emit_if(&p, false, format!("VIADD {q}, {q}, 0x1"));
        }
    }
    if let Some(ps) = ps {
        em.emit_if(&ps, true, format!("IADD3 {res}, -{res}, RZ, RZ"));
    }
    if let (Some(pz), Div::Reg(b)) = (pz, &b) {
        em.emit_if(&pz, true, format!("LOP3.LUT {res}, RZ, {b}, RZ, 0x33, !PT"));
    }
    finish(em, i, &res);
}

/// `MOV ret, <return address>` + `` CALL.REL.NOINC `(name)` ``, the return address being the
/// next instruction.
fn subroutine_call(em: &mut Emitter, name: &str) {
    let back = em.label();
    let ret = em.tmp();
    em.emit_to("", format!("MOV {ret},"), back);
    em.emit_call(name);
    em.bind(back);
}

/// The fast path's exit: `guard branch` skips the call to the slow-path subroutine `name`
/// (taken when the fast result stands), and both paths meet after the call.
fn slow_path_unless(em: &mut Emitter, guard: &str, branch: impl Into<String>, name: &str) {
    let done = em.label();
    em.emit_to(guard, branch, done);
    subroutine_call(em, name);
    em.bind(done);
}

/// A copy of a source that the expansion may scale in place: the source itself when this is
/// its last read (and it is not also another operand), else a scratch copy.
fn writable(em: &mut Emitter, i: &Inst, k: usize) -> String {
    let o = &i.srcs[k];
    if let Operand::Reg(r) = o
        && em.scratch.dies(*r)
        && i.srcs.iter().filter(|s| *s == o).count() == 1
    {
        return em.op(o);
    }
    let t = em.tmp();
    em.emit(format!("MOV {t}, {}", em.op(o)));
    t
}

/// An f32 immediate as cuobjdump prints it.
fn f(v: f32) -> String {
    fimm(v as f64, true)
}

/// Division and square root in a directed rounding mode: ptxas calls a subroutine of its
/// library for these (named here, not listed).
pub(super) fn directed(em: &mut Emitter, i: &Inst, ty: FTy, round: Round) {
    let op = if matches!(i.op, Op::FSqrt { .. }) { "fsqrt" } else { "fdiv" };
    let r = format!("{round:?}").to_lowercase();
    let t = if ty == FTy::F64 { "f64" } else { "f32" };
    library_call(em, i, &format!("__internal_{op}_{r}_{t}"));
}

/// `fns`: a subroutine of ptxas's library as well (named, not listed).
pub(super) fn fns(em: &mut Emitter, i: &Inst) {
    library_call(em, i, "__internal_fns_b32");
}

/// The call of the library subroutine `name` that computes `i`'s result.
fn library_call(em: &mut Emitter, i: &Inst, name: &str) {
    let res = result_reg(em, i);
    subroutine_call(em, name);
    finish(em, i, &res);
}

pub(super) fn fdiv(em: &mut Emitter, i: &Inst, ty: FTy, exact: bool) {
    match (ty, exact) {
        (FTy::F32, false) => {
            let p = em.tmp_p();
            let b0 = em.in_reg(&i.srcs[1]);
            em.emit(format!("FSETP.GEU.AND {p}, PT, |{b0}|, {}, PT", f(f32::MIN_POSITIVE)));
            let (a, b) = (writable(em, i, 0), writable(em, i, 1));
            em.emit_if(&p, true, format!("FMUL {b}, {b}, 16777216"));
            em.emit_if(&p, true, format!("FMUL {a}, {a}, 16777216"));
            let y = em.tmp();
            em.emit(format!("MUFU.RCP {y}, {b}"));
            em.emit(format!("FMUL {}, {y}, {a}", em.op(&i.dsts[0])));
        }
        (FTy::F32, true) => {
            let (a, b) = (em.in_reg(&i.srcs[0]), em.in_reg(&i.srcs[1]));
            let res = result_reg(em, i);
            fdiv_f32(em, &a, &b, &res);
            finish(em, i, &res);
        }
        // The lowering makes no packed division: the low lane stands for both.
        (FTy::F16 | FTy::F16x2 | FTy::BF16, _) => {
            let from = if ty == FTy::BF16 { NumTy::BF16 } else { NumTy::F16 };
            let (a16, b16) = (em.in_reg(&i.srcs[0]), em.in_reg(&i.srcs[1]));
            let (a, b, res) = (em.tmp(), em.tmp(), em.tmp());
            half_to_f32(em, from, &a, &a16);
            half_to_f32(em, from, &b, &b16);
            fdiv_f32(em, &a, &b, &res);
            em.emit(format!("F2FP.{}.F32.PACK_AB {}, RZ, {res}", from.name(), em.op(&i.dsts[0])));
        }
        (FTy::F64, _) => fdiv_f64(em, i),
    }
}

/// The IEEE f32 division fast path into `res`, with the slow-path call.
fn fdiv_f32(em: &mut Emitter, a: &str, b: &str, res: &str) {
    let (y, p, t, q, r) = (em.tmp(), em.tmp_p(), em.tmp(), em.tmp(), em.tmp());
    em.emit(format!("MUFU.RCP {y}, {b}"));
    em.emit(format!("FCHK {p}, {a}, {b}"));
    em.emit(format!("FFMA {t}, -{b}, {y}, 1"));
    em.emit(format!("FFMA {t}, {y}, {t}, {y}"));
    em.emit(format!("FFMA {q}, {a}, {t}, RZ"));
    em.emit(format!("FFMA {r}, -{b}, {q}, {a}"));
    em.emit(format!("FFMA {res}, {t}, {r}, {q}"));
    slow_path_unless(em, &format!("@!{p}"), "BRA", "__internal_fdiv_rn_f32_slowpath");
}

fn fdiv_f64(em: &mut Emitter, i: &Inst) {
    // A pair is named by its low register: `a`, `b` name the operands, `ah`, `bh` their high words.
    let (a_pair, ah) = pair_words(em, &i.srcs[0]);
    let (b, bh) = pair_words(em, &i.srcs[1]);
    let res = result_reg(em, i);
    let ((y, yn), (t, _), (q, _), (r, _)) = (em.tmp_pair(), em.tmp_pair(), em.tmp_pair(), em.tmp_pair());
    let (p0, p1, s) = (em.tmp_p(), em.tmp_p(), em.tmp());
    let res_hi = format!("R{}", res[1..].parse::<u32>().unwrap_or(0) + 1);
    em.emit(format!("MOV {y}, 0x1"));
    em.emit(format!("MUFU.RCP64H R{}, {bh}", yn + 1));
    em.emit(format!("FSETP.GEU.AND {p1}, PT, |{ah}|, {}, PT", f(6.582_768_4e-37)));
    em.emit(format!("DFMA {t}, -{b}, {y}, 1"));
    em.emit(format!("DFMA {t}, {t}, {t}, {t}"));
    em.emit(format!("DFMA {t}, {y}, {t}, {y}"));
    em.emit(format!("DFMA {y}, -{b}, {t}, 1"));
    em.emit(format!("DFMA {y}, {t}, {y}, {t}"));
    em.emit(format!("DMUL {q}, {a_pair}, {y}"));
    em.emit(format!("DFMA {r}, -{b}, {q}, {a_pair}"));
    em.emit(format!("DFMA {res}, {y}, {r}, {q}"));
    em.emit(format!("FFMA {s}, RZ, {bh}, {res_hi}"));
    em.emit(format!("FSETP.GT.AND {p0}, PT, |{s}|, {}, PT", f(1.469_368e-39)));
    slow_path_unless(em, &format!("@{p0}"), format!("BRA {p1},"), "__internal_fdiv_rn_f64_slowpath");
    finish(em, i, &res);
}

pub(super) fn fsqrt(em: &mut Emitter, i: &Inst, ty: FTy) {
    match ty {
        FTy::F32 => {
            let a = em.in_reg(&i.srcs[0]);
            let res = result_reg(em, i);
            fsqrt_f32(em, &a, &res);
            finish(em, i, &res);
        }
        FTy::F16 | FTy::F16x2 | FTy::BF16 => {
            let from = if ty == FTy::BF16 { NumTy::BF16 } else { NumTy::F16 };
            let a16 = em.in_reg(&i.srcs[0]);
            let (a, res) = (em.tmp(), em.tmp());
            half_to_f32(em, from, &a, &a16);
            fsqrt_f32(em, &a, &res);
            em.emit(format!("F2FP.{}.F32.PACK_AB {}, RZ, {res}", from.name(), em.op(&i.dsts[0])));
        }
        FTy::F64 => fsqrt_f64(em, i),
    }
}

/// The IEEE f32 square-root fast path into `res`, with the slow-path call.
fn fsqrt_f32(em: &mut Emitter, a: &str, res: &str) {
    let (t, y, p, s, h, r) = (em.tmp(), em.tmp(), em.tmp_p(), em.tmp(), em.tmp(), em.tmp());
    em.emit(format!("IADD3 {t}, {a}, -0xd000000, RZ"));
    em.emit(format!("MUFU.RSQ {y}, {a}"));
    em.emit(format!("ISETP.GT.U32.AND {p}, PT, {t}, 0x727fffff, PT"));
    let (fast, done) = (em.label(), em.label());
    em.emit_to(&format!("@!{p}"), "BRA", fast);
    subroutine_call(em, "__internal_fsqrt_rn_f32_slowpath");
    em.emit_to("", "BRA", done);
    em.bind(fast);
    em.emit(format!("FMUL.FTZ {s}, {a}, {y}"));
    em.emit(format!("FMUL.FTZ {h}, {y}, 0.5"));
    em.emit(format!("FFMA {r}, -{s}, {s}, {a}"));
    em.emit(format!("FFMA {res}, {r}, {h}, {s}"));
    em.bind(done);
}

fn fsqrt_f64(em: &mut Emitter, i: &Inst) {
    let (a, ah) = pair_words(em, &i.srcs[0]);
    let res = result_reg(em, i);
    let ((h, hn), (y, yn), (t, _), (s, _), (u, un), (r, _)) =
        (em.tmp_pair(), em.tmp_pair(), em.tmp_pair(), em.tmp_pair(), em.tmp_pair(), em.tmp_pair());
    let p = em.tmp_p();
    em.emit(format!("MOV {h}, RZ"));
    em.emit(format!("MOV R{}, 0x3fd80000", hn + 1));
    em.emit(format!("MUFU.RSQ64H R{}, {ah}", yn + 1));
    em.emit(format!("VIADD {y}, {ah}, 0xfcb00000"));
    em.emit(format!("ISETP.GE.U32.AND {p}, PT, {y}, 0x7ca00000, PT"));
    em.emit(format!("DMUL {t}, {y}, {y}"));
    em.emit(format!("DFMA {t}, {a}, -{t}, 1"));
    em.emit(format!("DFMA {h}, {t}, {h}, 0.5"));
    em.emit(format!("DMUL {t}, {y}, {t}"));
    em.emit(format!("DFMA {t}, {h}, {t}, {y}"));
    em.emit(format!("DMUL {s}, {a}, {t}"));
    em.emit(format!("IADD3 R{}, R{}, -0x100000, RZ", un + 1, t[1..].parse::<u32>().unwrap_or(0) + 1));
    em.emit(format!("MOV {u}, {t}"));
    em.emit(format!("DFMA {r}, {s}, -{s}, {a}"));
    em.emit(format!("DFMA {res}, {r}, {u}, {s}"));
    slow_path_unless(em, &format!("@!{p}"), "BRA", "__internal_fsqrt_rn_f64_slowpath");
    finish(em, i, &res);
}

/// `MUFU.fn`, with ptxas's range handling of the non-`.ftz` forms.
pub(super) fn mufu(em: &mut Emitter, i: &Inst, func: MufuFn, ftz: bool) {
    let name = format!("{func:?}").to_uppercase();
    let d = em.op(&i.dsts[0]);
    match func {
        MufuFn::Sin | MufuFn::Cos => {
            let (a, t) = (em.in_reg(&i.srcs[0]), em.tmp());
            em.emit(format!("FMUL.RZ {t}, {a}, {}", f(std::f32::consts::FRAC_1_PI / 2.0)));
            em.emit(format!("MUFU.{name} {d}, {t}"));
        }
        MufuFn::Tanh | MufuFn::Rcp64H | MufuFn::Rsq64H => {
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("MUFU.{name} {d}, {a}"));
        }
        _ if ftz => {
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("MUFU.{name} {d}, {a}"));
        }
        MufuFn::Rcp => {
            let a = em.in_reg(&i.srcs[0]);
            let (t, s, x, p, q) = (em.tmp(), em.tmp(), em.tmp(), em.tmp_p(), em.tmp_p());
            em.emit(format!("MOV {t}, 0x4b800000"));
            em.emit(format!("FSETP.GEU.AND {p}, PT, |{a}|, {}, PT", f(f32::MIN_POSITIVE)));
            em.emit(format!("FSETP.GT.AND {q}, PT, |{a}|, {}, PT", f(8.507_059e37)));
            em.emit(format!("FSEL {t}, {t}, 1, !{p}"));
            em.emit(format!("FSEL {s}, {t}, 0.25, !{q}"));
            em.emit(format!("FMUL {x}, {a}, {s}"));
            em.emit(format!("MUFU.RCP {x}, {x}"));
            em.emit(format!("FMUL {d}, {s}, {x}"));
        }
        MufuFn::Ex2 => {
            let p = em.tmp_p();
            let a0 = em.in_reg(&i.srcs[0]);
            em.emit(format!("FSETP.GEU.AND {p}, PT, {a0}, -126, PT"));
            let a = writable(em, i, 0);
            em.emit_if(&p, true, format!("FMUL {a}, {a}, 0.5"));
            em.emit(format!("MUFU.EX2 {d}, {a}"));
            em.emit_if(&p, true, format!("FMUL {d}, {d}, {d}"));
        }
        MufuFn::Lg2 | MufuFn::Rsq | MufuFn::Sqrt => {
            let p = em.tmp_p();
            let a0 = em.in_reg(&i.srcs[0]);
            em.emit(format!("FSETP.GEU.AND {p}, PT, |{a0}|, {}, PT", f(f32::MIN_POSITIVE)));
            let a = writable(em, i, 0);
            em.emit_if(&p, true, format!("FMUL {a}, {a}, 16777216"));
            em.emit(format!("MUFU.{name} {d}, {a}"));
            let fix = match func {
                MufuFn::Lg2 => format!("FADD {d}, {d}, -24"),
                MufuFn::Rsq => format!("FMUL {d}, {d}, 4096"),
                _ => format!("FMUL {d}, {d}, {}", f(1.0 / 4096.0)),
            };
            em.emit_if(&p, true, fix);
        }
    }
}
