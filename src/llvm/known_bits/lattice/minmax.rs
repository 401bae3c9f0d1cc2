//! Ordering transfer functions of the known-bits lattice: `llvm.umax`, `llvm.umin`, `llvm.smax`,
//! `llvm.smin` and `llvm.abs`.

use super::{ApInt, KnownBits};

impl KnownBits {
    // -- min / max / abs ----------------------------------------------------

    /// `umax`.
    ///
    /// Rule: if `min a >= max b` the result is `a` (symmetrically `b`).
    /// Otherwise the result is one of the operands, so the merge of both
    /// holds, and it lies in `[max(min a, min b), max(max a, max b)]`, whose
    /// common prefix holds too. Sound, not exact (the interval and the merge
    /// are combined as independent facts).
    pub fn umax(&self, rhs: &KnownBits) -> KnownBits {
        self.zero.assert_same_width(&rhs.zero);
        if self.min_value().uge(&rhs.max_value()) {
            return self.clone();
        }
        if rhs.min_value().uge(&self.max_value()) {
            return rhs.clone();
        }
        let lo = self.min_value().umax(&rhs.min_value());
        let hi = self.max_value().umax(&rhs.max_value());
        self.merge(rhs).refine_or_keep(&KnownBits::from_unsigned_bounds(&lo, &hi))
    }

    /// `umin`. Rule: `umin(a, b) = ~umax(~a, ~b)` (`~` reverses unsigned
    /// order), with the [`KnownBits::umax`] rule.
    pub fn umin(&self, rhs: &KnownBits) -> KnownBits {
        self.not().umax(&rhs.not()).not()
    }

    /// `smax`. Rule: flipping the sign bit maps signed order to unsigned
    /// order: `smax(a, b) = flip(umax(flip a, flip b))`.
    pub fn smax(&self, rhs: &KnownBits) -> KnownBits {
        self.flip_sign().umax(&rhs.flip_sign()).flip_sign()
    }

    /// `smin`. Rule: `smin(a, b) = flip(umin(flip a, flip b))`, `flip`
    /// toggling the sign bit.
    pub fn smin(&self, rhs: &KnownBits) -> KnownBits {
        self.flip_sign().umin(&rhs.flip_sign()).flip_sign()
    }

    /// Toggles the sign bit (its fact moves between the masks).
    fn flip_sign(&self) -> KnownBits {
        self.xor(&KnownBits::from_constant(&ApInt::signed_min_value(self.width())))
    }

    /// `llvm.abs(a, int_min_is_poison)`.
    ///
    /// Rule: split `a` into its non-negative part (sign bit forced 0) and its
    /// negative part (sign bit forced 1); the result is the merge of the
    /// first and the exact negation of the second. With
    /// `int_min_is_poison`, the negated part (whose only negative value
    /// would come from `INT_MIN`) also gets its sign bit known 0. Exact
    /// without `int_min_is_poison` (negation is exact and the merge of two
    /// boxes is the best box of their union).
    pub fn abs(&self, int_min_is_poison: bool) -> KnownBits {
        let width = self.width();
        let nonneg = self.refine(&KnownBits::sign_fact(width, false));
        let neg = self.refine(&KnownBits::sign_fact(width, true)).and_then(|n| {
            let negated = n.neg();
            if int_min_is_poison { negated.refine(&KnownBits::sign_fact(width, false)) } else { Some(negated) }
        });
        match (nonneg, neg) {
            (Some(p), Some(n)) => p.merge(&n),
            (Some(p), None) => p,
            (None, Some(n)) => n,
            (None, None) => KnownBits::unknown(width),
        }
    }
}
