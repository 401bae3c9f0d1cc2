//! The i128 division expansion, JIT-compiled on the host and compared with Rust's own i128
//! arithmetic on random operands of every length and sign, edge cases, and the constant-divisor
//! forms.

use crate::llvm::module::{parse_module, verify};
use crate::rng::Rng;
use inkwell::OptimizationLevel;
use inkwell::context::Context;
use inkwell::targets::{InitializationConfig, Target};

/// `@run(ptr %io)`: io[0] / io[1] four ways into io[2..6], and the constant divisors of
/// `CONSTS` on io[0] into io[6..].
const SRC: &str = "
define void @run(ptr %io) {
  %n = load i128, ptr %io
  %pd = getelementptr i128, ptr %io, i32 1
  %d = load i128, ptr %pd
  %q = udiv i128 %n, %d
  %r = urem i128 %n, %d
  %sq = sdiv i128 %n, %d
  %sr = srem i128 %n, %d
  %p2 = getelementptr i128, ptr %io, i32 2
  store i128 %q, ptr %p2
  %p3 = getelementptr i128, ptr %io, i32 3
  store i128 %r, ptr %p3
  %p4 = getelementptr i128, ptr %io, i32 4
  store i128 %sq, ptr %p4
  %p5 = getelementptr i128, ptr %io, i32 5
  store i128 %sr, ptr %p5
  %c0 = udiv i128 %n, 1
  %c1 = udiv i128 %n, 64
  %c2 = urem i128 %n, 170141183460469231731687303715884105728
  %c3 = sdiv i128 %n, 1
  %c4 = sdiv i128 %n, 4096
  %c5 = srem i128 %n, 18446744073709551616
  %c6 = sdiv i128 %n, 85070591730234615865843651857942052864
  %p6 = getelementptr i128, ptr %io, i32 6
  store i128 %c0, ptr %p6
  %p7 = getelementptr i128, ptr %io, i32 7
  store i128 %c1, ptr %p7
  %p8 = getelementptr i128, ptr %io, i32 8
  store i128 %c2, ptr %p8
  %p9 = getelementptr i128, ptr %io, i32 9
  store i128 %c3, ptr %p9
  %p10 = getelementptr i128, ptr %io, i32 10
  store i128 %c4, ptr %p10
  %p11 = getelementptr i128, ptr %io, i32 11
  store i128 %c5, ptr %p11
  %p12 = getelementptr i128, ptr %io, i32 12
  store i128 %c6, ptr %p12
  ret void
}
";

#[repr(C, align(16))]
struct Io([u128; 13]);

#[test]
fn expansion_matches_host_division() {
    Target::initialize_native(&InitializationConfig::default()).unwrap();
    let ctx = Context::create();
    let m = parse_module(&ctx, SRC.as_bytes(), "div").unwrap();
    // SAFETY: `m` is live.
    assert_eq!(unsafe { super::expand(m.as_mut_ptr()) }, 11);
    verify(&m).unwrap();
    let text = m.print_to_string().to_string();
    assert!(
        !text.contains(" udiv ") && !text.contains(" sdiv ") && !text.contains(" urem ") && !text.contains(" srem ")
    );
    let ee = m.create_jit_execution_engine(OptimizationLevel::None).unwrap();
    type Run = unsafe extern "C" fn(*mut Io);
    // SAFETY: `@run` takes one pointer.
    let run = unsafe { ee.get_function::<Run>("run") }.unwrap();
    let mut rng = Rng::new(128);
    let mut wide = || (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
    let edges: [u128; 12] = [
        0,
        1,
        2,
        3,
        u128::MAX,
        u128::MAX - 1,
        1 << 64,
        (1 << 64) - 1,
        1 << 127,
        (1 << 127) - 1,
        (1 << 127) + 1,
        10_000_000_000_000_000_000,
    ];
    let mut pairs: Vec<(u128, u128)> = Vec::new();
    for &n in &edges {
        for &d in &edges {
            pairs.push((n, d));
        }
    }
    for k in 0..4000 {
        let (n, d) = (wide() >> (k % 128), wide() >> ((k * 37 + 5) % 128));
        pairs.push((n, d));
        pairs.push((n, n.wrapping_add((k % 3) as u128).wrapping_sub(1)));
    }
    for (n, d) in pairs {
        if d == 0 {
            continue;
        }
        let mut io = Io([0; 13]);
        io.0[0] = n;
        io.0[1] = d;
        // SAFETY: `io` has the 13 slots `@run` uses.
        unsafe { run.call(&mut io) };
        let (sn, sd) = (n as i128, d as i128);
        assert_eq!(io.0[2], n / d, "udiv {n:#x} {d:#x}");
        assert_eq!(io.0[3], n % d, "urem {n:#x} {d:#x}");
        if !(sn == i128::MIN && sd == -1) {
            assert_eq!(io.0[4] as i128, sn / sd, "sdiv {sn} {sd}");
            assert_eq!(io.0[5] as i128, sn % sd, "srem {sn} {sd}");
        }
        assert_eq!(io.0[6], n);
        assert_eq!(io.0[7], n / 64);
        assert_eq!(io.0[8], n % (1 << 127));
        assert_eq!(io.0[9] as i128, sn);
        assert_eq!(io.0[10] as i128, sn / 4096, "sdiv {sn} 4096");
        assert_eq!(io.0[11] as i128, sn % (1 << 64), "srem {sn} 2^64");
        assert_eq!(io.0[12] as i128, sn / (1 << 126), "sdiv {sn} 2^126");
    }
}
