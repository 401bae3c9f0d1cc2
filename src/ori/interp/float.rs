//! Floating-point numerics of the interpreter: correctly rounded conversions between the four
//! formats (f16, bf16, f32, f64) and integers under the four IEEE rounding modes, f16 and bf16
//! arithmetic, and the directed-rounding f32 FMA.
//!
//! # Algorithms
//!
//! - **Exact rounding** ([`round_exact`]): a value `±m·2^e` (m an integer up to 128 bits) is
//!   rounded to a format by computing the quantum `2^q` of the result (the unit in the last place
//!   for the value's binade, but never below the subnormal quantum), splitting `m·2^(e-q)` into
//!   the kept integer `n` and the dropped remainder, and incrementing `n` by the mode's rule
//!   (RN: remainder above half, or exactly half and `n` odd; RZ: never; RP/RM: any remainder when
//!   the value is positive / negative). A carry into a new binade renormalizes; an exponent above
//!   the format's range overflows to infinity or the largest finite value as the mode says.
//!   Every conversion below (f64→f32/f16, f32→f16, integer→float) goes through it, so all modes
//!   are exact by construction.
//! - **f16 arithmetic** runs in f64: the sum and product of two f16 values are exact in f64
//!   (at most 40 and 22 significant bits), so rounding the f64 result to f16 once is correctly
//!   rounded; for division and square root, f64's 53 bits are at least `2·11 + 2`, the known
//!   bound for innocuous double rounding of these operations.
//! - **bf16 arithmetic** likewise runs in f64 and is rounded once to bf16 (round to nearest even,
//!   subnormals kept, a NaN result the quiet NaN): a sum of two bf16 values is not always exact
//!   in f64 (their exponents may differ by more than 45), but 53 ≥ 2·8 + 2, so the f64 rounding
//!   followed by the bf16 one equals the single correct rounding for `+ − × ÷ √` (the same
//!   double-rounding bound). bf16 → f64 is exact (the bits shifted into an f32).
//! - **FMA with directed rounding** (f32, and every f16 FMA): the product of two f32 (f16) values
//!   is exact in f64; `TwoSum(p, c)` gives the rounded sum `s` and its exact error `t`
//!   (`p + c = s + t`). Replacing `s` by its *round-to-odd* version (when `t ≠ 0` and `s` has an
//!   even significand, the f64 neighbour of `s` on the side of `t`) gives an f64 value that rounds,
//!   in any mode, to the same f32/f16 as the exact sum, because the target precision is at most
//!   51 = 53 − 2 bits (round-to-odd double-rounding theorem). Exact zero results get the sign
//!   IEEE 754 prescribes (−0 only in RM, or when both addends are −0).
//! - **f64 FMA with directed rounding** ([`ffma_f64`]): the hardware's round-to-nearest result
//!   `r = RN(a·b + c)` is either the directed result or its neighbour, so only the sign of the
//!   exact residual `a·b + c − r` is needed. With `p = RN(a·b)` and `e = fma(a, b, −p)` (exact
//!   unless the product is in the subnormal range) the residual is the exact sum
//!   `p + e + c − r` of four doubles, whose sign is read from the top of the vector after
//!   TwoSum distillation (repeated passes until every lower component is below the half-ulp of
//!   the top one). A positive residual moves `r` up under RP, a negative one down under RM, one
//!   pointing to zero moves it towards zero under RZ; an RN overflow to ±∞ becomes ±MAX where
//!   the mode says, and exact zeros get the IEEE sign.

use crate::ori::opcode::Round;

/// A binary interchange format: precision (with the hidden bit) and exponent width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub prec: u32,
    pub exp_bits: u32,
}

pub const HALF: Format = Format { prec: 11, exp_bits: 5 };
pub const BFLOAT: Format = Format { prec: 8, exp_bits: 8 };
pub const SINGLE: Format = Format { prec: 24, exp_bits: 8 };
pub const DOUBLE: Format = Format { prec: 53, exp_bits: 11 };

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    fn emin(self) -> i32 {
        1 - self.bias()
    }
    fn emax(self) -> i32 {
        self.bias()
    }
    fn sign_bit(self) -> u64 {
        1 << (self.exp_bits + self.prec - 1)
    }
    /// The bits of +∞.
    pub fn infinity(self) -> u64 {
        ((1u64 << self.exp_bits) - 1) << (self.prec - 1)
    }
    /// The default quiet NaN (sign clear, top fraction bit set).
    pub fn nan(self) -> u64 {
        self.infinity() | 1 << (self.prec - 2)
    }
    fn max_finite(self) -> u64 {
        self.infinity() - 1
    }
}

/// Rounds `±m·2^e` (exact) to `fmt` under `mode`; returns the encoding.
pub fn round_exact(neg: bool, m: u128, e: i32, fmt: Format, mode: Round) -> u64 {
    let sign = if neg { fmt.sign_bit() } else { 0 };
    if m == 0 {
        return sign;
    }
    let len = 128 - m.leading_zeros() as i32;
    let lead = e + len - 1;
    let mut q = lead.max(fmt.emin()) - (fmt.prec as i32 - 1);
    let shift = q - e;
    // (kept integer, remainder compared with half an ulp: -1 below, 0 equal, 1 above, and
    // whether the remainder is non-zero)
    let (mut n, half_cmp, inexact): (u128, i8, bool) = if shift <= 0 {
        (m << (-shift) as u32, -1, false)
    } else if shift > 128 {
        (0, -1, true)
    } else if shift == 128 {
        let half = 1u128 << 127;
        (0, (m.cmp(&half)) as i8, true)
    } else {
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        (m >> shift, rem.cmp(&half) as i8, rem != 0)
    };
    let up = match mode {
        Round::Rn => half_cmp > 0 || (half_cmp == 0 && n & 1 == 1),
        Round::Rz => false,
        Round::Rp => inexact && !neg,
        Round::Rm => inexact && neg,
    };
    if up {
        n += 1;
    }
    if n == 1u128 << fmt.prec {
        n >>= 1;
        q += 1;
    }
    let top = q + fmt.prec as i32 - 1;
    if n >= 1u128 << (fmt.prec - 1) && top > fmt.emax() {
        let to_inf = match mode {
            Round::Rn => true,
            Round::Rz => false,
            Round::Rp => !neg,
            Round::Rm => neg,
        };
        return sign | if to_inf { fmt.infinity() } else { fmt.max_finite() };
    }
    if n < 1u128 << (fmt.prec - 1) {
        // Subnormal (q is the subnormal quantum here) or zero.
        return sign | n as u64;
    }
    let biased = (top + fmt.bias()) as u64;
    sign | biased << (fmt.prec - 1) | (n as u64 & ((1u64 << (fmt.prec - 1)) - 1))
}

/// `(negative, significand, exponent)` of a finite f64: `x = ±m·2^e`.
fn decompose(x: f64) -> (bool, u128, i32) {
    let b = x.to_bits();
    let neg = b >> 63 == 1;
    let exp = ((b >> 52) & 0x7FF) as i32;
    let frac = b & ((1 << 52) - 1);
    if exp == 0 { (neg, frac as u128, -1074) } else { (neg, (frac | 1 << 52) as u128, exp - 1075) }
}

/// Converts an f64 to `fmt` under `mode` (NaN → the format's quiet NaN with the sign kept).
pub fn from_f64(x: f64, fmt: Format, mode: Round) -> u64 {
    if x.is_nan() {
        return fmt.nan() | if x.is_sign_negative() { fmt.sign_bit() } else { 0 };
    }
    if x.is_infinite() {
        return fmt.infinity() | if x < 0.0 { fmt.sign_bit() } else { 0 };
    }
    let (neg, m, e) = decompose(x);
    round_exact(neg, m, e, fmt, mode)
}

/// `(negative, significand, exponent)` of a finite non-zero f64 with the significand's leading
/// one at bit 52 (subnormals normalized).
fn decompose_normal(x: f64) -> (bool, u128, i32) {
    let (neg, m, e) = decompose(x);
    let shift = m.leading_zeros() as i32 - (127 - 52);
    (neg, m << shift, e - shift)
}

/// `a / b` (exact in f64: values of `fmt` or wider-exact) correctly rounded to `fmt` under
/// `mode`: the quotient of the significands to 64 bits and more, with a sticky bit for a
/// non-zero remainder, rounded once by [`round_exact`]. NaN, infinite and zero operands give
/// the IEEE special results.
pub fn div_rounded(a: f64, b: f64, fmt: Format, mode: Round) -> u64 {
    if !a.is_finite() || !b.is_finite() || a == 0.0 || b == 0.0 {
        return from_f64(a / b, fmt, mode);
    }
    let ((na, ma, ea), (nb, mb, eb)) = (decompose_normal(a), decompose_normal(b));
    // ma, mb in [2^52, 2^53): the quotient of ma·2^64 by mb lies in (2^63, 2^65).
    let num = ma << 64;
    let (q, r) = (num / mb, num % mb);
    round_exact(na != nb, q << 1 | (r != 0) as u128, ea - eb - 65, fmt, mode)
}

/// `√x` correctly rounded to `fmt` under `mode`: the integer square root of the significand
/// scaled to about 120 bits (so the root has 60 and more), with a sticky bit for a non-zero
/// remainder, rounded once by [`round_exact`]. Negative operands give NaN; ±0, +∞ and NaN
/// themselves.
pub fn sqrt_rounded(x: f64, fmt: Format, mode: Round) -> u64 {
    if x.is_nan() || x < 0.0 || x == 0.0 || x.is_infinite() {
        return from_f64(x.sqrt(), fmt, mode);
    }
    let (_, mut m, mut e) = decompose_normal(x);
    if e & 1 != 0 {
        m <<= 1;
        e -= 1;
    }
    let n = m << 66;
    let s = isqrt(n);
    let exact = s * s == n;
    round_exact(false, s << 1 | (!exact) as u128, (e - 66) / 2 - 1, fmt, mode)
}

/// The integer square root `⌊√n⌋` of `n < 2^122` (a float estimate, then exact corrections).
fn isqrt(n: u128) -> u128 {
    let mut s = (n as f64).sqrt() as u128;
    while s * s > n {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= n {
        s += 1;
    }
    s
}

/// Converts an integer to `fmt` under `mode`.
pub fn from_int(v: i128, fmt: Format, mode: Round) -> u64 {
    round_exact(v < 0, v.unsigned_abs(), 0, fmt, mode)
}

/// The exact f64 value of f16 bits.
pub fn f16_to_f64(h: u16) -> f64 {
    let neg = h >> 15 == 1;
    let exp = ((h >> 10) & 0x1F) as i32;
    let frac = (h & 0x3FF) as f64;
    let mag = match exp {
        0 => frac * 2f64.powi(-24),
        0x1F if frac == 0.0 => f64::INFINITY,
        0x1F => f64::NAN,
        e => (1024.0 + frac) * 2f64.powi(e - 25),
    };
    if neg { -mag } else { mag }
}

/// f64 → f16 bits (round to nearest even).
pub fn f64_to_f16(x: f64) -> u16 {
    from_f64(x, HALF, Round::Rn) as u16
}

/// The exact f64 value of bf16 bits (the high half of an f32).
pub fn bf16_to_f64(h: u16) -> f64 {
    f32::from_bits((h as u32) << 16) as f64
}

/// f64 → bf16 bits (round to nearest even; NaN → the quiet NaN with the sign kept).
pub fn f64_to_bf16(x: f64) -> u16 {
    from_f64(x, BFLOAT, Round::Rn) as u16
}

/// Knuth's TwoSum: `a + b = s + t` exactly, `s` the rounded sum (no overflow).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bp = s - a;
    let ap = s - bp;
    (s, (a - ap) + (b - bp))
}

/// The round-to-odd f64 representative of the exact `s + t` (see the module documentation).
fn round_to_odd(s: f64, t: f64) -> f64 {
    if t == 0.0 || s.to_bits() & 1 == 1 || !s.is_finite() {
        return s;
    }
    // Step one ulp from s towards t: towards larger magnitude when t has s's sign.
    let bits = s.to_bits();
    let away = (t > 0.0) == (s > 0.0);
    f64::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// `a·b + c` with one rounding to `fmt` under `mode`, for operands exactly representable in f64
/// whose product is exact in f64 (f32 and f16 operands).
pub fn fma_narrow(a: f64, b: f64, c: f64, fmt: Format, mode: Round) -> u64 {
    let p = a * b;
    if !p.is_finite() || !c.is_finite() {
        return from_f64(p + c, fmt, mode);
    }
    let (s, t) = two_sum(p, c);
    if s == 0.0 && t == 0.0 {
        // An exact zero: −0 when both addends are −0, or under RM for a cancellation.
        let neg = if p == 0.0 && c == 0.0 && p.is_sign_negative() == c.is_sign_negative() {
            p.is_sign_negative()
        } else {
            mode == Round::Rm
        };
        return if neg { fmt.sign_bit() } else { 0 };
    }
    from_f64(round_to_odd(s, t), fmt, mode)
}

/// f32 fused multiply-add under `mode`.
pub fn ffma_f32(a: f32, b: f32, c: f32, mode: Round) -> f32 {
    if mode == Round::Rn {
        return a.mul_add(b, c);
    }
    f32::from_bits(fma_narrow(a as f64, b as f64, c as f64, SINGLE, mode) as u32)
}

/// f64 fused multiply-add under `mode` (see the module documentation).
pub fn ffma_f64(a: f64, b: f64, c: f64, mode: Round) -> f64 {
    let r = a.mul_add(b, c);
    if mode == Round::Rn || r.is_nan() || !(a.is_finite() && b.is_finite() && c.is_finite()) {
        return r;
    }
    if r.is_infinite() {
        // RN overflowed: the exact value lies beyond MAX + ulp/2.
        let toward_zero = match mode {
            Round::Rz => true,
            Round::Rp => r < 0.0,
            _ => r > 0.0,
        };
        return if toward_zero { f64::MAX.copysign(r) } else { r };
    }
    let residual = fma_residual_sign(a, b, c, r);
    if residual == 0 {
        if r == 0.0 {
            // An exact zero: −0 when both addends are −0, or under RM for a cancellation.
            let prod_zero = a == 0.0 || b == 0.0;
            let prod_neg = a.is_sign_negative() != b.is_sign_negative();
            let neg =
                if prod_zero && c == 0.0 && prod_neg == c.is_sign_negative() { prod_neg } else { mode == Round::Rm };
            return if neg { -0.0 } else { 0.0 };
        }
        return r;
    }
    let up = residual > 0;
    match mode {
        Round::Rp if up => r.next_up(),
        Round::Rm if !up => r.next_down(),
        Round::Rz if r == 0.0 => {
            if up {
                0.0
            } else {
                -0.0
            }
        }
        Round::Rz if (r > 0.0) != up => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        // RP/RM with the exact value below/above r: r is already the directed result, but an
        // RN zero must carry the sign of the tiny exact value.
        _ if r == 0.0 => {
            if up {
                0.0
            } else {
                -0.0
            }
        }
        _ => r,
    }
}

/// The sign of `a·b + c − r` for finite operands. A product in or near the subnormal range is
/// scaled by 2^600 together with `c` and `r` (the sign does not change, and `fma(a, b, −p)` is
/// then exact); where `c` is too large to scale, `r = c` and the residual is the product.
fn fma_residual_sign(a: f64, b: f64, c: f64, r: f64) -> i32 {
    let p = a * b;
    if p.is_infinite() {
        // The product alone overflows but the sum does not: beyond what the distillation covers.
        return 0;
    }
    if p.abs() < f64::powi(2.0, -900) && a != 0.0 && b != 0.0 {
        let scale = f64::powi(2.0, 600);
        let (cs, rs) = (c * scale, r * scale);
        if cs.is_infinite() || rs.is_infinite() {
            let c_minus_r = if c == r { 0 } else { exact_sum_sign([c, -r, 0.0, 0.0]) };
            return if c_minus_r != 0 {
                c_minus_r
            } else if (a < 0.0) != (b < 0.0) {
                -1
            } else {
                1
            };
        }
        let asc = a * scale;
        let ps = asc * b;
        return exact_sum_sign([ps, asc.mul_add(b, -ps), cs, -rs]);
    }
    exact_sum_sign([p, a.mul_add(b, -p), c, -r])
}

/// The sign (−1, 0, 1) of the exact sum of four finite doubles: TwoSum distillation from the
/// smallest magnitude up until the vector no longer changes; the top component is then the
/// correctly rounded sum, which is zero only for an exact zero.
fn exact_sum_sign(mut v: [f64; 4]) -> i32 {
    v.sort_by(|x, y| x.abs().total_cmp(&y.abs()));
    for _ in 0..16 {
        let before = v;
        for i in 1..v.len() {
            let (s, t) = two_sum(v[i - 1], v[i]);
            v[i] = s;
            v[i - 1] = t;
        }
        if before == v {
            break;
        }
    }
    match v.iter().rev().find(|x| **x != 0.0) {
        Some(x) if *x > 0.0 => 1,
        Some(_) => -1,
        None => 0,
    }
}

/// f16 fused multiply-add under `mode` (bits in, bits out).
pub fn ffma_f16(a: u16, b: u16, c: u16, mode: Round) -> u16 {
    fma_narrow(f16_to_f64(a), f16_to_f64(b), f16_to_f64(c), HALF, mode) as u16
}

/// bf16 fused multiply-add under `mode` (bits in, bits out; the product of two bf16 values is
/// exact in f64).
pub fn ffma_bf16(a: u16, b: u16, c: u16, mode: Round) -> u16 {
    fma_narrow(bf16_to_f64(a), bf16_to_f64(b), bf16_to_f64(c), BFLOAT, mode) as u16
}

/// A bf16 binary operation computed in f64 and rounded once to bf16 (see the module doc).
pub fn bf16_binop(a: u16, b: u16, op: impl Fn(f64, f64) -> f64) -> u16 {
    f64_to_bf16(op(bf16_to_f64(a), bf16_to_f64(b)))
}

/// An f16 binary operation computed in f64 and rounded once to f16 (see the module doc).
pub fn f16_binop(a: u16, b: u16, op: impl Fn(f64, f64) -> f64) -> u16 {
    f64_to_f16(op(f16_to_f64(a), f16_to_f64(b)))
}

/// PTX `min`/`max` on floats: a NaN operand yields the other operand, two NaNs a NaN, and −0 is
/// below +0.
pub fn fminmax(a: f64, b: f64, max: bool) -> f64 {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => f64::NAN,
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            if a == b {
                // Equal values: only the zeros differ (−0 < +0).
                let a_neg = a.is_sign_negative();
                if a_neg == max { b } else { a }
            } else if (a < b) != max {
                a
            } else {
                b
            }
        }
    }
}

/// Float → integer with rounding `mode`, saturating to `[lo, hi]`; NaN → 0 (PTX `cvt.rXi`).
pub fn to_int_saturating(x: f64, mode: Round, lo: i128, hi: i128) -> i128 {
    if x.is_nan() {
        return 0;
    }
    let r = match mode {
        Round::Rn => x.round_ties_even(),
        Round::Rz => x.trunc(),
        Round::Rm => x.floor(),
        Round::Rp => x.ceil(),
    };
    if r <= lo as f64 {
        lo
    } else if r >= hi as f64 {
        hi
    } else {
        r as i128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_division_and_root() {
        // Round to nearest agrees with the host's correctly rounded operations.
        for (a, b) in [(1.0, 3.0), (-7.5, 0.1), (1e-310, 3.0), (1e300, 1e-10), (2.0, 7.0)] {
            assert_eq!(div_rounded(a, b, DOUBLE, Round::Rn), (a / b).to_bits(), "{a} / {b}");
            let (af, bf) = (a as f32, b as f32);
            if af.is_finite() && bf != 0.0 {
                let want = (af / bf).to_bits();
                assert_eq!(div_rounded(af as f64, bf as f64, SINGLE, Round::Rn) as u32, want, "{af} / {bf}");
            }
        }
        for x in [2.0, 3.0, 1e-310, 0.5, 1e300, 17.0] {
            assert_eq!(sqrt_rounded(x, DOUBLE, Round::Rn), x.sqrt().to_bits(), "sqrt {x}");
        }
        // Directed results bracket the exact value one ulp apart, and are exact when it is.
        let (up, down) = (
            f64::from_bits(div_rounded(1.0, 3.0, DOUBLE, Round::Rp)),
            f64::from_bits(div_rounded(1.0, 3.0, DOUBLE, Round::Rm)),
        );
        assert_eq!(down.next_up(), up);
        assert_eq!(f64::from_bits(div_rounded(-1.0, 3.0, DOUBLE, Round::Rz)), -down);
        assert_eq!(div_rounded(1.0, 4.0, SINGLE, Round::Rp) as u32, 0.25f32.to_bits());
        let (up, down) = (
            f64::from_bits(sqrt_rounded(2.0, DOUBLE, Round::Rp)),
            f64::from_bits(sqrt_rounded(2.0, DOUBLE, Round::Rm)),
        );
        assert_eq!(down.next_up(), up);
        assert!(down * down < 2.0);
        assert_eq!(sqrt_rounded(4.0, SINGLE, Round::Rz) as u32, 2.0f32.to_bits());
        assert_eq!(
            f32::from_bits(sqrt_rounded(2.0, SINGLE, Round::Rp) as u32),
            f32::from_bits(sqrt_rounded(2.0, SINGLE, Round::Rz) as u32).next_up()
        );
        // Overflow and underflow follow the mode.
        assert_eq!(div_rounded(f32::MAX as f64, 0.5, SINGLE, Round::Rz) as u32, f32::MAX.to_bits());
        assert_eq!(div_rounded(f32::MAX as f64, 0.5, SINGLE, Round::Rp) as u32, f32::INFINITY.to_bits());
        assert_eq!(div_rounded(1e-300, 1e300, DOUBLE, Round::Rp), 1);
        assert_eq!(div_rounded(-1e-300, 1e300, DOUBLE, Round::Rz), (-0.0f64).to_bits());
        assert!(f64::from_bits(sqrt_rounded(-1.0, DOUBLE, Round::Rp)).is_nan());
    }

    #[test]
    fn f16_round_trip_and_rounding() {
        for h in [0x0000u16, 0x8000, 0x3C00, 0xBC00, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0x7C00, 0xFC00] {
            assert_eq!(f64_to_f16(f16_to_f64(h)), h, "{h:#x}");
        }
        assert_eq!(f16_to_f64(0x3C00), 1.0);
        assert_eq!(f16_to_f64(0x0001), 2f64.powi(-24));
        // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: to even.
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3C00);
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3C02);
        assert_eq!(f64_to_f16(65520.0), 0x7C00);
        assert_eq!(f64_to_f16(65519.0), 0x7BFF);
        assert_eq!(from_f64(1e6, HALF, Round::Rz), 0x7BFF);
        assert_eq!(from_f64(-1e6, HALF, Round::Rp), 0xFBFF);
        assert!(f16_to_f64(f64_to_f16(f64::NAN)).is_nan());
    }

    #[test]
    fn bf16_rounding_and_arithmetic() {
        for h in [0x0000u16, 0x8000, 0x3F80, 0xBF80, 0x0001, 0x007F, 0x0080, 0x7F7F, 0x7F80, 0xFF80] {
            assert_eq!(f64_to_bf16(bf16_to_f64(h)), h, "{h:#x}");
        }
        assert_eq!(bf16_to_f64(0x3F80), 1.0);
        assert_eq!(bf16_to_f64(0x0001), 2f64.powi(-133));
        // Ties to even at 1 + 2^-8 and 1 + 3·2^-8, just above a tie rounds up.
        assert_eq!(f64_to_bf16(1.0 + 2f64.powi(-8)), 0x3F80);
        assert_eq!(f64_to_bf16(1.0 + 3.0 * 2f64.powi(-8)), 0x3F82);
        assert_eq!(f64_to_bf16(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3F81);
        // Overflow to infinity past the largest finite value's half ulp, subnormals kept.
        assert_eq!(f64_to_bf16(f32::MAX as f64), 0x7F80);
        assert_eq!(f64_to_bf16(bf16_to_f64(0x7F7F)), 0x7F7F);
        assert_eq!(f64_to_bf16(2f64.powi(-134)), 0x0000);
        assert_eq!(f64_to_bf16(3.0 * 2f64.powi(-134)), 0x0002);
        assert_eq!(from_f64(1e39, BFLOAT, Round::Rz), 0x7F7F);
        assert!(bf16_to_f64(f64_to_bf16(f64::NAN)).is_nan());
        // Arithmetic rounds once: 259 - 2^-20 (7·37 and a tiny addend) is below the 258/260 tie.
        assert_eq!(ffma_bf16(0x40E0, 0x4214, 0xB580, Round::Rn), 0x4381);
        assert_eq!(bf16_binop(0x3F80, 0x3B80, |a, b| a + b), 0x3F80);
        assert_eq!(bf16_binop(0x3F80, 0x4040, |a, b| a / b), 0x3EAB);
    }

    #[test]
    fn f32_conversions_match_rust_for_nearest() {
        for x in [0.1f64, -1.0 / 3.0, 1e-40, 3.4028235677973366e38, 1e300, -0.0, 5e-324] {
            assert_eq!(from_f64(x, SINGLE, Round::Rn) as u32, (x as f32).to_bits(), "{x}");
        }
        let third = 1.0f64 / 3.0;
        let rz = f32::from_bits(from_f64(third, SINGLE, Round::Rz) as u32);
        let rp = f32::from_bits(from_f64(third, SINGLE, Round::Rp) as u32);
        assert!((rz as f64) < third && (rp as f64) > third);
        assert_eq!(rp.to_bits(), rz.to_bits() + 1);
        assert_eq!(from_int(16777217, SINGLE, Round::Rn) as u32, 16777216f32.to_bits());
        assert_eq!(from_int(16777217, SINGLE, Round::Rp) as u32, 16777218f32.to_bits());
        assert_eq!(from_int(-16777217, SINGLE, Round::Rm) as u32, (-16777218f32).to_bits());
        assert_eq!(from_int(u64::MAX as i128, DOUBLE, Round::Rn), (u64::MAX as f64).to_bits());
    }

    #[test]
    fn directed_fma() {
        let (a, b, c) = (1.0f32 + f32::EPSILON, 1.0f32 - f32::EPSILON, -1.0f32);
        // exact: -eps^2, tiny negative
        let rn = ffma_f32(a, b, c, Round::Rn);
        assert_eq!(rn, a.mul_add(b, c));
        let rm = ffma_f32(1.0, 1.0, 1e-30, Round::Rm);
        let rp = ffma_f32(1.0, 1.0, 1e-30, Round::Rp);
        assert_eq!(rm, 1.0);
        assert_eq!(rp, 1.0 + f32::EPSILON);
        assert_eq!(ffma_f32(1.0, 1.0, -1e-30, Round::Rz), 1.0 - f32::EPSILON / 2.0);
        assert!(ffma_f32(1.0, 1.0, -1.0, Round::Rm).is_sign_negative());
        assert!(ffma_f32(1.0, 1.0, -1.0, Round::Rn).is_sign_positive());
        // f16: 1 * 1 + 2^-12 rounds up only under RP.
        let tiny = f64_to_f16(2f64.powi(-12));
        assert_eq!(ffma_f16(0x3C00, 0x3C00, tiny, Round::Rn), 0x3C00);
        assert_eq!(ffma_f16(0x3C00, 0x3C00, tiny, Round::Rp), 0x3C01);
    }

    #[test]
    fn min_max_and_float_to_int() {
        assert_eq!(fminmax(f64::NAN, 2.0, false), 2.0);
        assert!(fminmax(-0.0, 0.0, false).is_sign_negative());
        assert!(fminmax(-0.0, 0.0, true).is_sign_positive());
        assert_eq!(fminmax(1.0, 3.0, true), 3.0);
        assert_eq!(to_int_saturating(2.5, Round::Rn, i32::MIN as i128, i32::MAX as i128), 2);
        assert_eq!(to_int_saturating(-2.5, Round::Rm, i32::MIN as i128, i32::MAX as i128), -3);
        assert_eq!(to_int_saturating(1e20, Round::Rz, i32::MIN as i128, i32::MAX as i128), i32::MAX as i128);
        assert_eq!(to_int_saturating(f64::NAN, Round::Rz, 0, 255), 0);
        assert_eq!(to_int_saturating(-3.0, Round::Rz, 0, u32::MAX as i128), 0);
    }

    #[test]
    fn ffma_f64_directed() {
        let one = 1.0f64;
        // A tiny addend: RP rounds up, RM and RZ keep 1; below 1, RZ and RM step down.
        assert_eq!(ffma_f64(one, one, 1e-300, Round::Rp), one.next_up());
        assert_eq!(ffma_f64(one, one, 1e-300, Round::Rm), one);
        assert_eq!(ffma_f64(one, one, 1e-300, Round::Rz), one);
        assert_eq!(ffma_f64(one, one, -1e-300, Round::Rz), one.next_down());
        assert_eq!(ffma_f64(one, one, -1e-300, Round::Rp), one);
        assert_eq!(ffma_f64(-one, one, 1e-300, Round::Rz), (-one).next_up());
        // The residual lives in the product's low half: (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104.
        let a = one + f64::EPSILON;
        assert_eq!(ffma_f64(a, a, 0.0, Round::Rp), (one + 2.0 * f64::EPSILON).next_up());
        assert_eq!(ffma_f64(a, a, 0.0, Round::Rm), one + 2.0 * f64::EPSILON);
        assert_eq!(ffma_f64(a, a, -0.0, Round::Rz), one + 2.0 * f64::EPSILON);
        // Exact cancellation: +0, or −0 under RM.
        assert!(ffma_f64(one, one, -one, Round::Rz).is_sign_positive());
        assert!(ffma_f64(one, one, -one, Round::Rm).is_sign_negative());
        assert!(ffma_f64(-0.0, 1.0, -0.0, Round::Rp).is_sign_negative());
        // Overflow: RZ stays finite, RP goes to +inf.
        assert_eq!(ffma_f64(f64::MAX, 2.0, -f64::MAX, Round::Rz), f64::MAX);
        assert_eq!(ffma_f64(f64::MAX, 1.0, f64::MAX, Round::Rz), f64::MAX);
        assert_eq!(ffma_f64(f64::MAX, 1.0, f64::MAX, Round::Rp), f64::INFINITY);
        assert_eq!(ffma_f64(-f64::MAX, 1.0, -f64::MAX, Round::Rp), -f64::MAX);
        // Underflow below the smallest subnormal.
        let tiny = f64::from_bits(1);
        assert_eq!(ffma_f64(tiny, 0.25, 0.0, Round::Rp), tiny);
        assert_eq!(ffma_f64(tiny, 0.25, 0.0, Round::Rz), 0.0);
        assert!(ffma_f64(-tiny, 0.25, 0.0, Round::Rz).is_sign_negative());
        assert_eq!(ffma_f64(-tiny, 0.25, 0.0, Round::Rm), -tiny);
    }

    #[test]
    fn ffma_f64_brackets_the_exact_value() {
        // RM ≤ RN ≤ RP, RP = RM or its successor, and RZ is the one nearer zero; on values whose
        // exact result is known, all agree.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let e = (x >> 52) % 200;
            f64::from_bits((x & 0x800F_FFFF_FFFF_FFFF) | ((923 + e) << 52))
        };
        for _ in 0..20000 {
            let (a, b, c) = (next(), next(), next());
            let (rn, rp, rm, rz) = (
                ffma_f64(a, b, c, Round::Rn),
                ffma_f64(a, b, c, Round::Rp),
                ffma_f64(a, b, c, Round::Rm),
                ffma_f64(a, b, c, Round::Rz),
            );
            assert!(rm <= rn && rn <= rp, "{a:e} {b:e} {c:e}");
            assert!(rp == rm || rp == rm.next_up(), "{a:e} {b:e} {c:e}");
            let toward_zero = if rn >= 0.0 { rm } else { rp };
            if rp != rm {
                assert_eq!(rz, toward_zero, "{a:e} {b:e} {c:e}");
            }
        }
    }
}
