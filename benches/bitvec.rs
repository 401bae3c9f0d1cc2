//! Throughput of the fused liveness transfer function
//! (`BitVec::or_with_and_not[_if_changed]`, seed 000 "BitVector
//! Implementation") next to a plain `copy_from_slice` memcpy of the same
//! number of bytes.
//!
//! Every benchmark reports `Throughput::Bytes(bits / 8)`, i.e. the size of ONE
//! vector, so the GB/s figures compare directly: the fused operation reads
//! four vectors (dst, gen, in, kill) and may write one, memcpy reads one and
//! writes one.
//!
//! Cases, for 4 Ki, 64 Ki and 1 Mi bits:
//! * `memcpy`: `dst.copy_from_slice(src)` on `u64` slices;
//! * `or_with_and_not`: the unconditional fused update;
//! * `if_changed_converged`: `or_with_and_not_if_changed` at the fixed point
//!   (the common case late in the solver): read-only scan, returns `false`;
//! * `if_changed_first_word`: the first word changes, so the scan stops at
//!   once and the whole vector is updated (destination reset outside the
//!   timed region);
//! * `or_if_changed_converged`: the meet at the fixed point.
//!
//! Run: `cargo bench --bench bitvec -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use ori::ori::analysis::bitvec::BitVec;

/// Deterministic pseudo-random vector (xorshift64*): each word is the AND of
/// `and_rounds + 1` random words, so about `2^-(and_rounds + 1)` of the bits
/// are set.
fn random_bv(bits: usize, seed: u64, and_rounds: u32) -> BitVec {
    let mut state = seed | 1;
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut bv = BitVec::new(bits);
    for i in 0..bits / 64 {
        let mut w = next();
        for _ in 0..and_rounds {
            w &= next();
        }
        for b in 0..64 {
            if (w >> b) & 1 != 0 {
                bv.set(i * 64 + b);
            }
        }
    }
    bv
}

fn bench_transfer(c: &mut Criterion) {
    for bits in [4usize << 10, 64 << 10, 1 << 20] {
        let bytes = (bits / 8) as u64;
        let mut group = c.benchmark_group(format!("bits_{bits}"));
        group.throughput(Throughput::Bytes(bytes));

        let src_words = vec![0x5555_5555_5555_5555u64; bits / 64];
        let mut dst_words = vec![0u64; bits / 64];
        group.bench_function("memcpy", |b| {
            b.iter(|| {
                dst_words.copy_from_slice(black_box(&src_words));
                black_box(&mut dst_words);
            })
        });

        let gen_ = random_bv(bits, 1, 3); // ~6% dense
        let in_ = random_bv(bits, 2, 0); // ~50% dense
        let kill = random_bv(bits, 3, 1); // ~25% dense
        let mut fixed = BitVec::new(bits);
        fixed.or_with_and_not(&gen_, &in_, &kill);

        let mut dst = fixed.clone();
        group.bench_function("or_with_and_not", |b| {
            b.iter(|| {
                dst.or_with_and_not(black_box(&gen_), black_box(&in_), black_box(&kill));
                black_box(&mut dst);
            })
        });

        let mut dst = fixed.clone();
        group.bench_function("if_changed_converged", |b| {
            b.iter(|| {
                let changed = dst.or_with_and_not_if_changed(black_box(&gen_), black_box(&in_), black_box(&kill));
                assert!(!changed);
            })
        });

        let mut first = fixed.clone();
        let bit0 = fixed.iter().next().expect("non-empty fixed point");
        first.clear(bit0);
        group.bench_function("if_changed_first_word", |b| {
            b.iter_batched_ref(
                || first.clone(),
                |d| {
                    let changed = d.or_with_and_not_if_changed(black_box(&gen_), black_box(&in_), black_box(&kill));
                    assert!(changed);
                },
                BatchSize::SmallInput,
            )
        });

        let mut dst = fixed.clone();
        dst.or_assign(&in_);
        group.bench_function("or_if_changed_converged", |b| {
            b.iter(|| {
                let changed = dst.or_if_changed(black_box(&in_));
                assert!(!changed);
            })
        });

        group.finish();
    }
}

criterion_group!(benches, bench_transfer);
criterion_main!(benches);
