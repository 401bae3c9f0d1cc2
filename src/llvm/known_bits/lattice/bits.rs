//! Bit-level transfer functions of the known-bits lattice: the bitwise logic operations
//! (`not`, `and`, `or`, `xor`), bit counting (`llvm.ctpop`, `llvm.ctlz`, `llvm.cttz`) and the
//! bit permutations (`llvm.bswap`, `llvm.bitreverse`).

use super::super::apint::{WORD_BITS, low_ones};
use super::{ApInt, KnownBits};

impl KnownBits {
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
}
