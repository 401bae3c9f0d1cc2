//! Per-opcode semantics: pure functions of one lane's source values (and, for the warp-level
//! opcodes, of the warp's lanes), exactly the PTX meaning the emitter's mapping table gives each
//! Ori opcode (`emit/ptx.rs`).
//!
//! # Values
//!
//! Every source arrives as a `u64` bit pattern: a 32-bit register zero-extended, a pair as its
//! 64-bit value (low word in the even register), a predicate as 0/1, an immediate as stored. Each
//! opcode reads the width it operates on (`w64` or the type) and ignores the bits above, so the
//! unspecified high bits of narrow integers (`lower/mod.rs`) never leak into a result; results are
//! returned zero-extended and the register writer keeps the destination's width. f16 and bf16
//! values are the low 16 bits.
//!
//! Integer conventions where PTX leaves a choice: division by zero gives all ones (unsigned) or
//! −1 (signed) as quotient and the dividend as remainder; `INT_MIN / −1` wraps.
//! MUFU approximations are computed with the correctly rounded Rust functions (`ori check`
//! compares kernels that use them with a tolerance).

use super::Error;
use super::float::{self, Format};
use super::windows::{cvta, resolve};
use crate::ori::opcode::{
    AtomOp, BoolOp, Cmp, FCmp, FTy, MadKind, MufuFn, NumTy, Op, ReduxOp, Round, ShflMode, Space, VoteMode,
};

fn mask(w64: bool) -> u64 {
    if w64 { u64::MAX } else { 0xFFFF_FFFF }
}

fn sext32(v: u64) -> i64 {
    v as u32 as i32 as i64
}

fn sext(v: u64, w64: bool) -> i64 {
    if w64 { v as i64 } else { sext32(v) }
}

/// `LOP3.LUT`: bit `i` of `lut` is the result for inputs `(a, b, c)` = bits `(i>>2, i>>1, i)`
/// (so `lut = f(0xF0, 0xCC, 0xAA)`).
pub fn lop3(lut: u8, a: u64, b: u64, c: u64) -> u64 {
    let mut r = 0;
    for i in 0..8u8 {
        if lut >> i & 1 == 1 {
            let ta = if i & 4 != 0 { a } else { !a };
            let tb = if i & 2 != 0 { b } else { !b };
            let tc = if i & 1 != 0 { c } else { !c };
            r |= ta & tb & tc;
        }
    }
    r
}

fn combine(x: bool, bop: BoolOp, c: bool) -> bool {
    match bop {
        BoolOp::And => x && c,
        BoolOp::Or => x || c,
        BoolOp::Xor => x ^ c,
    }
}

/// Integer comparison at 32 or 64 bits.
pub fn icmp(cmp: Cmp, signed: bool, w64: bool, a: u64, b: u64) -> bool {
    let ord = if signed { sext(a, w64).cmp(&sext(b, w64)) } else { (a & mask(w64)).cmp(&(b & mask(w64))) };
    match cmp {
        Cmp::Eq => ord.is_eq(),
        Cmp::Ne => ord.is_ne(),
        Cmp::Lt => ord.is_lt(),
        Cmp::Le => ord.is_le(),
        Cmp::Gt => ord.is_gt(),
        Cmp::Ge => ord.is_ge(),
    }
}

/// Float comparison (ordered forms are false on NaN, unordered forms true).
pub fn fcmp(cmp: FCmp, a: f64, b: f64) -> bool {
    let un = a.is_nan() || b.is_nan();
    match cmp {
        FCmp::Eq => a == b,
        FCmp::Ne => !un && a != b,
        FCmp::Lt => a < b,
        FCmp::Le => a <= b,
        FCmp::Gt => a > b,
        FCmp::Ge => a >= b,
        FCmp::Equ => un || a == b,
        FCmp::Neu => un || a != b,
        FCmp::Ltu => un || a < b,
        FCmp::Leu => un || a <= b,
        FCmp::Gtu => un || a > b,
        FCmp::Geu => un || a >= b,
        FCmp::Num => !un,
        FCmp::Nan => un,
    }
}

/// A float operand of type `t` as an (exact) f64.
pub fn to_f64(t: FTy, v: u64) -> f64 {
    match t {
        // A packed pair compares by its low lane (the lowering makes no packed comparison).
        FTy::F16 | FTy::F16x2 => float::f16_to_f64(v as u16),
        FTy::BF16 => float::bf16_to_f64(v as u16),
        FTy::F32 => f32::from_bits(v as u32) as f64,
        FTy::F64 => f64::from_bits(v),
    }
}

fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

fn f64v(v: u64) -> f64 {
    f64::from_bits(v)
}

fn bits32(x: f32) -> u64 {
    x.to_bits() as u64
}

/// The float data-path operations (the `ty` comes separately).
#[derive(Clone, Copy, Debug)]
enum FloatOp {
    Neg,
    Abs,
    MinMax { max: bool, nan: bool },
    Add,
    Mul,
    Fma(Round),
    Div(Round),
    Sqrt(Round),
}

/// A float operation of type `ty` on bit patterns; packed halves lane by lane.
/// `float_op`, under PTX's `.ftz` when `ftz`: each subnormal f32 or f16 operand becomes a zero of
/// its sign before the IEEE operation, and a subnormal result after it (each lane of packed
/// halves; bf16 and f64 have no flush-to-zero form).
fn ftz_op(f: FloatOp, ty: FTy, ftz: bool, v: &[u64]) -> Result<u64, Error> {
    if !ftz {
        return float_op(f, ty, v);
    }
    let flushed: Vec<u64> = v.iter().map(|&x| flush_subnormal(ty, x)).collect();
    Ok(flush_subnormal(ty, float_op(f, ty, &flushed)?))
}

/// `x` (of type `ty`) with a subnormal value replaced by the zero of its sign (each lane of packed
/// halves).
pub(crate) fn flush_subnormal(ty: FTy, x: u64) -> u64 {
    let (exp, sign) = match ty {
        FTy::F32 => (0x7F80_0000, 0x8000_0000),
        FTy::F16 => (0x7C00, 0x8000),
        FTy::F16x2 => {
            let lane = |shift: u32| flush_subnormal(FTy::F16, (x >> shift) & 0xFFFF);
            return lane(16) << 16 | lane(0);
        }
        FTy::BF16 | FTy::F64 => return x,
    };
    if x & exp == 0 { x & sign } else { x }
}

fn float_op(f: FloatOp, ty: FTy, v: &[u64]) -> Result<u64, Error> {
    if ty == FTy::F16x2 {
        let lane = |shift: u32| -> Vec<u64> { v.iter().map(|x| (x >> shift) & 0xFFFF).collect() };
        let lo = float_op(f, FTy::F16, &lane(0))?;
        let hi = float_op(f, FTy::F16, &lane(16))?;
        return Ok(hi << 16 | lo);
    }
    let sign = match ty {
        FTy::F16 | FTy::F16x2 | FTy::BF16 => 0x8000,
        FTy::F32 => 0x8000_0000,
        FTy::F64 => 1 << 63,
    };
    let width = match ty {
        FTy::F16 | FTy::F16x2 | FTy::BF16 => 0xFFFF,
        FTy::F32 => 0xFFFF_FFFF,
        FTy::F64 => u64::MAX,
    };
    let s = |k: usize| v.get(k).copied().unwrap_or(0);
    Ok(match f {
        FloatOp::Neg => (s(0) ^ sign) & width,
        FloatOp::Abs => s(0) & !sign & width,
        // `min.NaN`: a NaN operand gives the canonical NaN (all fraction bits set).
        FloatOp::MinMax { nan: true, .. } if to_f64(ty, s(0)).is_nan() || to_f64(ty, s(1)).is_nan() => {
            (width >> 1) & width
        }
        FloatOp::MinMax { max, .. } => {
            let r = float::fminmax(to_f64(ty, s(0)), to_f64(ty, s(1)), max);
            match ty {
                // Exact: the result is one of the operands (or NaN).
                FTy::F16 | FTy::F16x2 => float::f64_to_f16(r) as u64,
                FTy::BF16 => float::f64_to_bf16(r) as u64,
                FTy::F32 => bits32(r as f32),
                FTy::F64 => r.to_bits(),
            }
        }
        FloatOp::Add => match ty {
            FTy::F16 | FTy::F16x2 => float::f16_binop(s(0) as u16, s(1) as u16, |a, b| a + b) as u64,
            FTy::BF16 => float::bf16_binop(s(0) as u16, s(1) as u16, |a, b| a + b) as u64,
            FTy::F32 => bits32(f32v(s(0)) + f32v(s(1))),
            FTy::F64 => (f64v(s(0)) + f64v(s(1))).to_bits(),
        },
        FloatOp::Mul => match ty {
            FTy::F16 | FTy::F16x2 => float::f16_binop(s(0) as u16, s(1) as u16, |a, b| a * b) as u64,
            FTy::BF16 => float::bf16_binop(s(0) as u16, s(1) as u16, |a, b| a * b) as u64,
            FTy::F32 => bits32(f32v(s(0)) * f32v(s(1))),
            FTy::F64 => (f64v(s(0)) * f64v(s(1))).to_bits(),
        },
        FloatOp::Fma(round) => match ty {
            FTy::F16 | FTy::F16x2 => float::ffma_f16(s(0) as u16, s(1) as u16, s(2) as u16, round) as u64,
            FTy::BF16 => float::ffma_bf16(s(0) as u16, s(1) as u16, s(2) as u16, round) as u64,
            FTy::F32 => bits32(float::ffma_f32(f32v(s(0)), f32v(s(1)), f32v(s(2)), round)),
            FTy::F64 => float::ffma_f64(f64v(s(0)), f64v(s(1)), f64v(s(2)), round).to_bits(),
        },
        FloatOp::Div(round) if round != Round::Rn => {
            float::div_rounded(to_f64(ty, s(0)), to_f64(ty, s(1)), ftformat(ty), round)
        }
        FloatOp::Sqrt(round) if round != Round::Rn => float::sqrt_rounded(to_f64(ty, s(0)), ftformat(ty), round),
        FloatOp::Div(_) => match ty {
            FTy::F16 | FTy::F16x2 => float::f16_binop(s(0) as u16, s(1) as u16, |a, b| a / b) as u64,
            FTy::BF16 => float::bf16_binop(s(0) as u16, s(1) as u16, |a, b| a / b) as u64,
            FTy::F32 => bits32(f32v(s(0)) / f32v(s(1))),
            FTy::F64 => (f64v(s(0)) / f64v(s(1))).to_bits(),
        },
        FloatOp::Sqrt(_) => match ty {
            FTy::F16 | FTy::F16x2 => float::f64_to_f16(float::f16_to_f64(s(0) as u16).sqrt()) as u64,
            FTy::BF16 => float::f64_to_bf16(float::bf16_to_f64(s(0) as u16).sqrt()) as u64,
            FTy::F32 => bits32(f32v(s(0)).sqrt()),
            FTy::F64 => f64v(s(0)).sqrt().to_bits(),
        },
    })
}

/// `MUFU.fn` on f32 bits (`RCP64H` on f64 bits), as the correctly rounded function; with `ftz`,
/// denormal inputs and results are flushed to zero of the same sign.
pub fn mufu(func: MufuFn, ftz: bool, v: u64) -> u64 {
    if ftz && !matches!(func, MufuFn::Rcp64H | MufuFn::Rsq64H) {
        let flush = |x: f32| if x.is_subnormal() { 0.0f32.copysign(x) } else { x };
        let r = mufu(func, false, bits32(flush(f32v(v))));
        return bits32(flush(f32v(r)));
    }
    let x = f32v(v);
    match func {
        MufuFn::Rcp => bits32(1.0 / x),
        MufuFn::Rsq => bits32(1.0 / x.sqrt()),
        MufuFn::Sqrt => bits32(x.sqrt()),
        MufuFn::Ex2 => bits32(x.exp2()),
        MufuFn::Lg2 => bits32(x.log2()),
        MufuFn::Sin => bits32(x.sin()),
        MufuFn::Cos => bits32(x.cos()),
        MufuFn::Tanh => bits32(x.tanh()),
        MufuFn::Rcp64H => (1.0 / f64v(v)).to_bits(),
        MufuFn::Rsq64H => (1.0 / f64v(v).sqrt()).to_bits(),
    }
}

/// `PRMT d, a, sel, b` (`prmt.b32 d, a, b, sel`, default mode): byte `i` of the result is byte
/// `sel[4i+2..4i]` of the 8-byte value `b:a`, or its sign replicated when `sel[4i+3]` is set.
/// `dp4a` / `dp2a` (see `Op::Dp`): the 32-bit wrapping sum.
pub fn dot(two: bool, hi: bool, a_signed: bool, b_signed: bool, a: u64, b: u64, c: u64) -> u64 {
    let (a, b) = (a as u32, b as u32);
    let field = |x: u32, k: u32, bits: u32, signed: bool| -> i64 {
        let v = (x >> (k * bits)) & ((1u32 << bits) - 1);
        if signed { ((v << (32 - bits)) as i32 >> (32 - bits)) as i64 } else { v as i64 }
    };
    let sum: i64 = if two {
        (0..2).map(|k| field(a, k, 16, a_signed) * field(b, k + if hi { 2 } else { 0 }, 8, b_signed)).sum()
    } else {
        (0..4).map(|k| field(a, k, 8, a_signed) * field(b, k, 8, b_signed)).sum()
    };
    (c as u32).wrapping_add(sum as u32) as u64
}

pub fn prmt(a: u64, sel: u64, b: u64) -> u64 {
    let bytes = ((b as u32 as u64) << 32) | (a as u32 as u64);
    let mut r = 0u64;
    for i in 0..4 {
        let s = (sel >> (4 * i)) & 0xF;
        let byte = (bytes >> (8 * (s & 7))) & 0xFF;
        let out = if s & 8 != 0 { if byte & 0x80 != 0 { 0xFF } else { 0 } } else { byte };
        r |= out << (8 * i);
    }
    r
}

/// Integer division / remainder (see the module documentation for the zero divisor).
pub fn idiv(signed: bool, rem: bool, w64: bool, a: u64, b: u64) -> u64 {
    let m = mask(w64);
    let r = if signed {
        let (x, y) = (sext(a, w64), sext(b, w64));
        if y == 0 {
            if rem { x } else { -1 }
        } else if w64 {
            if rem { x.wrapping_rem(y) } else { x.wrapping_div(y) }
        } else {
            let (x, y) = (x as i32, y as i32);
            (if rem { x.wrapping_rem(y) } else { x.wrapping_div(y) }) as i64
        }
    } else {
        let (x, y) = (a & m, b & m);
        match (y, rem) {
            (0, false) => -1,
            (0, true) => x as i64,
            (_, false) => (x / y) as i64,
            (_, true) => (x % y) as i64,
        }
    };
    r as u64 & m
}

/// Whether an integer division would trap on a CPU (zero divisor, or `MIN / -1`).
pub fn idiv_traps(signed: bool, w64: bool, a: u64, b: u64) -> bool {
    let m = mask(w64);
    b & m == 0 || (signed && sext(b, w64) == -1 && sext(a, w64) == if w64 { i64::MIN } else { i32::MIN as i64 })
}

fn int_range(t: NumTy) -> (i128, i128) {
    match t {
        NumTy::U8 => (0, u8::MAX as i128),
        NumTy::S8 => (i8::MIN as i128, i8::MAX as i128),
        NumTy::U16 => (0, u16::MAX as i128),
        NumTy::S16 => (i16::MIN as i128, i16::MAX as i128),
        NumTy::U32 => (0, u32::MAX as i128),
        NumTy::S32 => (i32::MIN as i128, i32::MAX as i128),
        NumTy::U64 => (0, u64::MAX as i128),
        NumTy::S64 => (i64::MIN as i128, i64::MAX as i128),
        NumTy::F16 | NumTy::BF16 | NumTy::F32 | NumTy::F64 => (0, 0),
    }
}

fn is_signed(t: NumTy) -> bool {
    matches!(t, NumTy::S8 | NumTy::S16 | NumTy::S32 | NumTy::S64)
}

/// The integer value of the low `t.bits()` bits of `v`, extended by `t`'s signedness.
fn int_value(t: NumTy, v: u64) -> i128 {
    let bits = t.bits();
    let low = if bits == 64 { v } else { v & ((1u64 << bits) - 1) };
    if is_signed(t) && bits < 64 && low >> (bits - 1) & 1 == 1 {
        low as i128 - (1i128 << bits)
    } else if is_signed(t) && bits == 64 {
        low as i64 as i128
    } else {
        low as i128
    }
}

/// An integer result of type `t` as register bits: narrow types are extended to 32 bits by their
/// signedness, 32-bit and 64-bit values keep their width.
fn int_bits(t: NumTy, x: i128) -> u64 {
    let bits = t.bits();
    let low = (x as u128 & ((1u128 << bits) - 1)) as u64;
    if bits < 32 && is_signed(t) && low >> (bits - 1) & 1 == 1 { (low | (u64::MAX << bits)) & 0xFFFF_FFFF } else { low }
}

/// `fns.b32` (PTX ISA): the `|offset|`-th set bit of `mask` met from bit `base` upward (positive
/// `offset`) or downward (negative), `base` itself for offset 0 when that bit is set, else
/// `0xffffffff`. A `base` above 31 is undefined in PTX; it finds nothing here.
pub fn fns(mask: u32, base: u32, offset: i32) -> u32 {
    if base > 31 {
        return u32::MAX;
    }
    if offset == 0 {
        return if mask >> base & 1 == 1 { base } else { u32::MAX };
    }
    let mut count = offset.unsigned_abs() - 1;
    let mut pos = base as i64;
    while (0..32).contains(&pos) {
        if mask >> pos & 1 == 1 {
            if count == 0 {
                return pos as u32;
            }
            count -= 1;
        }
        pos += if offset > 0 { 1 } else { -1 };
    }
    u32::MAX
}

/// The interchange format of a float data-path type (a packed half: one lane's).
fn ftformat(t: FTy) -> Format {
    match t {
        FTy::F16 | FTy::F16x2 => float::HALF,
        FTy::BF16 => float::BFLOAT,
        FTy::F32 => float::SINGLE,
        FTy::F64 => float::DOUBLE,
    }
}

fn float_format(t: NumTy) -> Format {
    match t {
        NumTy::F16 => float::HALF,
        NumTy::BF16 => float::BFLOAT,
        NumTy::F64 => float::DOUBLE,
        _ => float::SINGLE,
    }
}

/// The exact value of float bits of type `t` (f16, bf16, f32, else f64).
fn float_value(t: NumTy, v: u64) -> f64 {
    match t {
        NumTy::F16 => float::f16_to_f64(v as u16),
        NumTy::BF16 => float::bf16_to_f64(v as u16),
        NumTy::F32 => f32v(v) as f64,
        _ => f64v(v),
    }
}

/// `I2F` / `F2I` / `F2F` / `I2I` (`cvt[.rn|.rXi].to.from`): int→int truncates or extends,
/// int→float and float→float narrowing round by `round`, float→int rounds to an integer by
/// `round` and saturates (NaN → 0).
pub fn cvt(from: NumTy, to: NumTy, round: Round, v: u64) -> u64 {
    match (from.is_float(), to.is_float()) {
        (false, false) => int_bits(to, int_value(from, v)),
        (false, true) => float::from_int(int_value(from, v), float_format(to), round),
        (true, false) => {
            let x = float_value(from, v);
            let (lo, hi) = int_range(to);
            int_bits(to, float::to_int_saturating(x, round, lo, hi))
        }
        (true, true) => {
            if from == to {
                // Same type: round to an integral value (`cvt.rXi.f32.f32`, SASS `FRND`).
                let x = float_value(from, v);
                if x.is_nan() {
                    return v & if to == NumTy::F64 {
                        u64::MAX
                    } else if to == NumTy::F32 {
                        0xFFFF_FFFF
                    } else {
                        0xFFFF
                    };
                }
                let r = match round {
                    Round::Rn => x.round_ties_even(),
                    Round::Rz => x.trunc(),
                    Round::Rm => x.floor(),
                    Round::Rp => x.ceil(),
                };
                return float::from_f64(r, float_format(to), Round::Rn);
            }
            let x = float_value(from, v);
            float::from_f64(x, float_format(to), round)
        }
    }
}

/// `isspacep.space`: whether the generic address `a` lies in `space`.
pub fn is_space(space: Space, a: u64) -> bool {
    resolve(Space::Generic, a).0 == space
}

/// `match.{any,all}.sync` for the lane holding `own`: `values[k]` is the value of lane `k` and
/// `members` the lanes taking part (active ∩ member mask). `any`: the members holding `own`;
/// `all`: `(members, true)` when every member holds `own`, else `(0, false)`.
pub fn match_lanes(all: bool, members: u32, own: u64, values: &[u64; 32]) -> (u64, bool) {
    let same = (0..32).filter(|&k| members >> k & 1 == 1 && values[k] == own).fold(0u32, |m, k| m | 1 << k);
    if !all {
        (same as u64, true)
    } else if same == members {
        (members as u64, true)
    } else {
        (0, false)
    }
}

/// `redux.sync.op` over the 32-bit values of the member lanes.
pub fn redux(op: ReduxOp, members: u32, values: &[u64; 32]) -> u64 {
    let vals = (0..32).filter(|&k| members >> k & 1 == 1).map(|k| values[k] as u32);
    let r = match op {
        ReduxOp::Add => vals.fold(0u32, u32::wrapping_add),
        ReduxOp::Min => vals.map(|x| x as i32).min().unwrap_or(i32::MAX) as u32,
        ReduxOp::Max => vals.map(|x| x as i32).max().unwrap_or(i32::MIN) as u32,
        ReduxOp::UMin => vals.min().unwrap_or(u32::MAX),
        ReduxOp::UMax => vals.max().unwrap_or(0),
        ReduxOp::And => vals.fold(u32::MAX, |a, b| a & b),
        ReduxOp::Or => vals.fold(0, |a, b| a | b),
        ReduxOp::Xor => vals.fold(0, |a, b| a ^ b),
    };
    r as u64
}

/// One lane of a data-path opcode: `v[k]` is the value of source `k`. The result is the value of
/// the (single) destination, predicates as 0/1.
pub fn alu(op: &Op, v: &[u64]) -> Result<u64, Error> {
    let s = |k: usize| v.get(k).copied().unwrap_or(0);
    Ok(match *op {
        Op::Mov { .. } | Op::Copy | Op::S2R => s(0),
        Op::IAdd3 { neg_b, w64 } => {
            let b = if neg_b { s(1).wrapping_neg() } else { s(1) };
            s(0).wrapping_add(b).wrapping_add(s(2)) & mask(w64)
        }
        Op::IMad { kind, w64 } => match kind {
            MadKind::Lo => s(0).wrapping_mul(s(1)).wrapping_add(s(2)) & mask(w64),
            MadKind::Hi { signed } if !w64 => {
                // Unsigned: the full 64-bit product (u32 × u32 may not fit an i64).
                let p = if signed {
                    (sext32(s(0)) * sext32(s(1))) as u64
                } else {
                    (s(0) as u32 as u64) * (s(1) as u32 as u64)
                };
                (p >> 32).wrapping_add(s(2)) & 0xFFFF_FFFF
            }
            MadKind::Hi { signed } => {
                let hi = if signed {
                    ((s(0) as i64 as i128 * s(1) as i64 as i128) >> 64) as u64
                } else {
                    ((s(0) as u128 * s(1) as u128) >> 64) as u64
                };
                hi.wrapping_add(s(2))
            }
            MadKind::Wide { signed } => {
                let p = if signed {
                    (sext32(s(0)) * sext32(s(1))) as u64
                } else {
                    (s(0) & 0xFFFF_FFFF) * (s(1) & 0xFFFF_FFFF)
                };
                p.wrapping_add(s(2))
            }
        },
        Op::Lop3 { lut, w64 } => lop3(lut, s(0), s(1), s(2)) & mask(w64),
        Op::Shf { left, signed, w64 } => {
            let width = if w64 { 64 } else { 32 };
            let n = s(1) as u32;
            let a = s(0) & mask(w64);
            if left {
                if n >= width { 0 } else { (a << n) & mask(w64) }
            } else if signed {
                let x = sext(a, w64);
                (x >> n.min(width - 1)) as u64 & mask(w64)
            } else if n >= width {
                0
            } else {
                a >> n
            }
        }
        Op::Funnel { left, clamp } => {
            let x = ((s(1) & 0xFFFF_FFFF) << 32) | (s(0) & 0xFFFF_FFFF);
            let n = if clamp { (s(2) & 0xFFFF_FFFF).min(32) } else { s(2) & 31 };
            if left { (x << n) >> 32 & 0xFFFF_FFFF } else { (x >> n) & 0xFFFF_FFFF }
        }
        Op::ISetp { cmp, signed, w64, bop } => combine(icmp(cmp, signed, w64, s(0), s(1)), bop, s(2) != 0) as u64,
        Op::FSetp { cmp, ty, bop } => combine(fcmp(cmp, to_f64(ty, s(0)), to_f64(ty, s(1))), bop, s(2) != 0) as u64,
        Op::PLop3 { lut } => {
            let i = ((s(0) != 0) as u8) << 2 | ((s(1) != 0) as u8) << 1 | (s(2) != 0) as u8;
            (lut >> i & 1) as u64
        }
        Op::Sel { .. } => {
            if s(2) != 0 {
                s(0)
            } else {
                s(1)
            }
        }
        Op::FAdd { ty, ftz } => ftz_op(FloatOp::Add, ty, ftz, v)?,
        Op::FMul { ty, ftz } => ftz_op(FloatOp::Mul, ty, ftz, v)?,
        Op::FFma { ty, round, ftz } => ftz_op(FloatOp::Fma(round), ty, ftz, v)?,
        Op::FMnMx { ty, max, nan, ftz } => ftz_op(FloatOp::MinMax { max, nan }, ty, ftz, v)?,
        Op::FNeg { ty } => float_op(FloatOp::Neg, ty, v)?,
        Op::FAbs { ty } => float_op(FloatOp::Abs, ty, v)?,
        // Approximate division is modelled by the exact quotient (see the module documentation).
        Op::FDiv { ty, exact, round } => float_op(FloatOp::Div(if exact { round } else { Round::Rn }), ty, v)?,
        Op::FSqrt { ty, round } => float_op(FloatOp::Sqrt(round), ty, v)?,
        Op::Mufu { func, ftz } => mufu(func, ftz, s(0)),
        Op::IAbs { w64 } => sext(s(0), w64).wrapping_abs() as u64 & mask(w64),
        Op::IMnMx { signed, max, w64 } => {
            let less = icmp(Cmp::Lt, signed, w64, s(0), s(1));
            (if less != max { s(0) } else { s(1) }) & mask(w64)
        }
        Op::Popc { w64 } => (s(0) & mask(w64)).count_ones() as u64,
        Op::Flo { w64 } => {
            let a = s(0) & mask(w64);
            if a == 0 { 0xFFFF_FFFF } else { 63 - a.leading_zeros() as u64 }
        }
        Op::Brev { w64 } => {
            if w64 {
                s(0).reverse_bits()
            } else {
                (s(0) as u32).reverse_bits() as u64
            }
        }
        Op::Prmt => prmt(s(0), s(1), s(2)),
        Op::Dp { two, hi, a_signed, b_signed } => dot(two, hi, a_signed, b_signed, s(0), s(1), s(2)),
        Op::Fns => fns(s(0) as u32, s(1) as u32, s(2) as u32 as i32) as u64,
        Op::IDiv { signed, rem, w64 } => idiv(signed, rem, w64, s(0), s(1)),
        Op::Cvt { from, to, round } => cvt(from, to, round, s(0)),
        Op::Cvta { space, to_generic } => cvta(space, to_generic, s(0))?,
        Op::IsSpace { space } => is_space(space, s(0)) as u64,
        Op::Ld { .. }
        | Op::St { .. }
        | Op::Atom { .. }
        | Op::Shfl { .. }
        | Op::Vote { .. }
        | Op::Match { .. }
        | Op::Redux { .. }
        | Op::Nanosleep
        | Op::CacheHint { .. }
        | Op::WarpSync
        | Op::Stack { .. }
        | Op::Trap { .. }
        | Op::Sm90 { .. }
        | Op::Bar
        | Op::BarArrive
        | Op::BarPopc
        | Op::Membar { .. }
        | Op::Bra
        | Op::Exit
        | Op::Ret
        | Op::Call
        | Op::Asm { .. }
        | Op::TexSurf { .. }
        | Op::Phi => return Err(Error::internal(format!("{op} is not a per-lane data-path opcode"))),
    })
}

/// The new memory value of an atomic: `old` the current value, `v` the operand, `cmp` the CAS
/// compare value; values at `ty`'s width (16, 32 or 64 bits).
pub fn atom_apply(op: AtomOp, ty: NumTy, old: u64, v: u64, cmp: u64) -> Result<u64, Error> {
    let w64 = ty.bits() == 64;
    let m = if ty.bits() < 32 { (1u64 << ty.bits()) - 1 } else { mask(w64) };
    let (old, v) = (old & m, v & m);
    let signed = is_signed(ty);
    Ok(match op {
        AtomOp::Add => match ty {
            NumTy::F32 => bits32(f32v(old) + f32v(v)),
            NumTy::F64 => (f64v(old) + f64v(v)).to_bits(),
            NumTy::F16 => float::f16_binop(old as u16, v as u16, |a, b| a + b) as u64,
            NumTy::BF16 => float::bf16_binop(old as u16, v as u16, |a, b| a + b) as u64,
            _ => old.wrapping_add(v) & m,
        },
        AtomOp::Min | AtomOp::Max => {
            let less = icmp(Cmp::Lt, signed, w64, old, v);
            if less == (op == AtomOp::Min) { old } else { v }
        }
        // inc: old >= v ? 0 : old + 1;  dec: (old == 0 || old > v) ? v : old - 1 (unsigned)
        AtomOp::Inc => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        AtomOp::Dec => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
        AtomOp::And => old & v,
        AtomOp::Or => old | v,
        AtomOp::Xor => old ^ v,
        AtomOp::Exch => v,
        AtomOp::Cas => {
            if old == cmp & m {
                v
            } else {
                old
            }
        }
        AtomOp::Load { .. } | AtomOp::Store { .. } => {
            return Err(Error::internal(format!("{op:?} is not a read-modify-write")));
        }
    })
}

/// `shfl.sync`: the source lane and the predicate of lane `lane`, for lane operand `b` and clamp
/// operand `c` (`c[4:0]` the clamp value, `c[12:8]` the segment mask). Out-of-range sources read
/// the lane's own value (`pval` false).
pub fn shfl_source(mode: ShflMode, lane: u32, b: u64, c: u64) -> (u32, bool) {
    let bval = (b & 0x1F) as i32;
    let cval = (c & 0x1F) as i32;
    let segmask = ((c >> 8) & 0x1F) as i32;
    let lane = lane as i32;
    let max_lane = (lane & segmask) | (cval & !segmask);
    let min_lane = lane & segmask;
    let (j, pval) = match mode {
        ShflMode::Up => {
            let j = lane - bval;
            (j, j >= max_lane)
        }
        ShflMode::Down => {
            let j = lane + bval;
            (j, j <= max_lane)
        }
        ShflMode::Bfly => {
            let j = lane ^ bval;
            (j, j <= max_lane)
        }
        ShflMode::Idx => {
            let j = min_lane | (bval & !segmask);
            (j, j <= max_lane)
        }
    };
    if pval { (j as u32, true) } else { (lane as u32, false) }
}

/// `vote.sync` over the lanes in `lanes` (active ∩ member mask) whose predicate bits are `preds`:
/// the ballot (as a value) or the all / any / uni predicate.
pub fn vote(mode: VoteMode, lanes: u32, preds: u32) -> u64 {
    let set = preds & lanes;
    match mode {
        VoteMode::Ballot => set as u64,
        VoteMode::All => (set == lanes) as u64,
        VoteMode::Any => (set != 0) as u64,
        VoteMode::Uni => (set == 0 || set == lanes) as u64,
    }
}
