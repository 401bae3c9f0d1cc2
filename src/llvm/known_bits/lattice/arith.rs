//! Arithmetic transfer functions of the known-bits lattice: `add` (with a carry-in), `sub`,
//! `neg` and `mul`, each refined by the `nuw` / `nsw` promises where they hold.

use super::super::apint::WORD_BITS;
use super::{ApInt, KnownBits, WrapFlags};
use std::cmp::Ordering;

impl KnownBits {
    // -- add / sub ----------------------------------------------------------

    /// `a + b + carry` for a carry-in between `carry_min` and `carry_max`.
    ///
    /// Rule: the carry into bit `i` is a monotone function (majority chain)
    /// of the operand bits and the carry-in, so over all admitted operands it
    /// is smallest for (min a, min b, carry_min) and largest for
    /// (max a, max b, carry_max). Those two sums give the carry vectors
    /// `sum ^ a ^ b`; a carry is known where both agree. A result bit is known
    /// where both operand bits and its carry are known, and then equals the
    /// bit of the minimal sum. Exact: an unknown operand bit flips the result
    /// bit independently of everything below it, and an unknown carry takes
    /// both values at the two extreme (admitted) operand choices.
    fn add_core(a: &KnownBits, b: &KnownBits, carry_min: bool, carry_max: bool) -> KnownBits {
        a.zero.assert_same_width(&b.zero);
        let a_max = a.zero.not();
        let b_max = b.zero.not();
        let (sum_max, _) = a_max.carrying_add(&b_max, carry_max);
        let (sum_min, _) = a.one.carrying_add(&b.one, carry_min);
        let carries_max = sum_max.xor(&a_max).xor(&b_max);
        let carries_min = sum_min.xor(&a.one).xor(&b.one);
        // Known-0 carry: 0 even at the maximum; known-1 carry: 1 even at the
        // minimum. By monotonicity the two never overlap.
        let carry_known = carries_max.not().or(&carries_min);
        let known = a.known_mask().and(&b.known_mask()).and(&carry_known);
        KnownBits::from_value_known(&sum_min, &known)
    }

    /// `a + b + carry` where `carry` is a 1-bit value (LLVM's
    /// `computeForAddCarry`). Rule: see the carry-chain rule of
    /// [`KnownBits::add`]. Exact.
    pub fn add_with_carry(&self, rhs: &KnownBits, carry: &KnownBits) -> KnownBits {
        assert_eq!(carry.width(), 1, "carry must be i1");
        KnownBits::add_core(self, rhs, carry.one.bit(0), !carry.zero.bit(0))
    }

    /// `add` with optional `nuw`/`nsw`.
    ///
    /// Rule: carry-chain propagation — the possible sums lie between
    /// `min a + min b` and `max a + max b`, and every carry is monotone in
    /// the operands, so a carry is known where those two extreme additions
    /// agree; a result bit is known where both operand bits and its carry
    /// are (exact without flags). With `nuw`, the true sum lies in
    /// `[min a + min b, min(max a + max b, 2^w - 1)]`; with `nsw`, the signed
    /// sum lies in `[smin a + smin b, smax a + smax b]` clamped to the signed
    /// range; each interval's common prefix is added as a fact (sound, not
    /// exact with flags).
    pub fn add(&self, rhs: &KnownBits, flags: WrapFlags) -> KnownBits {
        let base = KnownBits::add_core(self, rhs, false, false);
        KnownBits::refine_add_sub(base, self, rhs, flags, false)
    }

    /// `sub` with optional `nuw`/`nsw`.
    ///
    /// Rule: `a - b = a + ~b + 1`, so the carry-chain rule of
    /// [`KnownBits::add`] applies to `a`, `~b` and a known carry-in of 1
    /// (exact without flags). With `nuw` (requires `a >= b`) the result lies
    /// in `[max(0, min a - max b), max a - min b]`; with `nsw` the signed
    /// result lies in `[smin a - smax b, smax a - smin b]` clamped to the
    /// signed range (sound, not exact with flags).
    pub fn sub(&self, rhs: &KnownBits, flags: WrapFlags) -> KnownBits {
        let base = KnownBits::add_core(self, &rhs.not(), true, true);
        KnownBits::refine_add_sub(base, self, rhs, flags, true)
    }

    /// `0 - a`. Exact (the carry-chain rule on `~a + 1`).
    pub fn neg(&self) -> KnownBits {
        KnownBits::add_core(&KnownBits::from_u64(self.width(), 0), &self.not(), true, true)
    }

    /// Adds the interval facts implied by `nuw` / `nsw` to an add/sub result.
    fn refine_add_sub(base: KnownBits, a: &KnownBits, b: &KnownBits, flags: WrapFlags, is_sub: bool) -> KnownBits {
        let mut r = base;
        if flags.nuw {
            match KnownBits::unsigned_add_sub_bounds(a, b, is_sub) {
                Some((lo, hi)) => r = r.refine_or_keep(&KnownBits::from_unsigned_bounds(&lo, &hi)),
                None => return r,
            }
        }
        if flags.nsw {
            match KnownBits::signed_add_sub_bounds(a, b, is_sub) {
                Some((lo, hi)) => r = r.refine_or_keep(&KnownBits::from_signed_bounds(&lo, &hi)),
                None => return r,
            }
        }
        r
    }

    /// Unsigned bounds of `a ± b` over the operand pairs that do not wrap;
    /// `None` when every pair wraps.
    fn unsigned_add_sub_bounds(a: &KnownBits, b: &KnownBits, is_sub: bool) -> Option<(ApInt, ApInt)> {
        let width = a.width();
        if is_sub {
            if a.max_value().ult(&b.min_value()) {
                return None;
            }
            let lo = if a.min_value().uge(&b.max_value()) {
                a.min_value().wrapping_sub(&b.max_value())
            } else {
                ApInt::zero(width)
            };
            Some((lo, a.max_value().wrapping_sub(&b.min_value())))
        } else {
            let (lo, lo_wraps) = a.min_value().carrying_add(&b.min_value(), false);
            if lo_wraps {
                return None;
            }
            let (hi, hi_wraps) = a.max_value().carrying_add(&b.max_value(), false);
            Some((lo, if hi_wraps { ApInt::all_ones(width) } else { hi }))
        }
    }

    /// Signed bounds of `a ± b` over the operand pairs that do not overflow
    /// signed; `None` when every pair overflows.
    fn signed_add_sub_bounds(a: &KnownBits, b: &KnownBits, is_sub: bool) -> Option<(ApInt, ApInt)> {
        let width = a.width();
        let (lo, lo_ovf) = signed_add_sub(&a.signed_min_value(), &b.signed_extreme(is_sub, true), is_sub);
        let (hi, hi_ovf) = signed_add_sub(&a.signed_max_value(), &b.signed_extreme(is_sub, false), is_sub);
        let lo = match lo_ovf {
            Ordering::Less => ApInt::signed_min_value(width),
            Ordering::Equal => lo,
            Ordering::Greater => return None,
        };
        let hi = match hi_ovf {
            Ordering::Less => return None,
            Ordering::Equal => hi,
            Ordering::Greater => ApInt::signed_max_value(width),
        };
        (!lo.sgt(&hi)).then_some((lo, hi))
    }

    /// The signed extreme of `self` that makes `x ± self` smallest
    /// (`for_low`) or largest.
    fn signed_extreme(&self, is_sub: bool, for_low: bool) -> ApInt {
        if is_sub == for_low { self.signed_max_value() } else { self.signed_min_value() }
    }

    // -- mul ----------------------------------------------------------------

    /// `mul` with optional `nuw`/`nsw`.
    ///
    /// Rule: both constant → the product; a constant power of two `2^k` →
    /// `shl` by `k` (exact; `nuw` carries over). Otherwise:
    /// * low bits: with `ta`, `tb` the known trailing zeros and `ka`, `kb` the
    ///   counts of known low bits, the product has `ta + tb` trailing zeros
    ///   and its low `ta + tb + min(ka - ta, kb - tb)` bits equal those of
    ///   `a.one * b.one` (the low `m` bits of a product depend only on the low
    ///   `m` bits of the factors);
    /// * high bits: if `max a * max b` does not overflow, no product does, and
    ///   every product lies in `[min a * min b, max a * max b]` (common
    ///   prefix, in particular the leading zeros of the maximum). With `nuw`
    ///   the interval is `[min a * min b, 2^w - 1]` even when the maximum
    ///   overflows;
    /// * `nsw`: factors of known equal sign give a non-negative product;
    ///   of known different signs and both known non-zero, a negative one;
    /// * long multiplication: when one factor is a constant whose
    ///   non-adjacent form has at most 8 non-zero digits (`const_mul`), or
    ///   has at most 8 possibly-set bits (`long_mul`), the sum of the partial
    ///   products is added as a fact.
    ///
    /// Sound, not exact: correlations between partial products are lost
    /// (e.g. `x * x` is never `2 (mod 4)`, which is not tracked).
    pub fn mul(&self, rhs: &KnownBits, flags: WrapFlags) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        if let (Some(a), Some(b)) = (self.constant(), rhs.constant()) {
            return KnownBits::from_constant(&a.wrapping_mul(b));
        }
        for (x, y) in [(self, rhs), (rhs, self)] {
            if let Some(k) = y.constant().and_then(ApInt::exact_log2) {
                // x * 2^k == x << k, and nuw means the same for both. (nsw
                // differs when 2^k is INT_MIN, so it is dropped: sound.)
                return x.shl_const(u64::from(k), WrapFlags { nuw: flags.nuw, nsw: false });
            }
        }
        let r = self.mul_bounds(rhs, flags);
        // Long multiplication when one factor is a constant or has few
        // possibly-set bits.
        let long = if let Some(c) = rhs.constant() {
            KnownBits::const_mul(self, c)
        } else if let Some(c) = self.constant() {
            KnownBits::const_mul(rhs, c)
        } else {
            let (x, y) =
                if self.count_max_population() <= rhs.count_max_population() { (rhs, self) } else { (self, rhs) };
            if y.count_max_population() > Self::LONG_MUL_MAX_TERMS {
                return r;
            }
            KnownBits::long_mul(x, y)
        };
        r.refine_or_keep(&long)
    }

    /// Most partial products the long-multiplication rule of
    /// [`KnownBits::mul`] adds up (bounds its cost to that many carry-chain
    /// additions).
    const LONG_MUL_MAX_TERMS: u32 = 8;

    /// `x * y` as the sum over the possibly-set bits `i` of `y` of the
    /// partial products `x << i` (a known-1 bit of `y`) or "`x << i` or 0"
    /// (an unknown bit: only its known zeros survive), added with the
    /// carry-chain rule. Sound; it loses the correlation between partial
    /// products but tracks middle bits the other rules cannot.
    fn long_mul(x: &KnownBits, y: &KnownBits) -> KnownBits {
        let width = x.width();
        let mut acc = KnownBits::from_u64(width, 0);
        let candidates = y.max_value();
        for (wi, &word) in candidates.words().iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = wi as u32 * WORD_BITS + bits.trailing_zeros();
                bits &= bits - 1;
                let shifted = x.shl_raw(i);
                let term =
                    if y.one.bit(i) { shifted } else { KnownBits { zero: shifted.zero, one: ApInt::zero(width) } };
                acc = KnownBits::add_core(&acc, &term, false, false);
                if acc.is_unknown() {
                    return acc;
                }
            }
        }
        acc
    }

    /// `x * c` for a constant `c`, as the sum of `±(x << i)` over the
    /// non-zero digits of the non-adjacent form of `c` (digits in
    /// `{-1, 0, 1}`, no two adjacent non-zero; e.g. `15 = 16 - 1`), added
    /// and subtracted with the carry-chain rule. Fewer terms lose less
    /// correlation: `x * -1` becomes the exact `0 - x`. Gives up (unknown)
    /// past `LONG_MUL_MAX_TERMS` terms.
    fn const_mul(x: &KnownBits, c: &ApInt) -> KnownBits {
        let width = x.width();
        let one = ApInt::new(width, 1);
        let mut acc = KnownBits::from_u64(width, 0);
        let mut rest = c.clone();
        let mut i = 0;
        let mut terms = 0;
        while !rest.is_zero() && i < width {
            if rest.bit(0) {
                terms += 1;
                if terms > Self::LONG_MUL_MAX_TERMS {
                    return KnownBits::unknown(width);
                }
                // Digit +1 when rest = 1 (mod 4), -1 when rest = 3 (mod 4).
                let negative = width > 1 && rest.bit(1);
                let term = x.shl_raw(i);
                if negative {
                    acc = KnownBits::add_core(&acc, &term.not(), true, true);
                    rest = rest.wrapping_add(&one);
                } else {
                    acc = KnownBits::add_core(&acc, &term, false, false);
                    rest = rest.wrapping_sub(&one);
                }
                if acc.is_unknown() {
                    return acc;
                }
            }
            rest = rest.lshr(1);
            i += 1;
        }
        acc
    }

    /// The trailing-zero, low-bit, interval and sign rules of
    /// [`KnownBits::mul`].
    fn mul_bounds(&self, rhs: &KnownBits, flags: WrapFlags) -> KnownBits {
        let width = self.width();
        let tz_a = self.count_min_trailing_zeros();
        let tz_b = rhs.count_min_trailing_zeros();
        let known_a = self.known_mask().trailing_ones();
        let known_b = rhs.known_mask().trailing_ones();
        let exact_low = (known_a - tz_a).min(known_b - tz_b);
        let low = (tz_a + tz_b + exact_low).min(width);
        let low_product = self.one.wrapping_mul(&rhs.one);
        let mut r = KnownBits::from_value_known(&low_product, &ApInt::low_bits_set(width, low));

        let (p_max, max_overflows) = self.max_value().overflowing_umul(&rhs.max_value());
        if !max_overflows {
            let p_min = self.min_value().wrapping_mul(&rhs.min_value());
            r = r.refine_or_keep(&KnownBits::from_unsigned_bounds(&p_min, &p_max));
        } else if flags.nuw {
            let (p_min, min_overflows) = self.min_value().overflowing_umul(&rhs.min_value());
            if min_overflows {
                return r;
            }
            r = r.refine_or_keep(&KnownBits::from_unsigned_bounds(&p_min, &ApInt::all_ones(width)));
        }
        if flags.nsw
            && let (Some(sa), Some(sb)) = (self.sign_bit(), rhs.sign_bit())
        {
            if sa == sb {
                r = r.refine_or_keep(&KnownBits::sign_fact(width, false));
            } else if self.is_nonzero() && rhs.is_nonzero() {
                r = r.refine_or_keep(&KnownBits::sign_fact(width, true));
            }
        }
        r
    }
}

/// `a ± b` at the operands' width, with the direction of signed overflow:
/// `Less` below the signed minimum, `Greater` above the signed maximum.
fn signed_add_sub(a: &ApInt, b: &ApInt, is_sub: bool) -> (ApInt, Ordering) {
    let (r, b_neg) = if is_sub { (a.wrapping_sub(b), !b.is_negative()) } else { (a.wrapping_add(b), b.is_negative()) };
    // Overflow happens only when a and the effective addend (b or -b) have
    // the same sign and the result's sign differs. For subtraction the
    // effective addend -b has the opposite sign of b (b = INT_MIN gives
    // -b = 2^(w-1) > 0, matching !b.is_negative()).
    let a_neg = a.is_negative();
    if a_neg == b_neg && r.is_negative() != a_neg {
        (r, if a_neg { Ordering::Less } else { Ordering::Greater })
    } else {
        (r, Ordering::Equal)
    }
}
