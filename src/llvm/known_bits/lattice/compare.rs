//! The comparison transfer functions of the known-bits lattice: `icmp`, decided from the known
//! bits where they settle it.

use super::{IntPredicate, KnownBits};

impl KnownBits {
    // -- comparisons --------------------------------------------------------

    /// The outcome of `icmp pred a, b` when the known bits decide it.
    ///
    /// Rule: `eq` is false when some bit is known 0 in one operand and 1 in
    /// the other, true when both are the same constant. `ult` is true when
    /// `max a < min b` and false when `min a >= max b`; `ule` true when
    /// `max a <= min b`, false when `min a > max b`; the signed predicates
    /// use the signed extremes; `gt`/`ge` swap the operands and `ne` negates
    /// `eq`. Exact: the extremes are themselves admitted values.
    pub fn icmp_decide(pred: IntPredicate, a: &KnownBits, b: &KnownBits) -> Option<bool> {
        a.zero.assert_same_width(&b.zero);
        match pred {
            IntPredicate::Eq => {
                if a.one.intersects(&b.zero) || a.zero.intersects(&b.one) {
                    Some(false)
                } else if a.is_constant() && b.is_constant() {
                    Some(true)
                } else {
                    None
                }
            }
            IntPredicate::Ne => KnownBits::icmp_decide(IntPredicate::Eq, a, b).map(|v| !v),
            IntPredicate::Ult => {
                if a.max_value().ult(&b.min_value()) {
                    Some(true)
                } else if a.min_value().uge(&b.max_value()) {
                    Some(false)
                } else {
                    None
                }
            }
            IntPredicate::Ule => {
                if a.max_value().ule(&b.min_value()) {
                    Some(true)
                } else if a.min_value().ugt(&b.max_value()) {
                    Some(false)
                } else {
                    None
                }
            }
            IntPredicate::Slt => {
                if a.signed_max_value().slt(&b.signed_min_value()) {
                    Some(true)
                } else if a.signed_min_value().sge(&b.signed_max_value()) {
                    Some(false)
                } else {
                    None
                }
            }
            IntPredicate::Sle => {
                if a.signed_max_value().sle(&b.signed_min_value()) {
                    Some(true)
                } else if a.signed_min_value().sgt(&b.signed_max_value()) {
                    Some(false)
                } else {
                    None
                }
            }
            IntPredicate::Ugt | IntPredicate::Uge | IntPredicate::Sgt | IntPredicate::Sge => {
                KnownBits::icmp_decide(pred.swapped(), b, a)
            }
        }
    }

    /// `icmp pred a, b` as a 1-bit value: constant when
    /// [`KnownBits::icmp_decide`] decides it, else unknown. Exact.
    pub fn icmp(pred: IntPredicate, a: &KnownBits, b: &KnownBits) -> KnownBits {
        match KnownBits::icmp_decide(pred, a, b) {
            Some(v) => KnownBits::from_u64(1, u64::from(v)),
            None => KnownBits::unknown(1),
        }
    }
}
