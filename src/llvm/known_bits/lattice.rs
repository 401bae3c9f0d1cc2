//! The known-bits lattice: per-bit facts about an integer of any width, and
//! the transfer functions that push those facts through LLVM IR operations.
//!
//! # Lattice
//!
//! A [`KnownBits`] value abstracts a *set* of concrete integers of one bit
//! width `w`. It holds two masks: `zero` (bits known to be 0 in every member)
//! and `one` (bits known to be 1 in every member). The invariant
//! `zero & one == 0` holds for every value built by this module (see
//! [`KnownBits::is_consistent`]); a bit in neither mask is unknown. The set
//! abstracted by `(zero, one)` is the "box" of all `x` with `x & zero == 0`
//! and `x & one == one`; it is never empty.
//!
//! * The top of the lattice (no facts) is [`KnownBits::unknown`].
//! * [`KnownBits::merge`] is the join (facts true of *either* input: phi and
//!   select). LLVM calls it `intersectWith`.
//! * [`KnownBits::refine`] is the meet (facts from *both* inputs about the
//!   same value: assumes, range metadata). LLVM calls it `unionWith`. It
//!   returns `None` when the facts contradict each other.
//!
//! # Transfer functions
//!
//! Every transfer function is *sound*: when each operand is a member of its
//! abstract operand, the concrete result is a member of the abstract result.
//! Where an operation produces poison or is undefined (a shift by `>= w`,
//! division by zero, a broken `nuw`/`nsw`/`exact` promise), any result is
//! sound; the functions only cover the well-defined cases and return
//! [`KnownBits::unknown`] when no well-defined case exists. The doc comment
//! of each function states its rule and whether the result is *exact* (the
//! best box containing every concrete result).
//!
//! # Storage
//!
//! [`ApInt`] is a fixed-width unsigned bit vector: widths up to 64 live inline
//! in a `u64` (no allocation on any path through this module for such
//! widths); wider values live in a boxed word slice. Bits above the width are
//! always zero.
//!
//! # Layout
//!
//! This file holds the lattice itself (construction, queries, join and meet, `select`); the
//! transfer functions are in submodules by operation family: `bits` (bitwise logic, bit
//! counting, permutations), `arith` (add, sub, neg, mul), `division`, `shift` (shifts and funnel
//! shifts), `cast` (zext, sext, trunc), `minmax` (min, max, abs) and `compare` (icmp).

mod arith;
mod bits;
mod cast;
mod compare;
mod division;
mod minmax;
mod shift;

use std::fmt;

pub use super::apint::ApInt;
use super::apint::WORD_BITS;

// ---------------------------------------------------------------------------
// ApInt
// ---------------------------------------------------------------------------

/// The `nuw` / `nsw` poison flags of `add`, `sub`, `mul` and `shl`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WrapFlags {
    /// No unsigned wrap: the result is poison if the unsigned result overflows.
    pub nuw: bool,
    /// No signed wrap: the result is poison if the signed result overflows.
    pub nsw: bool,
}

impl WrapFlags {
    /// No flags.
    pub const NONE: WrapFlags = WrapFlags { nuw: false, nsw: false };
    /// `nuw` only.
    pub const NUW: WrapFlags = WrapFlags { nuw: true, nsw: false };
    /// `nsw` only.
    pub const NSW: WrapFlags = WrapFlags { nuw: false, nsw: true };
    /// `nuw nsw`.
    pub const NUW_NSW: WrapFlags = WrapFlags { nuw: true, nsw: true };
}

/// Integer comparison predicates of `icmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPredicate {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// unsigned `>`
    Ugt,
    /// unsigned `>=`
    Uge,
    /// unsigned `<`
    Ult,
    /// unsigned `<=`
    Ule,
    /// signed `>`
    Sgt,
    /// signed `>=`
    Sge,
    /// signed `<`
    Slt,
    /// signed `<=`
    Sle,
}

impl IntPredicate {
    /// Every predicate.
    pub const ALL: [IntPredicate; 10] = [
        IntPredicate::Eq,
        IntPredicate::Ne,
        IntPredicate::Ugt,
        IntPredicate::Uge,
        IntPredicate::Ult,
        IntPredicate::Ule,
        IntPredicate::Sgt,
        IntPredicate::Sge,
        IntPredicate::Slt,
        IntPredicate::Sle,
    ];

    /// The predicate with its operands exchanged (`a < b` ⇔ `b > a`).
    pub fn swapped(self) -> IntPredicate {
        match self {
            IntPredicate::Eq => IntPredicate::Eq,
            IntPredicate::Ne => IntPredicate::Ne,
            IntPredicate::Ugt => IntPredicate::Ult,
            IntPredicate::Uge => IntPredicate::Ule,
            IntPredicate::Ult => IntPredicate::Ugt,
            IntPredicate::Ule => IntPredicate::Uge,
            IntPredicate::Sgt => IntPredicate::Slt,
            IntPredicate::Sge => IntPredicate::Sle,
            IntPredicate::Slt => IntPredicate::Sgt,
            IntPredicate::Sle => IntPredicate::Sge,
        }
    }

    /// The logical negation (`a < b` ⇔ `!(a >= b)`).
    pub fn inverse(self) -> IntPredicate {
        match self {
            IntPredicate::Eq => IntPredicate::Ne,
            IntPredicate::Ne => IntPredicate::Eq,
            IntPredicate::Ugt => IntPredicate::Ule,
            IntPredicate::Uge => IntPredicate::Ult,
            IntPredicate::Ult => IntPredicate::Uge,
            IntPredicate::Ule => IntPredicate::Ugt,
            IntPredicate::Sgt => IntPredicate::Sle,
            IntPredicate::Sge => IntPredicate::Slt,
            IntPredicate::Slt => IntPredicate::Sge,
            IntPredicate::Sle => IntPredicate::Sgt,
        }
    }

    /// Evaluates the predicate on two concrete values.
    pub fn evaluate(self, a: &ApInt, b: &ApInt) -> bool {
        match self {
            IntPredicate::Eq => a == b,
            IntPredicate::Ne => a != b,
            IntPredicate::Ugt => a.ugt(b),
            IntPredicate::Uge => a.uge(b),
            IntPredicate::Ult => a.ult(b),
            IntPredicate::Ule => a.ule(b),
            IntPredicate::Sgt => a.sgt(b),
            IntPredicate::Sge => a.sge(b),
            IntPredicate::Slt => a.slt(b),
            IntPredicate::Sle => a.sle(b),
        }
    }
}

// ---------------------------------------------------------------------------
// KnownBits
// ---------------------------------------------------------------------------

/// Per-bit facts about an integer value: `zero` holds the bits known to be 0,
/// `one` the bits known to be 1 (see the module documentation).
///
/// The fields are public so analyses can add facts directly (e.g. OR pointer
/// alignment into `zero`); keep `zero & one == 0` (check with
/// [`KnownBits::is_consistent`]) or use [`KnownBits::refine`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct KnownBits {
    /// Bits known to be 0.
    pub zero: ApInt,
    /// Bits known to be 1.
    pub one: ApInt,
}

impl KnownBits {
    // -- construction -------------------------------------------------------

    /// No facts: every value of `width` bits.
    pub fn unknown(width: u32) -> KnownBits {
        KnownBits { zero: ApInt::zero(width), one: ApInt::zero(width) }
    }

    /// Exactly the constant `c`.
    pub fn from_constant(c: &ApInt) -> KnownBits {
        KnownBits { zero: c.not(), one: c.clone() }
    }

    /// Exactly the constant `value` truncated to `width` bits.
    pub fn from_u64(width: u32, value: u64) -> KnownBits {
        KnownBits::from_constant(&ApInt::new(width, value))
    }

    /// From the two masks. Debug builds check `zero & one == 0` and equal
    /// widths.
    pub fn from_parts(zero: ApInt, one: ApInt) -> KnownBits {
        zero.assert_same_width(&one);
        let kb = KnownBits { zero, one };
        debug_assert!(kb.is_consistent(), "conflicting known bits {kb:?}");
        kb
    }

    /// Bits `known` take their value from `value`; the rest are unknown.
    fn from_value_known(value: &ApInt, known: &ApInt) -> KnownBits {
        KnownBits { zero: known.and_not(value), one: value.and(known) }
    }

    /// Only the sign bit is known, and it is `negative`.
    fn sign_fact(width: u32, negative: bool) -> KnownBits {
        let sign = ApInt::signed_min_value(width);
        if negative {
            KnownBits::from_parts(ApInt::zero(width), sign)
        } else {
            KnownBits::from_parts(sign, ApInt::zero(width))
        }
    }

    /// Facts about every value in the half-open unsigned range `[lo, hi)`,
    /// which wraps around `2^w` when `lo > hi` (LLVM's `!range` and
    /// `ConstantRange` convention). `lo == hi` denotes the full set.
    ///
    /// Rule: a non-wrapping range `[lo, hi - 1]` gives the common high-bit
    /// prefix of `lo` and `hi - 1` (see [`KnownBits::from_unsigned_bounds`]);
    /// `hi == 0` is the non-wrapping `[lo, 2^w - 1]`; any other wrapping
    /// range contains both `0` and `2^w - 1`, which share no bit, so nothing
    /// is known. Exact.
    pub fn from_range(lo: &ApInt, hi: &ApInt) -> KnownBits {
        lo.assert_same_width(hi);
        let width = lo.width();
        if lo == hi {
            KnownBits::unknown(width)
        } else if hi.is_zero() {
            KnownBits::from_unsigned_bounds(lo, &ApInt::all_ones(width))
        } else if lo.ugt(hi) {
            KnownBits::unknown(width)
        } else {
            KnownBits::from_unsigned_bounds(lo, &hi.wrapping_sub(&ApInt::new(width, 1)))
        }
    }

    /// Facts about every value in the inclusive unsigned interval
    /// `[lo, hi]` (`lo > hi` gives unknown).
    ///
    /// Rule: let `p` be the highest bit where `lo` and `hi` differ. Every
    /// value in the interval shares the bits above `p` with `lo`; nothing at
    /// or below `p` is known. Exact: the interval contains `prefix|0|11..1`
    /// and `prefix|1|00..0`, which differ in every bit at or below `p`.
    pub fn from_unsigned_bounds(lo: &ApInt, hi: &ApInt) -> KnownBits {
        lo.assert_same_width(hi);
        let width = lo.width();
        if lo.ugt(hi) {
            return KnownBits::unknown(width);
        }
        let varying = lo.xor(hi).active_bits();
        KnownBits::from_value_known(lo, &ApInt::high_bits_set(width, width - varying))
    }

    /// Facts about every value in the inclusive signed interval `[lo, hi]`
    /// (`lo > hi` signed gives unknown).
    ///
    /// Rule: flipping the sign bit maps signed order onto unsigned order, so
    /// flip both bounds, take [`KnownBits::from_unsigned_bounds`], and flip
    /// the sign bit of the result back. Exact.
    pub fn from_signed_bounds(lo: &ApInt, hi: &ApInt) -> KnownBits {
        lo.assert_same_width(hi);
        let sign = ApInt::signed_min_value(lo.width());
        KnownBits::from_unsigned_bounds(&lo.xor(&sign), &hi.xor(&sign)).xor(&KnownBits::from_constant(&sign))
    }

    // -- queries ------------------------------------------------------------

    /// The bit width.
    #[inline]
    pub fn width(&self) -> u32 {
        self.zero.width()
    }

    /// Whether no bit is claimed both 0 and 1 (`zero & one == 0`) and both
    /// masks have the same width.
    pub fn is_consistent(&self) -> bool {
        self.zero.width() == self.one.width() && !self.zero.intersects(&self.one)
    }

    /// Whether nothing is known.
    pub fn is_unknown(&self) -> bool {
        self.zero.is_zero() && self.one.is_zero()
    }

    /// Whether every bit is known.
    pub fn is_constant(&self) -> bool {
        self.known_mask().is_all_ones()
    }

    /// The value, when every bit is known.
    pub fn constant(&self) -> Option<&ApInt> {
        self.is_constant().then_some(&self.one)
    }

    /// Mask of the known bits.
    pub fn known_mask(&self) -> ApInt {
        self.zero.or(&self.one)
    }

    /// Mask of the unknown bits.
    pub fn unknown_mask(&self) -> ApInt {
        self.known_mask().not()
    }

    /// Whether the concrete value `v` satisfies every fact.
    pub fn admits(&self, v: &ApInt) -> bool {
        !v.intersects(&self.zero) && self.one.is_subset_of(v)
    }

    /// Whether the concrete value `v` (which must fit in the width to be
    /// admitted) satisfies every fact. Allocation-free at every width.
    pub fn admits_u64(&self, v: u64) -> bool {
        let width = self.width();
        if width < WORD_BITS && v >> width != 0 {
            return false;
        }
        let one = self.one.words();
        self.zero.low_u64() & v == 0 && one[0] & !v == 0 && one[1..].iter().all(|&w| w == 0)
    }

    /// Unsigned minimum of the admitted values: unknown bits 0.
    pub fn min_value(&self) -> ApInt {
        self.one.clone()
    }

    /// Unsigned maximum of the admitted values: unknown bits 1.
    pub fn max_value(&self) -> ApInt {
        self.zero.not()
    }

    /// Signed minimum: unknown sign bit 1, other unknown bits 0.
    pub fn signed_min_value(&self) -> ApInt {
        let mut v = self.one.clone();
        if !self.zero.is_negative() {
            v.set_bit(self.width() - 1);
        }
        v
    }

    /// Signed maximum: unknown sign bit 0, other unknown bits 1.
    pub fn signed_max_value(&self) -> ApInt {
        let mut v = self.zero.not();
        if !self.one.is_negative() {
            v.clear_bit(self.width() - 1);
        }
        v
    }

    /// Whether every admitted value is zero.
    pub fn is_zero(&self) -> bool {
        self.zero.is_all_ones()
    }

    /// Whether no admitted value is zero (some bit is known 1).
    pub fn is_nonzero(&self) -> bool {
        !self.one.is_zero()
    }

    /// Whether the sign bit is known 1.
    pub fn is_negative(&self) -> bool {
        self.one.is_negative()
    }

    /// Whether the sign bit is known 0.
    pub fn is_nonnegative(&self) -> bool {
        self.zero.is_negative()
    }

    /// The sign bit, when known (`Some(true)` = negative).
    pub fn sign_bit(&self) -> Option<bool> {
        if self.is_negative() {
            Some(true)
        } else if self.is_nonnegative() {
            Some(false)
        } else {
            None
        }
    }

    /// Fewest leading zeros of any admitted value.
    pub fn count_min_leading_zeros(&self) -> u32 {
        self.zero.leading_ones()
    }

    /// Most leading zeros of any admitted value.
    pub fn count_max_leading_zeros(&self) -> u32 {
        self.one.leading_zeros()
    }

    /// Fewest leading ones of any admitted value.
    pub fn count_min_leading_ones(&self) -> u32 {
        self.one.leading_ones()
    }

    /// Most leading ones of any admitted value.
    pub fn count_max_leading_ones(&self) -> u32 {
        self.zero.leading_zeros()
    }

    /// Fewest trailing zeros of any admitted value.
    pub fn count_min_trailing_zeros(&self) -> u32 {
        self.zero.trailing_ones()
    }

    /// Most trailing zeros of any admitted value.
    pub fn count_max_trailing_zeros(&self) -> u32 {
        self.one.trailing_zeros()
    }

    /// Fewest trailing ones of any admitted value.
    pub fn count_min_trailing_ones(&self) -> u32 {
        self.one.trailing_ones()
    }

    /// Most trailing ones of any admitted value.
    pub fn count_max_trailing_ones(&self) -> u32 {
        self.zero.trailing_zeros()
    }

    /// Fewest set bits of any admitted value.
    pub fn count_min_population(&self) -> u32 {
        self.one.count_ones()
    }

    /// Most set bits of any admitted value.
    pub fn count_max_population(&self) -> u32 {
        self.width() - self.zero.count_ones()
    }

    /// Fewest sign bits (copies of the sign bit at the top, including it) of
    /// any admitted value: the known leading zeros or ones, at least 1.
    pub fn count_min_sign_bits(&self) -> u32 {
        match self.sign_bit() {
            Some(false) => self.count_min_leading_zeros(),
            Some(true) => self.count_min_leading_ones(),
            None => 1,
        }
    }

    /// Most bits any admitted value needs unsigned:
    /// `width - count_min_leading_zeros`.
    pub fn count_max_active_bits(&self) -> u32 {
        self.width() - self.count_min_leading_zeros()
    }

    // -- lattice operations -------------------------------------------------

    /// Join: the facts true of both `self` and `other` (for phi and select,
    /// whose result is one of several values). Exact for the union of the
    /// two sets. LLVM: `KnownBits::intersectWith`.
    pub fn merge(&self, other: &KnownBits) -> KnownBits {
        KnownBits { zero: self.zero.and(&other.zero), one: self.one.and(&other.one) }
    }

    /// [`KnownBits::merge`] of every incoming value of a phi (stops early
    /// once nothing is known); `None` when there are no inputs.
    pub fn merge_all<'a>(values: impl IntoIterator<Item = &'a KnownBits>) -> Option<KnownBits> {
        let mut iter = values.into_iter();
        let mut acc = iter.next()?.clone();
        for v in iter {
            if acc.is_unknown() {
                break;
            }
            acc = acc.merge(v);
        }
        Some(acc)
    }

    /// Meet: the facts of `self` and of `other` together, both being true of
    /// the same value. `None` when they contradict (no value satisfies both).
    /// LLVM: `KnownBits::unionWith`.
    pub fn refine(&self, other: &KnownBits) -> Option<KnownBits> {
        let kb = KnownBits { zero: self.zero.or(&other.zero), one: self.one.or(&other.one) };
        kb.is_consistent().then_some(kb)
    }

    /// [`KnownBits::refine`], keeping `self` on contradiction. Transfer
    /// functions combine facts that are each true of every well-defined
    /// result; a contradiction then means there is no well-defined result and
    /// any answer is sound.
    fn refine_or_keep(self, other: &KnownBits) -> KnownBits {
        match self.refine(other) {
            Some(kb) => kb,
            None => self,
        }
    }

    /// `select cond, if_true, if_false`: the chosen arm when `cond` (1 bit)
    /// is known, else [`KnownBits::merge`] of the arms. Exact.
    pub fn select(cond: &KnownBits, if_true: &KnownBits, if_false: &KnownBits) -> KnownBits {
        assert_eq!(cond.width(), 1, "select condition must be i1");
        if cond.one.bit(0) {
            if_true.clone()
        } else if cond.zero.bit(0) {
            if_false.clone()
        } else {
            if_true.merge(if_false)
        }
    }
}

impl fmt::Debug for KnownBits {
    /// `KnownBits(i4 01??)`: bits from the most significant, `?` unknown,
    /// `!` contradictory; masks in hex above 256 bits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.width();
        if width > 256 || self.zero.width() != self.one.width() {
            return write!(f, "KnownBits(i{width} zero={} one={})", self.zero, self.one);
        }
        write!(f, "KnownBits(i{width} ")?;
        for i in (0..width).rev() {
            let c = match (self.zero.bit(i), self.one.bit(i)) {
                (false, false) => '?',
                (true, false) => '0',
                (false, true) => '1',
                (true, true) => '!',
            };
            write!(f, "{c}")?;
        }
        write!(f, ")")
    }
}

impl fmt::Display for KnownBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
#[path = "lattice_tests.rs"]
mod tests;
