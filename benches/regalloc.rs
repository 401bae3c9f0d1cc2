//! The fat-point register allocator (`ori::ori::regalloc::allocate`, checker off) on high-pressure
//! straight-line functions built directly in the Ori IR.
//!
//! The function keeps `live` values alive from the top to the bottom (all stored at the end) and
//! runs `rounds` rounds over them; each round first computes `spike` temporaries from the live
//! values and only then folds them back in, so that `live + spike` registers are live at once. That
//! is the shape of the unrolled arithmetic of `scripts/gen-large-kernels` and of real unrolled
//! kernels (convolution taps, matrix tiles).
//!
//! Cases (throughput in Ori instructions per second):
//! * `fits/N`: pressure about 200 under the default budget (255 registers): the first NOSPILL
//!   trial succeeds, no spill code; about N instructions, N = 1 000, 10 000 (the exact count
//!   is in the benchmark name);
//! * `spills/N`: the same function under a 64-register budget: NOSPILL trials fail, the SPILL
//!   rounds insert local-memory spill code and re-run liveness until it fits (about 1 000
//!   instructions).
//!
//! `allocate` rewrites the function (spill code), so each iteration allocates a fresh clone made
//! outside the timed region.
//!
//! Run: `cargo bench --bench regalloc -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use ori::ori::ir::{Block, Function, Inst, Operand, PairMode, RegFile, VReg};
use ori::ori::opcode::{Op, Space};
use ori::ori::regalloc::{Budget, Knobs, allocate};

/// Values live across the whole function.
const LIVE: usize = 140;
/// Extra temporaries live at once in each round.
const SPIKE: usize = 60;

/// The high-pressure function of the module documentation, with about `n` instructions.
fn pressure(n: usize) -> Function {
    let mut f = Function { name: "bench".into(), is_kernel: true, ..Default::default() };
    f.blocks.push(Block { name: "entry".into(), ..Default::default() });
    let mut insts = Vec::new();
    let r = |v: VReg| Operand::Reg(v);
    let add = |d: VReg, a: VReg, b: VReg| {
        Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![r(d)], vec![r(a), r(b), Operand::Zero])
    };
    let addr = f.new_reg(RegFile::R, PairMode::Pair);
    insts.push(Inst::new(Op::Mov { w64: true }, vec![r(addr)], vec![Operand::Imm(0x1000)]));
    let mut live: Vec<VReg> = Vec::new();
    for k in 0..LIVE {
        let v = f.new_reg(RegFile::R, PairMode::Single);
        insts.push(Inst::new(Op::Mov { w64: false }, vec![r(v)], vec![Operand::Imm(k as u64)]));
        live.push(v);
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut rand = move |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as usize % m
    };
    while insts.len() + 2 * SPIKE + LIVE + 1 < n {
        let temps: Vec<VReg> = (0..SPIKE)
            .map(|_| {
                let t = f.new_reg(RegFile::R, PairMode::Single);
                insts.push(add(t, live[rand(LIVE)], live[rand(LIVE)]));
                t
            })
            .collect();
        for t in temps {
            let k = rand(LIVE);
            let d = f.new_reg(RegFile::R, PairMode::Single);
            insts.push(add(d, live[k], t));
            live[k] = d;
        }
    }
    for &v in &live {
        insts.push(Inst::new(
            Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 },
            vec![],
            vec![r(addr), r(v)],
        ));
    }
    insts.push(Inst::new(Op::Exit, vec![], vec![]));
    f.blocks[0].insts = insts;
    f
}

fn bench_regalloc(c: &mut Criterion) {
    let knobs = Knobs::default();
    let mut group = c.benchmark_group("regalloc");
    for (case, n, budget) in [("fits", 1000usize, 255u32), ("fits", 10_000, 255), ("spills", 1000, 64)] {
        group.sample_size(if n >= 10_000 { 10 } else { 20 });
        let f = pressure(n);
        let mut probe = f.clone();
        let a = allocate(&mut probe, &Budget::exact(budget), &knobs, true).expect("allocation succeeds");
        assert!(a.stats.pressure as usize >= LIVE + SPIKE / 2, "pressure {}", a.stats.pressure);
        assert_eq!(a.stats.spilled.is_empty(), case == "fits", "{case}: {} spilled", a.stats.spilled.len());
        group.throughput(Throughput::Elements(f.num_insts() as u64));
        let id = format!("{case}/{}insts_pressure{}_budget{budget}", f.num_insts(), a.stats.pressure);
        group.bench_function(id, |b| {
            b.iter_batched_ref(
                || f.clone(),
                |g| allocate(black_box(g), &Budget::exact(budget), &knobs, false).expect("allocation succeeds"),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench_regalloc);
criterion_main!(benches);
