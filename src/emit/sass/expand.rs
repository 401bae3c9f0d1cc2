//! Ori instruction → listed SASS instructions, for everything but the macros (`macros.rs`) and
//! the call ABI (`calls.rs`). The mapping is the table of the module documentation.

use super::pack::{half_to_f32, pair_words};
use super::{Emitter, Target, calls, fimm, imm, is_param_read, macros, memory};
use crate::ori::interp::float::{bf16_to_f64, f16_to_f64};
use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{
    AtomOp, BoolOp, Cmp, FCmp, FTy, MadKind, MemScope, NumTy, Op, Round, ShflMode, Space, VoteMode,
};
use crate::sreg::SassSource;

/// Lists instruction `k` of `insts` (a block's instructions).
pub(super) fn inst(em: &mut Emitter, insts: &[Inst], k: usize) {
    let i = &insts[k];
    let d = |em: &Emitter, n: usize| em.op(&i.dsts[n]);
    let s = |em: &Emitter, n: usize| em.op(&i.srcs[n]);
    match i.op {
        Op::Mov { .. } | Op::Copy => mov(em, &i.dsts[0], &i.srcs[0]),
        Op::IAdd3 { neg_b, w64 } => iadd3(em, i, neg_b, w64),
        Op::IMad { kind, w64 } => imad(em, i, kind, w64),
        Op::Lop3 { lut, w64 } => lop3(em, i, lut, w64),
        Op::Shf { left, signed, w64 } => shf(em, i, left, signed, w64),
        Op::Funnel { .. } => {
            let (lo, hi, amt) = (em.in_reg(&i.srcs[0]), em.in_reg(&i.srcs[1]), s(em, 2));
            em.emit(format!("{} {}, {lo}, {amt}, {hi}", i.op, d(em, 0)));
        }
        Op::ISetp { cmp, signed, w64, bop } => isetp(em, i, cmp, signed, w64, bop),
        Op::FSetp { cmp, ty, bop } => {
            let (mut a, mut b, mut cmp) = (&i.srcs[0], &i.srcs[1], cmp);
            if is_const(a) && !is_const(b) {
                (a, b, cmp) = (b, a, fcmp_swapped(cmp));
            }
            let name = match ty {
                FTy::F16 | FTy::F16x2 => "HSETP2",
                FTy::BF16 => "HSETP2.BF16_V2",
                FTy::F32 => "FSETP",
                FTy::F64 => "DSETP",
            };
            let (a, b) = (fsrc(em, a, ty), fsrc(em, b, ty));
            em.emit(format!("{name}.{}.{} {}, PT, {a}, {b}, {}", cmp.name(), bop.name(), d(em, 0), s(em, 2)));
        }
        // A copy of a predicate onto itself (`0xf0` is "a") lists nothing.
        Op::PLop3 { lut: 0xF0 } if d(em, 0) == s(em, 0) => {}
        Op::PLop3 { lut } => {
            em.emit(format!("PLOP3.LUT {}, PT, {}, {}, {}, {lut:#x}, 0x0", d(em, 0), s(em, 0), s(em, 1), s(em, 2)))
        }
        Op::Sel { .. } => sel(em, i),
        Op::FAdd { ty, ftz } | Op::FMul { ty, ftz } => {
            let (mut a, mut b) = (&i.srcs[0], &i.srcs[1]);
            if is_const(a) {
                (a, b) = (b, a);
            }
            let base = if matches!(i.op, Op::FAdd { .. }) { "ADD" } else { "MUL" };
            let (a, b) = (fsrc(em, a, ty), fsrc(em, b, ty));
            em.emit(format!("{}{base}{}{} {}, {a}, {b}", fprefix(ty), ftz_suffix(ftz), fsuffix(ty), d(em, 0)));
        }
        Op::FFma { ty, round, ftz } => {
            let (mut a, mut b) = (&i.srcs[0], &i.srcs[1]);
            if is_const(a) {
                (a, b) = (b, a);
            }
            let (a, b, c) = (fsrc(em, a, ty), fsrc(em, b, ty), fsrc(em, &i.srcs[2], ty));
            let r = match round {
                Round::Rn => "",
                Round::Rz => ".RZ",
                Round::Rm => ".RM",
                Round::Rp => ".RP",
            };
            em.emit(format!("{}FMA{}{}{r} {}, {a}, {b}, {c}", fprefix(ty), ftz_suffix(ftz), fsuffix(ty), d(em, 0)));
        }
        Op::FMnMx { ty: FTy::F64, max, .. } => dmnmx(em, i, max),
        Op::FMnMx { ty, max, nan, ftz } => {
            let (mut a, mut b) = (&i.srcs[0], &i.srcs[1]);
            if is_const(a) {
                (a, b) = (b, a);
            }
            let (a, b) = (fsrc(em, a, ty), fsrc(em, b, ty));
            let name = match ty {
                FTy::F16 | FTy::F16x2 => "HMNMX2",
                FTy::BF16 => "HMNMX2.BF16_V2",
                FTy::F32 | FTy::F64 => "FMNMX",
            };
            let nan = if nan { ".NAN" } else { "" };
            let ftz = ftz_suffix(ftz);
            em.emit(format!("{name}{ftz}{nan} {}, {a}, {b}, {}", d(em, 0), if max { "!PT" } else { "PT" }));
        }
        Op::FNeg { ty } | Op::FAbs { ty } => {
            let neg = matches!(i.op, Op::FNeg { .. });
            let a = em.in_reg(&i.srcs[0]);
            let d = d(em, 0);
            let text = match (ty, neg) {
                (FTy::F32, true) => format!("FADD {d}, -{a}, -RZ"),
                (FTy::F32, false) => format!("FADD {d}, |{a}|, -RZ"),
                (FTy::F64, true) => format!("DADD {d}, -RZ, -{a}"),
                (FTy::F64, false) => format!("DADD {d}, -RZ, |{a}|"),
                (FTy::F16, true) => format!("HADD2 {d}, -RZ, -{a}.H0_H0"),
                (FTy::F16, false) => format!("HADD2 {d}, -RZ, |{a}|.H0_H0"),
                (FTy::F16x2, true) => format!("HADD2 {d}, -RZ, -{a}"),
                (FTy::F16x2, false) => format!("HADD2 {d}, -RZ, |{a}|"),
                // bf16: the sign bit flipped / cleared.
                (FTy::BF16, true) => format!("LOP3.LUT {d}, {a}, 0x8000, RZ, 0x3c, !PT"),
                (FTy::BF16, false) => format!("LOP3.LUT {d}, {a}, 0x7fff, RZ, 0xc0, !PT"),
            };
            em.emit(text);
        }
        Op::FDiv { ty, exact: true, round } | Op::FSqrt { ty, round } if round != Round::Rn => {
            macros::directed(em, i, ty, round)
        }
        Op::FDiv { ty, exact, .. } => macros::fdiv(em, i, ty, exact),
        Op::FSqrt { ty, .. } => macros::fsqrt(em, i, ty),
        Op::Mufu { func, ftz } => macros::mufu(em, i, func, ftz),
        Op::IAbs { w64 } => iabs(em, i, w64),
        Op::IMnMx { signed, max, w64 } => imnmx(em, i, signed, max, w64),
        Op::Popc { w64: false } | Op::Flo { w64: false } | Op::Brev { w64: false } => {
            let name = match i.op {
                Op::Popc { .. } => "POPC",
                Op::Flo { .. } => "FLO.U32",
                _ => "BREV",
            };
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("{name} {}, {a}", d(em, 0)));
        }
        Op::Popc { w64: true } => {
            let (a, t, d) = (&i.srcs[0], em.tmp(), d(em, 0));
            em.emit(format!("POPC {t}, {}", em.word(a, 0)));
            em.emit(format!("POPC {d}, {}", em.word(a, 1)));
            em.emit(format!("IADD3 {d}, {t}, {d}, RZ"));
        }
        Op::Flo { w64: true } => {
            // bfind.u64: the high word's FLO + 32 when it has a bit set, else the low word's.
            let (a, t, p, d) = (&i.srcs[0], em.tmp(), em.tmp_p(), d(em, 0));
            em.emit(format!("FLO.U32 {t}, {}", em.word(a, 1)));
            em.emit(format!("ISETP.NE.U32.AND {p}, PT, {t}, -0x1, PT"));
            em.emit_if(&p, false, format!("IADD3 {d}, {t}, 0x20, RZ"));
            em.emit_if(&p, true, format!("FLO.U32 {d}, {}", em.word(a, 0)));
        }
        Op::Brev { w64: true } => {
            let (a, dd, t) = (&i.srcs[0], &i.dsts[0], em.tmp());
            em.emit(format!("BREV {t}, {}", em.word(a, 1)));
            em.emit(format!("BREV {}, {}", em.word(dd, 1), em.word(a, 0)));
            em.emit(format!("MOV {}, {t}", em.word(dd, 0)));
        }
        Op::Fns => macros::fns(em, i),
        Op::Dp { .. } => {
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("{} {}, {a}, {}, {}", i.op, d(em, 0), s(em, 1), s(em, 2)));
        }
        Op::Prmt => {
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("PRMT {}, {a}, {}, {}", d(em, 0), s(em, 1), s(em, 2)));
        }
        Op::IDiv { signed, rem, w64 } => macros::idiv(em, i, signed, rem, w64),
        Op::Cvt { from, to, round } => cvt(em, i, from, to, round),
        Op::S2R => {
            let name = match (em.is_uniform(&i.dsts[0]), em.is_wide(&i.dsts[0])) {
                (true, _) => "S2UR",
                (false, true) => "CS2R",
                (false, false) => "S2R",
            };
            let src = i.srcs[0].clone();
            if let Operand::SReg(r) = &src
                && let SassSource::ConstBank(off) = r.sass_source()
            {
                return mov(em, &i.dsts[0], &Operand::CBank { bank: 0, offset: off });
            }
            em.emit(format!("{name} {}, {}", d(em, 0), s(em, 0)));
        }
        Op::Ld { space: Space::Param, .. } if is_param_read(i) => calls::param(em, insts, k),
        Op::St { space: Space::Param, .. } => calls::param(em, insts, k),
        Op::Ld { space, bits, signed, volatile, offset, nc } => {
            memory::load(em, i, space, bits, signed, volatile, offset, nc)
        }
        Op::St { space, bits, volatile, offset } => memory::store(em, i, space, bits, volatile, offset),
        Op::Atom { space, op, ty, scope } => atom(em, i, space, op, ty, scope),
        Op::Shfl { mode } => {
            let m = match mode {
                ShflMode::Idx => "IDX",
                ShflMode::Up => "UP",
                ShflMode::Down => "DOWN",
                ShflMode::Bfly => "BFLY",
            };
            let p = i.dsts.get(1).map_or("PT".to_string(), |p| em.op(p));
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("SHFL.{m} {p}, {}, {a}, {}, {}", d(em, 0), s(em, 1), s(em, 2)));
        }
        Op::Vote { mode } => {
            let p = s(em, 0);
            let text = match mode {
                VoteMode::Ballot => format!("VOTE.ANY {}, PT, {p}", d(em, 0)),
                VoteMode::All => format!("VOTE.ALL {}, {p}", d(em, 0)),
                VoteMode::Any => format!("VOTE.ANY {}, {p}", d(em, 0)),
                VoteMode::Uni => format!("VOTE.EQ {}, {p}", d(em, 0)),
            };
            em.emit(text);
        }
        Op::Cvta { space, to_generic } => cvta(em, i, space, to_generic),
        Op::Bar if i.srcs.is_empty() => em.emit("BAR.SYNC.DEFER_BLOCKING 0x0"),
        Op::BarPopc => {
            let p = em.op(&i.srcs[0]);
            em.emit(format!("BAR.RED.POPC.DEFER_BLOCKING 0x0, {p}"));
            em.emit(format!("B2R.RESULT {}", d(em, 0)));
        }
        Op::Bar => {
            let ops: Vec<String> = (0..i.srcs.len()).map(|n| s(em, n)).collect();
            em.emit(format!("BAR.SYNC.DEFER_BLOCKING {}", ops.join(", ")));
        }
        Op::BarArrive => {
            let ops: Vec<String> = (0..i.srcs.len()).map(|n| s(em, n)).collect();
            em.emit(format!("BAR.ARV {}", ops.join(", ")));
        }
        Op::Match { all, w64 } => {
            let a = em.in_reg(&i.srcs[0]);
            let text = match (all, i.dsts.get(1)) {
                (true, Some(p)) => {
                    format!("MATCH.ALL{} {}, {}, {a}", if w64 { ".U64" } else { "" }, em.op(p), d(em, 0))
                }
                (true, None) => format!("MATCH.ALL{} PT, {}, {a}", if w64 { ".U64" } else { "" }, d(em, 0)),
                (false, _) => format!("MATCH.ANY{} {}, {a}", if w64 { ".U64" } else { "" }, d(em, 0)),
            };
            em.emit(text);
        }
        Op::Redux { op } => {
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("REDUX.{} {}, {a}", crate::ori::opcode::redux_name(op), d(em, 0)));
        }
        Op::Nanosleep => em.emit(format!("NANOSLEEP {}", s(em, 0))),
        Op::CacheHint { .. } => em.emit(format!("{} [{}]", i.op, s(em, 0))),
        Op::TexSurf { op } => {
            let ops: Vec<String> = i.dsts.iter().chain(&i.srcs).map(|o| em.op(o)).collect();
            em.emit(format!("{} {}", op.sass(), ops.join(", ")));
        }
        Op::WarpSync => em.emit(format!("WARPSYNC {}", s(em, 0))),
        Op::IsSpace { space } => {
            let q = match space {
                Space::Global => "G",
                Space::Shared => "S",
                Space::Local => "L",
                _ => "C",
            };
            let a = em.in_reg(&i.srcs[0]);
            em.emit(format!("QSPC.E.{q} {}, RZ, [{a}.64]", d(em, 0)));
        }
        Op::Membar { gpu: true } => {
            for l in ["MEMBAR.SC.GPU", "ERRBAR", "CGAERRBAR", "CCTL.IVALL"] {
                em.emit(l);
            }
        }
        Op::Membar { gpu: false } => em.emit("MEMBAR.SC.CTA"),
        Op::Bra => {
            if let Some(t) = i.targets().next() {
                em.emit_to("", "BRA", Target::Block(t));
            }
        }
        Op::Exit => em.emit("EXIT"),
        Op::Stack { op } => stack(em, i, op),
        Op::Trap { brkpt } => em.emit(if brkpt { "BPT.PAUSE 0x1" } else { "BPT.TRAP 0x1" }),
        // The sm_90 instructions: their Ori name and operands (ptxas's expansions are not listed).
        Op::Sm90 { .. } => {
            let ops: Vec<String> = i.dsts.iter().chain(&i.srcs).map(|o| em.op(o)).collect();
            em.emit(format!("{} {}", i.op, ops.join(", ")).trim_end().to_string());
        }
        Op::Ret => calls::ret(em),
        Op::Call => calls::call(em, i),
        Op::Asm { id, .. } => {
            let ops: Vec<String> = i.dsts.iter().chain(&i.srcs).map(|o| em.op(o)).collect();
            let text = em.f.asm.get(id as usize).map_or("", |s| s);
            em.emit(format!("ASM /* {text} */ {}", ops.join(", ")));
        }
        Op::Phi => {
            let ops: Vec<String> = i.dsts.iter().chain(&i.srcs).map(|o| em.op(o)).collect();
            em.emit(format!("MovPhi {}", ops.join(", ")));
        }
    }
}

/// Immediates and constant-bank words: operands SASS takes only in the B slot.
fn is_const(o: &Operand) -> bool {
    matches!(o, Operand::Imm(_) | Operand::CBank { .. })
}

/// Copies: `LDC` from the constant bank, relocated symbol words, per-word `MOV` otherwise.
pub(super) fn mov(em: &mut Emitter, d: &Operand, s: &Operand) {
    let words = em.words(d);
    let u = if em.is_uniform(d) { "U" } else { "" };
    match s {
        Operand::CBank { bank, offset } => {
            let w = if words == 2 { ".64" } else { "" };
            let off = if *offset == 0 { "RZ".to_string() } else { format!("{offset:#x}") };
            em.emit(format!("{u}LDC{w} {}, c[{bank:#x}][{off}]", em.op(d)));
        }
        Operand::SReg(r) if matches!(r.sass_source(), SassSource::ConstBank(_)) => {
            let SassSource::ConstBank(offset) = r.sass_source() else { unreachable!() };
            mov(em, d, &Operand::CBank { bank: 0, offset });
        }
        _ if matches!(d, Operand::Reg(r) if em.f.reg_info(*r).file.is_predicate()) => {
            if em.op(d) != em.op(s) {
                em.emit(format!("{u}PLOP3.LUT {}, PT, {}, PT, PT, 0xf0, 0x0", em.op(d), em.op(s)));
            }
        }
        _ => {
            for w in 0..words {
                let (dw, sw) = (em.word(d, w), em.word(s, w));
                if dw != sw {
                    let sw = if sw == "0x0" { "RZ".into() } else { sw };
                    em.emit(format!("{u}MOV {dw}, {sw}"));
                }
            }
        }
    }
}

/// An operand with an optional arithmetic negation (`-R`, or the negated immediate).
fn neg_op(em: &Emitter, o: &Operand, neg: bool) -> String {
    match (o, neg) {
        (Operand::Imm(v), true) => imm(v.wrapping_neg() & 0xFFFF_FFFF),
        (Operand::Zero, _) => em.op(o),
        (_, true) => format!("-{}", em.op(o)),
        (_, false) => em.op(o),
    }
}

fn iadd3(em: &mut Emitter, i: &Inst, neg_b: bool, w64: bool) {
    let (mut a, mut b, c) = ((&i.srcs[0], false), (&i.srcs[1], neg_b), &i.srcs[2]);
    if is_const(a.0) && !is_const(b.0) {
        (a, b) = (b, a);
    }
    let d = &i.dsts[0];
    if !w64 {
        let text = format!("IADD3 {}, {}, {}, {}", em.op(d), neg_op(em, a.0, a.1), neg_op(em, b.0, b.1), em.op(c));
        return em.emit(text);
    }
    // Two's complement on 64 bits: -x = ~x + 1, the +1 entering as the low word's negation.
    let word = |em: &Emitter, (o, neg): (&Operand, bool), w: u32| -> String {
        match (o, neg) {
            (Operand::Imm(v), true) => {
                let n = v.wrapping_neg() >> (32 * w) & 0xFFFF_FFFF;
                if n == 0 { "RZ".into() } else { imm(n) }
            }
            (Operand::Imm(v), false) if (v >> (32 * w)) & 0xFFFF_FFFF == 0 => "RZ".into(),
            (Operand::Zero, _) => "RZ".into(),
            (_, true) if w == 0 => format!("-{}", em.word(o, 0)),
            (_, true) => format!("~{}", em.word(o, 1)),
            (_, false) => em.word(o, w),
        }
    };
    let p = em.tmp_p();
    if *c == Operand::Zero {
        let lo = format!("IADD3 {}, {p}, {}, {}, RZ", em.word(d, 0), word(em, a, 0), word(em, b, 0));
        let hi = format!("IADD3.X {}, {}, {}, RZ, {p}, !PT", em.word(d, 1), word(em, a, 1), word(em, b, 1));
        em.emit(lo);
        em.emit(hi);
    } else {
        let q = em.tmp_p();
        let (c0, c1) = (word(em, (c, false), 0), word(em, (c, false), 1));
        let lo = format!("IADD3 {}, {p}, {q}, {}, {}, {c0}", em.word(d, 0), word(em, a, 0), word(em, b, 0));
        let hi = format!("IADD3.X {}, {}, {}, {c1}, {p}, {q}", em.word(d, 1), word(em, a, 1), word(em, b, 1));
        em.emit(lo);
        em.emit(hi);
    }
}

fn imad(em: &mut Emitter, i: &Inst, kind: MadKind, w64: bool) {
    let (mut a, mut b, c) = (&i.srcs[0], &i.srcs[1], &i.srcs[2]);
    if is_const(a) && !is_const(b) {
        (a, b) = (b, a);
    }
    let d = &i.dsts[0];
    match (kind, w64) {
        (MadKind::Lo, false) => em.emit(format!("IMAD {}, {}, {}, {}", em.op(d), em.op(a), em.op(b), em.op(c))),
        (MadKind::Hi { signed }, false) => {
            let u = if signed { "" } else { ".U32" };
            em.emit(format!("IMAD.HI{u} {}, {}, {}, {}", em.op(d), em.op(a), em.op(b), em.op(c)));
        }
        (MadKind::Wide { signed }, _) => {
            let u = if signed { "" } else { ".U32" };
            em.emit(format!("IMAD.WIDE{u} {}, {}, {}, {}", em.op(d), em.op(a), em.op(b), em.op(c)));
        }
        (MadKind::Lo, true) => {
            // The low 64 bits of a·b + c: the cross products into t, the low product wide.
            let t = em.tmp();
            match b {
                Operand::Imm(v) => {
                    let (lo, hi) = (v & 0xFFFF_FFFF, v >> 32);
                    let ahi = em.word(a, 1);
                    if lo.is_power_of_two() && lo > 1 {
                        em.emit(format!("SHF.L.U32 {t}, {ahi}, {:#x}, RZ", lo.trailing_zeros()));
                    } else {
                        em.emit(format!("IMAD {t}, {ahi}, {}, RZ", imm(lo)));
                    }
                    if hi != 0 {
                        em.emit(format!("IMAD {t}, {}, {}, {t}", em.word(a, 0), imm(hi)));
                    }
                }
                _ => {
                    em.emit(format!("IMAD {t}, {}, {}, RZ", em.word(a, 1), em.word(b, 0)));
                    em.emit(format!("IMAD {t}, {}, {}, {t}", em.word(a, 0), em.word(b, 1)));
                }
            }
            let wide = format!("IMAD.WIDE.U32 {}, {}, {}, {}", em.op(d), em.word(a, 0), em.word(b, 0), em.op(c));
            em.emit(wide);
            em.emit(format!("IADD3 {0}, {0}, {t}, RZ", em.word(d, 1)));
        }
        (MadKind::Hi { signed }, true) => mulhi64(em, d, a, b, signed),
    }
}

/// The high 64 bits of a 64×64-bit product: four 32-bit partial products with carries; signed
/// operands subtract the other operand when negative (ptxas's `mul.hi.{u,s}64`).
fn mulhi64(em: &mut Emitter, d: &Operand, a: &Operand, b: &Operand, signed: bool) {
    let (a, b) = (a.clone(), b.clone());
    let (al, ah, bl, bh) = (em.word(&a, 0), em.word(&a, 1), em.word(&b, 0), em.word(&b, 1));
    let ((t0, t0n), (t1, t1n), (t2, t2n)) = (em.tmp_pair(), em.tmp_pair(), em.tmp_pair());
    let p = em.tmp_p();
    let (t1h, t2h, t2l) = (format!("R{}", t1n + 1), format!("R{}", t2n + 1), format!("R{}", t2n));
    let _ = t0n;
    em.emit(format!("IMAD.WIDE.U32 {t0}, {ah}, {bl}, RZ"));
    em.emit(format!("IMAD.WIDE.U32 {t1}, {p}, {al}, {bh}, {t0}"));
    em.emit(format!("IMAD.WIDE.U32 {t0}, {al}, {bl}, RZ"));
    em.emit(format!("IADD3.X {t2h}, RZ, RZ, RZ, {p}, !PT"));
    em.emit(format!("MOV {t2l}, {t1h}"));
    em.emit(format!("IADD3 RZ, {p}, R{}, {t1}, RZ", t0n + 1));
    if !signed {
        em.emit(format!("IMAD.WIDE.U32.X {}, {ah}, {bh}, {t2}, {p}", em.op(d)));
        return;
    }
    em.emit(format!("IMAD.WIDE.U32.X {t0}, {ah}, {bh}, {t2}, {p}"));
    let q = em.tmp_p();
    let (u0, u1) = (format!("R{t0n}"), format!("R{}", t0n + 1));
    for (k, (neg_lo, neg_hi, sign)) in [(&al, &ah, &bh), (&bl, &bh, &ah)].into_iter().enumerate() {
        let (dl, dh) = if k == 0 { (u0.clone(), u1.clone()) } else { (em.word(d, 0), em.word(d, 1)) };
        em.emit(format!("ISETP.LT.AND {q}, PT, {sign}, RZ, PT"));
        em.emit(format!("IADD3 {t1}, {p}, -{neg_lo}, {u0}, RZ"));
        em.emit(format!("IADD3.X {t1h}, {u1}, ~{neg_hi}, RZ, {p}, !PT"));
        em.emit(format!("SEL {dl}, {t1}, {u0}, {q}"));
        em.emit(format!("SEL {dh}, {t1h}, {u1}, {q}"));
    }
}

/// The LUT of a 3-input function after permuting its inputs: `perm[j]` is the old input that
/// feeds new input `j` (inputs a, b, c = bits 2, 1, 0 of the table index).
pub(super) fn permute_lut(lut: u8, perm: [usize; 3]) -> u8 {
    let mut out = 0u8;
    for idx in 0..8usize {
        let new_bits = [(idx >> 2) & 1, (idx >> 1) & 1, idx & 1];
        let mut old = [0usize; 3];
        for j in 0..3 {
            old[perm[j]] = new_bits[j];
        }
        if lut >> ((old[0] << 2) | (old[1] << 1) | old[2]) & 1 == 1 {
            out |= 1 << idx;
        }
    }
    out
}

fn lop3(em: &mut Emitter, i: &Inst, lut: u8, w64: bool) {
    let mut ops = [&i.srcs[0], &i.srcs[1], &i.srcs[2]];
    let mut perm = [0usize, 1, 2];
    // An immediate only fits the B slot: move a constant A or C there.
    for from in [0usize, 2] {
        if is_const(ops[from]) && !is_const(ops[1]) {
            ops.swap(from, 1);
            perm.swap(from, 1);
        }
    }
    let lut = permute_lut(lut, perm);
    let d = &i.dsts[0];
    for w in 0..if w64 { 2 } else { 1 } {
        let [a, b, c] = ops.map(|o| if w64 { em.word(o, w) } else { em.op(o) });
        let dw = if w64 { em.word(d, w) } else { em.op(d) };
        em.emit(format!("LOP3.LUT {dw}, {a}, {b}, {c}, {lut:#x}, !PT"));
    }
}

fn shf(em: &mut Emitter, i: &Inst, left: bool, signed: bool, w64: bool) {
    let (a, d) = (&i.srcs[0], &i.dsts[0]);
    let mut s = em.op(&i.srcs[1]);
    let su = if signed { "S" } else { "U" };
    if !w64 {
        let a = em.in_reg(a);
        let text = if left {
            format!("SHF.L.U32 {}, {a}, {s}, RZ", em.op(d))
        } else {
            format!("SHF.R.{su}32.HI {}, RZ, {s}, {a}", em.op(d))
        };
        return em.emit(text);
    }
    // The first instruction writes one word of d; an amount register in that word is kept.
    if em.regs_of(&i.srcs[1]).iter().any(|r| em.regs_of(d).contains(r)) {
        let t = em.tmp();
        em.emit(format!("MOV {t}, {s}"));
        s = t;
    }
    let (lo, hi) = (em.word(a, 0), em.word(a, 1));
    if left {
        em.emit(format!("SHF.L.U64.HI {}, {lo}, {s}, {hi}", em.word(d, 1)));
        em.emit(format!("SHF.L.U32 {}, {lo}, {s}, RZ", em.word(d, 0)));
    } else {
        em.emit(format!("SHF.R.{su}64 {}, {lo}, {s}, {hi}", em.word(d, 0)));
        em.emit(format!("SHF.R.{su}32.HI {}, RZ, {s}, {hi}", em.word(d, 1)));
    }
}

fn cmp_swapped(c: Cmp) -> Cmp {
    match c {
        Cmp::Lt => Cmp::Gt,
        Cmp::Gt => Cmp::Lt,
        Cmp::Le => Cmp::Ge,
        Cmp::Ge => Cmp::Le,
        c => c,
    }
}

fn fcmp_swapped(c: FCmp) -> FCmp {
    match c {
        FCmp::Lt => FCmp::Gt,
        FCmp::Gt => FCmp::Lt,
        FCmp::Le => FCmp::Ge,
        FCmp::Ge => FCmp::Le,
        FCmp::Ltu => FCmp::Gtu,
        FCmp::Gtu => FCmp::Ltu,
        FCmp::Leu => FCmp::Geu,
        FCmp::Geu => FCmp::Leu,
        c => c,
    }
}

fn isetp(em: &mut Emitter, i: &Inst, cmp: Cmp, signed: bool, w64: bool, bop: BoolOp) {
    let (mut a, mut b, mut cmp) = (&i.srcs[0], &i.srcs[1], cmp);
    if is_const(a) && !is_const(b) {
        (a, b, cmp) = (b, a, cmp_swapped(cmp));
    }
    let (d, c) = (em.op(&i.dsts[0]), em.op(&i.srcs[2]));
    let u = if signed { "" } else { ".U32" };
    if !w64 {
        // A zero operand is RZ, as ptxas prints it.
        let z = |em: &Emitter, o: &Operand| if *o == Operand::Imm(0) { "RZ".into() } else { em.op(o) };
        let text = format!("ISETP.{}{u}.{} {d}, PT, {}, {}, {c}", cmp.name(), bop.name(), z(em, a), z(em, b));
        return em.emit(text);
    }
    // The low words compare unsigned; the high words finish it with the chained predicate.
    let chain = if c == d { em.tmp_p() } else { d.clone() };
    let word = |em: &Emitter, o: &Operand, w: u32| {
        let x = em.word(o, w);
        if x == "0x0" { "RZ".into() } else { x }
    };
    em.emit(format!("ISETP.{}.U32.AND {chain}, PT, {}, {}, PT", cmp.name(), word(em, a, 0), word(em, b, 0)));
    let text = format!(
        "ISETP.{}{u}.{}.EX {d}, PT, {}, {}, {c}, {chain}",
        cmp.name(),
        bop.name(),
        word(em, a, 1),
        word(em, b, 1)
    );
    em.emit(text);
}

/// `SEL d, a, b, P`: SASS takes a register (or RZ) as A, so a constant A trades places with B
/// under the negated predicate, or goes through a scratch register when B is a constant too.
fn sel(em: &mut Emitter, i: &Inst) {
    let (mut a, mut b) = (i.srcs[0].clone(), i.srcs[1].clone());
    let mut p = em.op(i.pred_source().unwrap_or(&Operand::True));
    let zero = |o: &Operand| matches!(o, Operand::Imm(0) | Operand::Zero);
    if is_const(&a) && !zero(&a) {
        if !is_const(&b) || zero(&b) {
            (a, b) = (b, a);
            p = if let Some(q) = p.strip_prefix('!') { q.to_string() } else { format!("!{p}") };
        } else {
            let words = em.words(&i.dsts[0]);
            let t = if words == 2 { em.tmp_pair().0 } else { em.tmp() };
            let n: u32 = t[1..].parse().unwrap_or(0);
            for w in 0..words {
                em.emit(format!("MOV R{}, {}", n + w, em.word(&a, w)));
            }
            return sel_words(em, &i.dsts[0], |_, w| format!("R{}", n + w), &b, &p);
        }
    }
    let a2 = a.clone();
    sel_words(em, &i.dsts[0], move |em, w| word_or_rz(em, &a2, w), &b, &p)
}

/// Word `w` of an operand, `RZ` for a zero word.
fn word_or_rz(em: &Emitter, o: &Operand, w: u32) -> String {
    let x = if em.words(o) > 1 || w > 0 { em.word(o, w) } else { em.op(o) };
    if x == "0x0" { "RZ".into() } else { x }
}

fn sel_words(em: &mut Emitter, d: &Operand, a: impl Fn(&Emitter, u32) -> String, b: &Operand, p: &str) {
    let words = em.words(d);
    for w in 0..words {
        let dw = if words > 1 { em.word(d, w) } else { em.op(d) };
        let bw = if words > 1 { em.word(b, w) } else { em.op(b) };
        em.emit(format!("SEL {dw}, {}, {bw}, {p}", a(em, w)));
    }
}

pub(super) fn fprefix(ty: FTy) -> &'static str {
    match ty {
        FTy::F16 | FTy::F16x2 | FTy::BF16 => "H",
        FTy::F32 => "F",
        FTy::F64 => "D",
    }
}

pub(super) fn fsuffix(ty: FTy) -> &'static str {
    match ty {
        FTy::F16 | FTy::F16x2 => "2",
        FTy::BF16 => "2.BF16_V2",
        FTy::F32 | FTy::F64 => "",
    }
}

/// A float-instruction source: registers (f16 ones as the low half `.H0_H0`, packed halves as
/// they are), immediates as decimal floats (an f16 immediate fills both halves: `v, v`; a
/// packed one names its two: `lo, hi`).
pub(super) fn fsrc(em: &Emitter, o: &Operand, ty: FTy) -> String {
    match (o, ty) {
        (Operand::Imm(v), FTy::F32) => fimm(f32::from_bits(*v as u32) as f64, true),
        (Operand::Imm(v), FTy::F64) => fimm(f64::from_bits(*v), false),
        (Operand::Imm(v), FTy::F16) => {
            let x = fimm(f16_to_f64(*v as u16), true);
            format!("{x}, {x}")
        }
        (Operand::Imm(v), FTy::F16x2) => {
            format!("{}, {}", fimm(f16_to_f64(*v as u16), true), fimm(f16_to_f64((*v >> 16) as u16), true))
        }
        (Operand::Imm(v), FTy::BF16) => {
            let x = fimm(bf16_to_f64(*v as u16), true);
            format!("{x}, {x}")
        }
        (Operand::Reg(_), FTy::F16 | FTy::BF16) => format!("{}.H0_H0", em.op(o)),
        _ => em.op(o),
    }
}

/// `max`/`min` of doubles (sm_90 has no DMNMX): `DSETP.MAX|MIN` picks the operand and reports
/// a NaN operand in its second predicate, whose quiet bit is then set.
fn dmnmx(em: &mut Emitter, i: &Inst, max: bool) {
    let (al, ah) = pair_words(em, &i.srcs[0]);
    let (bl, bh) = pair_words(em, &i.srcs[1]);
    let (p, q, t) = (em.tmp_p(), em.tmp_p(), em.tmp());
    let m = if max { "MAX" } else { "MIN" };
    let d = &i.dsts[0];
    em.emit(format!("DSETP.{m}.AND {p}, {q}, {al}, {bl}, PT"));
    em.emit(format!("FSEL {t}, {ah}, {bh}, {p}"));
    em.emit(format!("SEL {}, {al}, {bl}, {p}", em.word(d, 0)));
    em.emit_if(&q, false, format!("LOP3.LUT {t}, {bh}, 0x80000, RZ, 0xfc, !PT"));
    em.emit(format!("MOV {}, {t}", em.word(d, 1)));
}

fn iabs(em: &mut Emitter, i: &Inst, w64: bool) {
    let (a, d) = (&i.srcs[0], &i.dsts[0]);
    if !w64 {
        let a = em.in_reg(a);
        return em.emit(format!("IABS {}, {a}", em.op(d)));
    }
    let (p, c, (t, n)) = (em.tmp_p(), em.tmp_p(), em.tmp_pair());
    em.emit(format!("ISETP.GE.AND {p}, PT, {}, RZ, PT", em.word(a, 1)));
    em.emit(format!("IADD3 {t}, {c}, RZ, -{}, RZ", em.word(a, 0)));
    em.emit(format!("IADD3.X R{}, RZ, ~{}, RZ, {c}, !PT", n + 1, em.word(a, 1)));
    em.emit(format!("SEL {}, {}, {t}, {p}", em.word(d, 0), em.word(a, 0)));
    em.emit(format!("SEL {}, {}, R{}, {p}", em.word(d, 1), em.word(a, 1), n + 1));
}

fn imnmx(em: &mut Emitter, i: &Inst, signed: bool, max: bool, w64: bool) {
    let (mut a, mut b) = (&i.srcs[0], &i.srcs[1]);
    if is_const(a) && !is_const(b) {
        (a, b) = (b, a);
    }
    let d = &i.dsts[0];
    let u = if signed { "" } else { ".U32" };
    if !w64 {
        let pt = if max { "!PT" } else { "PT" };
        return em.emit(format!("VIMNMX{u} {}, {}, {}, {pt}", em.op(d), em.op(a), em.op(b)));
    }
    let p = em.tmp_p();
    let cmp = if max { "GT" } else { "LT" };
    em.emit(format!("ISETP.{cmp}.U32.AND {p}, PT, {}, {}, PT", em.word(a, 0), em.word(b, 0)));
    em.emit(format!("ISETP.{cmp}{u}.AND.EX {p}, PT, {}, {}, PT, {p}", em.word(a, 1), em.word(b, 1)));
    for w in 0..2 {
        em.emit(format!("SEL {}, {}, {}, {p}", em.word(d, w), em.word(a, w), em.word(b, w)));
    }
}

/// Conversions (see the table of the module documentation for the spellings).
fn cvt(em: &mut Emitter, i: &Inst, from: NumTy, to: NumTy, round: Round) {
    let (a, d) = (&i.srcs[0], &i.dsts[0]);
    let rnd = |float_dst: bool| match (round, float_dst) {
        (Round::Rn, _) => "",
        (Round::Rz, false) => ".TRUNC",
        (Round::Rz, true) => ".RZ",
        (Round::Rm, false) => ".FLOOR",
        (Round::Rm, true) => ".RM",
        (Round::Rp, false) => ".CEIL",
        (Round::Rp, true) => ".RP",
    };
    match (from.is_float(), to.is_float()) {
        (false, false) => int_cvt(em, d, a, from, to),
        (false, true) => {
            let x = em.in_reg(a);
            if to == NumTy::F32 && from.bits() == 32 && round == Round::Rn {
                return em.emit(format!("I2FP.F32.{} {}, {x}", from.name(), em.op(d)));
            }
            let dn = if to == NumTy::F32 { String::new() } else { format!(".{}", to.name()) };
            let sn = if from == NumTy::S32 { String::new() } else { format!(".{}", from.name()) };
            em.emit(format!("I2F{dn}{sn}{} {}, {x}", rnd(true), em.op(d)));
        }
        (true, false) => {
            let dn = if to == NumTy::S32 { String::new() } else { format!(".{}", to.name()) };
            let x = if from == NumTy::F16 || from == NumTy::BF16 {
                let t = em.tmp();
                let x = half_src(em, a);
                half_to_f32(em, from, &t, &x);
                t
            } else {
                em.op(a)
            };
            let sn = if from == NumTy::F64 { ".F64" } else { "" };
            let ntz = if from != NumTy::F64 && to.bits() == 32 { ".NTZ" } else { "" };
            let r = if round == Round::Rn { "" } else { rnd(false) };
            em.emit(format!("F2I{dn}{sn}{r}{ntz} {}, {x}", em.op(d)));
        }
        (true, true) if from == to && matches!(from, NumTy::F16 | NumTy::BF16) => {
            // In f32 (a 16-bit value rounded to an integral value is one again).
            let t = em.tmp();
            let x = half_src(em, a);
            half_to_f32(em, from, &t, &x);
            em.emit(format!("FRND{} {t}, {t}", rnd(false)));
            em.emit(format!("F2FP.{}.F32.PACK_AB {}, RZ, {t}", from.name(), em.op(d)));
        }
        (true, true) if from == to => {
            let t = if to == NumTy::F64 { ".F64" } else { "" };
            let r = match round {
                Round::Rn => "",
                Round::Rz => ".TRUNC",
                Round::Rm => ".FLOOR",
                Round::Rp => ".CEIL",
            };
            em.emit(format!("FRND{t}{r} {}, {}", em.op(d), em.op(a)));
        }
        (true, true) => match (from, to) {
            (NumTy::F16 | NumTy::BF16, NumTy::F32) => {
                let (x, dd) = (half_src(em, a), em.op(d));
                half_to_f32(em, from, &dd, &x)
            }
            (NumTy::F32, NumTy::F16 | NumTy::BF16) => {
                em.emit(format!("F2FP.{}.F32.PACK_AB{} {}, RZ, {}", to.name(), rnd(true), em.op(d), em.op(a)))
            }
            (NumTy::F16 | NumTy::BF16, _) => {
                let t = em.tmp();
                let x = half_src(em, a);
                half_to_f32(em, from, &t, &x);
                em.emit(format!("F2F.{}.F32 {}, {t}", to.name(), em.op(d)));
            }
            _ => em.emit(format!("F2F.{}.{}{} {}, {}", to.name(), from.name(), rnd(true), em.op(d), em.op(a))),
        },
    }
}

/// A 16-bit float source in a register (an immediate is moved into a scratch one).
fn half_src(em: &mut Emitter, a: &Operand) -> String {
    em.in_reg(a)
}

/// Integer width changes: narrow values normalized to 32 bits (`PRMT` sign, `LOP3` zero
/// extension), 64-bit results from the low word plus a sign or zero high word, truncation as a
/// copy of the low word.
fn int_cvt(em: &mut Emitter, d: &Operand, a: &Operand, from: NumTy, to: NumTy) {
    let signed = matches!(from, NumTy::S8 | NumTy::S16 | NumTy::S32 | NumTy::S64);
    if from.bits() == 64 && to.bits() == 64 {
        return mov(em, d, a);
    }
    let lo_d = em.word(d, 0);
    let src = em.word(a, 0);
    if from.bits() < 32 && to.bits() > from.bits() {
        let text = match (from.bits(), signed) {
            (8, true) => format!("PRMT {lo_d}, {src}, 0x8880, RZ"),
            (16, true) => format!("PRMT {lo_d}, {src}, 0x9910, RZ"),
            (8, false) => format!("LOP3.LUT {lo_d}, {src}, 0xff, RZ, 0xc0, !PT"),
            _ => format!("LOP3.LUT {lo_d}, {src}, 0xffff, RZ, 0xc0, !PT"),
        };
        em.emit(text);
    } else if lo_d != src {
        let src = if src == "0x0" { "RZ".into() } else { src };
        em.emit(format!("MOV {lo_d}, {src}"));
    }
    if to.bits() == 64 && from.bits() < 64 {
        let hi = em.word(d, 1);
        if signed {
            em.emit(format!("SHF.R.S32.HI {hi}, RZ, 0x1f, {lo_d}"));
        } else {
            em.emit(format!("MOV {hi}, RZ"));
        }
    }
}

fn atom(em: &mut Emitter, i: &Inst, space: Space, op: AtomOp, ty: NumTy, scope: MemScope) {
    if let AtomOp::Load { sc } | AtomOp::Store { sc } = op {
        // Ordered accesses: the strong access at the scope, after a fence for seq_cst (and
        // release); an acquire invalidates the L1 afterwards.
        let sc_scope = if scope == MemScope::Cta {
            "CTA"
        } else if scope == MemScope::Sys {
            "SYS"
        } else {
            "GPU"
        };
        let load = matches!(op, AtomOp::Load { .. });
        if sc {
            em.emit(format!("MEMBAR.SC.{sc_scope}"));
        } else if !load {
            em.emit(format!("MEMBAR.ALL.{sc_scope}"));
        }
        let addr = memory::mem_addr(em, i.address().unwrap_or(&Operand::Zero), space, 0);
        let (base, sz) = match (space, load) {
            (Space::Global, true) => ("LDG.E", crate::ori::opcode::size_suffix(ty.bits(), false)),
            (Space::Shared, true) => ("LDS", crate::ori::opcode::size_suffix(ty.bits(), false)),
            (_, true) => ("LD.E", crate::ori::opcode::size_suffix(ty.bits(), false)),
            (Space::Global, false) => ("STG.E", crate::ori::opcode::size_suffix(ty.bits(), false)),
            (Space::Shared, false) => ("STS", crate::ori::opcode::size_suffix(ty.bits(), false)),
            (_, false) => ("ST.E", crate::ori::opcode::size_suffix(ty.bits(), false)),
        };
        let strong = if space == Space::Shared { String::new() } else { format!(".STRONG.{sc_scope}") };
        if load {
            em.emit(format!("{base}{sz}{strong} {}, {addr}", em.op(i.dst().unwrap_or(&Operand::Zero))));
            if scope != MemScope::Cta && space != Space::Shared {
                em.emit("CCTL.IVALL");
            }
        } else {
            let v = memory::store_value(em, i.atomic_operands().first().unwrap_or(&Operand::Zero), ty.bits());
            em.emit(format!("{base}{sz}{strong} {addr}, {v}"));
        }
        return;
    }
    let opn = op.name();
    let tyn = match (op, ty) {
        (AtomOp::Inc | AtomOp::Dec, _) => "",
        (_, NumTy::F16) => ".F16.RN",
        (_, NumTy::F32) => ".F32.FTZ.RN",
        (_, NumTy::F64) => ".F64.RN",
        (AtomOp::Min | AtomOp::Max, NumTy::S32) => ".S32",
        (_, NumTy::S64) => ".S64",
        (_, t) if t.bits() == 64 => ".64",
        _ => "",
    };
    let vals: Vec<String> = i.atomic_operands().iter().map(|o| memory::store_value(em, o, ty.bits())).collect();
    let d = i.dst().unwrap_or(&Operand::Zero);
    let dead = match d {
        Operand::Reg(r) => em.scratch.dies(*r),
        _ => true,
    };
    let addr = em.word(i.address().unwrap_or(&Operand::Zero), 0);
    let vals = vals.join(", ");
    let text = match space {
        Space::Shared => {
            let d = if dead { "RZ".into() } else { em.op(d) };
            format!("ATOMS.{opn}{tyn} {d}, [{addr}], {vals}")
        }
        _ => {
            let (g, e) = if space == Space::Global { ("G", "G") } else { ("", "") };
            let addr = if op == AtomOp::Cas { format!("[{addr}]") } else { format!("[{addr}.64]") };
            if dead && op != AtomOp::Cas {
                format!("RED{e}.E.{opn}{tyn}.STRONG.GPU {addr}, {vals}")
            } else {
                format!("ATOM{g}.E.{opn}{tyn}.STRONG.GPU PT, {}, {addr}, {vals}", em.op(d))
            }
        }
    };
    em.emit(text);
}

/// Address conversions: the identity for global, `SR_SWINHI` as the high word of a generic
/// shared address, the local and constant window bases from the constant bank.
fn cvta(em: &mut Emitter, i: &Inst, space: Space, to_generic: bool) {
    let (a, d) = (&i.srcs[0], &i.dsts[0]);
    let base = match space {
        Space::Local => Some(0x20),
        Space::Const => Some(0xd0),
        _ => None,
    };
    match (space, base) {
        (_, Some(off)) => {
            let p = em.tmp_p();
            let (lo, hi) = if to_generic {
                (format!("c[0x0][{off:#x}]"), format!("c[0x0][{:#x}]", off + 4))
            } else {
                (format!("-c[0x0][{off:#x}]"), format!("~c[0x0][{:#x}]", off + 4))
            };
            em.emit(format!("IADD3 {}, {p}, {}, {lo}, RZ", em.word(d, 0), em.word(a, 0)));
            em.emit(format!("IADD3.X {}, {}, {hi}, RZ, {p}, !PT", em.word(d, 1), em.word(a, 1)));
        }
        (Space::Shared, None) => {
            let t = em.tmp();
            if to_generic {
                em.emit(format!("S2R {t}, SR_SWINHI"));
            }
            if em.word(d, 0) != em.word(a, 0) {
                em.emit(format!("MOV {}, {}", em.word(d, 0), em.word(a, 0)));
            }
            let hi = if to_generic { t } else { "RZ".into() };
            em.emit(format!("MOV {}, {hi}", em.word(d, 1)));
        }
        _ => mov(em, d, a),
    }
}

/// The dynamic stack as ptxas lists it: R1 moves down by the size and is aligned; the address is
/// the new R1 (`alloca`); `stacksave` / `stackrestore` copy R1.
fn stack(em: &mut Emitter, i: &Inst, op: crate::ori::opcode::StackOp) {
    use crate::ori::opcode::StackOp;
    match op {
        StackOp::Alloca { align } => {
            let size = em.in_reg(&i.srcs[0]);
            em.emit(format!("IMAD.IADD R1, R1, 0x1, -{size}"));
            em.emit(format!("LOP3.LUT R1, R1, {:#x}, RZ, 0xc0, !PT", !(align.max(8) - 1)));
            em.emit(format!("MOV {}, R1", em.op(&i.dsts[0])));
        }
        StackOp::Save => em.emit(format!("MOV {}, R1", em.op(&i.dsts[0]))),
        StackOp::Restore => em.emit(format!("MOV R1, {}", em.op(&i.srcs[0]))),
    }
}

/// SASS's flush-to-zero modifier (`FADD.FTZ`, `HFMA2.FTZ`).
fn ftz_suffix(ftz: bool) -> &'static str {
    if ftz { ".FTZ" } else { "" }
}
