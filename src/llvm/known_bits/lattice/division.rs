//! Division transfer functions of the known-bits lattice: `udiv`, `urem`, `sdiv` and `srem`
//! (division by zero, and `sdiv` overflow, are UB and ignored).

use super::{ApInt, KnownBits};

impl KnownBits {
    // -- div / rem ----------------------------------------------------------

    /// `udiv` (division by zero is UB and ignored).
    ///
    /// Rule: divisor a constant `2^k` → `lshr` by `k` (exact). Otherwise the
    /// quotient lies in `[min a / max b, max a / d]`, `d` being the smallest
    /// non-zero divisor admitted (`min b`, or the lowest bit that may be set
    /// when `min b` is 0); its common prefix is known. A divisor known to be
    /// zero gives unknown. Sound, not exact.
    pub fn udiv(&self, rhs: &KnownBits) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        if rhs.is_zero() {
            return KnownBits::unknown(self.width());
        }
        if let Some(k) = rhs.constant().and_then(ApInt::exact_log2) {
            return self.lshr_const(u64::from(k), false);
        }
        let lo = self.min_value().udiv(&rhs.max_value());
        let hi = self.max_value().udiv(&rhs.min_nonzero_value());
        KnownBits::from_unsigned_bounds(&lo, &hi)
    }

    /// `urem` (division by zero is UB and ignored).
    ///
    /// Rule: divisor a constant `2^k` → `a & (2^k - 1)` (exact). If
    /// `max a < min b` the result is `a` itself. Otherwise: when every
    /// divisor is a multiple of `2^t` (`t` known trailing zeros), the low `t`
    /// bits of the remainder equal those of `a`; and the remainder is at most
    /// `min(max a, max b - 1)`. Sound, not exact.
    pub fn urem(&self, rhs: &KnownBits) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        let width = self.width();
        if rhs.is_zero() {
            return KnownBits::unknown(width);
        }
        let one = ApInt::new(width, 1);
        if let Some(b) = rhs.constant()
            && b.is_power_of_two()
        {
            return self.and(&KnownBits::from_constant(&b.wrapping_sub(&one)));
        }
        if self.max_value().ult(&rhs.min_value()) {
            return self.clone();
        }
        let low = self.keep_low(rhs.count_min_trailing_zeros());
        let hi = self.max_value().umin(&rhs.max_value().wrapping_sub(&one));
        low.refine_or_keep(&KnownBits::from_unsigned_bounds(&ApInt::zero(width), &hi))
    }

    /// `sdiv` (division by zero and `INT_MIN / -1` are UB and ignored).
    /// Sound, imprecise.
    ///
    /// Rule: both constant → the quotient; both non-negative → `udiv`.
    /// Otherwise `|q| <= M = max|a| / min|b|` over non-zero divisors
    /// (`min|b|` is 1 unless the divisor's sign is known), and `q >= 0` when the signs are known equal,
    /// `q <= 0` when known different; the signed interval's common prefix is
    /// known.
    pub fn sdiv(&self, rhs: &KnownBits) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        let width = self.width();
        if rhs.is_zero() {
            return KnownBits::unknown(width);
        }
        if let (Some(a), Some(b)) = (self.constant(), rhs.constant()) {
            let overflow = *a == ApInt::signed_min_value(width) && b.is_all_ones();
            return if overflow { KnownBits::unknown(width) } else { KnownBits::from_constant(&a.sdiv(b)) };
        }
        if self.is_nonnegative() && rhs.is_nonnegative() {
            return self.udiv(rhs);
        }
        let one = ApInt::new(width, 1);
        let min_abs_b = match rhs.sign_bit() {
            Some(false) => rhs.min_nonzero_value(),
            Some(true) => rhs.signed_max_value().unsigned_abs(),
            None => one,
        };
        let m = self.max_abs().udiv(&min_abs_b);
        let pos_hi = m.umin(&ApInt::signed_max_value(width));
        let neg_lo = m.wrapping_neg();
        let zero = ApInt::zero(width);
        let (lo, hi) = match (self.sign_bit(), rhs.sign_bit()) {
            (Some(sa), Some(sb)) if sa == sb => (zero, pos_hi),
            (Some(_), Some(_)) => (neg_lo, zero),
            _ => (neg_lo, pos_hi),
        };
        KnownBits::from_signed_bounds(&lo, &hi)
    }

    /// `srem` (division by zero and `INT_MIN % -1` are UB and ignored).
    /// Sound, imprecise.
    ///
    /// Rule: both constant → the remainder; both non-negative → `urem`.
    /// Otherwise: the low `t` bits (`t` = known trailing zeros of the
    /// divisor) equal those of `a` (`a - q*b` with `2^t | b`); and
    /// `|r| <= min(max|a|, max|b| - 1)` with the sign of `a`, so `r` lies in
    /// `[0, M]`, `[-M, 0]` or `[-M, M]` as `a`'s sign is known non-negative,
    /// negative, or unknown.
    pub fn srem(&self, rhs: &KnownBits) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        let width = self.width();
        if rhs.is_zero() {
            return KnownBits::unknown(width);
        }
        if let (Some(a), Some(b)) = (self.constant(), rhs.constant()) {
            let overflow = *a == ApInt::signed_min_value(width) && b.is_all_ones();
            return if overflow { KnownBits::unknown(width) } else { KnownBits::from_constant(&a.srem(b)) };
        }
        if self.is_nonnegative() && rhs.is_nonnegative() {
            return self.urem(rhs);
        }
        let low = self.keep_low(rhs.count_min_trailing_zeros());
        let m = self.max_abs().umin(&rhs.max_abs().wrapping_sub(&ApInt::new(width, 1)));
        let zero = ApInt::zero(width);
        let (lo, hi) = match self.sign_bit() {
            Some(false) => (zero, m),
            Some(true) => (m.wrapping_neg(), zero),
            None => (m.wrapping_neg(), m),
        };
        low.refine_or_keep(&KnownBits::from_signed_bounds(&lo, &hi))
    }

    /// Smallest non-zero admitted value: `min_value` unless that is 0, then
    /// the lowest bit that is not known 0. Requires `!self.is_zero()`.
    fn min_nonzero_value(&self) -> ApInt {
        if self.is_nonzero() {
            self.min_value()
        } else {
            ApInt::single_bit(self.width(), self.count_min_trailing_zeros())
        }
    }

    /// Largest magnitude of an admitted value, unsigned (`2^(w-1)` for
    /// `INT_MIN`): the larger magnitude of the signed extremes.
    fn max_abs(&self) -> ApInt {
        self.signed_min_value().unsigned_abs().umax(&self.signed_max_value().unsigned_abs())
    }

    /// Keeps the facts about the low `n` bits only.
    fn keep_low(&self, n: u32) -> KnownBits {
        let mask = ApInt::low_bits_set(self.width(), n.min(self.width()));
        KnownBits { zero: self.zero.and(&mask), one: self.one.and(&mask) }
    }
}
