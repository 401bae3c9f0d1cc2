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

use std::cmp::Ordering;
use std::fmt;

pub use super::apint::ApInt;
use super::apint::{WORD_BITS, low_ones};

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

/// Which shift-amount residues modulo the width a funnel shift may use.
enum Residues {
    /// Width `2^k`: the residue is the low `k` bits of the amount, whose known
    /// bits are `zero`/`one` under `mask`.
    LowBits { zero: u64, one: u64, mask: u64 },
    /// A constant amount: exactly this residue.
    Exactly(u32),
    /// The amount is below the width: the residue is the amount itself.
    Below,
    /// Unknown: every residue.
    Any,
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

    // -- bitwise ------------------------------------------------------------

    /// `~a`: swap the masks. Exact.
    pub fn not(&self) -> KnownBits {
        KnownBits { zero: self.one.clone(), one: self.zero.clone() }
    }

    /// `a & b`: 0 where either is 0, 1 where both are 1. Exact.
    pub fn and(&self, rhs: &KnownBits) -> KnownBits {
        KnownBits { zero: self.zero.or(&rhs.zero), one: self.one.and(&rhs.one) }
    }

    /// `a | b`: 1 where either is 1, 0 where both are 0. Exact.
    pub fn or(&self, rhs: &KnownBits) -> KnownBits {
        KnownBits { zero: self.zero.and(&rhs.zero), one: self.one.or(&rhs.one) }
    }

    /// `a ^ b`: known where both are known, with value `a.one ^ b.one`.
    /// Exact.
    pub fn xor(&self, rhs: &KnownBits) -> KnownBits {
        let known = self.known_mask().and(&rhs.known_mask());
        KnownBits::from_value_known(&self.one.xor(&rhs.one), &known)
    }

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

    // -- mul / div / rem ----------------------------------------------------

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

    // -- shifts -------------------------------------------------------------

    /// `shl` by `s < width`, no flags: masks shifted, low `s` bits known 0.
    fn shl_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.shl(s).or(&ApInt::low_bits_set(self.width(), s)), one: self.one.shl(s) }
    }

    /// `lshr` by `s < width`, no flags: masks shifted, high `s` bits known 0.
    fn lshr_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.lshr(s).or(&ApInt::high_bits_set(self.width(), s)), one: self.one.lshr(s) }
    }

    /// `ashr` by `s < width`, no flags: both masks shifted arithmetically, so
    /// a known sign bit is replicated and an unknown one stays unknown.
    fn ashr_raw(&self, s: u32) -> KnownBits {
        KnownBits { zero: self.zero.ashr(s), one: self.one.ashr(s) }
    }

    /// `shl` by `s < width` restricted to the operands for which `flags`
    /// hold; `None` when there are none (the shift is always poison).
    ///
    /// `nuw` needs the top `s` bits zero; `nsw` needs the top `s + 1` bits
    /// equal; both together need the top `s + 1` bits zero. Only bit
    /// `w - 1 - s` of those survives the shift, so the restriction is
    /// applied to it alone.
    fn shl_one(&self, s: u32, flags: WrapFlags) -> Option<KnownBits> {
        let width = self.width();
        if s == 0 || !(flags.nuw || flags.nsw) {
            return Some(self.shl_raw(s));
        }
        if !flags.nsw {
            if self.one.intersects(&ApInt::high_bits_set(width, s)) {
                return None;
            }
            return Some(self.shl_raw(s));
        }
        let top = ApInt::high_bits_set(width, s + 1);
        let has_one = self.one.intersects(&top);
        let has_zero = self.zero.intersects(&top);
        let must_be_zero = flags.nuw || has_zero;
        if has_one && must_be_zero {
            return None;
        }
        let mut src = self.clone();
        if must_be_zero {
            src.zero.set_bit(width - 1 - s);
        } else if has_one {
            src.one.set_bit(width - 1 - s);
        }
        Some(src.shl_raw(s))
    }

    /// `lshr`/`ashr` by `s < width` restricted to the operands for which
    /// `exact` holds (low `s` bits zero); `None` when there are none.
    fn right_shift_one(&self, s: u32, exact: bool, arithmetic: bool) -> Option<KnownBits> {
        if exact && self.one.intersects(&ApInt::low_bits_set(self.width(), s)) {
            return None;
        }
        Some(if arithmetic { self.ashr_raw(s) } else { self.lshr_raw(s) })
    }

    /// `shl` by the constant `amount` with optional `nuw`/`nsw`.
    ///
    /// Rule: shift both masks left; the vacated low bits are known 0. With
    /// flags, only operands whose shift does not overflow count (see
    /// [`KnownBits::shl`]). `amount >= width` (poison) gives unknown. Exact.
    pub fn shl_const(&self, amount: u64, flags: WrapFlags) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => self.shl_one(s, flags).unwrap_or_else(|| KnownBits::unknown(self.width())),
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// `lshr` by the constant `amount` (optionally `exact`).
    ///
    /// Rule: shift both masks right; the vacated high bits are known 0.
    /// `amount >= width` (poison) gives unknown. Exact.
    pub fn lshr_const(&self, amount: u64, exact: bool) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => {
                self.right_shift_one(s, exact, false).unwrap_or_else(|| KnownBits::unknown(self.width()))
            }
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// `ashr` by the constant `amount` (optionally `exact`).
    ///
    /// Rule: shift both masks right arithmetically (the sign bit's fact, if
    /// any, fills the vacated bits). `amount >= width` (poison) gives
    /// unknown. Exact.
    pub fn ashr_const(&self, amount: u64, exact: bool) -> KnownBits {
        match u32::try_from(amount) {
            Ok(s) if s < self.width() => {
                self.right_shift_one(s, exact, true).unwrap_or_else(|| KnownBits::unknown(self.width()))
            }
            Ok(_) | Err(_) => KnownBits::unknown(self.width()),
        }
    }

    /// Merge of `f(s)` over every shift amount `s < width` admitted by
    /// `amount` (amounts `>= width` are poison and skipped; `f` returns
    /// `None` for amounts that are always poison). Unknown when no amount
    /// remains. Stops early once the merge is unknown.
    fn merge_over_amounts(width: u32, amount: &KnownBits, f: impl Fn(u32) -> Option<KnownBits>) -> KnownBits {
        let Some(lo) = amount.min_value().to_u64().filter(|&v| v < u64::from(width)) else {
            return KnownBits::unknown(width);
        };
        let hi = amount.max_value().to_u64().map_or(u64::from(width - 1), |v| v.min(u64::from(width - 1)));
        let mut acc: Option<KnownBits> = None;
        for s in lo..=hi {
            if !amount.admits_u64(s) {
                continue;
            }
            if let Some(r) = f(s as u32) {
                let merged = match acc {
                    None => r,
                    Some(a) => a.merge(&r),
                };
                if merged.is_unknown() {
                    return merged;
                }
                acc = Some(merged);
            }
        }
        acc.unwrap_or_else(|| KnownBits::unknown(width))
    }

    /// `shl` by a variable amount with optional `nuw`/`nsw`.
    ///
    /// Rule: the merge, over every amount `s < width` the amount admits, of
    /// the shift by `s` restricted to the operands that do not overflow under
    /// the flags (`nuw`: top `s` bits zero; `nsw`: top `s + 1` bits equal).
    /// Amounts `>= width` are poison and contribute nothing; if nothing
    /// remains the result is unknown. Exact.
    pub fn shl(&self, amount: &KnownBits, flags: WrapFlags) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.shl_one(s, flags))
    }

    /// `lshr` by a variable amount (optionally `exact`: low `s` bits zero).
    /// Rule: merge over the admitted amounts `s < width` as for
    /// [`KnownBits::shl`]. Exact.
    pub fn lshr(&self, amount: &KnownBits, exact: bool) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.right_shift_one(s, exact, false))
    }

    /// `ashr` by a variable amount (optionally `exact`). Rule: merge over the
    /// admitted amounts `s < width` as for [`KnownBits::shl`]. Exact.
    pub fn ashr(&self, amount: &KnownBits, exact: bool) -> KnownBits {
        KnownBits::merge_over_amounts(self.width(), amount, |s| self.right_shift_one(s, exact, true))
    }

    // -- width changes ------------------------------------------------------

    /// `zext` to `width`: the new high bits are known 0. Exact.
    pub fn zext(&self, width: u32) -> KnownBits {
        let old = self.width();
        KnownBits { zero: self.zero.zext(width).or(&ApInt::bits_set(width, old, width)), one: self.one.zext(width) }
    }

    /// `sext` to `width`: the new high bits copy the sign bit's fact. Exact.
    pub fn sext(&self, width: u32) -> KnownBits {
        KnownBits { zero: self.zero.sext(width), one: self.one.sext(width) }
    }

    /// `trunc` to `width`: the low bits' facts. Exact.
    pub fn trunc(&self, width: u32) -> KnownBits {
        KnownBits { zero: self.zero.trunc(width), one: self.one.trunc(width) }
    }

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

    // -- bit counting -------------------------------------------------------

    /// The best box of a set of counts (each below `2^64`) at `width` bits;
    /// unknown for an empty set (no well-defined result).
    fn from_counts(width: u32, counts: impl Iterator<Item = u32>) -> KnownBits {
        let low_mask = low_ones(width);
        let (mut zero, mut one, mut any) = (low_mask, low_mask, false);
        for k in counts {
            zero &= !u64::from(k);
            one &= u64::from(k);
            any = true;
        }
        if !any {
            return KnownBits::unknown(width);
        }
        let mut zero = ApInt::new(width, zero);
        if width > WORD_BITS {
            zero = zero.or(&ApInt::bits_set(width, WORD_BITS, width));
        }
        KnownBits::from_parts(zero, ApInt::new(width, one))
    }

    /// `llvm.ctpop`. Rule: every count in
    /// `[popcount(one), width - popcount(zero)]` is reached (each unknown bit
    /// adds 0 or 1), and the common prefix of that interval is known. Exact.
    pub fn ctpop(&self) -> KnownBits {
        KnownBits::from_unsigned_bounds(
            &ApInt::new(self.width(), u64::from(self.count_min_population())),
            &ApInt::new(self.width(), u64::from(self.count_max_population())),
        )
    }

    /// `llvm.ctlz(a, zero_is_poison)`.
    ///
    /// Rule: `k < w` leading zeros are possible exactly when the top `k`
    /// bits may all be 0 (`k <= count_max_leading_zeros`) and bit
    /// `w - 1 - k` may be 1 (is not known 0); `w` is possible when the value
    /// may be zero and zero is not poison. The result is the best box of
    /// those counts (at most `w + 1` candidates, from
    /// `count_min_leading_zeros` up). Exact.
    pub fn ctlz(&self, zero_is_poison: bool) -> KnownBits {
        let width = self.width();
        let max = self.count_max_leading_zeros();
        let counts = (self.count_min_leading_zeros()..=max)
            .filter(|&k| if k == width { !zero_is_poison } else { !self.zero.bit(width - 1 - k) });
        KnownBits::from_counts(width, counts)
    }

    /// `llvm.cttz(a, zero_is_poison)`.
    ///
    /// Rule: `k < w` trailing zeros are possible exactly when the low `k`
    /// bits may all be 0 (`k <= count_max_trailing_zeros`) and bit `k` may
    /// be 1; `w` when the value may be zero and zero is not poison. The
    /// result is the best box of those counts. Exact.
    pub fn cttz(&self, zero_is_poison: bool) -> KnownBits {
        let width = self.width();
        let max = self.count_max_trailing_zeros();
        let counts = (self.count_min_trailing_zeros()..=max)
            .filter(|&k| if k == width { !zero_is_poison } else { !self.zero.bit(k) });
        KnownBits::from_counts(width, counts)
    }

    // -- permutations -------------------------------------------------------

    /// `llvm.bswap` (width a multiple of 8; LLVM requires 16): both masks
    /// byte-swapped. Exact.
    pub fn bswap(&self) -> KnownBits {
        KnownBits { zero: self.zero.byte_swap(), one: self.one.byte_swap() }
    }

    /// `llvm.bitreverse`: both masks reversed. Exact.
    pub fn bitreverse(&self) -> KnownBits {
        KnownBits { zero: self.zero.reverse_bits(), one: self.one.reverse_bits() }
    }

    // -- funnel shifts ------------------------------------------------------

    /// `llvm.fshl(a, b, amount)` with a constant amount (taken modulo the
    /// width, as the intrinsic does).
    ///
    /// Rule: with `s = amount % w`, the result is `a` when `s == 0`, else
    /// `(a << s) | (b >> (w - s))`; the two parts occupy disjoint bits, so
    /// the shifted masks are simply combined. Exact.
    pub fn fshl_const(&self, b: &KnownBits, amount: u64) -> KnownBits {
        self.zero.assert_same_width(&b.zero);
        let width = self.width();
        let s = (amount % u64::from(width)) as u32;
        if s == 0 { self.clone() } else { self.shl_raw(s).or(&b.lshr_raw(width - s)) }
    }

    /// `llvm.fshr(a, b, amount)` with a constant amount (modulo the width).
    ///
    /// Rule: with `s = amount % w`, the result is `b` when `s == 0`, else
    /// `(a << (w - s)) | (b >> s)`. Exact.
    pub fn fshr_const(&self, b: &KnownBits, amount: u64) -> KnownBits {
        self.zero.assert_same_width(&b.zero);
        let width = self.width();
        let s = (amount % u64::from(width)) as u32;
        if s == 0 { b.clone() } else { self.shl_raw(width - s).or(&b.lshr_raw(s)) }
    }

    /// Which residues `amount % width` are possible.
    fn residues(amount: &KnownBits, width: u32) -> Residues {
        if width.is_power_of_two() {
            let mask = u64::from(width - 1);
            Residues::LowBits { zero: amount.zero.low_u64() & mask, one: amount.one.low_u64() & mask, mask }
        } else if let Some(c) = amount.constant() {
            // Widen so that `width` is representable whatever the amount's width.
            let wide = c.width().max(33);
            let r = c.zext(wide).urem(&ApInt::new(wide, u64::from(width)));
            Residues::Exactly(r.low_u64() as u32)
        } else if amount.max_value().to_u64().is_some_and(|m| m < u64::from(width)) {
            Residues::Below
        } else {
            Residues::Any
        }
    }

    /// Merge of `f(s)` over every residue `s` of `amount` modulo `width`.
    fn merge_over_residues(width: u32, amount: &KnownBits, f: impl Fn(u32) -> KnownBits) -> KnownBits {
        let residues = KnownBits::residues(amount, width);
        let mut acc: Option<KnownBits> = None;
        for s in 0..width {
            let possible = match residues {
                Residues::LowBits { zero, one, mask } => {
                    let s = u64::from(s);
                    s & zero == 0 && one & !s & mask == 0
                }
                Residues::Exactly(r) => s == r,
                Residues::Below => amount.admits_u64(u64::from(s)),
                Residues::Any => true,
            };
            if !possible {
                continue;
            }
            let r = f(s);
            let merged = match acc {
                None => r,
                Some(a) => a.merge(&r),
            };
            if merged.is_unknown() {
                return merged;
            }
            acc = Some(merged);
        }
        acc.unwrap_or_else(|| KnownBits::unknown(width))
    }

    /// `llvm.fshl(a, b, amount)` with a variable amount.
    ///
    /// Rule: merge of [`KnownBits::fshl_const`] over the possible residues
    /// `amount % w`. For power-of-two widths the residue is the low
    /// `log2 w` bits of the amount, so the residue set (and the result) is
    /// exact; for other widths a non-constant amount whose maximum reaches
    /// `w` is treated as any residue (sound, imprecise).
    pub fn fshl(&self, b: &KnownBits, amount: &KnownBits) -> KnownBits {
        KnownBits::merge_over_residues(self.width(), amount, |s| self.fshl_const(b, u64::from(s)))
    }

    /// `llvm.fshr(a, b, amount)` with a variable amount. Rule: merge of
    /// [`KnownBits::fshr_const`] over the possible residues, as for
    /// [`KnownBits::fshl`].
    pub fn fshr(&self, b: &KnownBits, amount: &KnownBits) -> KnownBits {
        KnownBits::merge_over_residues(self.width(), amount, |s| self.fshr_const(b, u64::from(s)))
    }

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
