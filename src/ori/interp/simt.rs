//! SIMT execution: CTAs, warps of 32 lanes, active masks, divergence and reconvergence, barriers.
//!
//! # Schedule
//!
//! CTAs run one after the other (x fastest, then y, z). Threads are numbered
//! `x + y·ntid.x + z·ntid.x·ntid.y` and grouped into warps of 32 consecutive threads (the last warp
//! may be partial). Within a CTA the warps run round-robin, each until it reaches a `BAR.SYNC` or
//! has exited entirely; when every warp that has not exited waits at a barrier, all are released
//! and the round starts again. The schedule depends only on the barriers, never on instruction
//! counts, so the runs before and after register allocation (which adds spill code) interleave
//! memory accesses identically and their traces can be compared event by event.
//!
//! # Divergence: the reconvergence stack
//!
//! Every warp keeps a stack of entries `(pc, reconvergence block, mask)`; the top entry executes.
//! An instruction runs for the lanes of the top mask whose guard holds. A branch whose active
//! lanes all go one way just moves the pc. When they split (a guarded `BRA` taken by some lanes;
//! the others continue after it), the top entry `(pc, r₀, M)` is popped and, with
//! `R = ipdom(block)` (see `pdom.rs`):
//!
//! 1. unless `R = r₀`, a *reconvergence entry* `(start of R, r₀, M)` is pushed: all lanes continue
//!    there together once every path has arrived (when `R = r₀` the entry below is already that
//!    entry, which is what keeps loops with per-lane trip counts from growing the stack);
//! 2. one entry `(target, R, lanes)` per distinct target is pushed, the fall-through group last
//!    so that it runs first; lanes whose target is `R` itself push nothing (they wait in the
//!    reconvergence entry).
//!
//! Whenever an entry's pc enters a block equal to its reconvergence block it is popped, which
//! hands control to the next path or to the reconvergence entry. `EXIT` removes its lanes from
//! every entry (and from the warp); an entry whose mask becomes empty is popped. `R = None`
//! (reconvergence only at the virtual exit) gives a sentinel reconvergence entry that is only ever
//! reached with an empty mask.
//!
//! Each lane remembers the block it came from, so `MovPhi` (before phi elimination) picks its
//! incoming value per lane; the phis at the top of a block read all their sources before any is
//! written (they are one parallel copy).
//!
//! # Calls
//!
//! A warp keeps a stack of *frames*, one per activation: the kernel is frame 0, `CALL` pushes a
//! frame for the callee holding the calling lanes (its own reconvergence stack, registers and
//! local frame) and moves the caller's pc past the call. `RET` retires lanes from the frame (an
//! `EXIT` inside a callee ends the thread in every frame); once the frame's stack is empty it is
//! popped and the lanes that returned write the return values into the `CALL`'s destinations.
//! Lanes that return from different depths of a recursion therefore meet again in the caller,
//! right after the call.
//!
//! A direct `CALL` of a function that is only declared (defined in another module) cannot run:
//! the run stops as unsupported, naming the function, before anything executes. The exception
//! is `vprintf` (clang's `printf`): it prints nothing and returns 0 to every calling lane.
//! An indirect `CALL` reads the target address per lane ([`super::memory::function_address`]);
//! the lanes must agree (a warp calling several targets at once is unsupported), and an address
//! that is no function of the program is a fault.
//!
//! # Warp-level operations
//!
//! `SHFL` and `VOTE` see the lanes of the top entry that execute them, intersected with each
//! thread's own member mask (the tiles of a cooperative group name different masks); a
//! shuffle whose source lane is not among them reads 0 (the value is undefined in PTX; 0 keeps the
//! runs comparable) and adds a note. Uniform registers (UR/UP) have one copy per warp: a write
//! stores the common value of the active lanes, and lanes that disagree are an error (a varying
//! value in a uniform register). `BAR.SYNC` executed while the warp is diverged parks the whole
//! warp (and adds a note); `MEMBAR` is a no-op in this sequential model.
//!
//! # Layout
//!
//! This file holds the warp, frame and reconvergence-stack state and the control path (`step`:
//! branches, divergence, phis, `EXIT`/`RET`); `prepare` validates the launch and resolves symbols,
//! `schedule` runs the CTAs and the barrier rounds, `calls` pushes and pops frames, `data` is the
//! data path (memory, warp-level operations, register writes), and `atomics`, `params`, `stack`,
//! `sm90` and `texsurf` are the data path's specialized parts.

mod atomics;
mod barriers;
mod calls;
mod data;
mod params;
mod prepare;
mod schedule;
pub mod sm90;
mod stack;
mod texsurf;

use calls::{exit_lanes, retire_lanes};
pub use schedule::run;

use super::memory::{Machine, View, function_address};
use super::pdom::PostDom;
use super::race::{AccessKind, RaceLog, Site};
use super::regs::{Loc, RegMap, WarpRegs, cells_of};
use super::{Error, Launch, Options, Outcome, TraceEvent};
use crate::ori::ir::{Bix, Function, Guard, Inst, Operand};
use crate::ori::lower::STACK_POINTER_CBANK;
use crate::ori::opcode::{Op, Sm90Op, Space};
use crate::sreg::SpecialReg;
use std::collections::{BTreeSet, HashMap};

/// The identity of one thread, for special registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadCtx {
    pub tid: [u32; 3],
    pub ntid: [u32; 3],
    pub ctaid: [u32; 3],
    pub nctaid: [u32; 3],
    /// Lane and warp index within the CTA.
    pub lane: u32,
    pub warp: u32,
}

/// The value of a special register for a thread. Clocks and timers read 0 and performance
/// counters / environment registers 0, so runs are deterministic; a CTA is its own cluster.
pub fn sreg_value(s: SpecialReg, t: &ThreadCtx) -> u64 {
    use SpecialReg::*;
    let d3 = |v: &[u32; 3], d: crate::sreg::Dim| v.get(d.index()).copied().unwrap_or(0) as u64;
    match s {
        Tid(d) => d3(&t.tid, d),
        Ntid(d) => d3(&t.ntid, d),
        Ctaid(d) | ClusterId(d) => d3(&t.ctaid, d),
        Nctaid(d) | NclusterId(d) => d3(&t.nctaid, d),
        ClusterCtaid(_) | ClusterCtarank => 0,
        ClusterNctaid(d) => (d != crate::sreg::Dim::W) as u64,
        ClusterNctarank => 1,
        Warpsize => 32,
        Laneid => t.lane as u64,
        Warpid => t.warp as u64,
        Nwarpid => 64,
        Smid | Gridid => 0,
        Nsmid => 1,
        Clock | Clock64 | Globaltimer | Pm(_) | Envreg(_) => 0,
        LanemaskEq => 1u64 << t.lane,
        LanemaskLe => (2u64 << t.lane) - 1,
        LanemaskLt => (1u64 << t.lane) - 1,
        LanemaskGe => !((1u64 << t.lane) - 1) & 0xFFFF_FFFF,
        LanemaskGt => !((2u64 << t.lane) - 1) & 0xFFFF_FFFF,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pc {
    block: u32,
    inst: u32,
}

/// The pc of a reconvergence entry at the virtual exit.
const EXIT_PC: Pc = Pc { block: u32::MAX, inst: 0 };

/// Calls nested deeper than this are a fault (runaway recursion).
const MAX_CALL_DEPTH: usize = 256;

#[derive(Clone, Debug)]
struct Entry {
    pc: Pc,
    rpc: Option<Bix>,
    mask: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Running,
    AtBarrier,
    /// Gave up its turn to let other warps progress (a failed `mbarrier.test_wait`, `sm90.rs`).
    Yielded,
    Done,
}

/// One activation of a function in a warp: its reconvergence stack and registers. The kernel is
/// frame 0; `CALL` pushes a frame for the callee with the calling lanes, `RET` retires lanes from
/// it, and when its stack is empty the results go to the caller's destinations.
struct Frame {
    func: usize,
    stack: Vec<Entry>,
    regs: WarpRegs,
    /// The block each lane came from (for phis).
    prev: [u32; 32],
    /// Argument values (`LD.PARAM @<callee>_param_k`, `params.rs`).
    params: Vec<params::ParamSpace>,
    /// The return value (`ST.PARAM @func_retval0`).
    retvals: Vec<params::ParamSpace>,
    /// The caller's `CALL` destinations and position, and the lanes that returned.
    call_dsts: Vec<Operand>,
    call_site: (u32, u32),
    returned: u32,
    /// The local address of this frame (`c[0x0][0x28]`, `__local_depot`).
    local_base: u64,
    /// Per lane, the top of its dynamic allocations (`stack.rs`): from the end of the static
    /// frame upwards.
    dyn_top: [u64; 32],
}

struct Warp {
    index: u32,
    frames: Vec<Frame>,
    /// Lanes that have not exited.
    live: u32,
    state: State,
}

impl Warp {
    fn frame(&self) -> &Frame {
        self.frames.last().unwrap()
    }
    fn frame_mut(&mut self) -> &mut Frame {
        self.frames.last_mut().unwrap()
    }
}

/// What a `Symbol` operand means in a function.
#[derive(Clone, Copy, Debug)]
enum Sym {
    /// A module variable's space address.
    Addr(u64),
    /// `__local_depot+off`: an offset in the current frame.
    Frame(u64),
    /// `<function>_param_<k>` of this function.
    Param(usize),
    /// `func_retval<k>`.
    RetVal(usize),
    /// A function of the program (a `CALL` target, or its code address as a value).
    Func(usize),
    /// `%prototype_<k>`: the signature of an indirect `CALL`.
    Proto,
    /// `vprintf`, declared but not defined: executed as a no-op returning 0 (see `calls.rs`).
    Vprintf,
    /// `__assertfail` (CUDA's failed `assert`): a trap (`stack.rs`).
    AssertFail,
}

/// One function, prepared.
struct Code<'a> {
    f: &'a Function,
    map: RegMap,
    pdom: PostDom,
    symbols: HashMap<String, Sym>,
    /// The parsed template of each `ASM.<id>` (`asm.rs`).
    asm: HashMap<u32, super::ptx_block::Program>,
}

/// What stays fixed during a run.
struct Kernel<'a> {
    code: Vec<Code<'a>>,
    /// Code address → function.
    by_address: HashMap<u64, usize>,
    /// Constant bank 0.
    bank: Vec<u8>,
    launch: &'a Launch,
    opts: &'a Options,
}

/// Mutable state of a run.
struct Sim<'a> {
    k: &'a Kernel<'a>,
    machine: &'a mut Machine,
    out: Outcome,
    notes: BTreeSet<String>,
    /// The CTA being run.
    ctaid: [u32; 3],
    cta_linear: u32,
    nwarps: u32,
    shared: Vec<u8>,
    local: Vec<Vec<u8>>,
    /// The race detector (`Options::race`) and the instruction being executed.
    race: Option<Box<RaceLog>>,
    site: Site,
    /// The CTA's named barriers.
    barriers: barriers::Barriers,
    /// `BAR.RED.POPC` of the current barrier round: the count so far and the destinations to
    /// write when the barrier releases (warp, destination, lanes, instruction).
    bar_popc: u64,
    bar_popc_dsts: Vec<(u32, Operand, u32, Inst)>,
}

fn lanes(mask: u32) -> impl Iterator<Item = u32> {
    (0..32).filter(move |l| mask >> l & 1 == 1)
}

impl Sim<'_> {
    fn note(&mut self, s: String) {
        if self.notes.len() < 32 {
            self.notes.insert(s);
        }
    }

    fn thread(&self, w: &Warp, lane: u32) -> ThreadCtx {
        let b = self.k.launch.block;
        let linear = w.index * 32 + lane;
        ThreadCtx {
            tid: [linear % b[0], (linear / b[0]) % b[1], linear / (b[0] * b[1])],
            ntid: b,
            ctaid: self.ctaid,
            nctaid: self.k.launch.grid,
            lane,
            warp: w.index,
        }
    }

    /// One source operand of one lane, in the warp's current frame.
    fn operand(&self, w: &Warp, lane: u32, o: &Operand) -> Result<u64, Error> {
        let fr = w.frame();
        let code = &self.k.code[fr.func];
        Ok(match o {
            Operand::Reg(r) => fr.regs.read(code.map.loc(*r), lane),
            Operand::Imm(v) => *v,
            Operand::CBank { bank: 0, offset } if *offset == STACK_POINTER_CBANK => fr.local_base,
            Operand::CBank { bank: 0, offset } => {
                let mut b = [0u8; 8];
                let at = *offset as usize;
                for (k, x) in b.iter_mut().enumerate() {
                    *x = self.k.bank.get(at + k).copied().unwrap_or(0);
                }
                u64::from_le_bytes(b)
            }
            Operand::CBank { bank, offset } => {
                return Err(Error::unsupported(format!("constant bank c[{bank:#x}][{offset:#x}]")));
            }
            Operand::SReg(s) => sreg_value(*s, &self.thread(w, lane)),
            Operand::Symbol(name) => match code.symbols[name] {
                Sym::Addr(a) => a,
                Sym::Frame(off) => fr.local_base + off,
                Sym::Func(k) => function_address(&self.k.code[k].f.name),
                Sym::Param(_) | Sym::RetVal(_) | Sym::Proto | Sym::Vprintf | Sym::AssertFail => {
                    return Err(Error::internal(format!("@{name} is not a value")));
                }
            },
            Operand::Zero => 0,
            Operand::True => 1,
            Operand::Label(_) => return Err(Error::internal("a label is not a value")),
        })
    }

    /// The cells of a source operand (a register's full width).
    fn operand_cells(&self, w: &Warp, lane: u32, o: &Operand) -> Result<[u32; 4], Error> {
        match o {
            Operand::Reg(r) => Ok(w.frame().regs.read_cells(self.k.code[w.frame().func].map.loc(*r), lane)),
            o => Ok(cells_of(self.operand(w, lane, o)?)),
        }
    }

    fn guard_mask(&self, w: &Warp, g: &Option<Guard>, mask: u32) -> u32 {
        let Some(g) = g else { return mask };
        let fr = w.frame();
        let loc = self.k.code[fr.func].map.loc(g.pred);
        lanes(mask).filter(|&l| (fr.regs.read(loc, l) != 0) != g.negated).fold(0, |m, l| m | 1 << l)
    }

    fn count_step(&mut self) -> Result<(), Error> {
        self.out.steps += 1;
        if self.out.steps > self.k.opts.max_steps {
            return Err(Error::step_limit(self.k.opts.max_steps));
        }
        Ok(())
    }

    /// Executes one instruction (or phi group) of the top entry of the warp's current frame.
    fn step(&mut self, w: &mut Warp) -> Result<(), Error> {
        if w.live == 0 {
            w.state = State::Done;
            return Ok(());
        }
        let k = self.k;
        let fr = w.frame();
        let code = &k.code[fr.func];
        let f = code.f;
        let Some(top) = fr.stack.last().cloned() else {
            if w.frames.len() == 1 {
                w.state = State::Done;
                return Ok(());
            }
            return self.return_from_call(w);
        };
        if top.mask == 0 {
            w.frame_mut().stack.pop();
            return Ok(());
        }
        if top.pc == EXIT_PC {
            return Err(Error::internal("lanes reached a reconvergence point at the virtual exit"));
        }
        let (b, i) = (top.pc.block as usize, top.pc.inst as usize);
        let block = &f.blocks[b];
        if i >= block.insts.len() {
            if b + 1 >= f.blocks.len() {
                self.leave(w, top.mask);
            } else {
                self.transfer(w, b as u32, Bix(b as u32 + 1));
            }
            return Ok(());
        }
        let inst = &block.insts[i];
        self.count_step().map_err(|e| e.at(b as u32, i as u32))?;
        let active = self.guard_mask(w, &inst.guard, top.mask);
        let next = |w: &mut Warp| w.frame_mut().stack.last_mut().unwrap().pc.inst += 1;
        let in_callee = (w.frames.len() > 1).then(|| f.name.clone());
        let at = |e: Error| {
            let mut e = e.at(b as u32, i as u32);
            if let Some(name) = &in_callee
                && !e.message.contains(" [in @")
            {
                e.message += &format!(" [in @{name}]");
            }
            e
        };
        match inst.op {
            Op::Bra => {
                let Some(Operand::Label(t)) = inst.srcs.first() else {
                    return Err(at(Error::internal("BRA without a target")));
                };
                if active == 0 {
                    next(w);
                } else if active == top.mask {
                    self.transfer(w, b as u32, *t);
                } else {
                    let rest = Pc { block: b as u32, inst: i as u32 + 1 };
                    self.diverge(w, b as u32, &[(Pc { block: t.0, inst: 0 }, active), (rest, top.mask & !active)]);
                }
            }
            Op::Exit | Op::Ret => {
                let depth = w.frame().stack.len();
                if inst.op == Op::Ret && w.frames.len() > 1 {
                    retire_lanes(w.frame_mut(), active);
                    w.frame_mut().returned |= active;
                } else {
                    exit_lanes(w, active);
                }
                if w.frame().stack.len() == depth {
                    next(w);
                }
            }
            Op::Bar | Op::BarArrive | Op::Sm90 { op: Sm90Op::ClusterWait { .. } } => {
                next(w);
                // `barrier.sync id[, count]` / `barrier.arrive id, count` (`barriers.rs`); the
                // cluster barrier of a one-CTA cluster is barrier 0 of the CTA.
                if let Some(l) = lanes(active).next() {
                    let named = matches!(inst.op, Op::Bar | Op::BarArrive);
                    let (id, count) = match (named, inst.srcs.first(), inst.srcs.get(1)) {
                        (true, Some(id), count) => (
                            self.operand(w, l, id).map_err(at)?,
                            count.map(|c| self.operand(w, l, c)).transpose().map_err(at)?,
                        ),
                        _ => (0, None),
                    };
                    if active != w.live {
                        self.note(format!("{} in bix{b} executed by a partial warp (mask {active:#x})", inst.op));
                    }
                    let wait = inst.op != Op::BarArrive;
                    self.barriers.arrive(id, count, w.index, wait, self.out.steps).map_err(at)?;
                    if wait {
                        w.state = State::AtBarrier;
                    }
                }
            }
            Op::BarPopc => {
                next(w);
                if active != 0 {
                    let (Some(p), Some(d)) = (inst.srcs.first(), inst.dsts.first()) else {
                        return Err(at(Error::internal("BAR.RED.POPC without its operands")));
                    };
                    for l in lanes(active) {
                        self.bar_popc += self.operand(w, l, p).map_err(at)? & 1;
                    }
                    if active != w.live {
                        self.note(format!("BAR.RED.POPC in bix{b} executed by a partial warp (mask {active:#x})"));
                    }
                    self.bar_popc_dsts.push((w.index, d.clone(), active, inst.clone()));
                    self.barriers.arrive(0, None, w.index, true, self.out.steps).map_err(at)?;
                    w.state = State::AtBarrier;
                }
            }
            Op::Phi => {
                let end = block.insts[i..].iter().position(|x| x.op != Op::Phi).map_or(block.insts.len(), |n| i + n);
                self.phis(w, b, i, end, active).map_err(at)?;
                w.frame_mut().stack.last_mut().unwrap().pc.inst = end as u32;
            }
            Op::Call => {
                next(w);
                if active != 0 {
                    self.call(w, inst, (b as u32, i as u32), active).map_err(at)?;
                }
            }
            Op::Trap { brkpt } if active != 0 => return Err(at(stack::trap(brkpt))),
            Op::Trap { .. } => next(w),
            Op::Asm { .. }
            | Op::Mov { .. }
            | Op::IAdd3 { .. }
            | Op::IMad { .. }
            | Op::Lop3 { .. }
            | Op::Shf { .. }
            | Op::Funnel { .. }
            | Op::ISetp { .. }
            | Op::FSetp { .. }
            | Op::PLop3 { .. }
            | Op::Sel { .. }
            | Op::FAdd { .. }
            | Op::FMul { .. }
            | Op::FFma { .. }
            | Op::FMnMx { .. }
            | Op::FNeg { .. }
            | Op::FAbs { .. }
            | Op::FDiv { .. }
            | Op::FSqrt { .. }
            | Op::Mufu { .. }
            | Op::IAbs { .. }
            | Op::IMnMx { .. }
            | Op::Popc { .. }
            | Op::Flo { .. }
            | Op::Brev { .. }
            | Op::Fns
            | Op::Prmt
            | Op::Dp { .. }
            | Op::IDiv { .. }
            | Op::Cvt { .. }
            | Op::S2R
            | Op::Ld { .. }
            | Op::St { .. }
            | Op::Atom { .. }
            | Op::Shfl { .. }
            | Op::Vote { .. }
            | Op::Match { .. }
            | Op::Redux { .. }
            | Op::Nanosleep
            | Op::CacheHint { .. }
            | Op::WarpSync
            | Op::IsSpace { .. }
            | Op::Cvta { .. }
            | Op::Membar { .. }
            | Op::TexSurf { .. }
            | Op::Stack { .. }
            | Op::Sm90 { .. }
            | Op::Copy => {
                if active != 0 {
                    self.site = Site { func: w.frame().func as u32, block: b as u32, inst: i as u32 };
                    self.data(w, inst, active).map_err(at)?;
                    self.trace(w, b, i, inst, active);
                }
                next(w);
            }
        }
        Ok(())
    }

    /// Moves the top entry to the start of `to` (coming from `from`); pops it at its
    /// reconvergence block.
    fn transfer(&mut self, w: &mut Warp, from: u32, to: Bix) {
        let fr = w.frame_mut();
        let top = fr.stack.last_mut().unwrap();
        for l in lanes(top.mask) {
            fr.prev[l as usize] = from;
        }
        top.pc = Pc { block: to.0, inst: 0 };
        if top.rpc == Some(to) {
            fr.stack.pop();
        }
    }

    /// Splits the top entry of a divergent branch in block `b` into `groups` (see the module
    /// documentation).
    fn diverge(&mut self, w: &mut Warp, b: u32, groups: &[(Pc, u32)]) {
        let fr = w.frame_mut();
        let top = fr.stack.pop().unwrap();
        let r = self.k.code[fr.func].pdom.ipdom(Bix(b));
        if r != top.rpc {
            let pc = r.map_or(EXIT_PC, |r| Pc { block: r.0, inst: 0 });
            fr.stack.push(Entry { pc, rpc: top.rpc, mask: top.mask });
        }
        for &(pc, mask) in groups {
            if pc.inst == 0 {
                for l in lanes(mask) {
                    fr.prev[l as usize] = b;
                }
            }
            if mask == 0 || (pc.inst == 0 && r == Some(Bix(pc.block))) {
                continue;
            }
            fr.stack.push(Entry { pc, rpc: r, mask });
        }
    }

    /// The phis `block[i..end]` as one parallel copy, each lane taking the value of its
    /// predecessor.
    fn phis(&mut self, w: &mut Warp, b: usize, i: usize, end: usize, active: u32) -> Result<(), Error> {
        let code = &self.k.code[w.frame().func];
        let insts = &code.f.blocks[b].insts[i..end];
        let mut writes: Vec<(Loc, u32, [u32; 4])> = Vec::new();
        for inst in insts {
            let Some(Operand::Reg(d)) = inst.dsts.first() else { continue };
            let loc = code.map.loc(*d);
            for l in lanes(active) {
                let pred = w.frame().prev[l as usize];
                let src =
                    inst.srcs.chunks_exact(2).find(|p| p[1] == Operand::Label(Bix(pred))).map(|p| &p[0]).ok_or_else(
                        || Error::internal(format!("phi in bix{b} has no value for predecessor bix{pred}")),
                    )?;
                writes.push((loc, l, self.operand_cells(w, l, src)?));
            }
        }
        for (loc, l, cells) in writes {
            w.frame_mut().regs.write_cells(loc, l, cells);
        }
        for (k, inst) in insts.iter().enumerate() {
            self.trace(w, b, i + k, inst, active);
        }
        Ok(())
    }

    fn trace(&mut self, w: &Warp, b: usize, i: usize, inst: &Inst, active: u32) {
        if !self.k.opts.trace {
            return;
        }
        let fr = w.frame();
        let code = &self.k.code[fr.func];
        for d in inst.dsts.iter().filter_map(Operand::reg) {
            if self.out.trace.len() >= self.k.opts.trace_limit {
                self.out.trace_truncated = true;
                return;
            }
            let loc = code.map.loc(d);
            self.out.trace.push(TraceEvent {
                warp: self.cta_linear * self.nwarps + w.index,
                func: fr.func as u32,
                block: b as u32,
                inst: i as u32,
                vreg: d,
                mask: active,
                values: lanes(active).map(|l| fr.regs.read(loc, l)).collect(),
            });
        }
    }
}
