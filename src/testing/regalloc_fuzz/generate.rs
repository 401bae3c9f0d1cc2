//! Random, valid-by-construction Ori kernels for the allocator fuzzer (`regalloc_fuzz/mod.rs`).
//!
//! # What a kernel looks like
//!
//! Every kernel runs on 2 CTAs of [`THREADS`] threads and has two parameters: `out` (a pointer
//! to [`ROW_WORDS`] 32-bit words per thread, at `c[0x0][0x210]`) and `k` (a 32-bit integer at
//! `c[0x0][0x218]`). The entry block reads `SR_TID.X` and `SR_CTAID.X` and computes the thread's
//! row address `row = (ctaid·THREADS + tid)·4·ROW_WORDS + out`; the body is a random *structured*
//! program, and the kernel ends by storing a random subset of the values still in scope to its
//! row. Everything is a pure function of the inputs, so two runs of the kernel — before and after
//! register allocation — must leave identical memory.
//!
//! # Valid by construction
//!
//! The generator keeps a *scope*: the values whose definition dominates the current point. A
//! region (straight code, an if-then, an if-then-else, a counted loop, a barrier exchange) reads
//! only values of its scope, and when it ends the scope keeps only what dominates its end:
//!
//! - **if-then(-else)**: `@p BRA else` (or `join`); each arm runs on a copy of the scope; the join
//!   block starts with `MovPhi`s merging one value of each arm (or of the arm and the value from
//!   before the branch), and only those phis join the outer scope;
//! - **loop**: `header` starts with a counter phi and phis for some loop-carried values; the body
//!   is a nested region, the latch computes the carried values' next versions, `i + 1` and
//!   `@p BRA header` where `p = i + 1 < trip`. The trip count is an immediate (a uniform loop) or
//!   `(tid & 3) + 1` (a divergent one). The exit block's only predecessor is the latch, so every
//!   value of the body's scope dominates it.
//!
//! So every use is dominated by a definition (the fuzzer checks that liveness finds nothing live
//! into the entry), and the code is in the SSA form the lowering produces, phis included, except
//! for deliberate *guarded redefinitions* (`MOV x, a; @p OP x, ...`), the conditional definitions
//! predicated code has.
//!
//! # Values
//!
//! 32-bit values (`IADD3` with and without a negated or third source, `LOP3` with a random
//! table, `IMAD`, `IMAD.HI`, `SHF` by immediates and registers, `IMNMX`, `SEL`, truncating
//! `I2I`), 64-bit pairs (`IADD3.64`, `IMAD.WIDE.U32`, `LOP3.64`, `SHF.L.U64`, widening `I2I`,
//! `SEL.64`), predicates (`ISETP` on 32- and 64-bit values combined with another predicate,
//! `PLOP3`) that guard stores, definitions and branches, `BAR.SYNC` exchanges through shared
//! memory at the top level (never under a branch, so every thread that has not exited arrives),
//! early exits (`@p EXIT`) under branches and in loops, and in about a third of the kernels a
//! local array addressed through the stack pointer (`c[0x0][0x28]`, R1). Operands are drawn
//! from the whole scope, so values stay live for long: with a few hundred instructions the
//! pressure is far beyond 16 or 24 registers, and the allocator must spill.
//!
//! In *uniform* cases ([`Generated::uniform`]) the top level prefers operands derived only from
//! `k`, `SR_CTAID.X` and immediates (and has bursts of such definitions), so that `ConvertToUniformReg` (run by the fuzzer with budgets
//! beyond the 63 UR / 7 UP registers) moves many of them to UR and UP and the uniform files spill.

use crate::ori::ir::{Bix, Block, Function, GlobalVar, Guard, Inst, Operand, PairMode, Param, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, MadKind, NumTy, Op, Round, Space, lut};
use crate::sreg::{Dim, SpecialReg};

/// Threads per CTA (one warp: the interpreter's time is most of a case's).
pub const THREADS: u32 = 32;
/// CTAs of the launch.
pub const CTAS: u32 = 2;
/// Output words per thread.
pub const ROW_WORDS: u32 = 160;
/// The value of the parameter `k`.
pub const K_PARAM: u64 = 37;
/// The shared array the barrier exchanges go through.
pub const SHARED_SYMBOL: &str = "fuzz_exchange";
/// Barrier exchanges at most per kernel (each has its own part of the shared array).
const MAX_EXCHANGES: u32 = 4;
/// Words of the local array of kernels that have one.
const LOCAL_WORDS: u32 = 16;
/// Nesting depth of branches and loops at most.
const MAX_DEPTH: u32 = 3;

/// The project's generator (`crate::rng`, SplitMix64).
pub use crate::rng::Rng;

/// The kind of a generated value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    W32,
    W64,
    Pred,
}

/// A value in scope; `uniform` when it derives only from uniform sources.
#[derive(Clone, Copy, Debug)]
struct Val {
    reg: VReg,
    kind: Kind,
    uniform: bool,
}

/// One generated kernel.
#[derive(Clone, Debug)]
pub struct Generated {
    /// SSA form with `MovPhi`s, as the lowering leaves it.
    pub func: Function,
    /// The module variables (the shared exchange array).
    pub globals: Vec<GlobalVar>,
    /// Prefer uniform operands at the top level (run `ConvertToUniformReg` generously).
    pub uniform: bool,
    /// Also convert 64-bit pairs to UR pairs.
    pub uniform_pairs: bool,
    /// The `--maxrregcount` the phases before allocation see (phase 19 splits live ranges
    /// against it).
    pub phase_budget: Option<u32>,
}

/// Generates the kernel of `seed` (deterministic).
pub fn generate(seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let uniform = rng.percent(30);
    let uniform_pairs = uniform && rng.percent(50);
    let phase_budget = rng.percent(50).then_some(24);
    let local = rng.percent(35);
    let fuel = if uniform { rng.range(150, 400) } else { rng.range(30, 260) };
    let f = Function {
        name: format!("fuzz_{seed}"),
        is_kernel: true,
        params: vec![
            Param { name: "out".into(), size: 8, align: 8, cbank_offset: 0x210, ptx_type: ".u64" },
            Param { name: "k".into(), size: 4, align: 4, cbank_offset: 0x218, ptx_type: ".u32" },
        ],
        blocks: vec![Block::default()],
        ..Default::default()
    };
    let mut g = Gen {
        rng,
        f,
        cur: 0,
        fuel,
        row: VReg(0),
        slot: 0,
        exchanges: 0,
        uniform,
        tid: VReg(0),
        k: VReg(0),
        ctaid: VReg(0),
        burst: false,
        sp: None,
    };
    let mut scope = g.prologue(local);
    g.region(&mut scope, 0);
    g.epilogue(&scope);
    for (b, block) in g.f.blocks.iter_mut().enumerate() {
        block.label = b as u32;
    }
    let globals = vec![GlobalVar {
        name: SHARED_SYMBOL.into(),
        space: Space::Shared,
        size: u64::from(MAX_EXCHANGES * THREADS * 4),
        align: 4,
        init: None,
        external: false,
        ..Default::default()
    }];
    Generated { func: g.f, globals, uniform, uniform_pairs, phase_budget }
}

/// A branch whose target is filled in later: `(block, instruction)`.
type Patch = (usize, usize);

struct Gen {
    rng: Rng,
    f: Function,
    /// The block being appended to.
    cur: usize,
    /// Instructions left to generate (the epilogue's stores come on top).
    fuel: u32,
    /// This thread's output row (pair).
    row: VReg,
    tid: VReg,
    /// The parameter `k` and `SR_CTAID.X` (uniform).
    k: VReg,
    ctaid: VReg,
    /// Next free output word.
    slot: u32,
    exchanges: u32,
    uniform: bool,
    /// Inside a burst of uniform definitions (uniform cases, top level).
    burst: bool,
    /// The stack pointer, in kernels with a local array.
    sp: Option<VReg>,
}

fn reg(v: VReg) -> Operand {
    Operand::Reg(v)
}

impl Gen {
    fn emit(&mut self, inst: Inst) {
        self.fuel = self.fuel.saturating_sub(1);
        self.f.blocks[self.cur].insts.push(inst);
    }

    fn new_reg(&mut self, kind: Kind) -> VReg {
        match kind {
            Kind::W32 => self.f.new_reg(RegFile::R, PairMode::Single),
            Kind::W64 => self.f.new_reg(RegFile::R, PairMode::Pair),
            Kind::Pred => self.f.new_reg(RegFile::P, PairMode::Single),
        }
    }

    /// Starts a new block after the current one and makes it current; returns its index.
    fn new_block(&mut self) -> usize {
        self.f.blocks.push(Block::default());
        self.cur = self.f.blocks.len() - 1;
        self.cur
    }

    /// Emits `[@guard] BRA ?`; the target is set by [`Gen::patch`].
    fn branch(&mut self, guard: Option<Guard>) -> Patch {
        let mut i = Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(u32::MAX))]);
        i.guard = guard;
        self.emit(i);
        (self.cur, self.f.blocks[self.cur].insts.len() - 1)
    }

    fn patch(&mut self, at: Patch, target: usize) {
        self.f.blocks[at.0].insts[at.1].srcs[0] = Operand::Label(Bix(target as u32));
    }

    /// The entry: thread and block ids, the parameters, the output row, a first predicate; with
    /// `local`, a local array of [`LOCAL_WORDS`] words and the stack pointer
    /// (`MOV sp, c[0x0][0x28]`, pre-colored to R1 by the allocator), as the lowering makes them.
    fn prologue(&mut self, local: bool) -> Vec<Val> {
        if local {
            let sp = self.new_reg(Kind::W32);
            let word = Operand::CBank { bank: 0, offset: crate::ori::lower::STACK_POINTER_CBANK };
            self.emit(Inst::new(Op::Mov { w64: false }, vec![reg(sp)], vec![word]));
            self.f.stack_pointer = Some(sp);
            self.f.local_frame = LOCAL_WORDS * 4;
            self.sp = Some(sp);
        }
        let tid = self.new_reg(Kind::W32);
        let ctaid = self.new_reg(Kind::W32);
        let base = self.new_reg(Kind::W64);
        let k = self.new_reg(Kind::W32);
        let gtid = self.new_reg(Kind::W32);
        let row = self.new_reg(Kind::W64);
        let p = self.new_reg(Kind::Pred);
        self.emit(Inst::new(Op::S2R, vec![reg(tid)], vec![Operand::SReg(SpecialReg::Tid(Dim::X))]));
        self.emit(Inst::new(Op::S2R, vec![reg(ctaid)], vec![Operand::SReg(SpecialReg::Ctaid(Dim::X))]));
        self.emit(Inst::new(Op::Mov { w64: true }, vec![reg(base)], vec![Operand::CBank { bank: 0, offset: 0x210 }]));
        self.emit(Inst::new(Op::Mov { w64: false }, vec![reg(k)], vec![Operand::CBank { bank: 0, offset: 0x218 }]));
        let lo = Op::IMad { kind: MadKind::Lo, w64: false };
        self.emit(Inst::new(lo, vec![reg(gtid)], vec![reg(ctaid), Operand::Imm(THREADS as u64), reg(tid)]));
        let wide = Op::IMad { kind: MadKind::Wide { signed: false }, w64: false };
        let stride = Operand::Imm(u64::from(ROW_WORDS * 4));
        self.emit(Inst::new(wide, vec![reg(row)], vec![reg(gtid), stride, reg(base)]));
        let lt = Op::ISetp { cmp: Cmp::Lt, signed: false, w64: false, bop: BoolOp::And };
        self.emit(Inst::new(lt, vec![reg(p)], vec![reg(tid), reg(k), Operand::True]));
        self.row = row;
        self.tid = tid;
        self.k = k;
        self.ctaid = ctaid;
        let v = |reg, kind, uniform| Val { reg, kind, uniform };
        vec![
            v(tid, Kind::W32, false),
            v(ctaid, Kind::W32, true),
            v(base, Kind::W64, true),
            v(k, Kind::W32, true),
            v(gtid, Kind::W32, false),
            v(p, Kind::Pred, false),
        ]
    }

    /// Stores a random subset of the scope (most of it: the values stay live to the end), then
    /// `EXIT`.
    fn epilogue(&mut self, scope: &[Val]) {
        // Uniform cases keep everything: their UR values are then live together.
        let keep = if self.uniform { 100 } else { self.rng.range(50, 100) };
        for &v in scope {
            if self.rng.percent(keep) {
                self.store(v, None);
            }
        }
        self.emit(Inst::new(Op::Exit, vec![], vec![]));
    }

    /// A random value of `kind` from the scope (uniform ones only with `uniform_only`, when there
    /// are any): half the time one of the eight latest, else any.
    fn pick(&mut self, scope: &[Val], kind: Kind, uniform_only: bool) -> Option<Val> {
        let mut all: Vec<Val> = scope.iter().copied().filter(|v| v.kind == kind).collect();
        if uniform_only && all.iter().any(|v| v.uniform) {
            all.retain(|v| v.uniform);
        }
        if all.is_empty() {
            return None;
        }
        let from = if self.rng.percent(50) { all.len().saturating_sub(8) } else { 0 };
        Some(all[from + self.rng.below(all.len() - from)])
    }

    /// An operand of `kind`: a register of the scope, sometimes an immediate (never for
    /// predicates, which fall back to `PT`).
    fn operand(&mut self, scope: &[Val], kind: Kind, uniform_only: bool, used: &mut Vec<Val>) -> Operand {
        let imm_percent = if kind == Kind::Pred { 0 } else { 12 };
        if !self.rng.percent(imm_percent)
            && let Some(v) = self.pick(scope, kind, uniform_only)
        {
            used.push(v);
            return reg(v.reg);
        }
        match kind {
            Kind::W32 => Operand::Imm(self.imm32()),
            Kind::W64 => Operand::Imm(self.rng.next_u64() >> self.rng.below(64)),
            Kind::Pred => Operand::True,
        }
    }

    fn imm32(&mut self) -> u64 {
        match self.rng.below(4) {
            0 => self.rng.below(8) as u64,
            1 => self.rng.next_u64() & 0xFFFF_FFFF,
            2 => 0xFFFF_FFFF - self.rng.below(4) as u64,
            _ => 1 << self.rng.below(32),
        }
    }

    /// Defines a new value of `kind` from the scope and adds it to the scope.
    fn define(&mut self, scope: &mut Vec<Val>, kind: Kind, depth: u32) -> Val {
        let uniform_only = self.uniform && depth == 0 && (self.burst || self.rng.percent(75));
        let mut used = Vec::new();
        let d = self.new_reg(kind);
        let inst = match kind {
            Kind::W32 => self.op32(scope, d, uniform_only, &mut used),
            Kind::W64 => self.op64(scope, d, uniform_only, &mut used),
            Kind::Pred => self.op_pred(scope, d, uniform_only, &mut used),
        };
        let uniform = used.iter().all(|v| v.uniform) && !matches!(inst.op, Op::IMnMx { .. } | Op::Cvt { .. });
        // A guarded redefinition: `MOV d, a; @p OP d, ...` (the old value survives a false guard).
        let guarded = kind != Kind::Pred && self.rng.percent(8);
        let mut inst = inst;
        if guarded && let Some(p) = self.pick(scope, Kind::Pred, false) {
            let first = self.operand(scope, kind, false, &mut Vec::new());
            self.emit(Inst::new(Op::Mov { w64: kind == Kind::W64 }, vec![reg(d)], vec![first]));
            inst.guard = Some(Guard { pred: p.reg, negated: self.rng.percent(50) });
        }
        self.emit(inst);
        let v = Val { reg: d, kind, uniform: uniform && !guarded };
        scope.push(v);
        v
    }

    fn op32(&mut self, scope: &[Val], d: VReg, u: bool, used: &mut Vec<Val>) -> Inst {
        let mut o = |g: &mut Gen, k| g.operand(scope, k, u, used);
        // A burst takes the opcodes with a uniform form (`convert_to_uniform_reg.rs`), and predicates only as
        // `SEL` selectors when they are uniform.
        let choice = if self.burst { [0, 1, 2, 3, 4, 6, 8, 10][self.rng.below(8)] } else { self.rng.below(11) };
        let (op, srcs) = match choice {
            0..=2 => {
                let third = if self.rng.percent(30) { o(self, Kind::W32) } else { Operand::Zero };
                let neg_b = self.rng.percent(20);
                (Op::IAdd3 { neg_b, w64: false }, vec![o(self, Kind::W32), o(self, Kind::W32), third])
            }
            3 => {
                let lut = self.rng.below(256) as u8;
                (Op::Lop3 { lut, w64: false }, vec![o(self, Kind::W32), o(self, Kind::W32), o(self, Kind::W32)])
            }
            4 => (
                Op::IMad { kind: MadKind::Lo, w64: false },
                vec![o(self, Kind::W32), o(self, Kind::W32), o(self, Kind::W32)],
            ),
            5 => {
                let signed = self.rng.percent(50);
                (
                    Op::IMad { kind: MadKind::Hi { signed }, w64: false },
                    vec![o(self, Kind::W32), o(self, Kind::W32), Operand::Zero],
                )
            }
            6 => {
                let (left, signed) = (self.rng.percent(50), self.rng.percent(30));
                let amount =
                    if self.rng.percent(70) { Operand::Imm(self.rng.below(36) as u64) } else { o(self, Kind::W32) };
                (Op::Shf { left, signed, w64: false }, vec![o(self, Kind::W32), amount])
            }
            7 => {
                let (signed, max) = (self.rng.percent(50), self.rng.percent(50));
                (Op::IMnMx { signed, max, w64: false }, vec![o(self, Kind::W32), o(self, Kind::W32)])
            }
            8 => (Op::Sel { w64: false }, vec![o(self, Kind::W32), o(self, Kind::W32), o(self, Kind::Pred)]),
            9 => {
                let cvt = Op::Cvt { from: NumTy::U64, to: NumTy::U32, round: Round::Rn };
                (cvt, vec![o(self, Kind::W64)])
            }
            _ => (Op::Mov { w64: false }, vec![Operand::Imm(self.imm32())]),
        };
        Inst::new(op, vec![reg(d)], srcs)
    }

    fn op64(&mut self, scope: &[Val], d: VReg, u: bool, used: &mut Vec<Val>) -> Inst {
        let mut o = |g: &mut Gen, k| g.operand(scope, k, u, used);
        let choice = if self.burst { [0, 1, 2, 3, 4, 7][self.rng.below(6)] } else { self.rng.below(8) };
        let (op, srcs) = match choice {
            0 | 1 => (
                Op::IAdd3 { neg_b: self.rng.percent(20), w64: true },
                vec![o(self, Kind::W64), o(self, Kind::W64), Operand::Zero],
            ),
            2 => {
                let wide = Op::IMad { kind: MadKind::Wide { signed: false }, w64: false };
                (wide, vec![o(self, Kind::W32), o(self, Kind::W32), o(self, Kind::W64)])
            }
            3 => {
                let lut = [lut::AND, lut::OR, lut::XOR, self.rng.below(256) as u8][self.rng.below(4)];
                (Op::Lop3 { lut, w64: true }, vec![o(self, Kind::W64), o(self, Kind::W64), o(self, Kind::W64)])
            }
            4 => (
                Op::Shf { left: true, signed: false, w64: true },
                vec![o(self, Kind::W64), Operand::Imm(self.rng.below(70) as u64)],
            ),
            5 => {
                let from = if self.rng.percent(50) { NumTy::S32 } else { NumTy::U32 };
                let to = if from == NumTy::S32 { NumTy::S64 } else { NumTy::U64 };
                (Op::Cvt { from, to, round: Round::Rn }, vec![o(self, Kind::W32)])
            }
            6 => (Op::Sel { w64: true }, vec![o(self, Kind::W64), o(self, Kind::W64), o(self, Kind::Pred)]),
            _ => (Op::Mov { w64: true }, vec![Operand::Imm(self.rng.next_u64())]),
        };
        Inst::new(op, vec![reg(d)], srcs)
    }

    fn op_pred(&mut self, scope: &[Val], d: VReg, u: bool, used: &mut Vec<Val>) -> Inst {
        let mut o = |g: &mut Gen, k| g.operand(scope, k, u, used);
        let cmps = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];
        let bops = [BoolOp::And, BoolOp::Or, BoolOp::Xor];
        let (op, srcs) = match self.rng.below(5) {
            0..=2 => {
                let cmp = cmps[self.rng.below(6)];
                let (signed, bop) = (self.rng.percent(50), bops[self.rng.below(3)]);
                let c = if self.rng.percent(30) { o(self, Kind::Pred) } else { Operand::True };
                (Op::ISetp { cmp, signed, w64: false, bop }, vec![o(self, Kind::W32), o(self, Kind::W32), c])
            }
            3 => {
                let cmp = cmps[self.rng.below(6)];
                let signed = self.rng.percent(50);
                (
                    Op::ISetp { cmp, signed, w64: true, bop: BoolOp::And },
                    vec![o(self, Kind::W64), o(self, Kind::W64), Operand::True],
                )
            }
            _ => {
                let lut = self.rng.below(256) as u8;
                (Op::PLop3 { lut }, vec![o(self, Kind::Pred), o(self, Kind::Pred), o(self, Kind::Pred)])
            }
        };
        Inst::new(op, vec![reg(d)], srcs)
    }

    /// Stores `v` to the next free word(s) of the row, optionally under a guard; predicates are
    /// stored as `SEL t, 1, 0, p`. Nothing when the row is full.
    fn store(&mut self, v: Val, guard: Option<Guard>) {
        let (value, bits) = match v.kind {
            Kind::W32 => (v.reg, 32),
            Kind::W64 => (v.reg, 64),
            Kind::Pred => {
                let t = self.new_reg(Kind::W32);
                let sel =
                    Inst::new(Op::Sel { w64: false }, vec![reg(t)], vec![Operand::Imm(1), Operand::Zero, reg(v.reg)]);
                self.emit(sel);
                (t, 32)
            }
        };
        let slot = if bits == 64 { self.slot.next_multiple_of(2) } else { self.slot };
        if slot + bits / 32 > ROW_WORDS {
            return;
        }
        self.slot = slot + bits / 32;
        let addr = self.new_reg(Kind::W64);
        let add = Op::IAdd3 { neg_b: false, w64: true };
        self.emit(Inst::new(
            add,
            vec![reg(addr)],
            vec![reg(self.row), Operand::Imm(u64::from(slot * 4)), Operand::Zero],
        ));
        let mut st = Inst::new(
            Op::St { space: Space::Global, bits, volatile: false, offset: 0 },
            vec![],
            vec![reg(addr), reg(value)],
        );
        st.guard = guard;
        self.emit(st);
    }

    /// A region at nesting `depth`: a sequence of items; at the top level until the fuel is
    /// spent, nested a few items.
    fn region(&mut self, scope: &mut Vec<Val>, depth: u32) {
        let mut items = if depth == 0 { u32::MAX } else { self.rng.range(1, 4) };
        while items > 0 && self.fuel > 0 {
            items -= 1;
            let nest = depth < MAX_DEPTH && self.fuel > 12;
            if depth == 0 && self.uniform && self.rng.percent(15) {
                self.uniform_burst(scope);
                continue;
            }
            if self.sp.is_some() && self.rng.percent(8) {
                self.local_access(scope);
                continue;
            }
            if depth > 0 && self.rng.percent(3) {
                // An early exit of some threads: `@p EXIT`, the code goes on in a new block.
                let guard = self.condition(scope, depth);
                let mut exit = Inst::new(Op::Exit, vec![], vec![]);
                exit.guard = Some(guard);
                self.emit(exit);
                self.new_block();
                continue;
            }
            match self.rng.below(19) {
                0..=9 => self.straight(scope, depth),
                10 | 11 => {
                    let kind = [Kind::W32, Kind::W64, Kind::Pred][self.rng.below(3)];
                    if let Some(v) = self.pick(scope, kind, false) {
                        let guard = self.guard(scope);
                        self.store(v, guard);
                    }
                }
                12..=14 if nest => self.if_then_else(scope, depth),
                15..=17 if nest => self.counted_loop(scope, depth),
                18 if depth == 0 && self.exchanges < MAX_EXCHANGES => self.exchange(scope),
                _ => self.straight(scope, depth),
            }
        }
    }

    /// A guard for a store, sometimes.
    fn guard(&mut self, scope: &[Val]) -> Option<Guard> {
        if !self.rng.percent(30) {
            return None;
        }
        let p = self.pick(scope, Kind::Pred, false)?;
        Some(Guard { pred: p.reg, negated: self.rng.percent(50) })
    }

    fn straight(&mut self, scope: &mut Vec<Val>, depth: u32) {
        for _ in 0..self.rng.range(2, 8) {
            let kind = match self.rng.below(10) {
                0..=5 => Kind::W32,
                6..=7 => Kind::W64,
                _ => Kind::Pred,
            };
            self.define(scope, kind, depth);
        }
    }

    /// Many values from uniform operands only, most of them 32-bit: in a uniform case they
    /// become UR values, live to the end, beyond the 63 UR registers.
    fn uniform_burst(&mut self, scope: &mut Vec<Val>) {
        self.burst = true;
        for _ in 0..self.rng.range(30, 70) {
            let kind = [Kind::W32, Kind::W32, Kind::W32, Kind::W32, Kind::W64, Kind::Pred][self.rng.below(6)];
            self.define(scope, kind, 0);
        }
        // Uniform predicates used only by uniform selects, all live at once: in a uniform case
        // they become UP registers beyond the 7 of the file.
        if self.rng.percent(50) {
            let mut preds = Vec::new();
            // Operands from the certainly uniform `k` and `SR_CTAID.X`, and immediates.
            let roots = [self.k, self.ctaid];
            for _ in 0..self.rng.range(4, 12) {
                let a = reg(roots[self.rng.below(2)]);
                let b = if self.rng.percent(50) { reg(roots[self.rng.below(2)]) } else { Operand::Imm(self.imm32()) };
                let (cmp, signed) = ([Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Ge][self.rng.below(4)], self.rng.percent(50));
                let p = self.new_reg(Kind::Pred);
                let setp = Op::ISetp { cmp, signed, w64: false, bop: BoolOp::And };
                self.emit(Inst::new(setp, vec![reg(p)], vec![a, b, Operand::True]));
                preds.push(p);
            }
            while let Some(p) = preds.pop() {
                let a = reg(roots[self.rng.below(2)]);
                let b = Operand::Imm(self.imm32());
                let d = self.new_reg(Kind::W32);
                self.emit(Inst::new(Op::Sel { w64: false }, vec![reg(d)], vec![a, b, reg(p)]));
                scope.push(Val { reg: d, kind: Kind::W32, uniform: true });
            }
        }
        self.burst = false;
    }

    /// The branch condition: a predicate of the scope (uniform ones preferred in uniform cases)
    /// or a fresh comparison.
    fn condition(&mut self, scope: &mut Vec<Val>, depth: u32) -> Guard {
        let u = self.uniform && self.rng.percent(60);
        let p = match self.pick(scope, Kind::Pred, u) {
            Some(p) if self.rng.percent(50) => p,
            _ => self.define(scope, Kind::Pred, depth),
        };
        Guard { pred: p.reg, negated: self.rng.percent(50) }
    }

    /// `@p BRA else; then…; BRA join; else…; join: phis` (or without the else arm).
    fn if_then_else(&mut self, scope: &mut Vec<Val>, depth: u32) {
        let guard = self.condition(scope, depth);
        let has_else = self.rng.percent(60);
        let before = self.cur;
        let to_else = self.branch(Some(guard));
        self.new_block();
        let mut then_scope = scope.clone();
        self.region(&mut then_scope, depth + 1);
        let then_end = self.cur;
        let (else_scope, else_end) = if has_else {
            let to_join = self.branch(None);
            let else_block = self.new_block();
            self.patch(to_else, else_block);
            let mut else_scope = scope.clone();
            self.region(&mut else_scope, depth + 1);
            (else_scope, (self.cur, Some(to_join)))
        } else {
            (scope.clone(), (before, None))
        };
        let join = self.new_block();
        match else_end.1 {
            Some(to_join) => self.patch(to_join, join),
            None => self.patch(to_else, join),
        }
        let (a_end, b_end) = if has_else { (then_end, else_end.0) } else { (then_end, before) };
        let fresh = scope.len();
        for _ in 0..self.rng.range(1, 4) {
            let kind = [Kind::W32, Kind::W32, Kind::W64, Kind::Pred][self.rng.below(4)];
            let a = self.pick_new(&then_scope, fresh, kind);
            let b = self.pick_new(&else_scope, fresh, kind);
            let (Some(a), Some(b)) = (a, b) else { continue };
            let d = self.new_reg(kind);
            let phi = Inst::new(
                Op::Phi,
                vec![reg(d)],
                vec![reg(a.reg), Operand::Label(Bix(a_end as u32)), reg(b.reg), Operand::Label(Bix(b_end as u32))],
            );
            self.f.blocks[join].insts.insert(0, phi);
            scope.push(Val { reg: d, kind, uniform: false });
        }
    }

    /// A value of `kind` from `scope`, preferring the ones defined from index `fresh` on.
    fn pick_new(&mut self, scope: &[Val], fresh: usize, kind: Kind) -> Option<Val> {
        if self.rng.percent(70)
            && let Some(v) = self.pick(&scope[fresh.min(scope.len())..], kind, false)
        {
            return Some(v);
        }
        self.pick(scope, kind, false)
    }

    /// `header: i = phi(0, i'), x = phi(init, x'); body; latch: x' = …; i' = i + 1;
    /// p = i' < trip; @p BRA header`.
    fn counted_loop(&mut self, scope: &mut Vec<Val>, depth: u32) {
        // The trip count: an immediate (uniform loop) or (tid & 3) + 1 (divergent).
        let trip = if (self.uniform && self.rng.percent(60)) || self.rng.percent(40) {
            Operand::Imm(self.rng.range(1, 4) as u64)
        } else {
            let (m, t) = (self.new_reg(Kind::W32), self.new_reg(Kind::W32));
            let and = Op::Lop3 { lut: lut::AND, w64: false };
            self.emit(Inst::new(and, vec![reg(m)], vec![reg(self.tid), Operand::Imm(3), Operand::Zero]));
            let add = Op::IAdd3 { neg_b: false, w64: false };
            self.emit(Inst::new(add, vec![reg(t)], vec![reg(m), Operand::Imm(1), Operand::Zero]));
            reg(t)
        };
        let zero = self.new_reg(Kind::W32);
        self.emit(Inst::new(Op::Mov { w64: false }, vec![reg(zero)], vec![Operand::Imm(0)]));
        let pre = self.cur;
        let header = self.new_block();
        let mut body_scope = scope.clone();
        let i = self.new_reg(Kind::W32);
        let mut carried: Vec<(usize, Val, Val)> = Vec::new(); // (phi index, init, phi value)
        for _ in 0..self.rng.range(0, 3) {
            let kind = if self.rng.percent(70) { Kind::W32 } else { Kind::W64 };
            let Some(init) = self.pick(scope, kind, false) else { continue };
            let x = self.new_reg(kind);
            let phi = Val { reg: x, kind, uniform: false };
            self.emit(Inst::new(Op::Phi, vec![reg(x)], vec![]));
            carried.push((self.f.blocks[header].insts.len() - 1, init, phi));
            body_scope.push(phi);
        }
        self.emit(Inst::new(Op::Phi, vec![reg(i)], vec![]));
        let i_at = self.f.blocks[header].insts.len() - 1;
        body_scope.push(Val { reg: i, kind: Kind::W32, uniform: false });
        self.region(&mut body_scope, depth + 1);
        // The latch: next values of the carried registers, the counter, the back edge.
        let mut nexts = Vec::new();
        for &(_, _, phi) in &carried {
            let next = self.new_reg(phi.kind);
            let w64 = phi.kind == Kind::W64;
            let other = self.operand(&body_scope, phi.kind, false, &mut Vec::new());
            let op =
                if self.rng.percent(50) { Op::IAdd3 { neg_b: false, w64 } } else { Op::Lop3 { lut: lut::XOR, w64 } };
            self.emit(Inst::new(op, vec![reg(next)], vec![reg(phi.reg), other, Operand::Zero]));
            nexts.push(Val { reg: next, kind: phi.kind, uniform: false });
        }
        let (i_next, p) = (self.new_reg(Kind::W32), self.new_reg(Kind::Pred));
        let add = Op::IAdd3 { neg_b: false, w64: false };
        self.emit(Inst::new(add, vec![reg(i_next)], vec![reg(i), Operand::Imm(1), Operand::Zero]));
        let lt = Op::ISetp { cmp: Cmp::Lt, signed: false, w64: false, bop: BoolOp::And };
        self.emit(Inst::new(lt, vec![reg(p)], vec![reg(i_next), trip, Operand::True]));
        let back = self.branch(Some(Guard { pred: p, negated: false }));
        self.patch(back, header);
        let latch = self.cur;
        let edge = |v: VReg, b: usize| [reg(v), Operand::Label(Bix(b as u32))];
        for (&(at, init, _), next) in carried.iter().zip(&nexts) {
            let srcs = [edge(init.reg, pre), edge(next.reg, latch)].concat();
            self.f.blocks[header].insts[at].srcs = srcs;
        }
        self.f.blocks[header].insts[i_at].srcs = [edge(zero, pre), edge(i_next, latch)].concat();
        self.new_block();
        body_scope.extend(nexts);
        body_scope.push(Val { reg: i_next, kind: Kind::W32, uniform: false });
        *scope = body_scope;
    }

    /// A store of a 32-bit value to a word of the local array (sometimes guarded), or a load of
    /// one: `slot = sp + 4·k; a = I2I.U64.U32 slot; STL [a], v` / `LDL w, [a]`. Words never stored
    /// read 0 (frames start zeroed), the same before and after allocation; the allocator's spill
    /// area lies after the array.
    fn local_access(&mut self, scope: &mut Vec<Val>) {
        let Some(sp) = self.sp else { return };
        let (slot, addr) = (self.new_reg(Kind::W32), self.new_reg(Kind::W64));
        let k = self.rng.below(LOCAL_WORDS as usize) as u64;
        let add = Op::IAdd3 { neg_b: false, w64: false };
        self.emit(Inst::new(add, vec![reg(slot)], vec![reg(sp), Operand::Imm(4 * k), Operand::Zero]));
        let widen = Op::Cvt { from: NumTy::U32, to: NumTy::U64, round: Round::Rn };
        self.emit(Inst::new(widen, vec![reg(addr)], vec![reg(slot)]));
        match self.pick(scope, Kind::W32, false) {
            Some(v) if self.rng.percent(60) => {
                let mut st = Inst::new(
                    Op::St { space: Space::Local, bits: 32, volatile: false, offset: 0 },
                    vec![],
                    vec![reg(addr), reg(v.reg)],
                );
                st.guard = self.guard(scope);
                self.emit(st);
            }
            _ => {
                let w = self.new_reg(Kind::W32);
                let ld = Op::Ld { space: Space::Local, bits: 32, signed: false, volatile: false, offset: 0, nc: false };
                self.emit(Inst::new(ld, vec![reg(w)], vec![reg(addr)]));
                scope.push(Val { reg: w, kind: Kind::W32, uniform: false });
            }
        }
    }

    /// `STS [sh + 4·tid], v; BAR.SYNC; w = LDS [sh + 4·(tid ^ 1)]` in this exchange's part of
    /// the shared array (top level only: every thread of the CTA arrives).
    fn exchange(&mut self, scope: &mut Vec<Val>) {
        let Some(v) = self.pick(scope, Kind::W32, false) else { return };
        let part = u64::from(self.exchanges * THREADS * 4);
        self.exchanges += 1;
        let lo = Op::IMad { kind: MadKind::Lo, w64: false };
        let add = Op::IAdd3 { neg_b: false, w64: false };
        let sym = Operand::Symbol(SHARED_SYMBOL.into());
        let (mine, mine_at) = (self.new_reg(Kind::W32), self.new_reg(Kind::W32));
        self.emit(Inst::new(lo, vec![reg(mine)], vec![reg(self.tid), Operand::Imm(4), Operand::Imm(part)]));
        self.emit(Inst::new(add, vec![reg(mine_at)], vec![reg(mine), sym.clone(), Operand::Zero]));
        let sts = Op::St { space: Space::Shared, bits: 32, volatile: false, offset: 0 };
        self.emit(Inst::new(sts, vec![], vec![reg(mine_at), reg(v.reg)]));
        self.emit(Inst::new(Op::Bar, vec![], vec![]));
        let (nb, theirs, theirs_at, w) =
            (self.new_reg(Kind::W32), self.new_reg(Kind::W32), self.new_reg(Kind::W32), self.new_reg(Kind::W32));
        let xor = Op::Lop3 { lut: lut::XOR, w64: false };
        self.emit(Inst::new(xor, vec![reg(nb)], vec![reg(self.tid), Operand::Imm(1), Operand::Zero]));
        self.emit(Inst::new(lo, vec![reg(theirs)], vec![reg(nb), Operand::Imm(4), Operand::Imm(part)]));
        self.emit(Inst::new(add, vec![reg(theirs_at)], vec![reg(theirs), sym, Operand::Zero]));
        let lds = Op::Ld { space: Space::Shared, bits: 32, signed: false, volatile: false, offset: 0, nc: false };
        self.emit(Inst::new(lds, vec![reg(w)], vec![reg(theirs_at)]));
        scope.push(Val { reg: w, kind: Kind::W32, uniform: false });
    }
}
