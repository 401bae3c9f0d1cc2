//! Tests of the range constructors: [`KnownBits::from_range`] and the unsigned / signed bound
//! constructors are exact for every range, and facts of GPU special-register ranges.

use super::*;

#[test]
fn from_range_is_exact_for_every_range() {
    for w in 1..=6u32 {
        let n = 1u64 << w;
        for lo in 0..n {
            for hi in 0..n {
                let res = KnownBits::from_range(&c(w, lo), &c(w, hi));
                assert!(res.is_consistent());
                let values: Vec<ApInt> = if lo == hi {
                    (0..n).map(|v| c(w, v)).collect()
                } else {
                    let mut v = lo;
                    let mut out = Vec::new();
                    while v != hi {
                        out.push(c(w, v));
                        v = (v + 1) % n;
                    }
                    out
                };
                assert_eq!(res, hull(w, &values), "[{lo}, {hi}) at i{w}");
            }
        }
    }
}

#[test]
fn from_bounds_are_exact() {
    for w in 1..=6u32 {
        let n = 1u64 << w;
        for lo in 0..n {
            for hi in lo..n {
                let values: Vec<ApInt> = (lo..=hi).map(|v| c(w, v)).collect();
                let res = KnownBits::from_unsigned_bounds(&c(w, lo), &c(w, hi));
                assert_eq!(res, hull(w, &values), "unsigned [{lo}, {hi}] at i{w}");
            }
        }
        let half = 1i64 << (w - 1);
        for lo in -half..half {
            for hi in lo..half {
                let values: Vec<ApInt> = (lo..=hi).map(|v| ApInt::from_i64(w, v)).collect();
                let res = KnownBits::from_signed_bounds(&ApInt::from_i64(w, lo), &ApInt::from_i64(w, hi));
                assert_eq!(res, hull(w, &values), "signed [{lo}, {hi}] at i{w}");
            }
        }
    }
}

#[test]
fn from_range_gpu_examples() {
    // %tid.x with !range [0, 1024): bits 10..31 known zero.
    let tid = KnownBits::from_range(&c(32, 0), &c(32, 1024));
    assert_eq!(tid.zero, c(32, 0xffff_fc00));
    assert!(tid.one.is_zero());
    // %ntid.x in [1, 1025): bits 11..31 known zero.
    let ntid = KnownBits::from_range(&c(32, 1), &c(32, 1025));
    assert_eq!(ntid.zero, c(32, 0xffff_f800));
    // %warpsize == 32.
    let ws = KnownBits::from_range(&c(32, 32), &c(32, 33));
    assert_eq!(ws.constant(), Some(&c(32, 32)));
    // Wrapping range [-4, 4) at i64: nothing known.
    let wrap = KnownBits::from_range(&ApInt::from_i64(64, -4), &c(64, 4));
    assert!(wrap.is_unknown());
    // i128 range [2^100, 2^100 + 2^20).
    let lo = ApInt::single_bit(128, 100);
    let hi = lo.wrapping_add(&ApInt::single_bit(128, 20));
    let r = KnownBits::from_range(&lo, &hi);
    assert_eq!(r.one, lo);
    assert_eq!(r.zero, ApInt::high_bits_set(128, 108).and_not(&lo));
    // hi == 0: [lo, 2^w).
    let top = KnownBits::from_range(&ApInt::high_bits_set(65, 3), &ApInt::zero(65));
    assert_eq!(top.one, ApInt::high_bits_set(65, 3));
    assert!(top.zero.is_zero());
    // tid.x * 4 + 3 (GEP-like arithmetic) keeps the range facts.
    let addr =
        tid.mul(&KnownBits::from_u64(32, 4), WrapFlags::NUW_NSW).add(&KnownBits::from_u64(32, 3), WrapFlags::NUW_NSW);
    assert_eq!(addr.zero, c(32, 0xffff_f000));
    assert_eq!(addr.one, c(32, 3));
}
