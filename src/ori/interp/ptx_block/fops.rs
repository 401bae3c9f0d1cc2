//! Floating-point instructions of the subset, on bit patterns. From the PTX ISA:
//!
//! - `add/sub/mul{.rnd}{.ftz}{.sat}.{f32,f64}`: IEEE operations rounded by `.rn` (the default),
//!   `.rz`, `.rm`, `.rp`; `.ftz` flushes subnormal f32 inputs and results to zero of the same
//!   sign; `.sat` clamps the result to [0, 1] (NaN gives +0). The directed forms are one
//!   correctly rounded operation: `a·1 + b` / `a·b + (−0)` through the interpreter's exact FMA
//!   (`interp::float`), whose product is exact for f32 and whose residual sign is exact for f64.
//! - `.f16`, `.bf16` and their `x2` forms (two lanes, the first in the low half): `.rn` only,
//!   computed as one correctly rounded FMA of the lane values (`a·1 + b`), `.ftz` flushes f16
//!   subnormals.
//! - `fma.rnd` / `mad.rnd` on every float type: one rounding.
//! - `div.rn`, `rcp.rn`, `sqrt.rn`: correctly rounded. The approximate forms (`.approx`,
//!   `div.full`, `ex2`, `lg2`, `sin`, `cos`, `tanh`, `rsqrt`, `rcp.approx.ftz.f64`) use the
//!   interpreter's model of the function unit (`exec::mufu`: the correctly rounded function):
//!   the hardware's exact error is not modelled, and both sides of `ori check` use this model.
//! - `abs`, `neg` (sign bit), `min`/`max` (a NaN operand gives the other one, −0 < +0; `.NaN`
//!   gives the canonical NaN when either is NaN), `copysign d, a, b` (the sign of `a` on `b`),
//!   `testp`.
//! - `cvt`: integer ↔ float and float ↔ float with `.rn/.rz/.rm/.rp` (float results) or
//!   `.rni/.rzi/.rmi/.rpi` (integer results, saturating, NaN → 0; on a float type: round to an
//!   integral value), `.ftz` (f32), `.sat` (integers: clamp to the destination's range; floats:
//!   to [0, 1]), `.relu` (f16/bf16: negative → +0, NaN → the canonical NaN); `cvt.rn.f16x2.f32
//!   d, a, b` puts `a` in the upper half and `b` in the lower.
//! - `setp` comparisons: ordered forms are false on NaN, unordered (`equ`..) true.

use super::ops::{FBin, FUn, TestP, Ty};
use crate::ori::interp::exec;
use crate::ori::interp::float::{self, DOUBLE, Format, HALF, SINGLE};
use crate::ori::opcode::{MufuFn, Round};

pub const BF16: Format = Format { prec: 8, exp_bits: 8 };

fn format(t: Ty) -> Format {
    match t {
        Ty::F16 | Ty::F16x2 => HALF,
        Ty::Bf16 | Ty::Bf16x2 => BF16,
        Ty::F64 => DOUBLE,
        _ => SINGLE,
    }
}

/// The lane type and count of a float type (`f16x2` → two `f16`).
pub fn lanes(t: Ty) -> (Ty, u32) {
    match t {
        Ty::F16x2 => (Ty::F16, 2),
        Ty::Bf16x2 => (Ty::Bf16, 2),
        t => (t, 1),
    }
}

/// Applies `f` to each lane of `t` (`args` packed as the type's bits).
fn lanewise(t: Ty, args: &[u64], f: impl Fn(Ty, &[u64]) -> u64) -> u64 {
    let (lt, n) = lanes(t);
    if n == 1 {
        return f(t, args);
    }
    let mut r = 0;
    for k in 0..n {
        let lane: Vec<u64> = args.iter().map(|&a| (a >> (16 * k)) & 0xFFFF).collect();
        r |= (f(lt, &lane) & 0xFFFF) << (16 * k);
    }
    r
}

/// The exact value of a scalar float of type `t`.
pub fn to_f64(t: Ty, b: u64) -> f64 {
    match t {
        Ty::F16 => float::f16_to_f64(b as u16),
        Ty::Bf16 => f32::from_bits((b as u32 & 0xFFFF) << 16) as f64,
        Ty::F64 => f64::from_bits(b),
        _ => f32::from_bits(b as u32) as f64,
    }
}

/// `x` rounded to the scalar float type `t` under `mode`.
pub fn from_f64(t: Ty, x: f64, mode: Round) -> u64 {
    match t {
        Ty::F64 => x.to_bits(),
        t => float::from_f64(x, format(t), mode),
    }
}

/// Flushes a subnormal of scalar type `t` to zero of the same sign.
pub fn flush(t: Ty, b: u64) -> u64 {
    let fmt = format(t);
    let width = fmt.prec + fmt.exp_bits;
    let exp_mask = ((1u64 << fmt.exp_bits) - 1) << (fmt.prec - 1);
    let frac_mask = (1u64 << (fmt.prec - 1)) - 1;
    if b & exp_mask == 0 && b & frac_mask != 0 { b & (1u64 << (width - 1)) } else { b }
}

/// `.sat`: clamps to [0, 1]; NaN and −0 give +0.
fn saturate(t: Ty, b: u64) -> u64 {
    let x = to_f64(t, b);
    if x.is_nan() || x <= 0.0 {
        0
    } else if x > 1.0 {
        from_f64(t, 1.0, Round::Rn)
    } else {
        b
    }
}

/// Flush of inputs and results, when `.ftz` applies to `t` (f32, f16).
fn ftz_of(t: Ty, ftz: bool) -> bool {
    ftz && matches!(t, Ty::F32 | Ty::F16)
}

/// `add`/`sub`/`mul` on a float type.
pub fn fbin(f: FBin, t: Ty, rnd: Option<Round>, ftz: bool, sat: bool, a: u64, b: u64) -> u64 {
    let mode = rnd.unwrap_or(Round::Rn);
    lanewise(t, &[a, b], |t, v| {
        let fl = |x| if ftz_of(t, ftz) { flush(t, x) } else { x };
        let (x, y) = (to_f64(t, fl(v[0])), to_f64(t, fl(v[1])));
        let r = match t {
            Ty::F64 => {
                if mode == Round::Rn {
                    match f {
                        FBin::Add => x + y,
                        FBin::Sub => x - y,
                        FBin::Mul => x * y,
                    }
                    .to_bits()
                } else {
                    match f {
                        FBin::Add => float::ffma_f64(x, 1.0, y, mode),
                        FBin::Sub => float::ffma_f64(x, 1.0, -y, mode),
                        FBin::Mul if x == 0.0 || y == 0.0 || !x.is_finite() || !y.is_finite() => x * y,
                        FBin::Mul => float::ffma_f64(x, y, -0.0, mode),
                    }
                    .to_bits()
                }
            }
            _ => {
                let fmt = format(t);
                match f {
                    FBin::Add => float::fma_narrow(x, 1.0, y, fmt, mode),
                    FBin::Sub => float::fma_narrow(x, 1.0, -y, fmt, mode),
                    // A product with a zero or non-finite factor is exact; any other product of
                    // two f32/f16/bf16 values is exact in f64 and non-zero.
                    FBin::Mul if x == 0.0 || y == 0.0 || !x.is_finite() || !y.is_finite() => {
                        float::from_f64(x * y, fmt, mode)
                    }
                    FBin::Mul => float::fma_narrow(x, y, -0.0, fmt, mode),
                }
            }
        };
        let r = fl(r);
        if sat { saturate(t, r) } else { r }
    })
}

/// `fma.rnd` / `mad.rnd`.
pub fn fma(t: Ty, mode: Round, ftz: bool, sat: bool, a: u64, b: u64, c: u64) -> u64 {
    lanewise(t, &[a, b, c], |t, v| {
        let fl = |x| if ftz_of(t, ftz) { flush(t, x) } else { x };
        let (x, y, z) = (to_f64(t, fl(v[0])), to_f64(t, fl(v[1])), to_f64(t, fl(v[2])));
        let r = match t {
            Ty::F64 => float::ffma_f64(x, y, z, mode).to_bits(),
            _ => float::fma_narrow(x, y, z, format(t), mode),
        };
        let r = fl(r);
        if sat { saturate(t, r) } else { r }
    })
}

/// `div.rn` (correctly rounded) and `div.approx` / `div.full` (modelled as correctly rounded).
pub fn fdiv(t: Ty, ftz: bool, a: u64, b: u64) -> u64 {
    let fl = |x| if ftz_of(t, ftz) { flush(t, x) } else { x };
    let r = match t {
        Ty::F64 => (f64::from_bits(a) / f64::from_bits(b)).to_bits(),
        _ => (f32::from_bits(fl(a) as u32) / f32::from_bits(fl(b) as u32)).to_bits() as u64,
    };
    fl(r)
}

/// `rcp`, `sqrt`, `rsqrt`, `ex2`, `lg2`, `sin`, `cos`, `tanh`.
pub fn fun(f: FUn, t: Ty, approx: bool, ftz: bool, a: u64) -> u64 {
    if t == Ty::F64 {
        let fl = |x| if ftz { flush(Ty::F64, x) } else { x };
        let x = f64::from_bits(fl(a));
        let r = match f {
            FUn::Sqrt => x.sqrt(),
            FUn::Rsqrt => 1.0 / x.sqrt(),
            _ => 1.0 / x,
        };
        return fl(r.to_bits());
    }
    if !approx {
        let fl = |x| if ftz { flush(Ty::F32, x) } else { x };
        let x = f32::from_bits(fl(a) as u32);
        let r = if f == FUn::Sqrt { x.sqrt() } else { 1.0 / x };
        return fl(r.to_bits() as u64);
    }
    let func = match f {
        FUn::Rcp => MufuFn::Rcp,
        FUn::Sqrt => MufuFn::Sqrt,
        FUn::Rsqrt => MufuFn::Rsq,
        FUn::Ex2 => MufuFn::Ex2,
        FUn::Lg2 => MufuFn::Lg2,
        FUn::Sin => MufuFn::Sin,
        FUn::Cos => MufuFn::Cos,
        FUn::Tanh => MufuFn::Tanh,
    };
    exec::mufu(func, ftz, a & 0xFFFF_FFFF) & 0xFFFF_FFFF
}

fn sign_bit(t: Ty) -> u64 {
    1 << (t.bits() - 1)
}

pub fn fabs(t: Ty, ftz: bool, a: u64) -> u64 {
    lanewise(t, &[a], |t, v| {
        let x = if ftz_of(t, ftz) { flush(t, v[0]) } else { v[0] };
        x & !sign_bit(t)
    })
}

pub fn fneg(t: Ty, ftz: bool, a: u64) -> u64 {
    lanewise(t, &[a], |t, v| {
        let x = if ftz_of(t, ftz) { flush(t, v[0]) } else { v[0] };
        x ^ sign_bit(t)
    })
}

pub fn fminmax(t: Ty, max: bool, ftz: bool, nan: bool, a: u64, b: u64) -> u64 {
    lanewise(t, &[a, b], |t, v| {
        let fl = |x| if ftz_of(t, ftz) { flush(t, x) } else { x };
        let (x, y) = (to_f64(t, fl(v[0])), to_f64(t, fl(v[1])));
        if nan && (x.is_nan() || y.is_nan()) {
            return format(t).nan();
        }
        let r = float::fminmax(x, y, max);
        if r.is_nan() { format(t).nan() } else { from_f64(t, r, Round::Rn) }
    })
}

/// `copysign d, a, b`: `b` with the sign of `a`.
pub fn copysign(t: Ty, a: u64, b: u64) -> u64 {
    let s = sign_bit(t);
    (b & !s) | (a & s)
}

pub fn testp(k: TestP, t: Ty, a: u64) -> bool {
    let x = to_f64(t, a);
    let sub = match t {
        Ty::F64 => x.is_subnormal(),
        _ => (x as f32).is_subnormal(),
    };
    match k {
        TestP::Finite => x.is_finite(),
        TestP::Infinite => x.is_infinite(),
        TestP::Number => !x.is_nan(),
        TestP::NotANumber => x.is_nan(),
        TestP::Normal => x.is_finite() && x != 0.0 && !sub,
        TestP::Subnormal => sub,
    }
}

/// `setp`/`set` on a scalar float type (`cmp` as `exec::fcmp` reads it).
pub fn fcmp(cmp: crate::ori::opcode::FCmp, t: Ty, ftz: bool, a: u64, b: u64) -> bool {
    let fl = |x| if ftz_of(t, ftz) { flush(t, x) } else { x };
    exec::fcmp(cmp, to_f64(t, fl(a)), to_f64(t, fl(b)))
}

fn int_range(t: Ty) -> (i128, i128) {
    let b = t.bits();
    if t.signed() { (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1) } else { (0, (1i128 << b) - 1) }
}

/// The integer an integer type's bits stand for.
pub fn int_value(t: Ty, v: u64) -> i128 {
    let b = t.bits();
    let low = if b == 64 { v } else { v & ((1u64 << b) - 1) };
    if t.signed() && b < 64 && low >> (b - 1) & 1 == 1 {
        low as i128 - (1i128 << b)
    } else if t.signed() && b == 64 {
        low as i64 as i128
    } else {
        low as i128
    }
}

/// An integer of type `t` as register bits: signed types narrower than 32 bits are
/// sign-extended to 32 bits (as in a wider register), others keep their width.
pub fn int_bits(t: Ty, x: i128) -> u64 {
    let b = t.bits();
    let low = (x as u128 & ((1u128 << b) - 1)) as u64;
    if b < 32 && t.signed() && low >> (b - 1) & 1 == 1 { (low | (u64::MAX << b)) & 0xFFFF_FFFF } else { low }
}

/// `cvt` (see the module documentation).
#[allow(clippy::too_many_arguments)]
pub fn cvt(d: Ty, a: Ty, rnd: Option<Round>, irnd: bool, ftz: bool, sat: bool, relu: bool, v: u64) -> u64 {
    let mode = rnd.unwrap_or(Round::Rn);
    let v = if ftz && a == Ty::F32 { flush(a, v) } else { v };
    let r = match (a.is_float(), d.is_float()) {
        (false, false) => {
            let x = int_value(a, v);
            let (lo, hi) = int_range(d);
            int_bits(d, if sat { x.clamp(lo, hi) } else { x })
        }
        (false, true) => match d {
            Ty::F64 => float::from_int(int_value(a, v), DOUBLE, mode),
            _ => float::from_int(int_value(a, v), format(d), mode),
        },
        (true, false) => {
            let (lo, hi) = int_range(d);
            int_bits(d, float::to_int_saturating(to_f64(a, v), mode, lo, hi))
        }
        (true, true) => {
            let x = to_f64(a, v);
            if irnd && a == d {
                if x.is_nan() {
                    v
                } else {
                    let r = match mode {
                        Round::Rn => x.round_ties_even(),
                        Round::Rz => x.trunc(),
                        Round::Rm => x.floor(),
                        Round::Rp => x.ceil(),
                    };
                    from_f64(d, r, Round::Rn)
                }
            } else {
                from_f64(d, x, mode)
            }
        }
    };
    if !d.is_float() {
        return r;
    }
    let r = if ftz && d == Ty::F32 { flush(d, r) } else { r };
    let r = if sat { saturate(d, r) } else { r };
    if relu { relu_of(d, r) } else { r }
}

/// `.relu`: negative values → +0, NaN → the canonical NaN (`0x7fff`).
fn relu_of(t: Ty, r: u64) -> u64 {
    let x = to_f64(t, r);
    if x.is_nan() {
        0x7FFF
    } else if x < 0.0 || (x == 0.0 && x.is_sign_negative()) {
        0
    } else {
        r
    }
}

/// `cvt.rnd{.relu}.{f16x2,bf16x2}.f32 d, a, b`: `a` converted into the upper half, `b` into the
/// lower one.
pub fn cvt_pack(d: Ty, mode: Round, relu: bool, a: u64, b: u64) -> u64 {
    let (lt, _) = lanes(d);
    let one = |x: u64| {
        let r = from_f64(lt, f32::from_bits(x as u32) as f64, mode) & 0xFFFF;
        if relu { relu_of(lt, r) } else { r }
    };
    (one(a) << 16) | one(b)
}
