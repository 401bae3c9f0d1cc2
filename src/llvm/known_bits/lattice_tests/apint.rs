//! Tests of [`ApInt`], the storage of the lattice: against native `u128` arithmetic up to 128
//! bits, against a bit-vector model beyond, and inline storage up to 64 bits.

use super::*;

fn mask128(w: u32) -> u128 {
    if w >= 128 { u128::MAX } else { (1u128 << w) - 1 }
}

fn sx128(w: u32, v: u128) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

/// ApInt against native u128 arithmetic for every width 1..=128.
#[test]
fn apint_matches_u128() {
    let mut rng = Rng(7);
    for w in 1..=128u32 {
        let m = mask128(w);
        for _ in 0..60 {
            let a = rng.interesting(w);
            let b = rng.interesting(w);
            let (x, y) = (a.to_u128().unwrap(), b.to_u128().unwrap());
            let big = |v: u128| ApInt::from_u128(w, v);
            assert_eq!(x & !m, 0);
            assert_eq!(a.and(&b), big(x & y));
            assert_eq!(a.or(&b), big(x | y));
            assert_eq!(a.xor(&b), big(x ^ y));
            assert_eq!(a.not(), big(!x & m));
            assert_eq!(a.wrapping_add(&b), big(x.wrapping_add(y) & m));
            let carry = if w == 128 { x.checked_add(y).is_none() } else { (x + y) >> w != 0 };
            assert_eq!(a.carrying_add(&b, false).1, carry);
            assert_eq!(a.wrapping_sub(&b), big(x.wrapping_sub(y) & m));
            assert_eq!(a.wrapping_neg(), big(x.wrapping_neg() & m));
            assert_eq!(a.wrapping_mul(&b), big(x.wrapping_mul(y) & m));
            let ovf = match x.checked_mul(y) {
                Some(p) => p & !m != 0,
                None => true,
            };
            assert_eq!(a.overflowing_umul(&b), (big(x.wrapping_mul(y) & m), ovf));
            if let (Some(q), Some(r)) = (x.checked_div(y), x.checked_rem(y)) {
                assert_eq!(a.udiv(&b), big(q));
                assert_eq!(a.urem(&b), big(r));
                let (sa, sb) = (sx128(w, x), sx128(w, y));
                assert_eq!(a.sdiv(&b), big(sa.wrapping_div(sb) as u128 & m), "{a:?} sdiv {b:?}");
                assert_eq!(a.srem(&b), big(sa.wrapping_rem(sb) as u128 & m));
            }
            assert_eq!(a.cmp_unsigned(&b), x.cmp(&y));
            assert_eq!(a.cmp_signed(&b), sx128(w, x).cmp(&sx128(w, y)));
            assert_eq!(a.leading_zeros(), x.leading_zeros() - (128 - w));
            assert_eq!(a.trailing_zeros(), x.trailing_zeros().min(w));
            assert_eq!(a.count_ones(), x.count_ones());
            assert_eq!(a.leading_ones(), (x << (128 - w)).leading_ones().min(w));
            assert_eq!(a.trailing_ones(), x.trailing_ones().min(w));
            assert_eq!(a.reverse_bits(), big(x.reverse_bits() >> (128 - w)));
            if w.is_multiple_of(8) {
                assert_eq!(a.byte_swap(), big(x.swap_bytes() >> (128 - w)));
            }
            assert_eq!(a.to_u64(), u64::try_from(x).ok());
            assert_eq!(a.is_negative(), sx128(w, x) < 0);
            for s in [0, 1, w / 2, w.saturating_sub(1), w, w + 5] {
                let shl = if s >= w { 0 } else { (x << s) & m };
                let lshr = if s >= w { 0 } else { x >> s };
                let ashr = (sx128(w, x) >> s.min(w - 1).min(127)) as u128 & m;
                let ashr = if s >= w { (sx128(w, x) >> 127) as u128 & m } else { ashr };
                assert_eq!(a.shl(s), big(shl), "i{w} {x:#x} shl {s}");
                assert_eq!(a.lshr(s), big(lshr), "i{w} {x:#x} lshr {s}");
                assert_eq!(a.ashr(s), big(ashr), "i{w} {x:#x} ashr {s}");
            }
            let nw = 1 + rng.below(128) as u32;
            if nw <= w {
                assert_eq!(a.trunc(nw), ApInt::from_u128(nw, x));
            } else {
                assert_eq!(a.zext(nw), ApInt::from_u128(nw, x));
                assert_eq!(a.sext(nw), ApInt::from_u128(nw, sx128(w, x) as u128));
            }
            let lo = rng.below(u64::from(w) + 1) as u32;
            let hi = lo + rng.below(u64::from(w - lo) + 1) as u32;
            let expect = mask128(hi) & !mask128(lo);
            assert_eq!(ApInt::bits_set(w, lo, hi), big(expect));
        }
    }
}

/// A bit-vector model (least significant bit first) for widths beyond
/// u128.
fn model(a: &ApInt) -> Vec<bool> {
    (0..a.width()).map(|i| a.bit(i)).collect()
}

fn from_model(bits: &[bool]) -> ApInt {
    let mut v = ApInt::zero(bits.len() as u32);
    for (i, &b) in bits.iter().enumerate() {
        if b {
            v.set_bit(i as u32);
        }
    }
    v
}

fn model_add(a: &[bool], b: &[bool]) -> Vec<bool> {
    let mut carry = false;
    a.iter()
        .zip(b)
        .map(|(&x, &y)| {
            let s = x ^ y ^ carry;
            carry = (x & y) | (carry & (x ^ y));
            s
        })
        .collect()
}

#[test]
fn apint_matches_bit_model_beyond_128() {
    let mut rng = Rng(11);
    for w in [129u32, 130, 191, 192, 193, 256, 300] {
        for _ in 0..30 {
            let a = rng.interesting(w);
            let b = rng.interesting(w);
            let (ma, mb) = (model(&a), model(&b));
            let n = w as usize;
            assert_eq!(a.wrapping_add(&b), from_model(&model_add(&ma, &mb)));
            let neg_b = model_add(&model(&b.not()), &model(&ApInt::new(w, 1)));
            assert_eq!(a.wrapping_sub(&b), from_model(&model_add(&ma, &neg_b)));
            // Shift-and-add multiplication.
            let mut prod = vec![false; n];
            for i in 0..n {
                if mb[i] {
                    let shifted: Vec<bool> = (0..n).map(|j| j >= i && ma[j - i]).collect();
                    prod = model_add(&prod, &shifted);
                }
            }
            assert_eq!(a.wrapping_mul(&b), from_model(&prod));
            for s in [1, 63, 64, 65, 127, 128, w - 1, w] {
                let shl: Vec<bool> = (0..n).map(|j| j >= s as usize && ma[j - s as usize]).collect();
                let lshr: Vec<bool> = (0..n).map(|j| j + (s as usize) < n && ma[j + s as usize]).collect();
                let ashr: Vec<bool> = (0..n).map(|j| ma[(j + s as usize).min(n - 1)]).collect();
                assert_eq!(a.shl(s), from_model(&shl), "i{w} shl {s}");
                assert_eq!(a.lshr(s), from_model(&lshr), "i{w} lshr {s}");
                assert_eq!(a.ashr(s), from_model(&ashr), "i{w} ashr {s}");
            }
            let rev: Vec<bool> = ma.iter().rev().copied().collect();
            assert_eq!(a.reverse_bits(), from_model(&rev));
            if w.is_multiple_of(8) {
                let swapped: Vec<bool> = (0..n).map(|j| ma[(n / 8 - 1 - j / 8) * 8 + j % 8]).collect();
                assert_eq!(a.byte_swap(), from_model(&swapped));
            }
            let lz = ma.iter().rev().take_while(|&&x| !x).count() as u32;
            let tz = ma.iter().take_while(|&&x| !x).count() as u32;
            assert_eq!(a.leading_zeros(), lz);
            assert_eq!(a.trailing_zeros(), tz);
            assert_eq!(a.count_ones(), ma.iter().filter(|&&x| x).count() as u32);
            let ucmp = ma.iter().rev().cmp(mb.iter().rev());
            assert_eq!(a.cmp_unsigned(&b), ucmp);
            if !b.is_zero() {
                let (q, r) = a.udivrem(&b);
                assert!(r.ult(&b));
                assert_eq!(q.wrapping_mul(&b).wrapping_add(&r), a);
                assert!(!q.overflowing_umul(&b).1);
            }
            assert_eq!(a.sext(w + 70).trunc(w), a);
            assert_eq!(a.sext(w + 70).is_negative(), a.is_negative());
            assert!(a.zext(w + 70).lshr(w).is_zero());
        }
    }
}

#[test]
fn apint_storage_is_inline_up_to_64_bits() {
    for w in [1, 32, 63, 64] {
        assert!(matches!(ApInt::all_ones(w).store, Store::Inline(_)));
    }
    for w in [65, 128, 1000] {
        assert!(matches!(ApInt::all_ones(w).store, Store::Heap(_)));
    }
    assert!(ApInt::new(64, u64::MAX).is_all_ones());
    assert_eq!(ApInt::new(4, 0xff), ApInt::new(4, 0xf));
    assert_eq!(ApInt::from_i64(100, -1), ApInt::all_ones(100));
    assert_eq!(ApInt::from_i64(8, -2).low_u64(), 0xfe);
    assert_eq!(ApInt::new(64, 0).leading_zeros(), 64);
    assert_eq!(ApInt::new(64, u64::MAX).carrying_add(&ApInt::new(64, 1), false), (ApInt::new(64, 0), true));
    assert_eq!(ApInt::all_ones(128).to_u128(), Some(u128::MAX));
    assert_eq!(ApInt::all_ones(129).to_u128(), None);
    assert_eq!(ApInt::single_bit(200, 199).exact_log2(), Some(199));
    assert_eq!(format!("{}", ApInt::new(8, 0xab)), "0xab");
}
