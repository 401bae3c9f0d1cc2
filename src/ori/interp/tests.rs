//! Unit tests of the interpreter: opcode semantics on chosen values, and small hand-built
//! functions for divergence, reconvergence, barriers, shuffles, votes and register aliasing.

use super::exec::{self, alu};
use super::pdom::PostDom;
use super::*;
use crate::ori::ir::{Bix, Block, GlobalVar, Guard, Inst, Operand, PairMode, Param, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, FCmp, FTy, MadKind, NumTy, Op, Round, ShflMode, Space, VoteMode, lut};
use crate::sreg::{Dim, SpecialReg};

fn imm(v: u64) -> Operand {
    Operand::Imm(v)
}

// ---- Opcode semantics ------------------------------------------------------------------------

#[test]
fn integer_add_and_multiply() {
    let add = |neg_b, w64, a, b, c| alu(&Op::IAdd3 { neg_b, w64 }, &[a, b, c]).unwrap();
    assert_eq!(add(false, false, 0xFFFF_FFFF, 1, 0), 0);
    assert_eq!(add(true, false, 1, 2, 0), 0xFFFF_FFFF);
    assert_eq!(add(true, true, 1, 2, 0), u64::MAX);
    assert_eq!(add(false, true, 0xFFFF_FFFF, 1, 5), 0x1_0000_0005);
    let mad = |kind, w64, a, b, c| alu(&Op::IMad { kind, w64 }, &[a, b, c]).unwrap();
    assert_eq!(mad(MadKind::Lo, false, 0x1_0000, 0x1_0000, 7), 7);
    assert_eq!(mad(MadKind::Hi { signed: false }, false, 0x1_0000, 0x1_0000, 7), 8);
    assert_eq!(mad(MadKind::Hi { signed: true }, false, 0xFFFF_FFFF, 2, 0), 0xFFFF_FFFF);
    // Found by the allocator fuzzer: u32 × u32 overflowed an i64 (a panic in debug builds).
    assert_eq!(mad(MadKind::Hi { signed: false }, false, 0xFFFF_FFFF, 0xFFFF_FFFF, 0), 0xFFFF_FFFE);
    assert_eq!(mad(MadKind::Hi { signed: true }, false, 0x8000_0000, 0x8000_0000, 0), 0x4000_0000);
    assert_eq!(mad(MadKind::Hi { signed: false }, true, u64::MAX, 2, 0), 1);
    // IMAD.WIDE: 32×32 → 64 plus a 64-bit addend; the signed form sign-extends.
    assert_eq!(mad(MadKind::Wide { signed: true }, false, 0xFFFF_FFFF, 4, 0x1000), 0xFFC);
    assert_eq!(mad(MadKind::Wide { signed: false }, false, 0xFFFF_FFFF, 4, 0), 0x3_FFFF_FFFC);
    // High bits of a 32-bit source (unspecified for narrow values) are ignored.
    assert_eq!(mad(MadKind::Wide { signed: false }, false, 0xDEAD_0000_0000_0003, 2, 0), 6);
}

#[test]
fn logic_tables() {
    let l = |lut, a, b, c| alu(&Op::Lop3 { lut, w64: false }, &[a, b, c]).unwrap();
    assert_eq!(l(lut::AND, 0b1100, 0b1010, 0), 0b1000);
    assert_eq!(l(lut::OR, 0b1100, 0b1010, 0), 0b1110);
    assert_eq!(l(lut::XOR, 0b1100, 0b1010, 0), 0b0110);
    assert_eq!(l(lut::NOT_A, 0, 0, 0), 0xFFFF_FFFF);
    assert_eq!(l(0x96, 0b1100, 0b1010, 0b0110), 0b0000); // a ^ b ^ c
    assert_eq!(l(0xE8, 0b1100, 0b1010, 0b0110), 0b1110); // majority
    assert_eq!(alu(&Op::Lop3 { lut: lut::NOT_A, w64: true }, &[0, 0, 0]).unwrap(), u64::MAX);
    let p = |lut, a, b, c| alu(&Op::PLop3 { lut }, &[a, b, c]).unwrap();
    assert_eq!(p(lut::AND, 1, 0, 1), 0);
    assert_eq!(p(lut::OR, 1, 0, 1), 1);
    assert_eq!(p(lut::XOR, 1, 1, 1), 0);
    assert_eq!(p(0xCA, 1, 0, 1), 0); // a ? b : c
    assert_eq!(p(0xCA, 0, 0, 1), 1);
    assert_eq!(p(0xFF, 0, 0, 0), 1);
    assert_eq!(p(0x00, 1, 1, 1), 0);
    assert_eq!(p(0xF0 & !0xCC, 1, 0, 1), 1); // a & !b
    let sel = |p| alu(&Op::Sel { w64: false }, &[7, 9, p]).unwrap();
    assert_eq!((sel(1), sel(0)), (7, 9));
}

#[test]
fn shifts_at_and_beyond_the_width() {
    let shf = |left, signed, w64, a, n| alu(&Op::Shf { left, signed, w64 }, &[a, n]).unwrap();
    assert_eq!(shf(true, false, false, 1, 31), 0x8000_0000);
    assert_eq!(shf(true, false, false, 1, 32), 0);
    assert_eq!(shf(true, false, false, 1, 200), 0);
    assert_eq!(shf(false, false, false, 0x8000_0000, 32), 0);
    assert_eq!(shf(false, true, false, 0x8000_0000, 31), 0xFFFF_FFFF);
    assert_eq!(shf(false, true, false, 0x8000_0000, 40), 0xFFFF_FFFF);
    assert_eq!(shf(false, true, false, 0x4000_0000, 40), 0);
    assert_eq!(shf(true, false, true, 1, 63), 1 << 63);
    assert_eq!(shf(true, false, true, 1, 64), 0);
    assert_eq!(shf(false, true, true, 1 << 63, 100), u64::MAX);
    // A narrow value's unspecified high bits do not leak into a 32-bit shift.
    assert_eq!(shf(false, false, false, 0xFFFF_FFFF_0000_0010, 4), 1);
    // Funnel shifts: srcs [lo, hi, amount], amount mod 32.
    let fun = |left, lo, hi, n| alu(&Op::Funnel { left, clamp: false }, &[lo, hi, n]).unwrap();
    assert_eq!(fun(true, 0x8000_0000, 0x1, 1), 0x3);
    assert_eq!(fun(false, 0x1, 0x1, 1), 0x8000_0000);
    assert_eq!(fun(true, 0x1234, 0x5678, 32), 0x5678);
    assert_eq!(fun(false, 0x1234, 0x5678, 36), 0x8000_0123);
}

#[test]
fn bit_counting_and_permutes() {
    assert_eq!(alu(&Op::Flo { w64: false }, &[0]).unwrap(), 0xFFFF_FFFF);
    assert_eq!(alu(&Op::Flo { w64: false }, &[1]).unwrap(), 0);
    assert_eq!(alu(&Op::Flo { w64: false }, &[0xFFFF_FFFF_8000_0000]).unwrap(), 31);
    assert_eq!(alu(&Op::Flo { w64: true }, &[1 << 40]).unwrap(), 40);
    assert_eq!(alu(&Op::Popc { w64: false }, &[0xFFFF_FFFF_0000_00FF]).unwrap(), 8);
    assert_eq!(alu(&Op::Popc { w64: true }, &[u64::MAX]).unwrap(), 64);
    assert_eq!(alu(&Op::Brev { w64: false }, &[1]).unwrap(), 0x8000_0000);
    assert_eq!(alu(&Op::Brev { w64: true }, &[1]).unwrap(), 1 << 63);
    // PRMT d, a, sel, b: bswap, byte picks from b, sign replication.
    assert_eq!(alu(&Op::Prmt, &[0x1122_3344, 0x0123, 0]).unwrap(), 0x4433_2211);
    assert_eq!(alu(&Op::Prmt, &[0x1122_3344, 0x7654, 0xAABB_CCDD]).unwrap(), 0xAABB_CCDD);
    assert_eq!(alu(&Op::Prmt, &[0x0000_0080, 0x8880, 0]).unwrap(), 0xFFFF_FF80);
    // dp4a: bytes (1, 2, 3, 0xff) · (4, 5, 6, 7) + 10: unsigned 4+10+18+1785, signed a 4+10+18-7.
    let dp = |two, hi, a_signed, b_signed| Op::Dp { two, hi, a_signed, b_signed };
    assert_eq!(alu(&dp(false, false, false, false), &[0xff03_0201, 0x0706_0504, 10]).unwrap(), 1827);
    assert_eq!(alu(&dp(false, false, true, false), &[0xff03_0201, 0x0706_0504, 10]).unwrap(), 35);
    // dp2a: halves (0xfffe = -2 signed, 3) · bytes 2-3 of b (hi) (0x80 = -128 signed, 1).
    assert_eq!(alu(&dp(true, true, true, true), &[0x0003_fffe, 0x0180_0000, 0]).unwrap(), 259);
    assert_eq!(alu(&dp(true, false, false, false), &[0x0003_fffe, 0x0000_0102, 0]).unwrap(), 0xfffe * 2 + 3);
    assert_eq!(alu(&Op::IAbs { w64: false }, &[0x8000_0000]).unwrap(), 0x8000_0000);
    assert_eq!(alu(&Op::IAbs { w64: false }, &[0xFFFF_FFFB]).unwrap(), 5);
    let mnmx = |signed, max, a, b| alu(&Op::IMnMx { signed, max, w64: false }, &[a, b]).unwrap();
    assert_eq!(mnmx(true, false, 0xFFFF_FFFF, 1), 0xFFFF_FFFF);
    assert_eq!(mnmx(false, false, 0xFFFF_FFFF, 1), 1);
    assert_eq!(mnmx(true, true, 0xFFFF_FFFF, 1), 1);
}

#[test]
fn narrow_integers_and_conversions() {
    let cvt = |from, to, v| alu(&Op::Cvt { from, to, round: Round::Rn }, &[v]).unwrap();
    // Normalization of a narrow value with garbage high bits.
    assert_eq!(cvt(NumTy::S8, NumTy::S32, 0xABCD_12FF), 0xFFFF_FFFF);
    assert_eq!(cvt(NumTy::U8, NumTy::U32, 0xABCD_12FF), 0xFF);
    assert_eq!(cvt(NumTy::S16, NumTy::S32, 0x0001_8000), 0xFFFF_8000);
    assert_eq!(cvt(NumTy::S32, NumTy::S64, 0x8000_0000), 0xFFFF_FFFF_8000_0000);
    assert_eq!(cvt(NumTy::U32, NumTy::U64, 0x8000_0000), 0x8000_0000);
    assert_eq!(cvt(NumTy::U64, NumTy::U32, 0x1_2345_6789), 0x2345_6789);
    // int → float rounds to nearest even; float → int truncates (Rz) and saturates.
    assert_eq!(cvt(NumTy::S32, NumTy::F32, 0xFFFF_FFFF), (-1.0f32).to_bits() as u64);
    assert_eq!(cvt(NumTy::U32, NumTy::F32, 16_777_217), 16_777_216f32.to_bits() as u64);
    let f2i = |to, round, x: f32| alu(&Op::Cvt { from: NumTy::F32, to, round }, &[x.to_bits() as u64]).unwrap();
    assert_eq!(f2i(NumTy::S32, Round::Rz, -2.7), (-2i32) as u32 as u64);
    assert_eq!(f2i(NumTy::S32, Round::Rm, -2.2), (-3i32) as u32 as u64);
    assert_eq!(f2i(NumTy::S32, Round::Rz, 3e9), 0x7FFF_FFFF);
    assert_eq!(f2i(NumTy::U32, Round::Rz, -5.0), 0);
    assert_eq!(f2i(NumTy::S32, Round::Rz, f32::NAN), 0);
    assert_eq!(f2i(NumTy::S64, Round::Rn, 2.5), 2);
    // f16 in the low 16 bits.
    assert_eq!(cvt(NumTy::F32, NumTy::F16, 1.5f32.to_bits() as u64), 0x3E00);
    assert_eq!(cvt(NumTy::F16, NumTy::F32, 0xFFFF_3E00), 1.5f32.to_bits() as u64);
    assert_eq!(cvt(NumTy::F64, NumTy::F32, 0.1f64.to_bits()), (0.1f32).to_bits() as u64);
    let div = |signed, rem, a, b| alu(&Op::IDiv { signed, rem, w64: false }, &[a, b]).unwrap();
    assert_eq!(div(true, false, (-7i32) as u32 as u64, 2), (-3i32) as u32 as u64);
    assert_eq!(div(true, true, (-7i32) as u32 as u64, 2), (-1i32) as u32 as u64);
    assert_eq!(div(false, false, 7, 0), 0xFFFF_FFFF);
    assert_eq!(div(true, false, 0x8000_0000, 0xFFFF_FFFF), 0x8000_0000);
    assert!(exec::idiv_traps(true, false, 0x8000_0000, 0xFFFF_FFFF));
    assert!(!exec::idiv_traps(true, false, 5, 2));
}

#[test]
fn float_operations_and_comparisons() {
    let f = |x: f32| x.to_bits() as u64;
    assert_eq!(alu(&Op::FAdd { ty: FTy::F32, ftz: false }, &[f(1.5), f(2.25)]).unwrap(), f(3.75));
    assert_eq!(
        alu(&Op::FFma { ty: FTy::F32, round: Round::Rn, ftz: false }, &[f(2.0), f(3.0), f(1.0)]).unwrap(),
        f(7.0)
    );
    assert_eq!(alu(&Op::FNeg { ty: FTy::F32 }, &[f(2.0)]).unwrap(), f(-2.0));
    assert_eq!(alu(&Op::FAbs { ty: FTy::F64 }, &[(-2.0f64).to_bits()]).unwrap(), 2.0f64.to_bits());
    assert_eq!(
        alu(&Op::FMnMx { ty: FTy::F32, max: false, nan: false, ftz: false }, &[f(f32::NAN), f(3.0)]).unwrap(),
        f(3.0)
    );
    let nan = alu(&Op::FMnMx { ty: FTy::F32, max: false, nan: true, ftz: false }, &[f(f32::NAN), f(3.0)]).unwrap();
    assert_eq!(nan, 0x7FFF_FFFF);
    assert_eq!(alu(&Op::FAdd { ty: FTy::F16, ftz: false }, &[0x3C00, 0x3C00]).unwrap(), 0x4000);
    assert_eq!(alu(&Op::FMul { ty: FTy::F16, ftz: false }, &[0xFFFF_3E00, 0x4000]).unwrap(), 0x4200);
    // DFMA with a directed mode: 1·1 − 2^-60 rounds down to below 1 under RZ.
    let d = |x: f64| x.to_bits();
    let rz =
        alu(&Op::FFma { ty: FTy::F64, round: Round::Rz, ftz: false }, &[d(1.0), d(1.0), d(-(2f64.powi(-60)))]).unwrap();
    assert_eq!(rz, d(1.0f64.next_down()));
    // bf16 in the low half: 1 + 1.5 = 2.5; high bits ignored; min.NaN's canonical NaN.
    assert_eq!(alu(&Op::FAdd { ty: FTy::BF16, ftz: false }, &[0xABCD_3F80, 0x3FC0]).unwrap(), 0x4020);
    assert_eq!(alu(&Op::FNeg { ty: FTy::BF16 }, &[0x3F80]).unwrap(), 0xBF80);
    assert_eq!(alu(&Op::FMnMx { ty: FTy::BF16, max: true, nan: true, ftz: false }, &[0x7FC0, 0x3F80]).unwrap(), 0x7FFF);
    assert_eq!(
        alu(&Op::FMnMx { ty: FTy::BF16, max: true, nan: false, ftz: false }, &[0x7FC0, 0x3F80]).unwrap(),
        0x3F80
    );
    let to_bf16 = Op::Cvt { from: NumTy::F32, to: NumTy::BF16, round: Round::Rn };
    assert_eq!(alu(&to_bf16, &[f(1.0 + 3.0 / 256.0)]).unwrap(), 0x3F82);
    let from_bf16 = Op::Cvt { from: NumTy::BF16, to: NumTy::S32, round: Round::Rz };
    assert_eq!(alu(&from_bf16, &[0xC020]).unwrap(), (-2i32) as u32 as u64);
    let floor = Op::Cvt { from: NumTy::BF16, to: NumTy::BF16, round: Round::Rm };
    assert_eq!(alu(&floor, &[0xC020]).unwrap(), 0xC040);
    let setp = |cmp, a: f32, b: f32| alu(&Op::FSetp { cmp, ty: FTy::F32, bop: BoolOp::And }, &[f(a), f(b), 1]).unwrap();
    assert_eq!(setp(FCmp::Lt, 1.0, 2.0), 1);
    assert_eq!(setp(FCmp::Lt, f32::NAN, 2.0), 0);
    assert_eq!(setp(FCmp::Ltu, f32::NAN, 2.0), 1);
    assert_eq!(setp(FCmp::Ne, f32::NAN, 2.0), 0);
    assert_eq!(setp(FCmp::Neu, f32::NAN, 2.0), 1);
    assert_eq!(setp(FCmp::Nan, 1.0, f32::NAN), 1);
    let isetp = |cmp, signed, bop, a, b, c| alu(&Op::ISetp { cmp, signed, w64: false, bop }, &[a, b, c]).unwrap();
    assert_eq!(isetp(Cmp::Lt, true, BoolOp::And, 0xFFFF_FFFF, 0, 1), 1);
    assert_eq!(isetp(Cmp::Lt, false, BoolOp::And, 0xFFFF_FFFF, 0, 1), 0);
    assert_eq!(isetp(Cmp::Lt, true, BoolOp::And, 0xFFFF_FFFF, 0, 0), 0);
    assert_eq!(isetp(Cmp::Lt, false, BoolOp::Or, 0xFFFF_FFFF, 0, 1), 1);
    assert_eq!(isetp(Cmp::Eq, false, BoolOp::Xor, 3, 3, 1), 0);
    assert_eq!(windows::cvta(Space::Shared, true, 0x10).unwrap(), windows::SHARED_WINDOW + 0x10);
    assert_eq!(windows::cvta(Space::Shared, false, windows::SHARED_WINDOW + 0x10).unwrap(), 0x10);
}

#[test]
fn shuffle_modes_and_clamps() {
    // shfl.down by 1 over the whole warp (c = 0x1f): lane 31 has no source and keeps its value.
    assert_eq!(exec::shfl_source(ShflMode::Down, 3, 1, 0x1F), (4, true));
    assert_eq!(exec::shfl_source(ShflMode::Down, 31, 1, 0x1F), (31, false));
    // shfl.up by 2 (c = 0): lanes 0 and 1 keep their own values.
    assert_eq!(exec::shfl_source(ShflMode::Up, 5, 2, 0), (3, true));
    assert_eq!(exec::shfl_source(ShflMode::Up, 1, 2, 0), (1, false));
    // Width 8 (c = (32-8)<<8 | 0x1f): segments of 8 lanes.
    let w8 = (24 << 8) | 0x1F;
    assert_eq!(exec::shfl_source(ShflMode::Down, 6, 1, w8), (7, true));
    assert_eq!(exec::shfl_source(ShflMode::Down, 7, 1, w8), (7, false));
    assert_eq!(exec::shfl_source(ShflMode::Bfly, 9, 4, w8), (13, true));
    assert_eq!(exec::shfl_source(ShflMode::Idx, 13, 2, w8), (10, true));
    assert_eq!(exec::shfl_source(ShflMode::Idx, 13, 35, 0x1F), (3, true));
    assert_eq!(exec::shfl_source(ShflMode::Bfly, 0, 16, 0x1F), (16, true));
}

#[test]
fn votes_over_active_lanes() {
    // Lanes 0..4 active, predicate true on lanes 1 and 3 (and on inactive lane 20: ignored).
    let active = 0b1111;
    let preds = 0b1010 | 1 << 20;
    assert_eq!(exec::vote(VoteMode::Ballot, active, preds), 0b1010);
    assert_eq!(exec::vote(VoteMode::Any, active, preds), 1);
    assert_eq!(exec::vote(VoteMode::All, active, preds), 0);
    assert_eq!(exec::vote(VoteMode::All, 0b1010, preds), 1);
    assert_eq!(exec::vote(VoteMode::Uni, active, preds), 0);
    assert_eq!(exec::vote(VoteMode::Uni, 0b0101, preds), 1);
}

#[test]
fn atomics() {
    use crate::ori::opcode::AtomOp::*;
    assert_eq!(exec::atom_apply(Add, NumTy::U32, 0xFFFF_FFFF, 2, 0).unwrap(), 1);
    assert_eq!(exec::atom_apply(Min, NumTy::S32, 5, 0xFFFF_FFFF, 0).unwrap(), 0xFFFF_FFFF);
    assert_eq!(exec::atom_apply(Max, NumTy::U32, 5, 0xFFFF_FFFF, 0).unwrap(), 0xFFFF_FFFF);
    assert_eq!(exec::atom_apply(Inc, NumTy::U32, 3, 3, 0).unwrap(), 0);
    assert_eq!(exec::atom_apply(Inc, NumTy::U32, 2, 3, 0).unwrap(), 3);
    assert_eq!(exec::atom_apply(Dec, NumTy::U32, 0, 3, 0).unwrap(), 3);
    assert_eq!(exec::atom_apply(Cas, NumTy::U64, 7, 9, 7).unwrap(), 9);
    assert_eq!(exec::atom_apply(Cas, NumTy::U64, 7, 9, 8).unwrap(), 7);
    let f = |x: f32| x.to_bits() as u64;
    assert_eq!(exec::atom_apply(Add, NumTy::F32, f(1.5), f(2.0), 0).unwrap(), f(3.5));
}

// ---- SIMT execution on hand-built functions ----------------------------------------------------

/// A kernel under construction: parameter 0 is the output buffer address.
struct K {
    f: Function,
}

impl K {
    fn new() -> K {
        let f = Function {
            name: "t".into(),
            is_kernel: true,
            params: vec![Param { name: "out".into(), size: 8, align: 8, cbank_offset: 0x210, ptx_type: ".u64" }],
            ..Default::default()
        };
        K { f }
    }
    fn r(&mut self) -> Operand {
        Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Single))
    }
    fn rd(&mut self) -> Operand {
        Operand::Reg(self.f.new_reg(RegFile::R, PairMode::Pair))
    }
    fn p(&mut self) -> Operand {
        Operand::Reg(self.f.new_reg(RegFile::P, PairMode::Single))
    }
    fn block(&mut self, insts: Vec<Inst>) {
        let n = self.f.blocks.len() as u32;
        self.f.blocks.push(Block { insts, label: n, name: String::new() });
    }
}

fn i(op: Op, dsts: Vec<Operand>, srcs: Vec<Operand>) -> Inst {
    Inst::new(op, dsts, srcs)
}

fn guarded(mut inst: Inst, pred: &Operand, negated: bool) -> Inst {
    inst.guard = Some(Guard { pred: pred.reg().unwrap(), negated });
    inst
}

fn bra(t: u32) -> Inst {
    i(Op::Bra, vec![], vec![Operand::Label(Bix(t))])
}

fn tid() -> Operand {
    Operand::SReg(SpecialReg::Tid(Dim::X))
}

fn param0() -> Operand {
    Operand::CBank { bank: 0, offset: 0x210 }
}

const MOV: Op = Op::Mov { w64: false };
const MOV64: Op = Op::Mov { w64: true };
const ADD: Op = Op::IAdd3 { neg_b: false, w64: false };
const ADD64: Op = Op::IAdd3 { neg_b: false, w64: true };
const WIDE: Op = Op::IMad { kind: MadKind::Wide { signed: false }, w64: false };
const STG: Op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
const BALLOT: Op = Op::Vote { mode: VoteMode::Ballot };

fn lt(signed: bool) -> Op {
    Op::ISetp { cmp: Cmp::Lt, signed, w64: false, bop: BoolOp::And }
}

/// Runs `f` over `threads` threads of one CTA (or `ctas` CTAs) with an output buffer of `words`
/// u32; returns the buffer.
fn launch(f: &Function, phys: Option<&[u32]>, globals: &[GlobalVar], threads: u32, words: usize) -> Vec<u32> {
    let (out, data) = launch_full(f, phys, globals, threads, words).unwrap();
    assert!(out.steps > 0);
    data
}

fn launch_full(
    f: &Function,
    phys: Option<&[u32]>,
    globals: &[GlobalVar],
    threads: u32,
    words: usize,
) -> Result<(Outcome, Vec<u32>), Error> {
    // `phys`: run `f` as allocated with this assignment.
    let allocated;
    let f = match phys {
        Some(p) => {
            allocated = Function { assignment: Some(p.to_vec()), ..f.clone() };
            &allocated
        }
        None => f,
    };
    let mut m = Machine::new(globals);
    let base = m.alloc("out", vec![0; words * 4]);
    let l = Launch { grid: [1, 1, 1], block: [threads, 1, 1], dynamic_shared: 0 };
    let out = run(&mut m, f, &l, &[base], &Options { trace: true, ..Default::default() })?;
    let data = m.buffer(base).unwrap().data.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    Ok((out, data))
}

#[test]
fn diamond_diverges_and_reconverges() {
    let mut k = K::new();
    let (base, t, p, addr, x, inner, outer, a1, a2) =
        (k.rd(), k.r(), k.p(), k.rd(), k.r(), k.r(), k.r(), k.rd(), k.rd());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(lt(false), vec![p.clone()], vec![t.clone(), imm(16), Operand::True]),
        i(WIDE, vec![addr.clone()], vec![t.clone(), imm(12), base]),
        guarded(bra(2), &p, true),
    ]);
    k.block(vec![i(MOV, vec![x.clone()], vec![imm(1)]), i(BALLOT, vec![inner.clone()], vec![Operand::True]), bra(3)]);
    k.block(vec![i(MOV, vec![x.clone()], vec![imm(2)]), i(BALLOT, vec![inner.clone()], vec![Operand::True])]);
    k.block(vec![
        i(BALLOT, vec![outer.clone()], vec![Operand::True]),
        i(STG, vec![], vec![addr.clone(), x]),
        i(ADD64, vec![a1.clone()], vec![addr.clone(), imm(4), Operand::Zero]),
        i(STG, vec![], vec![a1, inner]),
        i(ADD64, vec![a2.clone()], vec![addr, imm(8), Operand::Zero]),
        i(STG, vec![], vec![a2, outer]),
        i(Op::Exit, vec![], vec![]),
    ]);
    let pd = PostDom::compute(&k.f);
    assert_eq!(pd.ipdom(Bix(0)), Some(Bix(3)));
    assert_eq!(pd.ipdom(Bix(1)), Some(Bix(3)));
    assert_eq!(pd.ipdom(Bix(3)), None);
    let out = launch(&k.f, None, &[], 32, 96);
    for l in 0..32 {
        let (x, inner, outer) = (out[3 * l], out[3 * l + 1], out[3 * l + 2]);
        if l < 16 {
            assert_eq!((x, inner), (1, 0x0000_FFFF), "lane {l}");
        } else {
            assert_eq!((x, inner), (2, 0xFFFF_0000), "lane {l}");
        }
        assert_eq!(outer, u32::MAX, "lane {l} reconverged");
    }
}

#[test]
fn phis_take_the_value_of_each_lanes_predecessor() {
    let mut k = K::new();
    let (base, t, p, addr, x) = (k.rd(), k.r(), k.p(), k.rd(), k.r());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(lt(false), vec![p.clone()], vec![t.clone(), imm(5), Operand::True]),
        i(WIDE, vec![addr.clone()], vec![t, imm(4), base]),
        guarded(bra(2), &p, true),
    ]);
    k.block(vec![bra(3)]);
    k.block(vec![]);
    k.block(vec![
        i(Op::Phi, vec![x.clone()], vec![imm(10), Operand::Label(Bix(1)), imm(20), Operand::Label(Bix(2))]),
        i(STG, vec![], vec![addr, x]),
    ]);
    let out = launch(&k.f, None, &[], 8, 8);
    assert_eq!(out, [10, 10, 10, 10, 10, 20, 20, 20]);
}

#[test]
fn loop_with_per_lane_trip_counts() {
    // do { i++ } while (i < tid); then the active mask after the loop.
    let mut k = K::new();
    let (base, t, n, p, addr, a2, mask) = (k.rd(), k.r(), k.r(), k.p(), k.rd(), k.rd(), k.r());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(MOV, vec![n.clone()], vec![imm(0)]),
        i(WIDE, vec![addr.clone()], vec![t.clone(), imm(8), base]),
    ]);
    k.block(vec![
        i(ADD, vec![n.clone()], vec![n.clone(), imm(1), Operand::Zero]),
        i(lt(false), vec![p.clone()], vec![n.clone(), t, Operand::True]),
        guarded(bra(1), &p, false),
    ]);
    k.block(vec![
        i(BALLOT, vec![mask.clone()], vec![Operand::True]),
        i(STG, vec![], vec![addr.clone(), n]),
        i(ADD64, vec![a2.clone()], vec![addr, imm(4), Operand::Zero]),
        i(STG, vec![], vec![a2, mask]),
    ]);
    assert_eq!(PostDom::compute(&k.f).ipdom(Bix(1)), Some(Bix(2)));
    let (outcome, out) = launch_full(&k.f, None, &[], 32, 64).unwrap();
    for l in 0..32u32 {
        assert_eq!(out[2 * l as usize], l.max(1), "lane {l} trip count");
        assert_eq!(out[2 * l as usize + 1], u32::MAX, "lane {l}");
    }
    // 31 iterations of 3 instructions plus the straight-line code: the stack does not grow per
    // iteration and no work is repeated.
    assert!(outcome.steps < 31 * 3 + 20, "{} steps", outcome.steps);
}

/// Regression (found by the allocator fuzzer): a guarded `EXIT` in a loop with per-lane trip
/// counts does not move the loop's reconvergence point. Lanes that leave the loop wait at its exit
/// for the lanes still iterating (exited lanes count as arrived), so the ballot after the loop
/// sees every lane that did not exit; counting the `EXIT` as an edge to the kernel's end made
/// the early leavers run ahead alone.
#[test]
fn a_guarded_exit_does_not_move_reconvergence() {
    // do { i++; @(tid == 5) EXIT } while (i < tid & 3); ballot
    let mut k = K::new();
    let (base, t, m, n, p, q, addr, a2, mask) = (k.rd(), k.r(), k.r(), k.r(), k.p(), k.p(), k.rd(), k.rd(), k.r());
    let eq = Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And };
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(Op::Lop3 { lut: lut::AND, w64: false }, vec![m.clone()], vec![t.clone(), imm(3), Operand::Zero]),
        i(MOV, vec![n.clone()], vec![imm(0)]),
        i(WIDE, vec![addr.clone()], vec![t.clone(), imm(8), base]),
    ]);
    k.block(vec![
        i(ADD, vec![n.clone()], vec![n.clone(), imm(1), Operand::Zero]),
        i(eq, vec![q.clone()], vec![t, imm(5), Operand::True]),
        guarded(i(Op::Exit, vec![], vec![]), &q, false),
    ]);
    k.block(vec![i(lt(false), vec![p.clone()], vec![n.clone(), m, Operand::True]), guarded(bra(1), &p, false)]);
    k.block(vec![
        i(BALLOT, vec![mask.clone()], vec![Operand::True]),
        i(STG, vec![], vec![addr.clone(), n]),
        i(ADD64, vec![a2.clone()], vec![addr, imm(4), Operand::Zero]),
        i(STG, vec![], vec![a2, mask]),
        i(Op::Exit, vec![], vec![]),
    ]);
    assert_eq!(PostDom::compute(&k.f).ipdom(Bix(2)), Some(Bix(3)), "the loop's exit, not the kernel's end");
    let out = launch(&k.f, None, &[], 32, 64);
    for l in 0..32u32 {
        if l == 5 {
            assert_eq!((out[10], out[11]), (0, 0), "lane 5 exited");
            continue;
        }
        assert_eq!(out[2 * l as usize], (l & 3).max(1), "lane {l} trip count");
        assert_eq!(out[2 * l as usize + 1], !(1u32 << 5), "lane {l}: every lane but 5 reconverged");
    }
}

/// Two warps exchange values through shared memory across a barrier.
fn exchange_kernel(with_barrier: bool) -> Function {
    let mut k = K::new();
    let (base, t, sh, a, t2, t3, b, v, o) = (k.rd(), k.r(), k.rd(), k.rd(), k.r(), k.r(), k.rd(), k.r(), k.rd());
    let mut insts = vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(MOV64, vec![sh.clone()], vec![Operand::Symbol("sh".into())]),
        i(WIDE, vec![a.clone()], vec![t.clone(), imm(4), sh.clone()]),
        i(Op::St { space: Space::Shared, bits: 32, volatile: false, offset: 0 }, vec![], vec![a, t.clone()]),
    ];
    if with_barrier {
        insts.push(i(Op::Bar, vec![], vec![]));
    }
    insts.extend([
        i(ADD, vec![t2.clone()], vec![t.clone(), imm(32), Operand::Zero]),
        i(Op::Lop3 { lut: lut::AND, w64: false }, vec![t3.clone()], vec![t2, imm(63), Operand::Zero]),
        i(WIDE, vec![b.clone()], vec![t3, imm(4), sh]),
        i(
            Op::Ld { space: Space::Shared, bits: 32, signed: false, volatile: false, offset: 0, nc: false },
            vec![v.clone()],
            vec![b],
        ),
        i(WIDE, vec![o.clone()], vec![t, imm(4), base]),
        i(STG, vec![], vec![o, v]),
        i(Op::Exit, vec![], vec![]),
    ]);
    k.block(insts);
    k.f
}

#[test]
fn barrier_orders_shared_memory_across_warps() {
    let sh = GlobalVar {
        name: "sh".into(),
        space: Space::Shared,
        size: 256,
        align: 4,
        init: None,
        external: false,
        ..Default::default()
    };
    let out = launch(&exchange_kernel(true), None, std::slice::from_ref(&sh), 64, 64);
    let want: Vec<u32> = (0..64).map(|t| (t + 32) % 64).collect();
    assert_eq!(out, want);
    // Without the barrier warp 0 runs to its end before warp 1 stores: it reads zeros.
    let out = launch(&exchange_kernel(false), None, &[sh], 64, 64);
    assert_eq!(&out[..32], &[0; 32]);
    assert_eq!(&out[32..], &want[32..]);
}

#[test]
fn shuffle_and_vote_in_divergent_code() {
    // Lanes < 12 run a SHFL.DOWN by 1 and a ballot of (tid odd); the others skip both.
    let mut k = K::new();
    let (base, t, p, addr, s, odd, q, bal, a2) = (k.rd(), k.r(), k.p(), k.rd(), k.r(), k.r(), k.p(), k.r(), k.rd());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(WIDE, vec![addr.clone()], vec![t.clone(), imm(8), base]),
        i(MOV, vec![s.clone()], vec![imm(0xEE)]),
        i(MOV, vec![bal.clone()], vec![imm(0xEE)]),
        i(lt(false), vec![p.clone()], vec![t.clone(), imm(12), Operand::True]),
        guarded(bra(2), &p, true),
    ]);
    k.block(vec![
        i(Op::Shfl { mode: ShflMode::Down }, vec![s.clone()], vec![t.clone(), imm(1), imm(0x1F), imm(0xFFFF_FFFF)]),
        i(Op::Lop3 { lut: lut::AND, w64: false }, vec![odd.clone()], vec![t, imm(1), Operand::Zero]),
        i(
            Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
            vec![q.clone()],
            vec![odd, imm(0), Operand::True],
        ),
        i(BALLOT, vec![bal.clone()], vec![q, imm(0xFFFF_FFFF)]),
    ]);
    k.block(vec![
        i(STG, vec![], vec![addr.clone(), s]),
        i(ADD64, vec![a2.clone()], vec![addr, imm(4), Operand::Zero]),
        i(STG, vec![], vec![a2, bal]),
    ]);
    let (outcome, out) = launch_full(&k.f, None, &[], 32, 64).unwrap();
    for l in 0..32u32 {
        let (s, b) = (out[2 * l as usize], out[2 * l as usize + 1]);
        match l {
            0..=10 => assert_eq!((s, b), (l + 1, 0b1010_1010_1010), "lane {l}"),
            // Lane 11's source (lane 12) does not take part: undefined, read as 0.
            11 => assert_eq!((s, b), (0, 0b1010_1010_1010)),
            _ => assert_eq!((s, b), (0xEE, 0xEE), "lane {l}"),
        }
    }
    assert!(outcome.notes.iter().any(|n| n.contains("does not take part")), "{:?}", outcome.notes);
}

#[test]
fn physical_registers_alias() {
    // %rd0 → R4:R5 and %r1 → R5: writing the pair and reading the single gives the high word.
    let mut k = K::new();
    let (base, pair, single, t, addr, v) = (k.rd(), k.rd(), k.r(), k.r(), k.rd(), k.r());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(WIDE, vec![addr.clone()], vec![t, imm(4), base]),
        i(MOV64, vec![pair], vec![imm(0x1111_2222_3333_4444)]),
        i(ADD, vec![v.clone()], vec![single, imm(0), Operand::Zero]),
        i(STG, vec![], vec![addr, v]),
    ]);
    let phys = [0u32, 4, 5, 6, 8, 10];
    assert_eq!(launch(&k.f, Some(&phys), &[], 2, 2), [0x1111_2222, 0x1111_2222]);
    // With virtual registers the single register is its own (never written, zero).
    assert_eq!(launch(&k.f, None, &[], 2, 2), [0, 0]);
    // RZ (R255) reads zero and ignores writes.
    let rz = [0u32, 4, 255, 6, 8, 10];
    assert_eq!(launch(&k.f, Some(&rz), &[], 1, 1), [0]);
}

#[test]
fn uniform_registers_need_uniform_values() {
    let mut k = K::new();
    let u = Operand::Reg(k.f.new_reg(RegFile::UR, PairMode::Single));
    k.block(vec![i(Op::S2R, vec![u], vec![tid()])]);
    let e = launch_full(&k.f, None, &[], 32, 1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Fault);
    assert!(e.message.contains("uniform register"), "{e}");
}

#[test]
fn faults_and_unsupported_code() {
    let mut k = K::new();
    let (base, a) = (k.rd(), k.rd());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(ADD64, vec![a.clone()], vec![base, imm(4096), Operand::Zero]),
        i(STG, vec![], vec![a, imm(1)]),
    ]);
    let e = launch_full(&k.f, None, &[], 1, 4).unwrap_err();
    assert_eq!((e.kind, e.at), (ErrorKind::Fault, Some((0, 2))));
    let mut k = K::new();
    k.block(vec![i(Op::Asm { id: 0, side_effects: true }, vec![], vec![])]);
    k.f.asm.push("trap;".into());
    let e = launch_full(&k.f, None, &[], 1, 1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert!(e.message.contains("trap;"));
}

#[test]
fn traces_record_every_definition() {
    let mut k = K::new();
    let (x, y) = (k.r(), k.r());
    k.block(vec![i(Op::S2R, vec![x.clone()], vec![tid()]), i(ADD, vec![y], vec![x, imm(1), Operand::Zero])]);
    let (out, _) = launch_full(&k.f, None, &[], 3, 1).unwrap();
    assert_eq!(out.trace.len(), 2);
    assert_eq!(out.trace[1].values, vec![1, 2, 3]);
    assert_eq!(out.trace[1].mask, 0b111);
    let mut other = out.trace.clone();
    other[1].values[2] = 9;
    let d = trace::first_divergence(&out.trace, &other, |e| Some(e.vreg)).unwrap();
    assert_eq!(d.lane, Some(2));
    assert!(trace::first_divergence(&out.trace, &out.trace, |e| Some(e.vreg)).is_none());
}

#[test]
fn calls_with_divergent_recursion() {
    // f(x) = x == 0 ? 1 : 2 * f(x - 1), called with x = tid & 7: each lane recurses to its own
    // depth and returns from a different activation.
    let sig = crate::ori::ir::CallSig {
        ret: Some(crate::ori::ir::ParamAbi::B32),
        params: vec![crate::ori::ir::ParamAbi::B32],
    };
    let mut f = Function { name: "f".into(), ret: Some(PairMode::Single), sig, ..Default::default() };
    f.params.push(Param { name: "f_param_0".into(), size: 4, align: 4, cbank_offset: 0, ptx_type: ".b32" });
    let reg = |f: &mut Function, file| Operand::Reg(f.new_reg(file, PairMode::Single));
    let (x, p, m, r, d) = (
        reg(&mut f, RegFile::R),
        reg(&mut f, RegFile::P),
        reg(&mut f, RegFile::R),
        reg(&mut f, RegFile::R),
        reg(&mut f, RegFile::R),
    );
    let ld_param = Op::Ld { space: Space::Param, bits: 32, signed: false, volatile: false, offset: 0, nc: false };
    let st_param = Op::St { space: Space::Param, bits: 32, volatile: false, offset: 0 };
    let retval = || Operand::Symbol("func_retval0".into());
    let blocks = vec![
        vec![
            i(ld_param, vec![x.clone()], vec![Operand::Symbol("f_param_0".into())]),
            i(
                Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And },
                vec![p.clone()],
                vec![x.clone(), imm(0), Operand::True],
            ),
            guarded(bra(2), &p, true),
        ],
        vec![i(st_param, vec![], vec![retval(), imm(1)]), i(Op::Ret, vec![], vec![])],
        vec![
            i(Op::IAdd3 { neg_b: true, w64: false }, vec![m.clone()], vec![x, imm(1), Operand::Zero]),
            i(Op::Call, vec![r.clone()], vec![Operand::Symbol("f".into()), m]),
            i(Op::Shf { left: true, signed: false, w64: false }, vec![d.clone()], vec![r, imm(1)]),
            i(st_param, vec![], vec![retval(), d]),
            i(Op::Ret, vec![], vec![]),
        ],
    ];
    for (n, insts) in blocks.into_iter().enumerate() {
        f.blocks.push(Block { insts, label: n as u32, name: String::new() });
    }
    let mut k = K::new();
    let (base, t, x, y, a) = (k.rd(), k.r(), k.r(), k.r(), k.rd());
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(Op::Lop3 { lut: lut::AND, w64: false }, vec![x.clone()], vec![t.clone(), imm(7), Operand::Zero]),
        i(Op::Call, vec![y.clone()], vec![Operand::Symbol("f".into()), x]),
        i(WIDE, vec![a.clone()], vec![t, imm(4), base]),
        i(STG, vec![], vec![a, y]),
    ]);
    let mut m = Machine::new(&[]);
    let out = m.alloc("out", vec![0; 32 * 4]);
    let l = Launch { grid: [1, 1, 1], block: [32, 1, 1], dynamic_shared: 0 };
    let (_, r) = run_program(&mut m, &[&k.f, &f], &l, &[out], &Options::default());
    r.unwrap();
    let got: Vec<u32> =
        m.buffer(out).unwrap().data.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    let want: Vec<u32> = (0..32).map(|t| 1 << (t & 7)).collect();
    assert_eq!(got, want);
    // Without the callee's code the call is unsupported.
    let e = launch_full(&k.f, None, &[], 32, 32).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
}

#[test]
fn exited_lanes_do_not_block_barriers_and_frames_are_per_thread() {
    // Threads >= 40 exit; the others store tid into their local frame (through the stack-pointer
    // word and through a spill-slot symbol), meet at a barrier, and read both back.
    let mut k = K::new();
    k.f.local_frame = 16;
    let (base, t, p, sp, slot, v1, v2, sum, a) = (k.rd(), k.r(), k.p(), k.rd(), k.rd(), k.r(), k.r(), k.r(), k.rd());
    let stl = Op::St { space: Space::Local, bits: 32, volatile: false, offset: 0 };
    let ldl = Op::Ld { space: Space::Local, bits: 32, signed: false, volatile: false, offset: 0, nc: false };
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(lt(false), vec![p.clone()], vec![t.clone(), imm(40), Operand::True]),
        guarded(i(Op::Exit, vec![], vec![]), &p, true),
        i(MOV64, vec![sp.clone()], vec![Operand::CBank { bank: 0, offset: 0x28 }]),
        i(stl, vec![], vec![sp.clone(), t.clone()]),
        i(ADD64, vec![slot.clone()], vec![sp.clone(), imm(8), Operand::Zero]),
        i(stl, vec![], vec![Operand::Symbol("__local_depot+4".into()), t.clone()]),
        i(Op::Bar, vec![], vec![]),
        i(ldl, vec![v1.clone()], vec![sp]),
        i(ldl, vec![v2.clone()], vec![Operand::Symbol("__local_depot+4".into())]),
        i(ADD, vec![sum.clone()], vec![v1, v2, Operand::Zero]),
        i(WIDE, vec![a.clone()], vec![t, imm(4), base]),
        i(STG, vec![], vec![a, sum]),
    ]);
    let out = launch(&k.f, None, &[], 64, 64);
    let want: Vec<u32> = (0..64).map(|t| if t < 40 { 2 * t } else { 0 }).collect();
    assert_eq!(out, want);
}

#[test]
fn generic_addresses_resolve_to_their_space() {
    // CVTA a shared address to generic, store through it, load it back with LDS; a misaligned
    // generic store faults.
    let sh = GlobalVar {
        name: "sh".into(),
        space: Space::Shared,
        size: 64,
        align: 4,
        init: None,
        external: false,
        ..Default::default()
    };
    let mut k = K::new();
    let (base, s, g, v, g2) = (k.rd(), k.rd(), k.rd(), k.r(), k.rd());
    let st_generic = Op::St { space: Space::Generic, bits: 32, volatile: false, offset: 0 };
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(MOV64, vec![s.clone()], vec![Operand::Symbol("sh".into())]),
        i(Op::Cvta { space: Space::Shared, to_generic: true }, vec![g.clone()], vec![s.clone()]),
        i(st_generic, vec![], vec![g.clone(), imm(77)]),
        i(
            Op::Ld { space: Space::Shared, bits: 32, signed: false, volatile: false, offset: 0, nc: false },
            vec![v.clone()],
            vec![s],
        ),
        i(STG, vec![], vec![base, v]),
        i(ADD64, vec![g2.clone()], vec![g, imm(2), Operand::Zero]),
        i(st_generic, vec![], vec![g2, imm(1)]),
    ]);
    let e = launch_full(&k.f, None, std::slice::from_ref(&sh), 1, 1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Fault);
    assert!(e.message.contains("misaligned"), "{e}");
    k.f.blocks[0].insts.pop();
    assert_eq!(launch(&k.f, None, &[sh], 1, 1), [77]);
}

#[test]
fn match_and_redux_over_member_lanes() {
    use crate::ori::opcode::ReduxOp;
    let mut values = [0u64; 32];
    for (k, v) in values.iter_mut().enumerate() {
        *v = (k % 3) as u64;
    }
    // Lanes 0..8 take part: lanes 0, 3, 6 hold 0.
    let members = 0xFF;
    assert_eq!(exec::match_lanes(false, members, 0, &values), (0b0100_1001, true));
    assert_eq!(exec::match_lanes(true, members, 0, &values), (0, false));
    assert_eq!(exec::match_lanes(true, 0b1001, 0, &values), (0b1001, true));
    // Values 0, 1, 2, 0, 1, 2, 0, 1 minus 1: -1, 0, 1, ...
    let signed: [u64; 32] = std::array::from_fn(|k| ((k % 3) as i32 - 1) as u32 as u64);
    assert_eq!(exec::redux(ReduxOp::Add, members, &values), 7);
    assert_eq!(exec::redux(ReduxOp::Min, members, &signed), 0xFFFF_FFFF);
    assert_eq!(exec::redux(ReduxOp::UMin, members, &signed), 0);
    assert_eq!(exec::redux(ReduxOp::Max, members, &signed), 1);
    assert_eq!(exec::redux(ReduxOp::UMax, members, &signed), 0xFFFF_FFFF);
    assert_eq!(exec::redux(ReduxOp::Or, members, &values), 3);
    assert_eq!(exec::redux(ReduxOp::And, members, &values), 0);
    assert_eq!(exec::redux(ReduxOp::Xor, 0b110, &values), 3);
}

#[test]
fn isspacep_follows_the_generic_windows() {
    let is = |space, a| alu(&Op::IsSpace { space }, &[a]).unwrap();
    let shared = windows::cvta(Space::Shared, true, 16).unwrap();
    let local = windows::cvta(Space::Local, true, 16).unwrap();
    assert_eq!((is(Space::Shared, shared), is(Space::Global, shared), is(Space::Local, shared)), (1, 0, 0));
    assert_eq!((is(Space::Local, local), is(Space::Shared, local)), (1, 0));
    assert_eq!((is(Space::Global, 0x1_0000_0000), is(Space::Const, 0x1_0000_0000)), (1, 0));
}

#[test]
fn dynamic_stack_per_lane_and_trap() {
    use crate::ori::opcode::StackOp;
    // Each lane allocates tid+1 bytes, then 8 bytes (aligned to 8): the second block starts
    // where the lane's first ends, rounded up; a stackrestore to the saved pointer frees both.
    let mut k = K::new();
    let (base, t, n, s0, a, b, c, d, addr) = (k.rd(), k.r(), k.rd(), k.rd(), k.rd(), k.rd(), k.rd(), k.r(), k.rd());
    let stack = |op| Op::Stack { op };
    k.block(vec![
        i(MOV64, vec![base.clone()], vec![param0()]),
        i(Op::S2R, vec![t.clone()], vec![tid()]),
        i(WIDE, vec![n.clone()], vec![t.clone(), imm(1), imm(1)]),
        i(stack(StackOp::Save), vec![s0.clone()], vec![]),
        i(stack(StackOp::Alloca { align: 1 }), vec![a.clone()], vec![n.clone()]),
        i(stack(StackOp::Alloca { align: 8 }), vec![b.clone()], vec![n]),
        i(Op::St { space: Space::Local, bits: 8, volatile: false, offset: 0 }, vec![], vec![b.clone(), t.clone()]),
        i(stack(StackOp::Restore), vec![], vec![s0.clone()]),
        i(stack(StackOp::Alloca { align: 16 }), vec![c.clone()], vec![imm(4)]),
        // b - a, and whether the allocation after the restore reuses the first one's address.
        i(Op::IAdd3 { neg_b: true, w64: false }, vec![d.clone()], vec![b, a.clone(), Operand::Zero]),
        i(WIDE, vec![addr.clone()], vec![t.clone(), imm(8), base]),
        i(STG, vec![], vec![addr.clone(), d]),
        i(Op::IAdd3 { neg_b: true, w64: false }, vec![t.clone()], vec![c, a, Operand::Zero]),
        i(Op::St { space: Space::Global, bits: 32, volatile: false, offset: 4 }, vec![], vec![addr, t]),
        i(Op::Exit, vec![], vec![]),
    ]);
    let out = launch(&k.f, None, &[], 32, 64);
    for l in 0..32u32 {
        assert_eq!(out[2 * l as usize], (l + 1).next_multiple_of(8), "lane {l}");
        assert_eq!(out[2 * l as usize + 1], 0, "lane {l}");
    }
    // An allocation past the per-thread limit faults; a trap stops the run as a trap.
    let mut k = K::new();
    let x = k.rd();
    k.block(vec![i(stack(StackOp::Alloca { align: 8 }), vec![x], vec![imm(1 << 30)])]);
    assert_eq!(launch_full(&k.f, None, &[], 1, 1).unwrap_err().kind, ErrorKind::Fault);
    let mut k = K::new();
    k.block(vec![i(Op::Trap { brkpt: false }, vec![], vec![]), i(Op::Exit, vec![], vec![])]);
    assert_eq!(launch_full(&k.f, None, &[], 1, 1).unwrap_err().kind, ErrorKind::Trap);
}

#[test]
fn fns_finds_the_nth_set_bit_as_the_ptx_isa_examples() {
    let fns = |mask: u64, base: u64, offset: i32| alu(&Op::Fns, &[mask, base, offset as u32 as u64]).unwrap();
    assert_eq!(fns(0xaaaa_aaaa, 3, 1), 3);
    assert_eq!(fns(0xaaaa_aaaa, 3, -1), 3);
    assert_eq!(fns(0xaaaa_aaaa, 2, 1), 3);
    assert_eq!(fns(0xaaaa_aaaa, 2, -1), 1);
    assert_eq!(fns(0xaaaa_aaaa, 2, 0), 0xffff_ffff);
    assert_eq!(fns(0xaaaa_aaaa, 1, 0), 1);
    assert_eq!(fns(0xaaaa_aaaa, 0, 16), 31);
    assert_eq!(fns(0xaaaa_aaaa, 0, 17), 0xffff_ffff);
    assert_eq!(fns(0x8000_0001, 31, -2), 0);
}
