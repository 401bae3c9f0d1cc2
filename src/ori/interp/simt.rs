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

mod atomics;
mod params;
pub mod sm90;
mod stack;
mod texsurf;

use super::exec;
use super::memory::{LOCAL_FRAME_BASE, Machine, View, function_address, resolve};
use super::pdom::PostDom;
use super::race::{AccessKind, RaceLog, Site};
use super::regs::{Loc, RegMap, WarpRegs, cells_of};
use super::{Error, Launch, Options, Outcome, TraceEvent, Unit};
use crate::ori::ir::{Bix, Callee, Function, Guard, Inst, Operand, RegFile, VReg};
use crate::ori::lower::STACK_POINTER_CBANK;
use crate::ori::opcode::{Op, Sm90Op, Space, VoteMode};
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
    /// `vprintf`, declared but not defined: executed as a no-op returning 0 (see `call`).
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
    /// `BAR.RED.POPC` of the current barrier round: the count so far and the destinations to
    /// write when the barrier releases (warp, destination, lanes, instruction).
    bar_popc: u64,
    bar_popc_dsts: Vec<(u32, Operand, u32, Inst)>,
}

fn lanes(mask: u32) -> impl Iterator<Item = u32> {
    (0..32).filter(move |l| mask >> l & 1 == 1)
}

/// Builds constant bank 0: `ntid` at 0x0, `nctaid` at 0xc, the frame base at 0x28, parameters at
/// their offsets.
fn bank0(f: &Function, launch: &Launch, params: &[u64]) -> Result<Vec<u8>, Error> {
    if params.len() != f.params.len() {
        return Err(Error::internal(format!("{} parameter values for {} parameters", params.len(), f.params.len())));
    }
    let end = f.params.iter().map(|p| p.cbank_offset + p.size).max().unwrap_or(0);
    let mut bank = vec![0u8; (end as usize).max(0x30)];
    for d in 0..3 {
        bank[4 * d..4 * d + 4].copy_from_slice(&launch.block[d].to_le_bytes());
        bank[0xc + 4 * d..0xc + 4 * d + 4].copy_from_slice(&launch.grid[d].to_le_bytes());
    }
    let sp = STACK_POINTER_CBANK as usize;
    bank[sp..sp + 8].copy_from_slice(&LOCAL_FRAME_BASE.to_le_bytes());
    for (p, v) in f.params.iter().zip(params) {
        let at = p.cbank_offset as usize;
        // A parameter wider than a value (`.b8` arrays of `lower/params.rs`) gets the value in its
        // first 8 bytes and zeros after.
        let n = (p.size as usize).min(8);
        bank[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
    Ok(bank)
}

/// Runs `funcs[0]` (with `funcs[1..]` callable) over the launch; see `interp::run_program`.
pub fn run(
    machine: &mut Machine,
    funcs: &[Unit<'_>],
    launch: &Launch,
    params: &[u64],
    opts: &Options,
) -> (Outcome, Result<(), Error>) {
    let kernel = match prepare(machine, funcs, launch, params, opts) {
        Ok(k) => k,
        Err(e) => return (Outcome::default(), Err(e)),
    };
    let threads = launch.block.iter().product::<u32>();
    let mut sim = Sim {
        k: &kernel,
        machine,
        out: Outcome::default(),
        notes: BTreeSet::new(),
        ctaid: [0; 3],
        cta_linear: 0,
        nwarps: threads.div_ceil(32),
        shared: Vec::new(),
        local: Vec::new(),
        race: opts.race.then(|| Box::new(RaceLog::new(launch))),
        site: Site::default(),
        bar_popc: 0,
        bar_popc_dsts: Vec::new(),
    };
    let g = launch.grid;
    let mut result = Ok(());
    'grid: for z in 0..g[2] {
        for y in 0..g[1] {
            for x in 0..g[0] {
                sim.ctaid = [x, y, z];
                if let Some(r) = sim.race.as_mut() {
                    r.start_cta(sim.cta_linear);
                }
                result = sim.run_cta(threads);
                if result.is_err() {
                    break 'grid;
                }
                sim.cta_linear += 1;
            }
        }
    }
    sim.out.notes = sim.notes.into_iter().collect();
    if let Some(r) = sim.race {
        sim.out.race.races = r.races();
        sim.out.race.racy = r.racy;
    }
    (sim.out, result)
}

/// Validates the launch and the code, and prepares every function.
fn prepare<'a>(
    machine: &Machine,
    funcs: &[Unit<'a>],
    launch: &'a Launch,
    params: &[u64],
    opts: &'a Options,
) -> Result<Kernel<'a>, Error> {
    let threads: u64 = launch.block.iter().map(|&d| d as u64).product();
    if threads == 0 || threads > 1024 || launch.grid.contains(&0) {
        return Err(Error::internal(format!("invalid launch {launch:?}")));
    }
    let Some(&(entry, _)) = funcs.first() else { return Err(Error::internal("no function to run")) };
    if let Some(r) = machine.unresolved.first() {
        return Err(Error::unsupported(format!(
            "address in an initializer ({r}) of a symbol not defined in this module"
        )));
    }
    let index: HashMap<&str, usize> = funcs.iter().enumerate().map(|(k, (f, _))| (f.name.as_str(), k)).collect();
    let mut code = Vec::with_capacity(funcs.len());
    for &(f, phys) in funcs {
        let mut symbols = HashMap::new();
        let mut asm = HashMap::new();
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if let Op::Asm { id, .. } = inst.op {
                    let text = f.asm.get(id as usize).map_or("?", |s| s.trim());
                    if crate::ori::texsurf::TexOp::from_asm(text, inst.dsts.len(), inst.srcs.len()).is_some() {
                        // A texture/surface instruction: run by `texsurf`, not the PTX-block evaluator.
                        continue;
                    }
                    let Some(p) = super::asm::program(text, inst.dsts.len(), inst.srcs.len()) else {
                        let e = Error::unsupported(format!("inline PTX assembly (ASM.{id} `{text}`) in @{}", f.name));
                        return Err(e.at(b as u32, i as u32));
                    };
                    asm.insert(id, p);
                }
                if let Some((callee, _)) = inst.call_parts() {
                    let (name, sym) = match callee {
                        Callee::Indirect { .. } => (inst.srcs[0].clone(), Sym::Proto),
                        Callee::Direct(n) if index.contains_key(n) => (inst.srcs[0].clone(), Sym::Func(index[n])),
                        Callee::Direct("vprintf") => (inst.srcs[0].clone(), Sym::Vprintf),
                        Callee::Direct("__assertfail") => (inst.srcs[0].clone(), Sym::AssertFail),
                        Callee::Direct(n) => {
                            let e = Error::unsupported(format!(
                                "call of @{n} in @{}, a function defined in another module",
                                f.name
                            ));
                            return Err(e.at(b as u32, i as u32));
                        }
                    };
                    if let Operand::Symbol(n) = name {
                        symbols.insert(n, sym);
                    }
                }
                for o in inst.srcs.iter().chain(&inst.dsts) {
                    if let Operand::Symbol(name) = o
                        && !symbols.contains_key(name)
                    {
                        let sym = symbol(machine, f, &index, name).map_err(|e| e.at(b as u32, i as u32))?;
                        symbols.insert(name.clone(), sym);
                    }
                }
            }
        }
        code.push(Code { f, map: RegMap::new(f, phys)?, pdom: PostDom::compute(f), symbols, asm });
    }
    let by_address = funcs.iter().enumerate().map(|(k, (f, _))| (function_address(&f.name), k)).collect();
    Ok(Kernel { code, bank: bank0(entry, launch, params)?, launch, opts, by_address })
}

/// The meaning of a symbol operand in `f`.
fn symbol(machine: &Machine, f: &Function, index: &HashMap<&str, usize>, name: &str) -> Result<Sym, Error> {
    let frame = crate::ori::regalloc::spill::FRAME_SYMBOL;
    if let Some(rest) = name.strip_prefix(frame) {
        let off = match rest.strip_prefix('+') {
            Some(n) => n.parse::<u64>().map_err(|_| Error::internal(format!("malformed frame symbol {name}")))?,
            None if rest.is_empty() => 0,
            None => return Err(Error::internal(format!("malformed frame symbol {name}"))),
        };
        return Ok(Sym::Frame(off));
    }
    if let Some(k) = f.params.iter().position(|p| p.name == name) {
        return Ok(Sym::Param(k));
    }
    if let Some(k) = name.strip_prefix("func_retval").and_then(|k| k.parse().ok()) {
        return Ok(Sym::RetVal(k));
    }
    if let Some(&k) = index.get(name) {
        return Ok(Sym::Func(k));
    }
    match machine.symbol(name) {
        Some((_, a)) => Ok(Sym::Addr(a)),
        None => {
            Err(Error::unsupported(format!("@{name} (a function or variable whose code or storage is not available)")))
        }
    }
}

impl Sim<'_> {
    fn note(&mut self, s: String) {
        if self.notes.len() < 32 {
            self.notes.insert(s);
        }
    }

    fn run_cta(&mut self, threads: u32) -> Result<(), Error> {
        let launch = self.k.launch;
        let entry = &self.k.code[0];
        let mut shared = self.machine.shared_init.clone();
        shared.resize((self.machine.shared_dynamic_base + launch.dynamic_shared as u64) as usize, 0);
        self.shared = shared;
        self.local = vec![vec![0u8; entry.f.local_frame as usize]; threads as usize];
        if entry.f.blocks.is_empty() {
            return Ok(());
        }
        let mut warps: Vec<Warp> = (0..self.nwarps)
            .map(|w| {
                let n = (threads - 32 * w).min(32);
                let live = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
                let frame = Frame {
                    func: 0,
                    stack: vec![Entry { pc: Pc { block: 0, inst: 0 }, rpc: None, mask: live }],
                    regs: WarpRegs::new(&entry.map),
                    prev: [u32::MAX; 32],
                    params: Vec::new(),
                    retvals: Vec::new(),
                    call_dsts: Vec::new(),
                    call_site: (0, 0),
                    returned: 0,
                    local_base: LOCAL_FRAME_BASE,
                    dyn_top: [stack::dynamic_base(LOCAL_FRAME_BASE, entry.f); 32],
                };
                Warp { index: w, frames: vec![frame], live, state: State::Running }
            })
            .collect();
        loop {
            for w in warps.iter_mut() {
                while w.state == State::Running {
                    self.step(w).map_err(|e| e.in_warp(self.cta_linear * self.nwarps + w.index))?;
                }
            }
            if warps.iter().all(|w| w.state == State::Done) {
                return Ok(());
            }
            if warps.iter().any(|w| w.state == State::Yielded) {
                // Another round for the warps that gave up their turn; barriers stay closed.
                for w in warps.iter_mut().filter(|w| w.state == State::Yielded) {
                    w.state = State::Running;
                }
                continue;
            }
            let popc = std::mem::take(&mut self.bar_popc);
            let dsts = std::mem::take(&mut self.bar_popc_dsts);
            for w in warps.iter_mut().filter(|w| w.state == State::AtBarrier) {
                w.state = State::Running;
                let index = w.index;
                for (_, d, mask, inst) in dsts.iter().filter(|x| x.0 == index) {
                    let res: Vec<(u32, [u32; 4])> = lanes(*mask).map(|l| (l, [popc as u32, 0, 0, 0])).collect();
                    self.write(w, d, &res, inst).map_err(|e| e.in_warp(self.cta_linear * self.nwarps + w.index))?;
                }
            }
            if let Some(r) = self.race.as_mut() {
                r.barrier(self.out.steps);
            }
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
            Op::Bar | Op::Sm90 { op: Sm90Op::ClusterWait { .. } } => {
                next(w);
                // `barrier.sync id, count`: every barrier number behaves as barrier 0 when the
                // whole CTA takes part; a count below the CTA's warps is not modelled.
                if let (Some(c), Some(l)) = (inst.srcs.get(1), lanes(active).next()) {
                    let count = self.operand(w, l, c).map_err(at)?;
                    if count != self.nwarps as u64 * 32 {
                        return Err(at(Error::unsupported(format!(
                            "{} with a thread count ({count}) other than the CTA's {} warps",
                            inst.op, self.nwarps
                        ))));
                    }
                }
                if active != 0 {
                    if active != w.live {
                        self.note(format!("BAR.SYNC in bix{b} executed by a partial warp (mask {active:#x})"));
                    }
                    w.state = State::AtBarrier;
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
            | Op::Prmt
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

    /// Lanes leaving the function by falling off its end: `RET` in a callee, `EXIT` in the kernel.
    fn leave(&mut self, w: &mut Warp, mask: u32) {
        if w.frames.len() > 1 {
            retire_lanes(w.frame_mut(), mask);
            w.frame_mut().returned |= mask;
        } else {
            exit_lanes(w, mask);
        }
    }

    /// `CALL`: a new frame for the callee with the calling lanes and their arguments.
    fn call(&mut self, w: &mut Warp, inst: &Inst, site: (u32, u32), active: u32) -> Result<(), Error> {
        let caller = &self.k.code[w.frame().func];
        let Some((target, args)) = inst.call_parts() else { return Err(Error::internal("CALL without a callee")) };
        let callee = match target {
            Callee::Direct(name) => match caller.symbols.get(name) {
                Some(Sym::Func(k)) => *k,
                Some(Sym::Vprintf) => {
                    // printf: no output; every calling lane gets 0.
                    let res: Vec<(u32, [u32; 4])> = lanes(active).map(|l| (l, [0; 4])).collect();
                    for d in &inst.dsts {
                        self.write(w, d, &res, inst)?;
                    }
                    self.trace(w, site.0 as usize, site.1 as usize, inst, active);
                    return Ok(());
                }
                Some(Sym::AssertFail) => return Err(self.assert_fail(w, args, active)),
                _ => return Err(Error::internal(format!("CALL of @{name}, which is not a function"))),
            },
            Callee::Indirect { address, .. } => {
                let mut addrs = BTreeSet::new();
                for l in lanes(active) {
                    addrs.insert(self.operand(w, l, address)?);
                }
                if addrs.len() > 1 {
                    return Err(Error::unsupported("an indirect CALL whose lanes call different functions"));
                }
                let a = addrs.pop_first().unwrap_or(0);
                match self.k.by_address.get(&a) {
                    Some(&k) => k,
                    None => return Err(Error::fault(format!("indirect CALL of {a:#x}, which is no function here"))),
                }
            }
        };
        if w.frames.len() >= MAX_CALL_DEPTH {
            return Err(Error::fault(format!("calls nested deeper than {MAX_CALL_DEPTH}")));
        }
        let code = &self.k.code[callee];
        if code.f.sig.params.len() != code.f.params.len() {
            return Err(Error::internal(format!(
                "@{} has {} parameters and a signature of {}",
                code.f.name,
                code.f.params.len(),
                code.f.sig.params.len()
            )));
        }
        let params = self.marshal(w, &code.f.sig, args, active)?;
        // Above the caller's static frame and every lane's dynamic allocations.
        let local_base = w.frame().dyn_top.iter().copied().max().unwrap_or(0).next_multiple_of(16);
        let end = (local_base - LOCAL_FRAME_BASE + code.f.local_frame as u64) as usize;
        for l in 0..32 {
            if let Some(mem) = self.local.get_mut((w.index * 32 + l) as usize)
                && mem.len() < end
            {
                mem.resize(end, 0);
            }
        }
        w.frames.push(Frame {
            func: callee,
            stack: vec![Entry { pc: Pc { block: 0, inst: 0 }, rpc: None, mask: active }],
            regs: WarpRegs::new(&code.map),
            prev: [u32::MAX; 32],
            params,
            retvals: code.f.sig.ret.iter().map(params::ParamSpace::new).collect(),
            call_dsts: inst.dsts.clone(),
            call_site: site,
            returned: 0,
            local_base,
            dyn_top: [stack::dynamic_base(local_base, code.f); 32],
        });
        Ok(())
    }

    /// The callee's stack is empty: back to the caller, with the return values of the lanes that
    /// returned (rather than exited).
    fn return_from_call(&mut self, w: &mut Warp) -> Result<(), Error> {
        let callee = w.frames.pop().unwrap();
        let lanes_back = callee.returned & w.live;
        let (b, i) = callee.call_site;
        let code = &self.k.code[w.frame().func];
        let inst = &code.f.blocks[b as usize].insts[i as usize];
        let sig = &self.k.code[callee.func].f.sig;
        let mut res: Vec<Vec<(u32, [u32; 4])>> = vec![Vec::new(); callee.call_dsts.len()];
        for l in lanes(lanes_back) {
            let values = params::unmarshal(sig, callee.retvals.first(), l).map_err(|e| e.at(b, i))?;
            for (r, v) in res.iter_mut().zip(values) {
                r.push((l, v));
            }
        }
        for (d, r) in callee.call_dsts.iter().zip(&res) {
            self.write(w, d, r, inst).map_err(|e| e.at(b, i))?;
        }
        if lanes_back != 0 {
            self.trace(w, b as usize, i as usize, inst, lanes_back);
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

    /// The memory view of one thread.
    fn view<'s>(machine: &'s mut Machine, shared: &'s mut [u8], local: &'s mut [Vec<u8>], thread: u32) -> View<'s> {
        View { machine, shared, local: &mut local[thread as usize] }
    }

    /// Tells the race detector about an access by thread `thread` of the CTA (after it succeeded
    /// or before it, as long as it is the same access).
    fn record(&mut self, space: Space, addr: u64, data: &[u8], kind: AccessKind, strong: bool, thread: u32) {
        if let Some(r) = self.race.as_mut() {
            let (space, addr) = resolve(space, addr);
            r.access(space, addr, data, kind, strong, thread, self.site, self.out.steps);
        }
    }

    /// A `.sync` collective: the active lanes synchronize with the members they name (source
    /// `member` of the instruction).
    fn warp_sync(&mut self, w: &Warp, inst: &Inst, member: usize, active: u32) -> Result<(), Error> {
        if self.race.is_none() {
            return Ok(());
        }
        let mut members = Vec::with_capacity(32);
        for l in lanes(active) {
            members.push((l, active & self.operand(w, l, &inst.srcs[member])? as u32));
        }
        if let Some(r) = self.race.as_mut() {
            r.warp_sync(w.index, &members, self.out.steps);
        }
        Ok(())
    }

    /// The parameter slot a `LD.PARAM` / `ST.PARAM` names, if its address is one.
    fn param_slot(&self, w: &Warp, o: &Operand) -> Option<Sym> {
        match o {
            Operand::Symbol(name) => match self.k.code[w.frame().func].symbols[name] {
                s @ (Sym::Param(_) | Sym::RetVal(_)) => Some(s),
                Sym::Addr(_) | Sym::Frame(_) | Sym::Func(_) | Sym::Proto | Sym::Vprintf | Sym::AssertFail => None,
            },
            _ => None,
        }
    }

    /// Data-path instructions, memory, atomics and warp-level operations.
    fn data(&mut self, w: &mut Warp, inst: &Inst, active: u32) -> Result<(), Error> {
        let mut results: Vec<Vec<(u32, [u32; 4])>> = vec![Vec::new(); inst.dsts.len()];
        // Inline PTX that is one texture/surface instruction (clang's CUDA texture headers).
        let asm_texsurf = self.asm_texsurf(w, inst);
        match inst.op {
            Op::Asm { .. } if let Some(op) = asm_texsurf => self.texsurf(w, inst, op, active, &mut results)?,
            Op::Ld { space: Space::Param, bits, signed, offset, .. } if self.param_slot(w, &inst.srcs[0]).is_some() => {
                let Some(Sym::Param(k)) = self.param_slot(w, &inst.srcs[0]) else {
                    return Err(Error::internal("LD.PARAM of a return slot"));
                };
                let Some(space) = w.frame().params.get(k) else {
                    return Err(Error::internal(format!("LD.PARAM of parameter {k}, which the call did not pass")));
                };
                for l in lanes(active) {
                    let c = space.read(l, offset as i64, bits, signed)?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, c));
                    }
                }
            }
            Op::St { space: Space::Param, bits, offset, .. } if self.param_slot(w, &inst.srcs[0]).is_some() => {
                let Some(Sym::RetVal(k)) = self.param_slot(w, &inst.srcs[0]) else {
                    return Err(Error::internal("ST.PARAM to a parameter slot"));
                };
                for l in lanes(active) {
                    let c = self.operand_cells(w, l, &inst.srcs[1])?;
                    match w.frame_mut().retvals.get_mut(k) {
                        Some(slot) => slot.write(l, offset as i64, bits, c)?,
                        None => return Err(Error::internal("ST.PARAM of a result the function does not have")),
                    }
                }
            }
            Op::Ld { space, bits, signed, offset, volatile, nc: _ } => {
                let bytes = (bits / 8).max(1) as u64;
                let n = inst.dsts.len() as u64;
                for l in lanes(active) {
                    if let Some(cb @ Operand::CBank { .. }) = inst.srcs.first() {
                        let v = self.operand(w, l, cb)?;
                        let v = if bytes < 8 { v & ((1u64 << (8 * bytes)) - 1) } else { v };
                        results[0].push((l, cells_of(v)));
                        continue;
                    }
                    let addr = self.operand(w, l, &inst.srcs[0])?.wrapping_add(offset as i64 as u64);
                    if n > 1 && !addr.is_multiple_of(bytes * n) {
                        return Err(Error::fault(format!("misaligned {}-byte vector load at {addr:#x}", bytes * n)));
                    }
                    if self.race.is_some() {
                        let zeros = [0u8; 64];
                        let len = ((bytes * n) as usize).min(zeros.len());
                        self.record(space, addr, &zeros[..len], AccessKind::Read, volatile, w.index * 32 + l);
                    }
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, w.index * 32 + l);
                    for (k, res) in results.iter_mut().enumerate() {
                        let v = view.load(space, addr + k as u64 * bytes, bytes)?;
                        let v = match (bytes, signed) {
                            (1, true) => v as u8 as i8 as i32 as u32 as u128,
                            (2, true) => v as u16 as i16 as i32 as u32 as u128,
                            _ => v,
                        };
                        res.push((l, [v as u32, (v >> 32) as u32, (v >> 64) as u32, (v >> 96) as u32]));
                    }
                }
            }
            Op::St { space, bits, offset, volatile } => {
                let bytes = (bits / 8).max(1) as u64;
                let n = inst.srcs.len() as u64 - 1;
                for l in lanes(active) {
                    let addr = self.operand(w, l, &inst.srcs[0])?.wrapping_add(offset as i64 as u64);
                    if n > 1 && !addr.is_multiple_of(bytes * n) {
                        return Err(Error::fault(format!("misaligned {}-byte vector store at {addr:#x}", bytes * n)));
                    }
                    let mut vals = Vec::with_capacity(n as usize);
                    for o in &inst.srcs[1..] {
                        let c = self.operand_cells(w, l, o)?;
                        vals.push(c.iter().rev().fold(0u128, |acc, &x| acc << 32 | x as u128));
                    }
                    if self.race.is_some() {
                        let data: Vec<u8> =
                            vals.iter().flat_map(|v| v.to_le_bytes()[..bytes as usize].to_vec()).collect();
                        self.record(space, addr, &data, AccessKind::Write, volatile, w.index * 32 + l);
                    }
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, w.index * 32 + l);
                    for (k, v) in vals.into_iter().enumerate() {
                        view.store(space, addr + k as u64 * bytes, bytes, v)?;
                    }
                }
            }
            Op::Atom { space, op, ty } => self.atom(w, inst, space, op, ty, active, &mut results)?,
            Op::Shfl { mode } => {
                if inst.srcs.len() != 4 || inst.dsts.is_empty() {
                    return Err(Error::internal("SHFL needs 4 sources and a destination"));
                }
                let mut undefined = false;
                for l in lanes(active) {
                    // Each thread names its own member mask (tiles of a warp name different ones).
                    let valid = active & self.operand(w, l, &inst.srcs[3])? as u32;
                    let b = self.operand(w, l, &inst.srcs[1])?;
                    let c = self.operand(w, l, &inst.srcs[2])?;
                    let (j, p) = exec::shfl_source(mode, l, b, c);
                    let v = if valid >> j & 1 == 1 {
                        self.operand(w, j, &inst.srcs[0])? & 0xFFFF_FFFF
                    } else {
                        undefined = true;
                        0
                    };
                    results[0].push((l, cells_of(v)));
                    if let Some(r) = results.get_mut(1) {
                        r.push((l, cells_of(p as u64)));
                    }
                }
                if undefined {
                    self.note(format!("{} read a lane that does not take part (value taken as 0)", inst.op));
                }
                self.warp_sync(w, inst, 3, active)?;
            }
            Op::Vote { mode } => {
                let activemask = inst.srcs.len() == 1 && mode == VoteMode::Ballot;
                if inst.dsts.len() != 1 || (inst.srcs.len() != 2 && !activemask) {
                    return Err(Error::internal("VOTE needs a destination, a predicate and a member mask"));
                }
                let mut preds = u32::MAX;
                if !activemask {
                    preds = 0;
                    for l in lanes(active) {
                        if self.operand(w, l, &inst.srcs[0])? != 0 {
                            preds |= 1 << l;
                        }
                    }
                }
                for l in lanes(active) {
                    let member = if activemask { u32::MAX } else { self.operand(w, l, &inst.srcs[1])? as u32 };
                    results[0].push((l, cells_of(exec::vote(mode, active & member, preds))));
                }
                if !activemask {
                    self.warp_sync(w, inst, 1, active)?;
                }
            }
            Op::Membar { gpu } => {
                if let (Some(r), true) = (self.race.as_mut(), gpu) {
                    for l in lanes(active) {
                        r.fence(w.index * 32 + l, self.out.steps);
                    }
                }
            }
            Op::Match { all, w64 } => {
                if inst.srcs.len() != 2 || inst.dsts.is_empty() {
                    return Err(Error::internal("MATCH needs a value, a member mask and a destination"));
                }
                let mut values = [0u64; 32];
                for l in lanes(active) {
                    let v = self.operand(w, l, &inst.srcs[0])?;
                    values[l as usize] = if w64 { v } else { v & 0xFFFF_FFFF };
                }
                for l in lanes(active) {
                    let members = active & self.operand(w, l, &inst.srcs[1])? as u32;
                    if members >> l & 1 == 0 {
                        return Err(Error::fault(format!("{} by lane {l}, which its member mask leaves out", inst.op)));
                    }
                    let (m, p) = exec::match_lanes(all, members, values[l as usize], &values);
                    results[0].push((l, cells_of(m)));
                    if let Some(r) = results.get_mut(1) {
                        r.push((l, cells_of(p as u64)));
                    }
                }
                // A `.sync` collective orders the member lanes (race detection).
                self.warp_sync(w, inst, 1, active)?;
            }
            Op::Redux { op } => {
                if inst.srcs.len() != 2 || inst.dsts.len() != 1 {
                    return Err(Error::internal("REDUX needs a value, a member mask and a destination"));
                }
                let mut values = [0u64; 32];
                for l in lanes(active) {
                    values[l as usize] = self.operand(w, l, &inst.srcs[0])?;
                }
                for l in lanes(active) {
                    let members = active & self.operand(w, l, &inst.srcs[1])? as u32;
                    if members >> l & 1 == 0 {
                        return Err(Error::fault(format!("{} by lane {l}, which its member mask leaves out", inst.op)));
                    }
                    results[0].push((l, cells_of(exec::redux(op, members, &values))));
                }
                self.warp_sync(w, inst, 1, active)?;
            }
            Op::WarpSync => {
                // The member lanes that are live but not active are on another path: hardware
                // would wait for them; the interpreter runs one path at a time.
                for l in lanes(active) {
                    let mask = self.operand(w, l, inst.srcs.first().unwrap_or(&Operand::Zero))? as u32;
                    if mask & w.live & !active != 0 {
                        self.note(format!("{} in a diverged warp (mask {mask:#x}, active {active:#x})", inst.op));
                        break;
                    }
                }
                if !inst.srcs.is_empty() {
                    self.warp_sync(w, inst, 0, active)?;
                }
            }
            Op::Nanosleep => {}
            Op::TexSurf { op } => self.texsurf(w, inst, op, active, &mut results)?,
            Op::Stack { op } => self.stack(w, inst, op, active, &mut results)?,
            Op::Sm90 { op } => self.sm90(w, inst, op, active, &mut results)?,
            Op::Mov { .. } | Op::Copy => {
                for l in lanes(active) {
                    let c = self.operand_cells(w, l, &inst.srcs[0])?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, c));
                    }
                }
            }
            Op::IAdd3 { .. }
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
            | Op::Prmt
            | Op::IDiv { .. }
            | Op::Cvt { .. }
            | Op::S2R
            | Op::IsSpace { .. }
            | Op::Cvta { .. } => {
                if inst.dsts.len() > 1 {
                    return Err(Error::unsupported(format!("{} with {} destinations", inst.op, inst.dsts.len())));
                }
                let mut vals = Vec::with_capacity(inst.srcs.len());
                for l in lanes(active) {
                    vals.clear();
                    for o in &inst.srcs {
                        vals.push(self.operand(w, l, o)?);
                    }
                    if let Op::IDiv { signed, w64, .. } = inst.op
                        && exec::idiv_traps(signed, w64, vals[0], vals[1])
                    {
                        self.note(format!("{} division by zero or overflow", inst.op));
                    }
                    let v = exec::alu(&inst.op, &vals)?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, cells_of(v)));
                    }
                }
            }
            Op::Asm { id, .. } => {
                // Parsed by `prepare` (`asm.rs`).
                let k = self.k;
                let code = &k.code[w.frame().func];
                let text = code.f.asm.get(id as usize).map_or("", |t| t.trim());
                let Some(prog) = code.asm.get(&id) else {
                    return Err(Error::internal(format!("ASM.{id} is not interpretable")));
                };
                let n = inst.dsts.len();
                let mut ops = vec![0u64; prog.operands.max(n + inst.srcs.len())];
                for l in lanes(active) {
                    ops.fill(0);
                    for (j, o) in inst.srcs.iter().enumerate() {
                        ops[n + j] = self.operand(w, l, o)?;
                    }
                    let (ctx, thread, site, steps) = (self.thread(w, l), w.index * 32 + l, self.site, self.out.steps);
                    let mut env = super::asm::LaneEnv {
                        view: Self::view(self.machine, &mut self.shared, &mut self.local, thread),
                        ctx,
                        race: self.race.as_deref_mut().map(|r| (r, site, steps)),
                        thread,
                        error: None,
                    };
                    super::asm::run_lane(prog, &mut ops, &mut env, text)?;
                    for (r, &v) in results.iter_mut().zip(&ops) {
                        r.push((l, cells_of(v)));
                    }
                }
            }
            Op::Bar | Op::BarPopc | Op::Bra | Op::Exit | Op::Ret | Op::Call | Op::Phi | Op::Trap { .. } => {
                return Err(Error::internal(format!("{} reached the data path", inst.op)));
            }
        }
        for (d, res) in inst.dsts.iter().zip(results) {
            self.write(w, d, &res, inst)?;
        }
        Ok(())
    }

    /// Writes one destination for the lanes in `res`.
    fn write(&mut self, w: &mut Warp, d: &Operand, res: &[(u32, [u32; 4])], inst: &Inst) -> Result<(), Error> {
        let r: VReg = match d {
            Operand::Reg(r) => *r,
            Operand::Zero | Operand::True => return Ok(()),
            other => return Err(Error::internal(format!("destination {other:?}"))),
        };
        let code = &self.k.code[w.frame().func];
        let loc = code.map.loc(r);
        let regs = &mut w.frame_mut().regs;
        match loc.file {
            RegFile::UR | RegFile::UP => {
                let Some(&(_, first)) = res.first() else { return Ok(()) };
                let norm = |c: [u32; 4]| if loc.file == RegFile::UP { [(c[0] != 0) as u32, 0, 0, 0] } else { c };
                if let Some(&(l, c)) = res.iter().find(|(_, c)| norm(*c) != norm(first)) {
                    return Err(Error::fault(format!(
                        "{} writes different values to the uniform register {} (lane {} {:#x}, lane {l} {:#x})",
                        inst.op,
                        crate::ori::print::Names { func: code.f, phys: None }.reg(r),
                        res[0].0,
                        first[0],
                        c[0]
                    )));
                }
                regs.write_uniform_cells(loc, first);
            }
            RegFile::R | RegFile::P | RegFile::B => {
                for &(l, c) in res {
                    regs.write_cells(loc, l, c);
                }
            }
        }
        Ok(())
    }
}

/// Removes lanes from every entry of a frame (they returned), popping empty top entries.
fn retire_lanes(fr: &mut Frame, lanes: u32) {
    for e in &mut fr.stack {
        e.mask &= !lanes;
    }
    while fr.stack.last().is_some_and(|e| e.mask == 0) {
        fr.stack.pop();
    }
}

/// Removes exiting lanes from the warp and from every entry of every frame.
fn exit_lanes(w: &mut Warp, lanes: u32) {
    w.live &= !lanes;
    for fr in &mut w.frames {
        retire_lanes(fr, lanes);
    }
    if w.live == 0 {
        w.state = State::Done;
    }
}
