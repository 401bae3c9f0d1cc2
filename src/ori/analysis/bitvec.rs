//! Dense, grow-only bit vector used by liveness and dominator analyses.
//!
//! This is ori's counterpart of the ptxas bit-vector library at
//! `0xBDBA60..0xBDE150` described in seed 000 ("Liveness Analysis & Dead Code
//! Elimination", section **BitVector Implementation**: *Layout*, *Core
//! Operations*, *SSE2 Loop Structure*). The fixed-point solver that drives it
//! is described in the same seed under *Dataflow Algorithm → Iterative
//! Fixed-Point Solver*: the meet is `LiveOut(B).or_if_changed(LiveIn(S))` and
//! the transfer is `LiveIn(B).or_with_and_not_if_changed(gen, LiveOut, kill)`,
//! both returning a "changed" flag that decides whether another sweep runs.
//!
//! # Layout
//!
//! A `BitVec` is a bit count plus a word array (`Vec<u64>`), mirroring the
//! seed's `{data, word_count, capacity, bit_count}` header. Two invariants hold
//! after every public operation:
//!
//! * `words.len() == ceil(bit_len / 64)`;
//! * every bit at a position `>= bit_len` in the last word is zero.
//!
//! Because of the second invariant, whole-word operations never need to mask
//! anything on the equal-length path, and `count_ones`, `is_empty`, equality
//! and hashing can look at whole words.
//!
//! **Grow-only allocation** (seed: "Reallocation occurs only when the new word
//! count exceeds the current capacity"): `ensure_bits`, `resize`,
//! `copy_from` and `clear_all` never give memory back; shrinking only lowers
//! the bit count (and zeroes the dropped bits), so a later regrow reuses the
//! allocation.
//!
//! # Word size: 64 bits
//!
//! ptxas uses 32-bit words (`i >> 5`, `i & 31`) with hand-written SSE2 loops
//! that peel an alignment prologue. ori uses **64-bit words** and lets LLVM
//! auto-vectorize plain slice loops instead:
//!
//! * The bulk operations (`|=`, `&=`, `^=`, the fused transfer function) are
//!   lane-width agnostic: LLVM emits the same 128-bit `por`/`pand`/`pandn`
//!   (or 256-bit `vpor`/`vpandn` with AVX2) whether the elements are `u32` or
//!   `u64`, so the word size does not change the vector body.
//! * Everything that is *not* vectorized runs per word, and 64-bit words halve
//!   its trip count: the scalar remainder of each vector loop, the set-bit
//!   iterator (one `trailing_zeros` + `w & (w - 1)` per bit, one zero test per
//!   64 bits), `next_set_bit`, and `count_ones` (`u64::count_ones` is a single
//!   `popcnt` with `popcnt` enabled, and otherwise a SWAR sequence that costs the
//!   same per word as the 32-bit one, i.e. half as much per bit).
//! * `extract_bits(start, len)` with `len <= 64` touches at most two words.
//! * The memory cost is the same for the register files the seed tracks: the
//!   R file (255 registers) needs 4 × `u64` = 8 × `u32` = 32 bytes; at most
//!   63 bits are wasted per vector instead of 31.
//! * No alignment prologue: `Vec<u64>` is 8-byte aligned and unaligned
//!   128/256-bit loads cost the same as aligned ones on current x86-64, so the
//!   seed's scalar prologue would only add a branch.
//!
//! # Operands of different lengths
//!
//! The destination's length is authoritative and never changes in a binary
//! operation (only `copy_from` / `assign_and` / `resize` / `ensure_bits`
//! change it). Every operand is read **as if zero-extended or truncated to
//! `self.bit_len()`**:
//!
//! * `&=` / `and_if_changed` clear the destination bits beyond the operand's
//!   length (the seed's `operator&=` "zeroes tail");
//! * `|=` / `^=` / the fused transfer ignore operand bits at positions
//!   `>= self.bit_len()`;
//! * in `or_with_and_not`, a `kill` shorter than `in_` kills nothing beyond its
//!   length;
//! * `a.is_subset_of(b)` is true set inclusion: bits of `a` beyond `b`'s length
//!   must be clear.
//!
//! Liveness and dominators use equal lengths; that path borrows the operand
//! word arrays directly. A differing length costs one temporary word array
//! per operand (`BitVec::conform`).
//!
//! # Vectorization
//!
//! Every bulk kernel first re-slices all operands to the destination's word
//! count and then walks them with `zip` or with `as_chunks::<8>()` (eight
//! words = one 64-byte cache line), so the loops carry no bounds checks and
//! LLVM vectorizes them. The `*_if_changed` forms implement the seed's
//! early-exit scan: a read-only pass OR-reduces the "would change" bits of one
//! 8-word chunk at a time; if no chunk would change, they return `false`
//! without writing memory; otherwise they apply the operation from the first
//! changing chunk to the end with no further comparisons (words of that chunk
//! before the first changing word are left as they were by the operation, so
//! starting at the chunk boundary is equivalent to starting at the word).

use std::borrow::Cow;
use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAndAssign, BitOrAssign, BitXorAssign};

/// Bits per storage word.
const WORD_BITS: usize = u64::BITS as usize;

/// Words per early-exit scan chunk (64 bytes, one cache line).
const CHUNK: usize = 8;

/// Number of words needed for `bits` bits.
#[inline]
const fn words_for(bits: usize) -> usize {
    bits.div_ceil(WORD_BITS)
}

/// Mask of the valid bits in the last word of a `bits`-bit vector
/// (all ones when `bits` is a multiple of 64).
#[inline]
const fn tail_mask(bits: usize) -> u64 {
    match bits % WORD_BITS {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

/// A dense bit vector with a grow-only word array; see the module docs.
#[derive(Default, PartialEq, Eq, Hash)]
pub struct BitVec {
    /// `ceil(len / 64)` words; bits at positions `>= len` are zero.
    words: Vec<u64>,
    /// Number of valid bits.
    len: usize,
}

impl BitVec {
    /// A vector of `bits` clear bits (seed: `allocate` + `clear`).
    /// `BitVec::default()` is the empty vector (0 bits, no allocation).
    pub fn new(bits: usize) -> Self {
        BitVec { words: vec![0; words_for(bits)], len: bits }
    }

    /// A vector of `bits` bits with exactly the positions yielded by `ones` set.
    ///
    /// Panics if a position is `>= bits`.
    pub fn from_ones<I: IntoIterator<Item = usize>>(bits: usize, ones: I) -> Self {
        let mut bv = Self::new(bits);
        for i in ones {
            bv.set(i);
        }
        bv
    }

    /// Number of valid bits.
    #[inline]
    pub fn bit_len(&self) -> usize {
        self.len
    }

    /// Bits the current allocation can hold without reallocating.
    #[inline]
    pub fn capacity_bits(&self) -> usize {
        self.words.capacity() * WORD_BITS
    }

    /// The word array: `ceil(bit_len / 64)` words, bit `i` is
    /// `words[i / 64] >> (i % 64) & 1`, bits past `bit_len` are zero.
    #[inline]
    pub fn as_words(&self) -> &[u64] {
        &self.words
    }

    /// Grows the vector to at least `bits` bits; new bits are clear. Never
    /// shrinks (seed `allocate`: "Grow-only; no shrink").
    pub fn ensure_bits(&mut self, bits: usize) {
        if bits > self.len {
            self.resize(bits);
        }
    }

    /// Sets the length to `bits`. Growing adds clear bits; shrinking drops the
    /// bits at positions `>= bits`. The allocation is never shrunk.
    pub fn resize(&mut self, bits: usize) {
        // `Vec::truncate` keeps the capacity; `Vec::resize` only reallocates
        // when the new word count exceeds it.
        self.words.resize(words_for(bits), 0);
        self.len = bits;
        self.mask_tail();
    }

    /// Zeroes the bits past `len` in the last word (restores the invariant).
    #[inline]
    fn mask_tail(&mut self) {
        let mask = tail_mask(self.len);
        if let Some(last) = self.words.last_mut() {
            *last &= mask;
        }
    }

    /// Sets bit `i` (seed `setBit`: `data[i>>5] |= 1 << (i&31)`).
    ///
    /// Panics if `i >= bit_len()`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        assert!(i < self.len, "BitVec::set: bit {i} out of range for length {}", self.len);
        self.words[i / WORD_BITS] |= 1u64 << (i % WORD_BITS);
    }

    /// Clears bit `i` (seed `clearBit`).
    ///
    /// Panics if `i >= bit_len()`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        assert!(i < self.len, "BitVec::clear: bit {i} out of range for length {}", self.len);
        self.words[i / WORD_BITS] &= !(1u64 << (i % WORD_BITS));
    }

    /// Sets bit `i` to `value`.
    ///
    /// Panics if `i >= bit_len()`.
    #[inline]
    pub fn set_to(&mut self, i: usize, value: bool) {
        if value { self.set(i) } else { self.clear(i) }
    }

    /// Tests bit `i` (seed `testBit`). Positions `>= bit_len()` read as clear.
    #[inline]
    pub fn test(&self, i: usize) -> bool {
        match self.words.get(i / WORD_BITS) {
            Some(w) => (w >> (i % WORD_BITS)) & 1 != 0,
            None => false,
        }
    }

    /// Clears every bit; keeps the length and the allocation (seed `clear`:
    /// `memset(data, 0, ...)`).
    pub fn clear_all(&mut self) {
        self.words.fill(0);
    }

    /// Sets every bit in `0..bit_len()`.
    pub fn set_all(&mut self) {
        self.words.fill(!0);
        self.mask_tail();
    }

    /// Number of set bits (seed `popcount`): sum of `u64::count_ones` per word.
    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no bit is set (the set is empty). OR-reduces one 8-word
    /// chunk at a time and stops at the first non-zero chunk.
    pub fn is_empty(&self) -> bool {
        let (chunks, rest) = self.words.as_chunks::<CHUNK>();
        chunks.iter().all(|c| c.iter().fold(0, |acc, w| acc | w) == 0) && rest.iter().all(|&w| w == 0)
    }

    /// Makes `self` an exact copy of `other`, length included (seed
    /// `operator=`: "Copy with possible realloc"); reuses the allocation when
    /// it is large enough.
    pub fn copy_from(&mut self, other: &BitVec) {
        self.words.clear();
        self.words.extend_from_slice(&other.words);
        self.len = other.len;
    }

    /// `other`'s words zero-extended or truncated to `bits` bits, borrowed
    /// when the length matches (the fast path every bulk operation takes when
    /// lengths agree), copied into a temporary otherwise.
    fn conform(&self, bits: usize) -> Cow<'_, [u64]> {
        let n = words_for(bits);
        if self.words.len() == n && self.len <= bits {
            // Same word count and no bit at or past `bits`: usable as is.
            Cow::Borrowed(&self.words)
        } else {
            let mut v = vec![0; n];
            let m = n.min(self.words.len());
            v[..m].copy_from_slice(&self.words[..m]);
            if let Some(last) = v.last_mut() {
                *last &= tail_mask(bits);
            }
            Cow::Owned(v)
        }
    }

    /// `self |= other` (seed `operator|=`, `_mm_or_si128` loop).
    pub fn or_assign(&mut self, other: &BitVec) {
        let src = other.conform(self.len);
        or_kernel(&mut self.words, &src);
    }

    /// `self &= other` (seed `operator&=`, `_mm_and_si128`; bits beyond
    /// `other`'s length are cleared).
    pub fn and_assign(&mut self, other: &BitVec) {
        let src = other.conform(self.len);
        and_kernel(&mut self.words, &src);
    }

    /// `self ^= other` (seed `operator^=`, `_mm_xor_si128`).
    pub fn xor_assign(&mut self, other: &BitVec) {
        let src = other.conform(self.len);
        let dst = &mut self.words[..];
        let src = &src[..dst.len()];
        for (d, s) in dst.iter_mut().zip(src) {
            *d ^= *s;
        }
    }

    /// `self &= !other` (set difference `self \ other`).
    pub fn and_not_assign(&mut self, other: &BitVec) {
        let src = other.conform(self.len);
        let dst = &mut self.words[..];
        let src = &src[..dst.len()];
        for (d, s) in dst.iter_mut().zip(src) {
            *d &= !*s;
        }
    }

    /// `self = a & b` with `self` taking `a`'s length (seed `assignAND`).
    /// Implemented as `copy_from(a)` followed by `&= b`.
    pub fn assign_and(&mut self, a: &BitVec, b: &BitVec) {
        self.copy_from(a);
        self.and_assign(b);
    }

    /// `self |= other`, returning whether any bit changed (seed `orIfChanged`,
    /// `sub_BDCF40`): scans `other & !self` chunk by chunk; if it is zero
    /// everywhere, returns `false` without writing; otherwise ORs from the
    /// first changing chunk on without further comparisons.
    pub fn or_if_changed(&mut self, other: &BitVec) -> bool {
        let src = other.conform(self.len);
        let dst = &mut self.words[..];
        let src = &src[..dst.len()];
        match first_changing_chunk(dst, src, |d, s| s & !d) {
            None => false,
            Some(start) => {
                or_kernel(&mut dst[start..], &src[start..]);
                true
            }
        }
    }

    /// `self &= other`, returning whether any bit changed (seed
    /// `andIfChanged`, `sub_BDC790`): scans `self & !other` (the bits the AND
    /// would clear) chunk by chunk, then ANDs from the first changing chunk on.
    pub fn and_if_changed(&mut self, other: &BitVec) -> bool {
        let src = other.conform(self.len);
        let dst = &mut self.words[..];
        let src = &src[..dst.len()];
        match first_changing_chunk(dst, src, |d, s| d & !s) {
            None => false,
            Some(start) => {
                and_kernel(&mut dst[start..], &src[start..]);
                true
            }
        }
    }

    /// The fused liveness transfer `self |= gen | (in_ & !kill)` in one pass
    /// (seed `orWithAndNot`, `sub_BDD300`:
    /// `_mm_or_si128(_mm_or_si128(gen, dst), _mm_andnot_si128(kill, in))`).
    pub fn or_with_and_not(&mut self, gen_: &BitVec, in_: &BitVec, kill: &BitVec) {
        let g = gen_.conform(self.len);
        let i = in_.conform(self.len);
        let k = kill.conform(self.len);
        or_with_and_not_kernel(&mut self.words, &g, &i, &k);
    }

    /// `self |= gen | (in_ & !kill)`, returning whether any bit changed (seed
    /// `orWithAndNotIfChanged`, `sub_BDD560`, the core transfer function).
    ///
    /// Phase 1 is a read-only scan of `(gen | (in_ & !kill)) & !self` one
    /// 8-word chunk at a time; if every chunk is zero the set has converged
    /// and `false` is returned without any store. Phase 2 applies the fused
    /// update from the first changing chunk to the end with no comparisons.
    pub fn or_with_and_not_if_changed(&mut self, gen_: &BitVec, in_: &BitVec, kill: &BitVec) -> bool {
        let g = gen_.conform(self.len);
        let i = in_.conform(self.len);
        let k = kill.conform(self.len);
        let dst = &mut self.words[..];
        let n = dst.len();
        let (g, i, k) = (&g[..n], &i[..n], &k[..n]);

        // Phase 1: early-exit scan.
        let (dc, dr) = dst.as_chunks::<CHUNK>();
        let (gc, gr) = g.as_chunks::<CHUNK>();
        let (ic, ir) = i.as_chunks::<CHUNK>();
        let (kc, kr) = k.as_chunks::<CHUNK>();
        let mut start = None;
        for (c, (((d, g), i), k)) in dc.iter().zip(gc).zip(ic).zip(kc).enumerate() {
            let mut acc = 0;
            for j in 0..CHUNK {
                acc |= (g[j] | (i[j] & !k[j])) & !d[j];
            }
            if acc != 0 {
                start = Some(c * CHUNK);
                break;
            }
        }
        let start = match start {
            Some(s) => s,
            None => {
                let mut acc = 0;
                for (((d, g), i), k) in dr.iter().zip(gr).zip(ir).zip(kr) {
                    acc |= (g | (i & !k)) & !d;
                }
                if acc == 0 {
                    return false;
                }
                n - dr.len()
            }
        };

        // Phase 2: apply from the first changing chunk, no comparisons.
        or_with_and_not_kernel(&mut dst[start..], &g[start..], &i[start..], &k[start..]);
        true
    }

    /// True when every set bit of `self` is also set in `other` (seed
    /// `isSubsetOf`, `sub_BDCC20`: `(a & ~b) == 0`), with a chunked early exit.
    pub fn is_subset_of(&self, other: &BitVec) -> bool {
        let src = other.conform(self.len);
        let src = &src[..self.words.len()];
        first_changing_chunk(&self.words, src, |a, b| a & !b).is_none()
    }

    /// Bits `start .. start + len` as an integer, bit `start` in bit 0
    /// (seed `extractBits`, with cross-word handling). Positions
    /// `>= bit_len()` read as clear.
    ///
    /// Panics if `len > 64`.
    pub fn extract_bits(&self, start: usize, len: usize) -> u64 {
        assert!(len <= WORD_BITS, "BitVec::extract_bits: len {len} > 64");
        if len == 0 {
            return 0;
        }
        let word = |w: usize| self.words.get(w).copied().unwrap_or(0);
        let (w, off) = (start / WORD_BITS, start % WORD_BITS);
        let mut v = word(w) >> off;
        if off != 0 && off + len > WORD_BITS {
            v |= word(w + 1) << (WORD_BITS - off);
        }
        if len < WORD_BITS {
            v &= (1u64 << len) - 1;
        }
        v
    }

    /// Position of the first set bit at or after `from`, if any.
    pub fn next_set_bit(&self, from: usize) -> Option<usize> {
        if from >= self.len {
            return None;
        }
        let w = from / WORD_BITS;
        let first = self.words[w] & (!0u64 << (from % WORD_BITS));
        if first != 0 {
            return Some(w * WORD_BITS + first.trailing_zeros() as usize);
        }
        self.words[w + 1..].iter().position(|&x| x != 0).map(|p| {
            let wi = w + 1 + p;
            wi * WORD_BITS + self.words[wi].trailing_zeros() as usize
        })
    }

    /// Position of the highest set bit, if any (a word-wise bit-scan-reverse from the top).
    pub fn last_set_bit(&self) -> Option<usize> {
        let wi = self.words.iter().rposition(|&w| w != 0)?;
        Some(wi * WORD_BITS + (WORD_BITS - 1 - self.words[wi].leading_zeros() as usize))
    }

    /// Iterator over the set bits in ascending order: per word, take
    /// `trailing_zeros` and clear the lowest set bit (`w & (w - 1)`).
    #[inline]
    pub fn iter(&self) -> Ones<'_> {
        Ones { words: &self.words, next_word: 0, cur: 0, base: 0 }
    }
}

/// Index (a multiple of [`CHUNK`]) of the first chunk in which
/// `change(dst[j], src[j])` is non-zero for some word, or `None`. Both slices
/// have the same length. Each chunk is OR-reduced without branches so LLVM
/// vectorizes the chunk body.
#[inline(always)]
fn first_changing_chunk(dst: &[u64], src: &[u64], change: impl Fn(u64, u64) -> u64) -> Option<usize> {
    let src = &src[..dst.len()];
    let (dc, dr) = dst.as_chunks::<CHUNK>();
    let (sc, sr) = src.as_chunks::<CHUNK>();
    for (c, (d, s)) in dc.iter().zip(sc).enumerate() {
        let mut acc = 0;
        for j in 0..CHUNK {
            acc |= change(d[j], s[j]);
        }
        if acc != 0 {
            return Some(c * CHUNK);
        }
    }
    let acc = dr.iter().zip(sr).fold(0, |acc, (&d, &s)| acc | change(d, s));
    (acc != 0).then(|| dst.len() - dr.len())
}

/// `dst[j] |= src[j]`.
#[inline(always)]
fn or_kernel(dst: &mut [u64], src: &[u64]) {
    let src = &src[..dst.len()];
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= *s;
    }
}

/// `dst[j] &= src[j]`.
#[inline(always)]
fn and_kernel(dst: &mut [u64], src: &[u64]) {
    let src = &src[..dst.len()];
    for (d, s) in dst.iter_mut().zip(src) {
        *d &= *s;
    }
}

/// `dst[j] |= gen[j] | (in[j] & !kill[j])`: the fused transfer body.
#[inline(always)]
fn or_with_and_not_kernel(dst: &mut [u64], gen_: &[u64], in_: &[u64], kill: &[u64]) {
    let n = dst.len();
    let (gen_, in_, kill) = (&gen_[..n], &in_[..n], &kill[..n]);
    for (((d, g), i), k) in dst.iter_mut().zip(gen_).zip(in_).zip(kill) {
        *d |= g | (i & !k);
    }
}

impl Clone for BitVec {
    fn clone(&self) -> Self {
        BitVec { words: self.words.clone(), len: self.len }
    }

    /// Reuses `self`'s allocation ([`BitVec::copy_from`]).
    fn clone_from(&mut self, source: &Self) {
        self.copy_from(source);
    }
}

impl BitOrAssign<&BitVec> for BitVec {
    /// [`BitVec::or_assign`].
    #[inline]
    fn bitor_assign(&mut self, rhs: &BitVec) {
        self.or_assign(rhs);
    }
}

impl BitAndAssign<&BitVec> for BitVec {
    /// [`BitVec::and_assign`].
    #[inline]
    fn bitand_assign(&mut self, rhs: &BitVec) {
        self.and_assign(rhs);
    }
}

impl BitXorAssign<&BitVec> for BitVec {
    /// [`BitVec::xor_assign`].
    #[inline]
    fn bitxor_assign(&mut self, rhs: &BitVec) {
        self.xor_assign(rhs);
    }
}

impl fmt::Debug for BitVec {
    /// `BitVec[len]{i, j, ...}` listing the set positions.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitVec[{}]", self.len)?;
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a BitVec {
    type Item = usize;
    type IntoIter = Ones<'a>;

    #[inline]
    fn into_iter(self) -> Ones<'a> {
        self.iter()
    }
}

/// Ascending iterator over the set positions of a [`BitVec`]
/// ([`BitVec::iter`]).
#[derive(Clone, Debug)]
pub struct Ones<'a> {
    words: &'a [u64],
    /// Index of the next word to load.
    next_word: usize,
    /// Not-yet-yielded bits of the current word.
    cur: u64,
    /// Bit position of bit 0 of `cur`.
    base: usize,
}

impl Iterator for Ones<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.cur == 0 {
            let w = *self.words.get(self.next_word)?;
            self.base = self.next_word * WORD_BITS;
            self.next_word += 1;
            self.cur = w;
        }
        let bit = self.cur.trailing_zeros() as usize;
        self.cur &= self.cur - 1;
        Some(self.base + bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let rest: usize = self.words[self.next_word..].iter().map(|w| w.count_ones() as usize).sum();
        let n = rest + self.cur.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Ones<'_> {}
impl FusedIterator for Ones<'_> {}

#[cfg(test)]
mod tests {
    #[test]
    fn last_set_bit_finds_the_highest() {
        let mut v = super::BitVec::new(300);
        assert_eq!(v.last_set_bit(), None);
        v.set(3);
        v.set(130);
        assert_eq!(v.last_set_bit(), Some(130));
        v.set(299);
        assert_eq!(v.last_set_bit(), Some(299));
        v.clear(299);
        v.clear(130);
        assert_eq!(v.last_set_bit(), Some(3));
    }

    use super::*;
    use proptest::prelude::*;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    // ---------------------------------------------------------------
    // Model: Vec<bool>; operands are zero-extended / truncated to the
    // destination's length (see the module docs).
    // ---------------------------------------------------------------

    type Model = Vec<bool>;

    fn get(m: &[bool], i: usize) -> bool {
        i < m.len() && m[i]
    }

    fn from_model(m: &[bool]) -> BitVec {
        BitVec::from_ones(m.len(), m.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i))
    }

    /// Checks the structural invariants and that `bv` equals the model.
    fn check(bv: &BitVec, m: &[bool]) -> Result<(), TestCaseError> {
        prop_assert_eq!(bv.bit_len(), m.len());
        prop_assert_eq!(bv.as_words().len(), m.len().div_ceil(64));
        if let Some(&last) = bv.as_words().last() {
            prop_assert_eq!(last & !tail_mask(m.len()), 0, "bits past the length must be zero");
        }
        for (i, &b) in m.iter().enumerate() {
            prop_assert_eq!(bv.test(i), b, "bit {}", i);
        }
        prop_assert_eq!(bv, &from_model(m));
        Ok(())
    }

    /// Lengths: mostly `0..300` (0..5 words, every partial-word case), plus
    /// some `300..1600` so the 8-word early-exit chunks and their remainder
    /// are exercised too.
    fn len_strategy() -> impl Strategy<Value = usize> {
        prop_oneof![4 => 0usize..300, 1 => 300usize..1600]
    }

    fn model_strategy() -> impl Strategy<Value = Model> {
        // Mix of densities so both sparse and dense vectors appear.
        (len_strategy(), prop_oneof![Just(0.0), Just(0.05), Just(0.5), Just(0.95), Just(1.0)])
            .prop_flat_map(|(len, p)| proptest::collection::vec(proptest::bool::weighted(p), len))
    }

    /// An operand related to `a`: independent, subset, superset, equal,
    /// all-zero or all-one, with the same or a different length. The related
    /// forms make the "unchanged" outcomes of the `*_if_changed` operations
    /// common.
    fn operand_for(a: Model) -> impl Strategy<Value = (Model, Model)> {
        let la = a.len();
        (
            0usize..6,
            prop_oneof![3 => Just(None), 1 => len_strategy().prop_map(Some)],
            proptest::collection::vec(any::<bool>(), 1600),
        )
            .prop_map(move |(mode, len, noise)| {
                let len = len.unwrap_or(la);
                let b: Model = (0..len)
                    .map(|i| match mode {
                        0 => noise[i],
                        1 => get(&a, i) && noise[i],
                        2 => get(&a, i) || noise[i],
                        3 => get(&a, i),
                        4 => false,
                        _ => true,
                    })
                    .collect();
                (a.clone(), b)
            })
    }

    fn pair() -> impl Strategy<Value = (Model, Model)> {
        model_strategy().prop_flat_map(operand_for)
    }

    fn quad() -> impl Strategy<Value = (Model, Model, Model, Model)> {
        model_strategy()
            .prop_flat_map(|d| (operand_for(d.clone()), operand_for(d.clone()), operand_for(d)))
            .prop_map(|((d, g), (_, i), (_, k))| (d, g, i, k))
    }

    fn model_or_with_and_not(d: &[bool], g: &[bool], i: &[bool], k: &[bool]) -> Model {
        (0..d.len()).map(|j| d[j] || get(g, j) || (get(i, j) && !get(k, j))).collect()
    }

    fn hash_of(bv: &BitVec) -> u64 {
        let mut h = DefaultHasher::new();
        bv.hash(&mut h);
        h.finish()
    }

    #[derive(Clone, Debug)]
    enum Op {
        Set(usize),
        Clear(usize),
        SetTo(usize, bool),
        Resize(usize),
        Ensure(usize),
        ClearAll,
        SetAll,
    }

    fn op_strategy() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (0usize..400).prop_map(Op::Set),
            3 => (0usize..400).prop_map(Op::Clear),
            2 => (0usize..400, any::<bool>()).prop_map(|(i, v)| Op::SetTo(i, v)),
            1 => (0usize..300).prop_map(Op::Resize),
            1 => (0usize..300).prop_map(Op::Ensure),
            1 => Just(Op::ClearAll),
            1 => Just(Op::SetAll),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            max_shrink_iters: 2048,
            max_shrink_time: 20_000,
            ..ProptestConfig::default()
        })]

        /// set / clear / set_to / test / resize / ensure_bits / clear_all /
        /// set_all against the model, including grow-only capacity.
        #[test]
        fn prop_single_bit_and_sizing(init in model_strategy(),
                                      ops in proptest::collection::vec(op_strategy(), 0..64)) {
            let mut bv = from_model(&init);
            let mut m = init;
            for op in ops {
                let cap = bv.capacity_bits();
                match op {
                    Op::Set(i) | Op::Clear(i) | Op::SetTo(i, _) if i >= m.len() => {
                        // Out of range reads clear (mutation panics: unit tests).
                        prop_assert!(!bv.test(i));
                    }
                    Op::Set(i) => { bv.set(i); m[i] = true; }
                    Op::Clear(i) => { bv.clear(i); m[i] = false; }
                    Op::SetTo(i, v) => { bv.set_to(i, v); m[i] = v; }
                    Op::Resize(n) => { bv.resize(n); m.resize(n, false); }
                    Op::Ensure(n) => {
                        bv.ensure_bits(n);
                        if n > m.len() { m.resize(n, false); }
                    }
                    Op::ClearAll => { bv.clear_all(); m.iter_mut().for_each(|b| *b = false); }
                    Op::SetAll => { bv.set_all(); m.iter_mut().for_each(|b| *b = true); }
                }
                prop_assert!(bv.capacity_bits() >= cap, "allocation shrank");
                prop_assert!(bv.capacity_bits() >= bv.bit_len());
                check(&bv, &m)?;
            }
        }

        /// count_ones, is_empty, iter (+ size_hint), next_set_bit, Debug.
        #[test]
        fn prop_queries(m in model_strategy(), from in 0usize..320) {
            let bv = from_model(&m);
            let ones: Vec<usize> = (0..m.len()).filter(|&i| m[i]).collect();
            prop_assert_eq!(bv.count_ones(), ones.len());
            prop_assert_eq!(bv.is_empty(), ones.is_empty());
            let it = bv.iter();
            prop_assert_eq!(it.len(), ones.len());
            prop_assert_eq!(it.collect::<Vec<_>>(), ones.clone());
            prop_assert_eq!((&bv).into_iter().collect::<Vec<_>>(), ones.clone());
            prop_assert_eq!(bv.next_set_bit(from), ones.iter().copied().find(|&i| i >= from));
            let expect_dbg = format!("BitVec[{}]{:?}", m.len(),
                                     ones.iter().collect::<std::collections::BTreeSet<_>>());
            prop_assert_eq!(format!("{bv:?}"), expect_dbg);
        }

        /// extract_bits for every window size 0..=64, crossing words and the end.
        #[test]
        fn prop_extract_bits(m in model_strategy(), start in 0usize..1700) {
            let bv = from_model(&m);
            let start = start % (m.len() + 80);
            for len in 0..=64 {
                let expect = (0..len).fold(0u64, |acc, j| acc | (u64::from(get(&m, start + j)) << j));
                prop_assert_eq!(bv.extract_bits(start, len), expect, "start {} len {}", start, len);
            }
        }

        /// |=, &=, ^=, and-not (methods and operators), copy_from, clone_from,
        /// assign_and, is_subset_of, equality and hashing.
        #[test]
        fn prop_binary((a, b) in pair()) {
            let (bva, bvb) = (from_model(&a), from_model(&b));
            let n = a.len();
            let or: Model = (0..n).map(|i| a[i] || get(&b, i)).collect();
            let and: Model = (0..n).map(|i| a[i] && get(&b, i)).collect();
            let xor: Model = (0..n).map(|i| a[i] ^ get(&b, i)).collect();
            let andn: Model = (0..n).map(|i| a[i] && !get(&b, i)).collect();

            let mut x = bva.clone(); x.or_assign(&bvb); check(&x, &or)?;
            let mut x = bva.clone(); x |= &bvb; check(&x, &or)?;
            let mut x = bva.clone(); x.and_assign(&bvb); check(&x, &and)?;
            let mut x = bva.clone(); x &= &bvb; check(&x, &and)?;
            let mut x = bva.clone(); x.xor_assign(&bvb); check(&x, &xor)?;
            let mut x = bva.clone(); x ^= &bvb; check(&x, &xor)?;
            let mut x = bva.clone(); x.and_not_assign(&bvb); check(&x, &andn)?;

            let mut x = bva.clone(); x.assign_and(&bvb, &bva);
            let band: Model = (0..b.len()).map(|i| b[i] && get(&a, i)).collect();
            check(&x, &band)?;

            // copy_from takes the source length and never shrinks the allocation.
            let mut x = bva.clone();
            let cap = x.capacity_bits();
            x.copy_from(&bvb);
            check(&x, &b)?;
            prop_assert!(x.capacity_bits() >= cap);
            let mut y = BitVec::new(7);
            y.clone_from(&bva);
            check(&y, &a)?;

            let subset = (0..n).all(|i| !a[i] || get(&b, i));
            prop_assert_eq!(bva.is_subset_of(&bvb), subset);

            let same = a == b;
            prop_assert_eq!(bva == bvb, same);
            if same { prop_assert_eq!(hash_of(&bva), hash_of(&bvb)); }
        }

        /// or_if_changed / and_if_changed: result and "changed" flag.
        #[test]
        fn prop_if_changed((a, b) in pair()) {
            let (bva, bvb) = (from_model(&a), from_model(&b));
            let n = a.len();
            let or: Model = (0..n).map(|i| a[i] || get(&b, i)).collect();
            let and: Model = (0..n).map(|i| a[i] && get(&b, i)).collect();

            let mut x = bva.clone();
            let changed = x.or_if_changed(&bvb);
            prop_assert_eq!(changed, or != a);
            check(&x, &or)?;

            let mut x = bva.clone();
            let changed = x.and_if_changed(&bvb);
            prop_assert_eq!(changed, and != a);
            check(&x, &and)?;
        }

        /// or_with_and_not and or_with_and_not_if_changed, with all four
        /// operands related to the destination and of varying lengths.
        #[test]
        fn prop_or_with_and_not((d, g, i, k) in quad()) {
            let (bd, bg, bi, bk) = (from_model(&d), from_model(&g), from_model(&i), from_model(&k));
            let expect = model_or_with_and_not(&d, &g, &i, &k);

            let mut x = bd.clone();
            x.or_with_and_not(&bg, &bi, &bk);
            check(&x, &expect)?;

            let mut x = bd.clone();
            let changed = x.or_with_and_not_if_changed(&bg, &bi, &bk);
            prop_assert_eq!(changed, expect != d);
            check(&x, &expect)?;

            // Applying it again is a fixed point.
            prop_assert!(!x.or_with_and_not_if_changed(&bg, &bi, &bk));
            check(&x, &expect)?;
        }

        /// Equal-length operands with a single differing bit anywhere: the
        /// early-exit scan must find it in any chunk / the remainder.
        #[test]
        fn prop_single_change_position(len in 1usize..2100, pos in 0usize..2100, dense in any::<bool>()) {
            let pos = pos % len;
            let mut dst = BitVec::new(len);
            if dense { dst.set_all(); dst.clear(pos); }
            let mut src = BitVec::new(len);
            src.set(pos);
            let zero = BitVec::new(len);
            let mut expect: Model = (0..len).map(|_| dense).collect();
            expect[pos] = true;

            let mut x = dst.clone();
            prop_assert!(x.or_if_changed(&src));
            check(&x, &expect)?;
            let mut x = dst.clone();
            prop_assert!(x.or_with_and_not_if_changed(&src, &zero, &zero));
            check(&x, &expect)?;
            let mut x = dst.clone();
            prop_assert!(x.or_with_and_not_if_changed(&zero, &src, &zero));
            check(&x, &expect)?;
            let dst_model: Model = (0..len).map(|j| dense && j != pos).collect();
            let mut x = dst.clone();
            prop_assert!(!x.or_with_and_not_if_changed(&zero, &src, &src));
            check(&x, &dst_model)?;
            prop_assert_eq!(dst.is_subset_of(&src), !dense || len == 1);
            prop_assert!(!src.is_subset_of(&dst));
        }
    }

    // ---------------------------------------------------------------
    // Unit tests
    // ---------------------------------------------------------------

    #[test]
    fn empty_vector() {
        let mut bv = BitVec::default();
        assert_eq!(bv.bit_len(), 0);
        assert!(bv.is_empty());
        assert_eq!(bv.count_ones(), 0);
        assert_eq!(bv.iter().next(), None);
        assert_eq!(bv.next_set_bit(0), None);
        assert_eq!(bv.extract_bits(0, 64), 0);
        assert!(!bv.test(0));
        let other = BitVec::from_ones(10, [3]);
        assert!(!bv.or_if_changed(&other));
        assert!(!bv.and_if_changed(&other));
        assert!(!bv.or_with_and_not_if_changed(&other, &other, &other));
        assert!(bv.is_subset_of(&other));
        assert_eq!(format!("{bv:?}"), "BitVec[0]{}");
    }

    #[test]
    fn set_clear_test_across_words() {
        let mut bv = BitVec::new(200);
        for i in [0, 31, 32, 63, 64, 127, 128, 199] {
            bv.set(i);
        }
        assert_eq!(bv.iter().collect::<Vec<_>>(), [0, 31, 32, 63, 64, 127, 128, 199]);
        assert_eq!(bv.count_ones(), 8);
        bv.clear(64);
        assert!(!bv.test(64));
        assert!(bv.test(63));
        assert_eq!(bv.as_words()[0], 1 | 1 << 31 | 1 << 32 | 1 << 63);
        assert_eq!(bv.next_set_bit(64), Some(127));
        assert_eq!(bv.next_set_bit(129), Some(199));
        assert_eq!(bv.next_set_bit(200), None);
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn set_out_of_range_panics() {
        BitVec::new(64).set(64);
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn clear_out_of_range_panics() {
        BitVec::new(3).clear(3);
    }

    #[test]
    #[should_panic(expected = "> 64")]
    fn extract_more_than_64_panics() {
        BitVec::new(200).extract_bits(0, 65);
    }

    #[test]
    fn grow_only_allocation() {
        let mut bv = BitVec::new(1000);
        bv.set_all();
        let cap = bv.capacity_bits();
        assert!(cap >= 1000);
        bv.resize(10);
        assert_eq!(bv.capacity_bits(), cap);
        assert_eq!(bv.count_ones(), 10);
        bv.ensure_bits(5); // no-op: never shrinks
        assert_eq!(bv.bit_len(), 10);
        bv.resize(1000); // regrow reuses the allocation, new bits clear
        assert_eq!(bv.capacity_bits(), cap);
        assert_eq!(bv.count_ones(), 10);
        bv.clear_all();
        assert_eq!(bv.capacity_bits(), cap);
        assert_eq!(bv.bit_len(), 1000);
        assert!(bv.is_empty());
        let small = BitVec::from_ones(3, [1]);
        bv.copy_from(&small);
        assert_eq!(bv.capacity_bits(), cap);
        assert_eq!(bv, small);
    }

    #[test]
    fn set_all_masks_tail() {
        let mut bv = BitVec::new(70);
        bv.set_all();
        assert_eq!(bv.as_words(), &[!0, (1 << 6) - 1]);
        assert_eq!(bv.count_ones(), 70);
        let mut full = BitVec::new(128);
        full.set_all();
        assert_eq!(full.as_words(), &[!0, !0]);
    }

    #[test]
    fn extract_bits_cross_word() {
        let mut bv = BitVec::new(256);
        bv.set(60);
        bv.set(66);
        bv.set(255);
        assert_eq!(bv.extract_bits(60, 8), 0b100_0001);
        assert_eq!(bv.extract_bits(0, 64), 1 << 60);
        assert_eq!(bv.extract_bits(60, 64), 1 | 1 << 6);
        assert_eq!(bv.extract_bits(192, 64), 1 << 63);
        assert_eq!(bv.extract_bits(250, 64), 1 << 5); // past the end reads 0
        assert_eq!(bv.extract_bits(10_000, 64), 0);
        assert_eq!(bv.extract_bits(60, 0), 0);
        // Exactly one bit taken from the next word.
        assert_eq!(bv.extract_bits(3, 64), 1 << 57 | 1 << 63);
        assert_eq!(bv.extract_bits(66, 63), 1);
    }

    #[test]
    fn mismatched_lengths_semantics() {
        // `&=` with a shorter operand zeroes the tail (seed: "zeroes tail").
        let mut a = BitVec::from_ones(130, [1, 100, 129]);
        let b = BitVec::from_ones(64, [1]);
        assert!(a.and_if_changed(&b));
        assert_eq!(a.iter().collect::<Vec<_>>(), [1]);
        // `|=` with a longer operand ignores bits past the destination length.
        let mut a = BitVec::new(65);
        let b = BitVec::from_ones(200, [64, 65, 199]);
        assert!(a.or_if_changed(&b));
        assert_eq!(a.iter().collect::<Vec<_>>(), [64]);
        assert_eq!(a.as_words(), &[0, 1]);
        assert!(!a.or_if_changed(&b));
        // A short kill kills nothing beyond its length.
        let mut d = BitVec::new(100);
        let g = BitVec::new(0);
        let i = BitVec::from_ones(100, [5, 90]);
        let k = BitVec::from_ones(10, [5]);
        assert!(d.or_with_and_not_if_changed(&g, &i, &k));
        assert_eq!(d.iter().collect::<Vec<_>>(), [90]);
        // Subset is true inclusion.
        assert!(!BitVec::from_ones(100, [80]).is_subset_of(&BitVec::new(64)));
        assert!(BitVec::from_ones(100, [8]).is_subset_of(&BitVec::from_ones(64, [8])));
    }

    /// A small liveness fixed point driven exactly as the seed's solver:
    /// a loop `B0 -> B1 -> B2 -> B1`, `B2 -> B3`.
    #[test]
    fn liveness_fixed_point() {
        let n = 8;
        let succ: [&[usize]; 4] = [&[1], &[2], &[1, 3], &[]];
        let gen_ =
            [BitVec::from_ones(n, []), BitVec::from_ones(n, [0]), BitVec::from_ones(n, [1]), BitVec::from_ones(n, [2])];
        let kill = [
            BitVec::from_ones(n, [0, 1, 2]),
            BitVec::from_ones(n, [1]),
            BitVec::from_ones(n, [0]),
            BitVec::from_ones(n, []),
        ];
        let mut live_in = vec![BitVec::new(n); 4];
        let mut live_out = vec![BitVec::new(n); 4];
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let mut changed = false;
            for b in (0..4).rev() {
                for &s in succ[b] {
                    let src = live_in[s].clone();
                    changed |= live_out[b].or_if_changed(&src);
                }
                changed |= live_in[b].or_with_and_not_if_changed(&gen_[b], &live_out[b], &kill[b]);
            }
            if !changed {
                break;
            }
        }
        assert!(sweeps <= 4);
        let ones = |bv: &BitVec| bv.iter().collect::<Vec<_>>();
        assert_eq!(ones(&live_in[0]), Vec::<usize>::new());
        assert_eq!(ones(&live_in[1]), [0, 2]);
        assert_eq!(ones(&live_in[2]), [1, 2]);
        assert_eq!(ones(&live_out[2]), [0, 2]);
        assert_eq!(ones(&live_in[3]), [2]);
    }

    #[test]
    fn large_early_exit_untouched_prefix() {
        // Change only in the last chunk of a 1M-bit vector.
        let len = 1 << 20;
        let mut dst = BitVec::new(len);
        let zero = BitVec::new(len);
        let g = BitVec::from_ones(len, [len - 1]);
        assert!(dst.or_with_and_not_if_changed(&g, &zero, &zero));
        assert_eq!(dst.iter().collect::<Vec<_>>(), [len - 1]);
        assert!(!dst.or_with_and_not_if_changed(&g, &zero, &zero));
    }
}
