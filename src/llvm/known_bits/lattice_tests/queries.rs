//! Tests of the queries (extremes, counts, sign) against the members, and of the lattice
//! operations (`merge`, `refine`) and constants being exact.

use super::*;

#[test]
fn queries_match_members() {
    for w in EXHAUSTIVE_WIDTHS {
        for k in all_known_bits(w) {
            let ms = members(&k);
            let umin = ms.iter().min_by(|a, b| a.cmp_unsigned(b)).unwrap();
            let umax = ms.iter().max_by(|a, b| a.cmp_unsigned(b)).unwrap();
            let smin = ms.iter().min_by(|a, b| a.cmp_signed(b)).unwrap();
            let smax = ms.iter().max_by(|a, b| a.cmp_signed(b)).unwrap();
            assert_eq!(&k.min_value(), umin);
            assert_eq!(&k.max_value(), umax);
            assert_eq!(&k.signed_min_value(), smin);
            assert_eq!(&k.signed_max_value(), smax);
            let lz: Vec<u32> = ms.iter().map(ApInt::leading_zeros).collect();
            let lo: Vec<u32> = ms.iter().map(ApInt::leading_ones).collect();
            let tz: Vec<u32> = ms.iter().map(ApInt::trailing_zeros).collect();
            let to: Vec<u32> = ms.iter().map(ApInt::trailing_ones).collect();
            let pop: Vec<u32> = ms.iter().map(ApInt::count_ones).collect();
            let sign_bits: Vec<u32> =
                ms.iter().map(|m| if m.is_negative() { m.leading_ones() } else { m.leading_zeros() }).collect();
            let min = |v: &[u32]| *v.iter().min().unwrap();
            let max = |v: &[u32]| *v.iter().max().unwrap();
            assert_eq!(k.count_min_leading_zeros(), min(&lz), "{k:?}");
            assert_eq!(k.count_max_leading_zeros(), max(&lz), "{k:?}");
            assert_eq!(k.count_min_leading_ones(), min(&lo), "{k:?}");
            assert_eq!(k.count_max_leading_ones(), max(&lo), "{k:?}");
            assert_eq!(k.count_min_trailing_zeros(), min(&tz), "{k:?}");
            assert_eq!(k.count_max_trailing_zeros(), max(&tz), "{k:?}");
            assert_eq!(k.count_min_trailing_ones(), min(&to), "{k:?}");
            assert_eq!(k.count_max_trailing_ones(), max(&to), "{k:?}");
            assert_eq!(k.count_min_population(), min(&pop), "{k:?}");
            assert_eq!(k.count_max_population(), max(&pop), "{k:?}");
            assert_eq!(k.count_min_sign_bits(), min(&sign_bits), "{k:?}");
            assert_eq!(k.count_max_active_bits(), w - min(&lz), "{k:?}");
            assert_eq!(k.is_constant(), ms.len() == 1);
            assert_eq!(k.constant().is_some(), ms.len() == 1);
            assert_eq!(k.is_unknown(), ms.len() == 1 << w);
            assert_eq!(k.is_zero(), ms.iter().all(ApInt::is_zero));
            assert_eq!(k.is_nonzero(), ms.iter().all(|m| !m.is_zero()));
            assert_eq!(k.is_negative(), ms.iter().all(ApInt::is_negative));
            assert_eq!(k.is_nonnegative(), ms.iter().all(|m| !m.is_negative()));
            assert_eq!(hull(w, &ms), k);
            for v in 0..1u64 << (w + 1) {
                let admitted = v < 1 << w && ms.contains(&c(w, v));
                assert_eq!(k.admits_u64(v), admitted, "{k:?} admits {v}");
                if v < 1 << w {
                    assert_eq!(k.admits(&c(w, v)), admitted);
                }
            }
        }
    }
}

#[test]
fn abs_without_poison_flag_is_exact() {
    for w in EXHAUSTIVE_WIDTHS {
        for k in all_known_bits(w) {
            let results: Vec<ApInt> = members(&k).iter().map(ApInt::unsigned_abs).collect();
            assert_eq!(k.abs(false), hull(w, &results), "{k:?}");
        }
    }
    assert_eq!(KnownBits::merge_all(&[]), None);
}

#[test]
fn merge_and_refine_are_exact() {
    for w in [1, 2, 3] {
        let all = all_known_bits(w);
        for a in &all {
            let ma = members(a);
            for b in &all {
                let mb = members(b);
                let union: Vec<ApInt> = ma.iter().chain(&mb).cloned().collect();
                assert_eq!(a.merge(b), hull(w, &union));
                assert_eq!(KnownBits::merge_all([a, b, a]), Some(hull(w, &union)));
                let inter: Vec<ApInt> = ma.iter().filter(|m| mb.contains(m)).cloned().collect();
                match a.refine(b) {
                    Some(r) => assert_eq!(r, hull(w, &inter), "{a:?} {b:?}"),
                    None => assert!(inter.is_empty(), "{a:?} {b:?}"),
                }
            }
        }
    }
}

#[test]
fn constants_are_exact() {
    for w in [1, 4, 63, 64, 65, 128, 200] {
        let mut rng = Rng(u64::from(w));
        for _ in 0..20 {
            let v = rng.apint(w);
            let k = KnownBits::from_constant(&v);
            assert!(k.is_constant() && k.is_consistent());
            assert_eq!(k.constant(), Some(&v));
            assert_eq!(k.min_value(), v);
            assert_eq!(k.max_value(), v);
            assert!(k.admits(&v));
            assert!(!k.admits(&v.xor(&ApInt::single_bit(w, rng.below(u64::from(w)) as u32))));
        }
    }
}
