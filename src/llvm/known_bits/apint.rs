//! `ApInt`: a fixed-width integer (inline up to 64 bits, heap above) for the known-bits lattice.

use std::cmp::Ordering;
use std::fmt;

/// Number of bits in one storage word.
pub(super) const WORD_BITS: u32 = 64;

/// Number of 64-bit words needed for `width` bits.
#[inline]
pub(super) fn words_for(width: u32) -> usize {
    width.div_ceil(WORD_BITS) as usize
}

/// Mask of the valid bits of the most significant storage word.
#[inline]
pub(super) fn top_word_mask(width: u32) -> u64 {
    match width % WORD_BITS {
        0 => u64::MAX,
        r => (1u64 << r) - 1,
    }
}

/// A `u64` with its low `n` bits set (`n` may be 64 or more).
#[inline]
pub(super) fn low_ones(n: u32) -> u64 {
    if n >= WORD_BITS { u64::MAX } else { (1u64 << n) - 1 }
}

/// A fixed-width two's-complement bit vector (LLVM's `APInt`, reduced to what
/// the known-bits lattice needs).
///
/// The value is stored unsigned; signed operations interpret bit `width - 1`
/// as the sign. Arithmetic wraps modulo `2^width` unless the name says
/// otherwise. Widths `1..=64` are stored inline; wider ones on the heap.
/// Operations on two values require equal widths (checked with `assert!`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    pub(super) store: Store,
}

/// Storage of an [`ApInt`]: `Inline` exactly when `width <= 64`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum Store {
    Inline(u64),
    Heap(Box<[u64]>),
}

impl ApInt {
    /// Widest value stored inline (without a heap allocation).
    pub const MAX_INLINE_WIDTH: u32 = WORD_BITS;

    /// Builds a value word by word: `f(i)` gives word `i` (least significant
    /// first). Bits above `width` are cleared.
    #[inline]
    pub(super) fn from_fn(width: u32, mut f: impl FnMut(usize) -> u64) -> Self {
        assert!(width > 0, "ApInt width must be at least 1");
        if width <= WORD_BITS {
            ApInt { width, store: Store::Inline(f(0) & top_word_mask(width)) }
        } else {
            let n = words_for(width);
            let mut words: Box<[u64]> = (0..n).map(f).collect();
            words[n - 1] &= top_word_mask(width);
            ApInt { width, store: Store::Heap(words) }
        }
    }

    /// The storage words, least significant first.
    #[inline]
    pub(super) fn words(&self) -> &[u64] {
        match &self.store {
            Store::Inline(v) => std::slice::from_ref(v),
            Store::Heap(w) => w,
        }
    }

    #[inline]
    pub(super) fn words_mut(&mut self) -> &mut [u64] {
        match &mut self.store {
            Store::Inline(v) => std::slice::from_mut(v),
            Store::Heap(w) => w,
        }
    }

    /// Word `i`, or 0 past the end.
    #[inline]
    pub(super) fn word(&self, i: usize) -> u64 {
        self.words().get(i).copied().unwrap_or(0)
    }

    #[inline]
    pub(super) fn assert_same_width(&self, other: &ApInt) {
        assert_eq!(self.width, other.width, "ApInt width mismatch");
    }

    /// Applies `f` word-wise to two values of the same width.
    #[inline]
    pub(super) fn zip(&self, other: &ApInt, f: impl Fn(u64, u64) -> u64) -> ApInt {
        self.assert_same_width(other);
        match (&self.store, &other.store) {
            (Store::Inline(a), Store::Inline(b)) => {
                ApInt { width: self.width, store: Store::Inline(f(*a, *b) & top_word_mask(self.width)) }
            }
            _ => ApInt::from_fn(self.width, |i| f(self.word(i), other.word(i))),
        }
    }

    // -- constructors -------------------------------------------------------

    /// `value` truncated to `width` bits.
    pub fn new(width: u32, value: u64) -> ApInt {
        ApInt::from_fn(width, |i| if i == 0 { value } else { 0 })
    }

    /// `value` sign-extended (or truncated) to `width` bits.
    pub fn from_i64(width: u32, value: i64) -> ApInt {
        let fill = if value < 0 { u64::MAX } else { 0 };
        ApInt::from_fn(width, |i| if i == 0 { value as u64 } else { fill })
    }

    /// `value` truncated to `width` bits.
    pub fn from_u128(width: u32, value: u128) -> ApInt {
        ApInt::from_fn(width, |i| match i {
            0 => value as u64,
            1 => (value >> 64) as u64,
            _ => 0,
        })
    }

    /// The value whose words (least significant first) are `words`, missing
    /// words being zero; truncated to `width` bits.
    pub fn from_words(width: u32, words: &[u64]) -> ApInt {
        ApInt::from_fn(width, |i| words.get(i).copied().unwrap_or(0))
    }

    /// Zero.
    pub fn zero(width: u32) -> ApInt {
        ApInt::from_fn(width, |_| 0)
    }

    /// All bits set (unsigned maximum, signed -1).
    pub fn all_ones(width: u32) -> ApInt {
        ApInt::from_fn(width, |_| u64::MAX)
    }

    /// Bits `lo..hi` set (`lo <= hi <= width`).
    pub fn bits_set(width: u32, lo: u32, hi: u32) -> ApInt {
        assert!(lo <= hi && hi <= width, "bit range {lo}..{hi} out of i{width}");
        ApInt::from_fn(width, |i| {
            let base = i as u32 * WORD_BITS;
            let l = lo.saturating_sub(base);
            let h = hi.saturating_sub(base);
            low_ones(h) & !low_ones(l)
        })
    }

    /// The low `n` bits set (`n <= width`).
    pub fn low_bits_set(width: u32, n: u32) -> ApInt {
        ApInt::bits_set(width, 0, n)
    }

    /// The high `n` bits set (`n <= width`).
    pub fn high_bits_set(width: u32, n: u32) -> ApInt {
        assert!(n <= width, "{n} high bits out of i{width}");
        ApInt::bits_set(width, width - n, width)
    }

    /// Only bit `bit` set.
    pub fn single_bit(width: u32, bit: u32) -> ApInt {
        assert!(bit < width, "bit {bit} out of i{width}");
        ApInt::bits_set(width, bit, bit + 1)
    }

    /// The most negative signed value (only the sign bit set).
    pub fn signed_min_value(width: u32) -> ApInt {
        ApInt::single_bit(width, width - 1)
    }

    /// The most positive signed value (all bits but the sign bit set).
    pub fn signed_max_value(width: u32) -> ApInt {
        ApInt::low_bits_set(width, width - 1)
    }

    // -- queries ------------------------------------------------------------

    /// The bit width.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// Whether every bit is set.
    pub fn is_all_ones(&self) -> bool {
        self.count_ones() == self.width
    }

    /// Bit `bit` (`bit < width`).
    #[inline]
    pub fn bit(&self, bit: u32) -> bool {
        assert!(bit < self.width, "bit {bit} out of i{}", self.width);
        (self.word((bit / WORD_BITS) as usize) >> (bit % WORD_BITS)) & 1 == 1
    }

    /// Sets bit `bit` to 1.
    #[inline]
    pub fn set_bit(&mut self, bit: u32) {
        assert!(bit < self.width, "bit {bit} out of i{}", self.width);
        self.words_mut()[(bit / WORD_BITS) as usize] |= 1u64 << (bit % WORD_BITS);
    }

    /// Sets bit `bit` to 0.
    #[inline]
    pub fn clear_bit(&mut self, bit: u32) {
        assert!(bit < self.width, "bit {bit} out of i{}", self.width);
        self.words_mut()[(bit / WORD_BITS) as usize] &= !(1u64 << (bit % WORD_BITS));
    }

    /// Whether the sign bit (bit `width - 1`) is set.
    #[inline]
    pub fn is_negative(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// Whether exactly one bit is set.
    pub fn is_power_of_two(&self) -> bool {
        self.count_ones() == 1
    }

    /// `log2(self)` when `self` is a power of two.
    pub fn exact_log2(&self) -> Option<u32> {
        self.is_power_of_two().then(|| self.trailing_zeros())
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> u32 {
        self.words().iter().map(|w| w.count_ones()).sum()
    }

    /// Number of zero bits above the highest set bit (`width` for zero).
    pub fn leading_zeros(&self) -> u32 {
        let pad = words_for(self.width) as u32 * WORD_BITS - self.width;
        let mut count = 0;
        for &w in self.words().iter().rev() {
            if w != 0 {
                return count + w.leading_zeros() - pad;
            }
            count += WORD_BITS;
        }
        self.width
    }

    /// Number of set bits above the highest zero bit (`width` for all ones).
    pub fn leading_ones(&self) -> u32 {
        self.not().leading_zeros()
    }

    /// Number of zero bits below the lowest set bit (`width` for zero).
    pub fn trailing_zeros(&self) -> u32 {
        let mut count = 0;
        for &w in self.words() {
            if w != 0 {
                return count + w.trailing_zeros();
            }
            count += WORD_BITS;
        }
        self.width
    }

    /// Number of set bits below the lowest zero bit (`width` for all ones).
    pub fn trailing_ones(&self) -> u32 {
        let mut count = 0;
        for &w in self.words() {
            if w != u64::MAX {
                return (count + w.trailing_ones()).min(self.width);
            }
            count += WORD_BITS;
        }
        self.width
    }

    /// Bits needed to hold the value unsigned: `width - leading_zeros`.
    pub fn active_bits(&self) -> u32 {
        self.width - self.leading_zeros()
    }

    /// The value, when it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        (self.active_bits() <= 64).then(|| self.word(0))
    }

    /// The value, when it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        (self.active_bits() <= 128).then(|| u128::from(self.word(0)) | u128::from(self.word(1)) << 64)
    }

    /// The low 64 bits (zero-extended when `width < 64`).
    #[inline]
    pub fn low_u64(&self) -> u64 {
        self.word(0)
    }

    /// Whether every set bit of `self` is set in `other`.
    pub fn is_subset_of(&self, other: &ApInt) -> bool {
        self.assert_same_width(other);
        self.words().iter().zip(other.words()).all(|(a, b)| a & !b == 0)
    }

    /// Whether `self` and `other` share a set bit.
    pub fn intersects(&self, other: &ApInt) -> bool {
        self.assert_same_width(other);
        self.words().iter().zip(other.words()).any(|(a, b)| a & b != 0)
    }

    // -- bitwise ------------------------------------------------------------

    /// Bitwise AND.
    #[inline]
    pub fn and(&self, other: &ApInt) -> ApInt {
        self.zip(other, |a, b| a & b)
    }

    /// Bitwise OR.
    #[inline]
    pub fn or(&self, other: &ApInt) -> ApInt {
        self.zip(other, |a, b| a | b)
    }

    /// Bitwise XOR.
    #[inline]
    pub fn xor(&self, other: &ApInt) -> ApInt {
        self.zip(other, |a, b| a ^ b)
    }

    /// `self & !other`.
    #[inline]
    pub fn and_not(&self, other: &ApInt) -> ApInt {
        self.zip(other, |a, b| a & !b)
    }

    /// Bitwise NOT.
    #[inline]
    pub fn not(&self) -> ApInt {
        match self.store {
            Store::Inline(v) => ApInt { width: self.width, store: Store::Inline(!v & top_word_mask(self.width)) },
            Store::Heap(_) => ApInt::from_fn(self.width, |i| !self.word(i)),
        }
    }

    // -- shifts -------------------------------------------------------------

    /// Logical left shift; `amount >= width` gives zero.
    pub fn shl(&self, amount: u32) -> ApInt {
        if amount >= self.width {
            return ApInt::zero(self.width);
        }
        if let Store::Inline(v) = self.store {
            return ApInt::new(self.width, v << amount);
        }
        let ws = (amount / WORD_BITS) as usize;
        let bs = amount % WORD_BITS;
        ApInt::from_fn(self.width, |i| {
            if i < ws {
                return 0;
            }
            let hi = self.word(i - ws);
            if bs == 0 {
                hi
            } else {
                let lo = if i > ws { self.word(i - ws - 1) } else { 0 };
                (hi << bs) | (lo >> (WORD_BITS - bs))
            }
        })
    }

    /// Logical right shift; `amount >= width` gives zero.
    pub fn lshr(&self, amount: u32) -> ApInt {
        if amount >= self.width {
            return ApInt::zero(self.width);
        }
        if let Store::Inline(v) = self.store {
            return ApInt::new(self.width, v >> amount);
        }
        let ws = (amount / WORD_BITS) as usize;
        let bs = amount % WORD_BITS;
        ApInt::from_fn(self.width, |i| {
            let lo = self.word(i + ws);
            if bs == 0 { lo } else { (lo >> bs) | (self.word(i + ws + 1) << (WORD_BITS - bs)) }
        })
    }

    /// Arithmetic right shift; `amount >= width` gives all sign bits.
    pub fn ashr(&self, amount: u32) -> ApInt {
        if !self.is_negative() {
            return self.lshr(amount);
        }
        let amount = amount.min(self.width);
        if let Store::Inline(v) = self.store {
            let pad = WORD_BITS - self.width;
            let extended = ((v << pad) as i64) >> pad;
            return ApInt::new(self.width, (extended >> amount.min(63)) as u64);
        }
        self.lshr(amount).or(&ApInt::high_bits_set(self.width, amount))
    }

    // -- arithmetic ---------------------------------------------------------

    /// `self + other + carry_in` modulo `2^width`, and the carry out of the
    /// top bit.
    pub fn carrying_add(&self, other: &ApInt, carry_in: bool) -> (ApInt, bool) {
        self.assert_same_width(other);
        let width = self.width;
        if let (Store::Inline(a), Store::Inline(b)) = (&self.store, &other.store) {
            let (s1, c1) = a.overflowing_add(*b);
            let (s2, c2) = s1.overflowing_add(u64::from(carry_in));
            // Below 64 bits the sum cannot overflow the word: read the carry
            // from bit `width`.
            let carry = if width == WORD_BITS { c1 | c2 } else { (s2 >> width) & 1 == 1 };
            return (ApInt::new(width, s2), carry);
        }
        let n = words_for(width);
        let mut carry = carry_in;
        let mut out = vec![0u64; n];
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.word(i).overflowing_add(other.word(i));
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 | c2;
        }
        let carry_out = match width % WORD_BITS {
            0 => carry,
            r => (out[n - 1] >> r) & 1 == 1,
        };
        (ApInt::from_words(width, &out), carry_out)
    }

    /// `self + other` modulo `2^width`.
    #[inline]
    pub fn wrapping_add(&self, other: &ApInt) -> ApInt {
        self.carrying_add(other, false).0
    }

    /// `self - other` modulo `2^width` (computed as `self + !other + 1`).
    #[inline]
    pub fn wrapping_sub(&self, other: &ApInt) -> ApInt {
        self.carrying_add(&other.not(), true).0
    }

    /// `-self` modulo `2^width`.
    pub fn wrapping_neg(&self) -> ApInt {
        ApInt::zero(self.width).wrapping_sub(self)
    }

    /// `self * other` modulo `2^width` (schoolbook on 64-bit words).
    pub fn wrapping_mul(&self, other: &ApInt) -> ApInt {
        self.assert_same_width(other);
        if let (Store::Inline(a), Store::Inline(b)) = (&self.store, &other.store) {
            return ApInt::new(self.width, a.wrapping_mul(*b));
        }
        let n = words_for(self.width);
        let mut out = vec![0u64; n];
        for i in 0..n {
            let a = u128::from(self.word(i));
            if a == 0 {
                continue;
            }
            let mut carry = 0u128;
            for j in 0..n - i {
                let t = a * u128::from(other.word(j)) + u128::from(out[i + j]) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        ApInt::from_words(self.width, &out)
    }

    /// `self * other` modulo `2^width`, and whether the exact unsigned
    /// product needs more than `width` bits.
    pub fn overflowing_umul(&self, other: &ApInt) -> (ApInt, bool) {
        self.assert_same_width(other);
        if let (Store::Inline(a), Store::Inline(b)) = (&self.store, &other.store) {
            let p = u128::from(*a) * u128::from(*b);
            return (ApInt::new(self.width, p as u64), p >> self.width != 0);
        }
        let wide = 2 * self.width;
        let p = self.zext(wide).wrapping_mul(&other.zext(wide));
        let overflow = p.active_bits() > self.width;
        (p.trunc(self.width), overflow)
    }

    /// Unsigned quotient and remainder. Panics on division by zero.
    pub fn udivrem(&self, divisor: &ApInt) -> (ApInt, ApInt) {
        self.assert_same_width(divisor);
        assert!(!divisor.is_zero(), "ApInt division by zero");
        if let (Store::Inline(a), Store::Inline(b)) = (&self.store, &divisor.store) {
            return (ApInt::new(self.width, a / b), ApInt::new(self.width, a % b));
        }
        if self.ult(divisor) {
            return (ApInt::zero(self.width), self.clone());
        }
        // Restoring long division, one bit per step. The partial remainder
        // is kept one bit wider than `width` so the shift cannot lose a bit.
        let wide = self.width + 1;
        let d = divisor.zext(wide);
        let mut rem = ApInt::zero(wide);
        let mut quot = ApInt::zero(self.width);
        for i in (0..self.width).rev() {
            rem = rem.shl(1);
            if self.bit(i) {
                rem.set_bit(0);
            }
            if rem.uge(&d) {
                rem = rem.wrapping_sub(&d);
                quot.set_bit(i);
            }
        }
        (quot, rem.trunc(self.width))
    }

    /// Unsigned quotient. Panics on division by zero.
    pub fn udiv(&self, divisor: &ApInt) -> ApInt {
        self.udivrem(divisor).0
    }

    /// Unsigned remainder. Panics on division by zero.
    pub fn urem(&self, divisor: &ApInt) -> ApInt {
        self.udivrem(divisor).1
    }

    /// Magnitude of the signed value, as an unsigned value of the same width
    /// (`|INT_MIN| = 2^(width-1)` is representable unsigned).
    pub fn unsigned_abs(&self) -> ApInt {
        if self.is_negative() { self.wrapping_neg() } else { self.clone() }
    }

    /// Signed quotient rounded toward zero (`INT_MIN / -1` wraps to
    /// `INT_MIN`). Panics on division by zero.
    pub fn sdiv(&self, divisor: &ApInt) -> ApInt {
        let q = self.unsigned_abs().udiv(&divisor.unsigned_abs());
        if self.is_negative() != divisor.is_negative() { q.wrapping_neg() } else { q }
    }

    /// Signed remainder with the sign of the dividend. Panics on division by
    /// zero.
    pub fn srem(&self, divisor: &ApInt) -> ApInt {
        let r = self.unsigned_abs().urem(&divisor.unsigned_abs());
        if self.is_negative() { r.wrapping_neg() } else { r }
    }

    // -- comparisons --------------------------------------------------------

    /// Unsigned comparison.
    pub fn cmp_unsigned(&self, other: &ApInt) -> Ordering {
        self.assert_same_width(other);
        for (a, b) in self.words().iter().zip(other.words()).rev() {
            match a.cmp(b) {
                Ordering::Equal => {}
                ord @ (Ordering::Less | Ordering::Greater) => return ord,
            }
        }
        Ordering::Equal
    }

    /// Signed (two's complement) comparison.
    pub fn cmp_signed(&self, other: &ApInt) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (true, true) | (false, false) => self.cmp_unsigned(other),
        }
    }

    /// Unsigned `<`.
    pub fn ult(&self, other: &ApInt) -> bool {
        self.cmp_unsigned(other) == Ordering::Less
    }

    /// Unsigned `<=`.
    pub fn ule(&self, other: &ApInt) -> bool {
        self.cmp_unsigned(other) != Ordering::Greater
    }

    /// Unsigned `>`.
    pub fn ugt(&self, other: &ApInt) -> bool {
        self.cmp_unsigned(other) == Ordering::Greater
    }

    /// Unsigned `>=`.
    pub fn uge(&self, other: &ApInt) -> bool {
        self.cmp_unsigned(other) != Ordering::Less
    }

    /// Signed `<`.
    pub fn slt(&self, other: &ApInt) -> bool {
        self.cmp_signed(other) == Ordering::Less
    }

    /// Signed `<=`.
    pub fn sle(&self, other: &ApInt) -> bool {
        self.cmp_signed(other) != Ordering::Greater
    }

    /// Signed `>`.
    pub fn sgt(&self, other: &ApInt) -> bool {
        self.cmp_signed(other) == Ordering::Greater
    }

    /// Signed `>=`.
    pub fn sge(&self, other: &ApInt) -> bool {
        self.cmp_signed(other) != Ordering::Less
    }

    /// Unsigned minimum.
    pub fn umin(&self, other: &ApInt) -> ApInt {
        if self.ule(other) { self.clone() } else { other.clone() }
    }

    /// Unsigned maximum.
    pub fn umax(&self, other: &ApInt) -> ApInt {
        if self.uge(other) { self.clone() } else { other.clone() }
    }

    /// Signed minimum.
    pub fn smin(&self, other: &ApInt) -> ApInt {
        if self.sle(other) { self.clone() } else { other.clone() }
    }

    /// Signed maximum.
    pub fn smax(&self, other: &ApInt) -> ApInt {
        if self.sge(other) { self.clone() } else { other.clone() }
    }

    // -- width changes ------------------------------------------------------

    /// The low `width` bits (`width <= self.width()`).
    pub fn trunc(&self, width: u32) -> ApInt {
        assert!(width <= self.width, "trunc i{} to wider i{width}", self.width);
        ApInt::from_fn(width, |i| self.word(i))
    }

    /// Zero extension to `width >= self.width()`.
    pub fn zext(&self, width: u32) -> ApInt {
        assert!(width >= self.width, "zext i{} to narrower i{width}", self.width);
        ApInt::from_fn(width, |i| self.word(i))
    }

    /// Sign extension to `width >= self.width()`.
    pub fn sext(&self, width: u32) -> ApInt {
        let wide = self.zext(width);
        if self.is_negative() { wide.or(&ApInt::bits_set(width, self.width, width)) } else { wide }
    }

    // -- permutations -------------------------------------------------------

    /// Bit `i` moves to bit `width - 1 - i`.
    pub fn reverse_bits(&self) -> ApInt {
        let n = words_for(self.width);
        let pad = n as u32 * WORD_BITS - self.width;
        if let Store::Inline(v) = self.store {
            return ApInt::new(self.width, v.reverse_bits() >> pad);
        }
        // Reverse the padded word array, then drop the padding.
        let full = ApInt::from_fn(n as u32 * WORD_BITS, |i| self.word(n - 1 - i).reverse_bits());
        full.lshr(pad).trunc(self.width)
    }

    /// Byte `i` moves to byte `width / 8 - 1 - i`. Requires `width % 8 == 0`.
    pub fn byte_swap(&self) -> ApInt {
        assert!(self.width.is_multiple_of(8), "byte swap of i{}", self.width);
        if let Store::Inline(v) = self.store {
            return ApInt::new(self.width, v.swap_bytes() >> (WORD_BITS - self.width));
        }
        let nbytes = (self.width / 8) as usize;
        let byte = |k: usize| (self.word(k / 8) >> (8 * (k % 8))) & 0xff;
        ApInt::from_fn(self.width, |i| {
            (0..8).filter(|b| i * 8 + b < nbytes).fold(0u64, |acc, b| acc | byte(nbytes - 1 - (i * 8 + b)) << (8 * b))
        })
    }

    fn write_hex(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        let mut started = false;
        for (i, &w) in self.words().iter().enumerate().rev() {
            if started {
                write!(f, "{w:016x}")?;
            } else if w != 0 || i == 0 {
                write!(f, "{w:x}")?;
                started = true;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for ApInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "i{} ", self.width)?;
        self.write_hex(f)
    }
}

impl fmt::Display for ApInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_hex(f)
    }
}

// ---------------------------------------------------------------------------
// Flags and predicates
// ---------------------------------------------------------------------------
