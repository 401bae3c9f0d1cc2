//! Tests at the edge widths (i1, i64) and specific facts at wide widths (heap storage).

use super::*;

#[test]
fn width_one_edges() {
    let t = KnownBits::from_u64(1, 1);
    let f = KnownBits::from_u64(1, 0);
    let u = KnownBits::unknown(1);
    // i1 add is xor; 1 + 1 == 0.
    assert_eq!(t.add(&t, WrapFlags::NONE), f);
    // -1 (i1 true) abs is INT_MIN == true.
    assert_eq!(t.abs(false), t);
    assert_eq!(t.abs(true), u);
    assert_eq!(u.ctlz(false), u);
    assert_eq!(f.ctlz(false), t);
    assert_eq!(f.ctlz(true), u);
    assert_eq!(t.sext(8), KnownBits::from_u64(8, 0xff));
    assert_eq!(u.zext(64).zero, ApInt::high_bits_set(64, 63));
    assert_eq!(KnownBits::icmp(IntPredicate::Slt, &t, &f), t);
    assert_eq!(t.shl(&u, WrapFlags::NONE), t);
    assert_eq!(t.fshl(&f, &u), t);
    assert_eq!(KnownBits::select(&u, &t, &t), t);
}

#[test]
fn width_64_edges() {
    let max = KnownBits::from_constant(&ApInt::all_ones(64));
    let one = KnownBits::from_u64(64, 1);
    // u64::MAX + 1 wraps to 0; with nuw it is poison (unknown result).
    assert!(max.add(&one, WrapFlags::NONE).is_zero());
    assert!(max.add(&one, WrapFlags::NUW).is_consistent());
    // The sign bit shifted out by 63.
    let low = KnownBits::from_parts(ApInt::high_bits_set(64, 32), ApInt::new(64, 1));
    let sh = low.shl_const(63, WrapFlags::NONE);
    assert_eq!(sh.one, ApInt::signed_min_value(64));
    assert_eq!(sh.zero, ApInt::signed_max_value(64));
    // ashr by 63 of a negative value is all ones.
    let neg = KnownBits::sign_fact(64, true);
    assert_eq!(neg.ashr_const(63, false), max);
    // Variable shift by an i64 amount known < 8.
    let amt = KnownBits::from_parts(ApInt::high_bits_set(64, 61), ApInt::zero(64));
    let r = one.shl(&amt, WrapFlags::NONE);
    assert_eq!(r.zero, ApInt::high_bits_set(64, 56));
    // ctlz of an unknown i64 is in [0, 64]: bits 7.. known zero.
    assert_eq!(KnownBits::unknown(64).ctlz(false).zero, ApInt::high_bits_set(64, 57));
    // (x & 0xff) * (y & 0xff) < 2^16.
    let byte = KnownBits::from_parts(ApInt::high_bits_set(64, 56), ApInt::zero(64));
    assert_eq!(byte.mul(&byte, WrapFlags::NONE).zero, ApInt::high_bits_set(64, 48));
    // Signed extremes of i64.
    let u = KnownBits::unknown(64);
    assert_eq!(u.signed_min_value(), ApInt::from_i64(64, i64::MIN));
    assert_eq!(u.signed_max_value(), ApInt::from_i64(64, i64::MAX));
    // bswap of a known low byte moves it to the top.
    let b = KnownBits::from_parts(ApInt::new(64, !0xff), ApInt::new(64, 0x5a));
    let s = b.bswap();
    assert_eq!(s.one, ApInt::new(64, 0x5a << 56));
    assert_eq!(s.zero, ApInt::new(64, !(0xff << 56)));
}

#[test]
fn wide_specific_facts() {
    // zext i64 -> i128, then add: carry into bit 64 at most.
    let x = KnownBits::unknown(64).zext(128);
    let sum = x.add(&x, WrapFlags::NONE);
    assert_eq!(sum.zero, ApInt::high_bits_set(128, 63));
    // Multiplying values with 3 and 5 trailing zeros gives 8.
    let a = KnownBits::from_parts(ApInt::low_bits_set(128, 3), ApInt::zero(128));
    let b = KnownBits::from_parts(ApInt::low_bits_set(128, 5), ApInt::zero(128));
    assert_eq!(a.mul(&b, WrapFlags::NONE).count_min_trailing_zeros(), 8);
    // Odd * odd is odd at i65.
    let odd = KnownBits::from_parts(ApInt::zero(65), ApInt::new(65, 1));
    assert!(odd.mul(&odd, WrapFlags::NONE).one.bit(0));
    // i65 shl by 64 of a value with known bit 0.
    let r = odd.shl_const(64, WrapFlags::NONE);
    assert_eq!(r.one, ApInt::single_bit(65, 64));
    assert_eq!(r.zero, ApInt::low_bits_set(65, 64));
    // i128 udiv by 2^70 is lshr.
    let q = KnownBits::unknown(128).udiv(&KnownBits::from_constant(&ApInt::single_bit(128, 70)));
    assert_eq!(q.zero, ApInt::high_bits_set(128, 70));
    // i128 urem by 2^70 keeps the low 70 bits.
    let low =
        KnownBits::from_constant(&ApInt::all_ones(128)).urem(&KnownBits::from_constant(&ApInt::single_bit(128, 70)));
    assert_eq!(low.constant(), Some(&ApInt::low_bits_set(128, 70)));
    // i129 icmp: a value below 2^100 is ult 2^100.
    let small = KnownBits::from_parts(ApInt::high_bits_set(129, 29), ApInt::zero(129));
    let big = KnownBits::from_constant(&ApInt::single_bit(129, 100));
    assert_eq!(KnownBits::icmp_decide(IntPredicate::Ult, &small, &big), Some(true));
    assert_eq!(KnownBits::icmp_decide(IntPredicate::Eq, &small, &big), Some(false));
    assert_eq!(KnownBits::icmp_decide(IntPredicate::Slt, &small, &big), Some(true));
    // Debug formatting.
    assert_eq!(format!("{:?}", kb(4, 0b1000, 0b0001)), "KnownBits(i4 0??1)");
    assert_eq!(format!("{:?}", ApInt::single_bit(65, 64)), "i65 0x10000000000000000");
}
