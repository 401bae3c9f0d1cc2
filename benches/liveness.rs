//! Global liveness (`ori::liveness::Liveness::compute`: GEN/KILL, the iterative solver over every
//! register file, and the pressure walk) on large synthetic CFGs built directly in the Ori IR.
//!
//! The function is what `OriPerformLiveDead` sees after `EliminateMovPhi`: non-SSA code in which
//! loop-carried values are redefined in place. It is a sequence of loop nests of depth 3, each
//!
//! ```text
//! H1: ops                               (outer header)
//!   H2: ops
//!     H3: ops; ISETP p; @p BRA ELSE     (innermost header)
//!     THEN: ops; BRA JOIN
//!     ELSE: ops
//!     JOIN: ops; IADD3 iv3; ISETP; @p BRA H3
//!   L2: IADD3 iv2; ISETP; @p BRA H2
//! L1: IADD3 iv1; ISETP; @p BRA H1
//! ```
//!
//! with `LIVE_THROUGH` registers defined in the entry and stored at the exit (live across every
//! block), `CARRIED` registers per nest redefined in the loop bodies (live around the back edges),
//! and fresh single-block temporaries. The solver needs about depth + 2 sweeps.
//!
//! Cases (throughput in Ori instructions per second):
//! * `loop_nests/N`: N nests (9 blocks each), for N = 25, 250, 2500 (about 200 to 20 000 blocks);
//! * `straight/N`: one block of N instructions with 200 live values (no iteration: GEN/KILL and
//!   the pressure walk only).
//!
//! Run: `cargo bench --bench liveness -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ori::ori::analysis::liveness::Liveness;
use ori::ori::ir::{Bix, Block, Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
use ori::ori::opcode::{BoolOp, Cmp, Op, Space};

/// Registers live from the entry to the exit.
const LIVE_THROUGH: usize = 48;
/// Registers each loop nest redefines in place.
const CARRIED: usize = 12;
/// Loop depth of every nest.
const DEPTH: usize = 3;

/// A tiny builder for Ori functions (deterministic: a fixed-seed xorshift picks operands).
struct Builder {
    f: Function,
    state: u64,
}

impl Builder {
    fn new() -> Self {
        Builder {
            f: Function { name: "bench".into(), is_kernel: true, ..Default::default() },
            state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    fn rand(&mut self, n: usize) -> usize {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// Starts a new block; returns its index.
    fn block(&mut self) -> Bix {
        let b = self.f.blocks.len() as u32;
        self.f.blocks.push(Block { label: b, name: format!("b{b}"), ..Default::default() });
        Bix(b)
    }

    fn push(&mut self, i: Inst) {
        self.f.blocks.last_mut().expect("a block").insts.push(i);
    }

    fn reg(&mut self) -> VReg {
        self.f.new_reg(RegFile::R, PairMode::Single)
    }

    fn mov(&mut self, d: VReg, imm: u64) {
        self.push(Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(d)], vec![Operand::Imm(imm)]));
    }

    fn add(&mut self, d: VReg, a: VReg, b: VReg) {
        let op = Op::IAdd3 { neg_b: false, w64: false };
        self.push(Inst::new(op, vec![Operand::Reg(d)], vec![Operand::Reg(a), Operand::Reg(b), Operand::Zero]));
    }

    /// `p = a < b`.
    fn setp(&mut self, a: VReg, b: VReg) -> VReg {
        let p = self.f.new_reg(RegFile::P, PairMode::Single);
        let op = Op::ISetp { cmp: Cmp::Lt, signed: true, w64: false, bop: BoolOp::And };
        self.push(Inst::new(op, vec![Operand::Reg(p)], vec![Operand::Reg(a), Operand::Reg(b), Operand::True]));
        p
    }

    fn bra(&mut self, target: Bix, guard: Option<VReg>) {
        let mut i = Inst::new(Op::Bra, vec![], vec![Operand::Label(target)]);
        i.guard = guard.map(|pred| Guard { pred, negated: false });
        self.push(i);
    }

    /// `k` operations on `vals`: each redefines one of `targets` in place (when given) or a fresh
    /// temporary that the next operation reads.
    fn ops(&mut self, k: usize, vals: &[VReg], targets: &[VReg]) {
        let mut last = vals[0];
        for _ in 0..k {
            let a = vals[self.rand(vals.len())];
            let d =
                if targets.is_empty() || self.rand(3) == 0 { self.reg() } else { targets[self.rand(targets.len())] };
            self.add(d, a, last);
            last = d;
        }
    }
}

/// The loop-nest function of the module documentation with `nests` nests.
fn loop_nests(nests: usize) -> Function {
    let mut b = Builder::new();
    b.block();
    let addr = b.f.new_reg(RegFile::R, PairMode::Pair);
    b.push(Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(addr)], vec![Operand::Imm(0x1000)]));
    let n = b.reg();
    b.mov(n, 100);
    let one = b.reg();
    b.mov(one, 1);
    let live: Vec<VReg> = (0..LIVE_THROUGH).map(|_| b.reg()).collect();
    for (k, &v) in live.iter().enumerate() {
        b.mov(v, k as u64);
    }
    for _ in 0..nests {
        let carried: Vec<VReg> = (0..CARRIED).map(|_| live[b.rand(LIVE_THROUGH)]).collect();
        let ivs: Vec<VReg> = (0..DEPTH).map(|_| b.reg()).collect();
        b.block(); // the preheader
        let mut headers = Vec::new();
        for &iv in &ivs {
            // The induction variable is reset in the block before the header.
            b.mov(iv, 0);
            headers.push(b.block());
            b.ops(4, &live, &carried);
        }
        let p = b.setp(carried[0], carried[1]);
        let else_ = Bix(b.f.blocks.len() as u32 + 1);
        let join = Bix(b.f.blocks.len() as u32 + 2);
        b.bra(else_, Some(p));
        b.block();
        b.ops(6, &live, &carried);
        b.bra(join, None);
        b.block();
        b.ops(6, &live, &carried);
        b.block();
        b.ops(4, &live, &carried);
        for (level, &iv) in ivs.iter().enumerate().rev() {
            if level + 1 < DEPTH {
                b.block();
            }
            b.add(iv, iv, one);
            let p = b.setp(iv, n);
            b.bra(headers[level], Some(p));
        }
    }
    b.block();
    for &v in &live {
        let op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
        b.push(Inst::new(op, vec![], vec![Operand::Reg(addr), Operand::Reg(v)]));
    }
    b.push(Inst::new(Op::Exit, vec![], vec![]));
    b.f
}

/// One block of `n` operations over 200 live values, all stored at the end.
fn straight(n: usize) -> Function {
    let mut b = Builder::new();
    b.block();
    let addr = b.f.new_reg(RegFile::R, PairMode::Pair);
    b.push(Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(addr)], vec![Operand::Imm(0x1000)]));
    let live: Vec<VReg> = (0..200).map(|_| b.reg()).collect();
    for (k, &v) in live.iter().enumerate() {
        b.mov(v, k as u64);
    }
    b.ops(n, &live, &[]);
    for &v in &live {
        let op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
        b.push(Inst::new(op, vec![], vec![Operand::Reg(addr), Operand::Reg(v)]));
    }
    b.push(Inst::new(Op::Exit, vec![], vec![]));
    b.f
}

fn bench_liveness(c: &mut Criterion) {
    let mut group = c.benchmark_group("liveness");
    for nests in [25usize, 250, 2500] {
        let f = loop_nests(nests);
        let live = Liveness::compute(&f);
        assert!(live.sweeps() >= 3, "nested loops need several sweeps, got {}", live.sweeps());
        assert!(live.peak(RegFile::R) as usize >= LIVE_THROUGH);
        group.throughput(Throughput::Elements(f.num_insts() as u64));
        if nests >= 2500 {
            group.sample_size(10);
        }
        let id =
            format!("loop_nests/{nests}x{}blocks_{}insts_{}regs", f.blocks.len() / nests, f.num_insts(), f.regs.len());
        group.bench_function(id, |b| b.iter(|| Liveness::compute(black_box(&f))));
    }
    group.sample_size(100);
    for n in [1000usize, 10_000] {
        let f = straight(n);
        group.throughput(Throughput::Elements(f.num_insts() as u64));
        group.bench_function(format!("straight/{n}"), |b| b.iter(|| Liveness::compute(black_box(&f))));
    }
    group.finish();
}

criterion_group!(benches, bench_liveness);
criterion_main!(benches);
