//! The fat-point register allocator (seed 003 "Allocator Architecture"): a greedy allocator over
//! per-slot cost histograms, with no interference-graph coloring, run per register class after
//! MovPhi elimination (`AdvancedPhaseAllocReg` in the pipeline).
//!
//! # Structure (seed 003 "Entry Point", "Per-Class Driver")
//!
//! [`allocate`] is the entry point: it allocates the classes one after the other, predicates
//! first (P, UP), then the barrier registers, then UR and R: a spill makes a *carrier* in a later
//! class (a P into R, a UP into UR, a UR into R; see `spill.rs`). Each class runs the seed's two
//! phases:
//!
//! 1. **NOSPILL**: up to `RegAllocNumNonSpillTrials` rounds of the core allocator
//!    (`fatpoint.rs`), each visiting the registers in a different priority order (wide-first,
//!    definition order, spill-cost order). The first round that fits the budget is taken; when
//!    the trials do not include the spill-cost order, one spill-cost round follows them (it
//!    picks the victims, and is taken too when it fits).
//! 2. **SPILL**: otherwise the registers that failed in the spill-cost-ordered round are spilled
//!    (`spill.rs`), liveness is recomputed and the class starts again; every spill turns a
//!    register into unspillable short temporaries, so the loop ends, at the latest when nothing
//!    spillable is left (`Register allocation failed with register count of 'N'`).
//!
//! After the last class the allocation checker (`checker.rs`) runs when
//! [`Options::check`] is set (debug builds and tests): a symbolic dataflow over the allocated
//! code that every use finds its value in its register.
//!
//! `--debug-regalloc` ([`Options::debug`], [`allocate_logged`]) prints the per-class driver's
//! progress as ptxas's `REGALLOC GUIDANCE` dump (`guidance.rs`). The fuzzer
//! (`testing::regalloc_fuzz`, `ori fuzz-regalloc`, `scripts/fuzz-regalloc`) allocates random
//! kernels at 16 and 24 registers and checks them with the checker and by executing them before
//! and after allocation.
//!
//! # The register count
//!
//! ptxas 13.0 on sm_90 reports `Used N registers` = highest R index used + 1 + 2: an empty
//! kernel reports 4, a kernel touching R0..R5 reports 8, and `cuobjdump -sass` of the suite
//! kernels agrees (saxpy: highest R7, 10 registers; dot_product R15, 18; histogram R11, 14;
//! nbody R21, 24; int_divmod R23, 26; f64_math R25, 28; matmul_tiled R29, 32). R1 always holds
//! the stack pointer (`LDC R1, c[0x0][0x28]`), so the highest index is at least 1; the two more
//! registers are counted but never named in the SASS. [`used_registers`] implements the rule, and
//! the budget is its inverse: a limit of `N` registers lets the allocator use R0..R(N-3).
//!
//! # Budget ([`Budget::for_kernel`])
//!
//! The smallest of: 255; `--maxrregcount=N`; the kernel's `.maxnreg`; and, with launch bounds,
//! the registers per thread that keep `minctasm` (default 1) blocks of `maxntid` (or `reqntid`)
//! threads resident in the 64K-register file of an SM, allocated per warp in units of 256
//! (`65536 / (32 · warps · blocks)` rounded down to a multiple of 8). A limit below 24 is raised
//! to 24 with ptxas's warning ("For profile sm_90 adjusting per thread register count of N to
//! lower bound of 24").
//!
//! # Copies
//!
//! `COPY` instructions whose source and destination got the same register are identities; the
//! allocation records them and [`delete_identity_copies`] removes them before emission (the
//! allocator itself leaves the code readable, with its copies, for `--emit=ori`).

pub mod checker;
pub mod constraints;
pub mod fatpoint;
pub mod guidance;
pub mod problem;
pub mod spill;
pub mod tuples;

#[cfg(test)]
mod tests;

use crate::llvm::launch_bounds::LaunchBounds;
use crate::ori::analysis::cfg;
use crate::ori::analysis::liveness::Liveness;
use crate::ori::ir::{Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::Op;
use anyhow::{Result, bail};
pub use constraints::PhysReg;
use fatpoint::{Order, Trial};
use problem::ClassProblem;
use spill::SpillState;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Registers ptxas adds to the highest R index + 1 in its `Used N registers` count on sm_90.
pub const RESERVED_COUNT: u32 = 2;
/// The largest register count (R0..R254 exist, R255 is RZ).
pub const MAX_REGISTERS: u32 = 255;
/// ptxas's lower bound of the per-thread register count for sm_90.
pub const MIN_REGISTERS: u32 = 24;
/// Registers of one SM (sm_90).
pub const REGISTERS_PER_SM: u32 = 65536;

/// The allocator knobs (seed 003 "Key Knobs"), set with `-knob NAME=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// `RegAllocThresholdForDiscardConflicts` (knob 684): candidate slots costing more are
    /// skipped. Default 50.
    pub threshold_for_discard_conflicts: u32,
    /// `RegAllocNumNonSpillTrials` (knob 639): NOSPILL rounds (each with another priority order)
    /// before spilling. Default 3; 0 counts as 1.
    pub num_non_spill_trials: u32,
}

impl Default for Knobs {
    fn default() -> Self {
        Knobs { threshold_for_discard_conflicts: 50, num_non_spill_trials: 3 }
    }
}

impl Knobs {
    /// Applies `NAME=VALUE`.
    pub fn set(&mut self, assignment: &str) -> Result<()> {
        let Some((name, value)) = assignment.split_once('=') else {
            bail!("malformed knob '{assignment}': expected NAME=VALUE");
        };
        let parsed: u32 = value
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("knob {name}: '{value}' is not a non-negative integer"))?;
        match name.trim() {
            "RegAllocThresholdForDiscardConflicts" => self.threshold_for_discard_conflicts = parsed,
            "RegAllocNumNonSpillTrials" => self.num_non_spill_trials = parsed,
            other => {
                bail!("unknown knob '{other}' (known: RegAllocThresholdForDiscardConflicts, RegAllocNumNonSpillTrials)")
            }
        }
        Ok(())
    }
}

/// What the allocation phase needs from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--maxrregcount=N`.
    pub max_reg_count: Option<u32>,
    pub knobs: Knobs,
    /// Launch bounds per function name.
    pub bounds: BTreeMap<String, LaunchBounds>,
    /// Run the allocation checker after every allocation.
    pub check: bool,
    /// `--debug-regalloc`: print the `REGALLOC GUIDANCE` dump (`guidance.rs`) of every
    /// function to stderr as it is allocated (so that it is there when allocation fails).
    pub debug: bool,
}

/// The register budget of one function, in ptxas's `Used N registers` units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    pub registers: u32,
    /// What set it (`default`, `maxrregcount`, `maxnreg`, `launch bounds`).
    pub source: &'static str,
    /// A smaller request raised to [`MIN_REGISTERS`].
    pub raised_from: Option<u32>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { registers: MAX_REGISTERS, source: "default", raised_from: None }
    }
}

impl Budget {
    /// The budget of a kernel (see the module documentation).
    pub fn for_kernel(max_reg_count: Option<u32>, bounds: Option<&LaunchBounds>) -> Budget {
        let mut b = Budget::default();
        let mut take = |n: u32, source: &'static str| {
            if n < b.registers {
                b.registers = n;
                b.source = source;
            }
        };
        if let Some(n) = max_reg_count.filter(|&n| n > 0) {
            take(n, "maxrregcount");
        }
        if let Some(lb) = bounds {
            if let Some(n) = lb.maxnreg {
                take(n, "maxnreg");
            }
            let dims = if lb.maxntid.iter().any(Option::is_some) { lb.maxntid } else { lb.reqntid };
            if dims.iter().any(Option::is_some) {
                let threads: u32 = dims.iter().map(|d| d.unwrap_or(1)).product();
                let warps = threads.div_ceil(32).max(1);
                let blocks = lb.minctasm.unwrap_or(1).max(1);
                let per_thread = REGISTERS_PER_SM / 32u32.saturating_mul(warps).saturating_mul(blocks) / 8 * 8;
                take(per_thread, "launch bounds");
            }
        }
        if b.registers < MIN_REGISTERS {
            b.raised_from = Some(b.registers);
            b.registers = MIN_REGISTERS;
        }
        b
    }

    /// A budget of exactly `registers` (no lower bound; for tests and tools).
    pub fn exact(registers: u32) -> Budget {
        Budget { registers, source: "exact", raised_from: None }
    }

    /// R registers at or above this index are out of budget.
    pub fn r_limit(&self) -> u32 {
        self.registers.saturating_sub(RESERVED_COUNT).min(constraints::capacity(RegFile::R))
    }
}

/// ptxas's `Used N registers` for a highest R index (`None`: no R register besides R1).
pub fn used_registers(highest_r: Option<u32>) -> u32 {
    highest_r.unwrap_or(0).max(constraints::STACK_POINTER.0) + 1 + RESERVED_COUNT
}

/// Counters of one allocation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllocStats {
    /// ptxas's `Used N registers`.
    pub used_registers: u32,
    /// Highest R register used (pairs count their odd half).
    pub highest_r: Option<u32>,
    /// Predicates used (highest P + 1).
    pub predicates: u32,
    /// Registers spilled, in order (to memory, or predicates to a carrier).
    pub spilled: Vec<VReg>,
    /// Bytes of the local frame (allocas + spill area).
    pub stack_frame: u32,
    pub spill_store_bytes: u32,
    pub spill_load_bytes: u32,
    /// `COPY`s whose source and destination share a register.
    pub identity_copies: usize,
    /// Fat-point rounds run, over all classes.
    pub rounds: u32,
    /// Peak R pressure in register slots before allocation (`ori::liveness`): no allocation
    /// without spills uses fewer than `pressure + 3` registers (R1 and the two reserved).
    pub pressure: u32,
}

/// What allocating one function reports besides the assignment itself, which the allocator
/// attaches to the function (`Function::assignment`).
#[derive(Clone, Debug, Default)]
pub struct Allocation {
    pub budget: Budget,
    pub stats: AllocStats,
    /// Spill temporary or carrier → the register whose value it carries.
    pub origin: BTreeMap<VReg, VReg>,
}

/// The classes in allocation order: every spill carrier's class after the class it carries
/// (P into R, UP into UR, UR into R; see `spill.rs`).
const CLASS_ORDER: [RegFile; 5] = [RegFile::P, RegFile::UP, RegFile::B, RegFile::UR, RegFile::R];

/// The limit of `file` under `budget` (only R has a budget).
fn class_limit(file: RegFile, budget: &Budget) -> u32 {
    match file {
        RegFile::R => budget.r_limit(),
        RegFile::UR | RegFile::P | RegFile::UP | RegFile::B => constraints::capacity(file),
    }
}

/// Allocates `f` (after MovPhi elimination) within `budget`, inserting spill code where needed,
/// and sets `f.assignment`. Runs the checker when `check` is set and fails on any violation.
pub fn allocate(f: &mut Function, budget: &Budget, knobs: &Knobs, check: bool) -> Result<Allocation> {
    allocate_logged(f, budget, knobs, check, None)
}

/// [`allocate`], writing the `REGALLOC GUIDANCE` dump (`guidance.rs`, `--debug-regalloc`) to
/// `guidance` when given.
pub fn allocate_logged(
    f: &mut Function,
    budget: &Budget,
    knobs: &Knobs,
    check: bool,
    guidance: Option<&mut String>,
) -> Result<Allocation> {
    if f.blocks.iter().flat_map(|b| &b.insts).any(|i| i.op == Op::Phi) {
        bail!("register allocation of @{} needs MovPhi elimination first", f.name);
    }
    let mut log = guidance::Log(guidance);
    log.header(f, budget);
    // Liveness and the CFG are shared by the classes until spill code changes the function.
    let live = Liveness::compute(f);
    let pressure = live.peak(RegFile::R);
    let mut state = SpillState::default();
    state.analyses = Some((live, cfg::analyze(f)));
    let mut assigned: BTreeMap<VReg, u32> = BTreeMap::new();
    let mut rounds = 0;
    for file in CLASS_ORDER {
        if file == RegFile::B {
            allocate_barriers(f, &mut assigned, &mut log)?;
            continue;
        }
        let limit = class_limit(file, budget);
        rounds += allocate_class(f, file, limit, knobs, &mut state, &mut assigned, &mut log)?;
    }
    let mut phys = vec![0u32; f.regs.len()];
    for (v, p) in &assigned {
        phys[v.idx()] = *p;
    }
    f.assignment = Some(phys);
    let highest = |file: RegFile| -> Option<u32> {
        assigned
            .iter()
            .filter(|(v, _)| f.reg_info(**v).file == file)
            .map(|(v, p)| p + constraints::width(f.reg_info(*v)) - 1)
            .max()
    };
    let highest_r = highest(RegFile::R);
    let (spill_store_bytes, spill_load_bytes) = spill::spill_bytes(f);
    let stats = AllocStats {
        used_registers: used_registers(highest_r),
        highest_r,
        predicates: highest(RegFile::P).map_or(0, |p| p + 1),
        spilled: state.spilled.clone(),
        stack_frame: f.local_frame,
        spill_store_bytes,
        spill_load_bytes,
        identity_copies: f.blocks.iter().flat_map(|b| &b.insts).filter(|i| is_identity_copy(f, i)).count(),
        rounds,
        pressure,
    };
    let alloc = Allocation { budget: budget.clone(), stats, origin: state.origin };
    if check {
        let input = checker::CheckInput { func: f, origin: &alloc.origin, r_limit: budget.r_limit() };
        if let Err(errors) = checker::check(&input) {
            let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
            bail!("register allocation checker failed:\n  {}", text.join("\n  "));
        }
    }
    Ok(alloc)
}

/// NOSPILL trials then SPILL rounds for one class (see the module documentation). Records the
/// assignment of every register of the class that appears in the code; returns the rounds run.
///
/// Every round that fits the budget is taken, the spill-cost-ordered round that picks the
/// victims included: with `RegAllocNumNonSpillTrials=1` that round is an extra one, and it may
/// succeed where the wide-first round failed (a regression the fuzzer found: the class then
/// failed with an empty list of registers that "cannot be placed").
fn allocate_class(
    f: &mut Function,
    file: RegFile,
    limit: u32,
    knobs: &Knobs,
    state: &mut SpillState,
    assigned: &mut BTreeMap<VReg, u32>,
    log: &mut guidance::Log<'_>,
) -> Result<u32> {
    let trials = knobs.num_non_spill_trials.max(1);
    let threshold = knobs.threshold_for_discard_conflicts;
    let mut rounds = 0;
    let spilled_before = state.spilled.len();
    loop {
        // Recomputed only when spill code changed the function since the last class or round.
        let (live, cfg) = state.analyses.get_or_insert_with(|| (Liveness::compute(f), cfg::analyze(f)));
        let problem = ClassProblem::build(f, live, cfg, file, &|v| state.unspillable.contains(&v));
        if problem.occurs.iter().all(|o| !o) {
            if rounds == 0 {
                log.empty_class(file);
            }
            return Ok(rounds);
        }
        log.class(&problem, limit);
        let mut cost_trial: Option<Trial> = None;
        let orders = (0..trials).map(Order::for_trial);
        // The spill-cost order ends the NOSPILL phase when the trials did not include it.
        let extra = (!(0..trials).any(|k| Order::for_trial(k) == Order::SpillCost)).then_some(Order::SpillCost);
        for order in orders.chain(extra) {
            let trial = fatpoint::run_trial(&problem, order, limit, threshold);
            rounds += 1;
            log.attempt(f, &problem, rounds, &trial);
            if trial.failed.is_empty() {
                for (v, a) in trial.assign.iter().enumerate() {
                    if let Some(a) = a {
                        assigned.insert(problem.vregs[v], a.0);
                    }
                }
                log.result(f, &problem, &trial, &state.spilled[spilled_before..]);
                return Ok(rounds);
            }
            if order == Order::SpillCost {
                cost_trial = Some(trial);
            }
        }
        let cost_trial = cost_trial.expect("the spill-cost order always runs");
        let victims = spill::choose_victims(&problem, &cost_trial);
        log.spill(f, &problem, rounds, &victims);
        if victims.is_empty() {
            let names: Vec<String> = cost_trial
                .failed
                .iter()
                .map(|v| crate::ori::print::Names::virtual_regs(f).reg(problem.vregs[v.idx()]))
                .collect();
            bail!(
                "Register allocation failed with register count of '{}' in function @{} ({} class: {} cannot be placed)",
                limit,
                f.name,
                file.prefix(),
                names.join(", ")
            );
        }
        spill::spill_all(f, &victims, state);
    }
}

/// Barrier registers carry ordering only and have no liveness: each gets its own register.
fn allocate_barriers(f: &Function, assigned: &mut BTreeMap<VReg, u32>, log: &mut guidance::Log<'_>) -> Result<()> {
    let mut next = 0;
    let mut list = Vec::new();
    for (i, info) in f.regs.iter().enumerate() {
        if info.file == RegFile::B {
            if next >= constraints::capacity(RegFile::B) {
                bail!("function @{} uses more than {} barrier registers", f.name, constraints::capacity(RegFile::B));
            }
            assigned.insert(VReg(i as u32), next);
            list.push((VReg(i as u32), next));
            next += 1;
        }
    }
    log.barriers(f, &list);
    Ok(())
}

/// Whether `inst` is a `COPY` between two registers given the same physical register by the
/// assignment of `f` (never, before allocation).
pub fn is_identity_copy(f: &Function, inst: &Inst) -> bool {
    let Some(phys) = f.assignment.as_deref() else { return false };
    match (inst.op, inst.dsts.first(), inst.srcs.first()) {
        (Op::Copy | Op::Mov { .. }, Some(Operand::Reg(d)), Some(Operand::Reg(s))) => {
            inst.guard.is_none()
                && f.reg_info(*d).file == f.reg_info(*s).file
                && f.reg_info(*d).pair == f.reg_info(*s).pair
                && phys[d.idx()] == phys[s.idx()]
        }
        _ => false,
    }
}

/// Removes the identity copies of an allocated function (none before allocation); returns how
/// many.
pub fn delete_identity_copies(f: &mut Function) -> usize {
    let mut removed = 0;
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let before = insts.len();
        let kept: Vec<Inst> = insts.into_iter().filter(|i| !is_identity_copy(f, i)).collect();
        removed += before - kept.len();
        f.blocks[b].insts = kept;
    }
    removed
}

/// The pipeline phase: allocates `f` under the budget of its launch bounds and the options.
/// Functions that still hold `MovPhi` (`--disable-phase=EliminateMovPhi`) are left unallocated.
pub fn run_phase(f: &mut Function, options: &Options) -> Result<Option<Allocation>> {
    if f.blocks.iter().flat_map(|b| &b.insts).any(|i| i.op == Op::Phi) {
        return Ok(None);
    }
    let budget = Budget::for_kernel(options.max_reg_count, options.bounds.get(&f.name));
    let mut guidance = options.debug.then(String::new);
    let result = allocate_logged(f, &budget, &options.knobs, options.check, guidance.as_mut());
    if let Some(text) = guidance {
        eprint!("{text}");
    }
    result.map(Some)
}

/// ptxas's `-v` report of a module (`sm` like `sm_90`): for each allocated kernel
///
/// ```text
/// ori info    : Compiling entry function 'saxpy' for 'sm_90'
/// ori info    : Function properties for saxpy
///     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
/// ori info    : Used 10 registers, used 0 barriers
/// ```
///
/// then, as ptxas does, only the `Function properties` lines of each device function. A
/// kernel's count covers the device functions it calls (directly or not), whose registers it
/// must provide; `used B barriers` is 1 when the call tree has a `BAR.SYNC`. `funcs` pairs every
/// function of the module with what allocating it reported (`None`: left unallocated).
pub fn verbose_report(funcs: &[(&Function, Option<&Allocation>)], sm: &str) -> String {
    let by_name: BTreeMap<&str, &Function> = funcs.iter().map(|(f, _)| (f.name.as_str(), *f)).collect();
    let allocation_of = |g: &Function| funcs.iter().find(|(h, _)| std::ptr::eq(*h, g)).and_then(|(_, a)| *a);
    let mut s = String::new();
    let properties = |s: &mut String, f: &Function, a: &Allocation| {
        let _ = writeln!(s, "ori info    : Function properties for {}", f.name);
        let _ = writeln!(
            s,
            "    {} bytes stack frame, {} bytes spill stores, {} bytes spill loads",
            a.stats.stack_frame, a.stats.spill_store_bytes, a.stats.spill_load_bytes
        );
    };
    for &(f, a) in funcs.iter().filter(|(f, _)| f.is_kernel) {
        let Some(a) = a else { continue };
        let tree = call_tree(f, &by_name);
        let used = tree.iter().filter_map(|g| allocation_of(g)).map(|a| a.stats.used_registers).max();
        let barriers = u32::from(tree.iter().flat_map(|g| &g.blocks).flat_map(|b| &b.insts).any(|i| i.op == Op::Bar));
        let _ = writeln!(s, "ori info    : Compiling entry function '{}' for '{sm}'", f.name);
        properties(&mut s, f, a);
        let _ = writeln!(
            s,
            "ori info    : Used {} registers, used {barriers} barriers",
            used.unwrap_or(a.stats.used_registers)
        );
    }
    for &(f, a) in funcs.iter().filter(|(f, _)| !f.is_kernel) {
        if let Some(a) = a {
            properties(&mut s, f, a);
        }
    }
    s
}

/// `f` and every function it calls, directly or not (calls name their callee by symbol).
fn call_tree<'a>(f: &'a Function, by_name: &BTreeMap<&str, &'a Function>) -> Vec<&'a Function> {
    let mut out = vec![f];
    let mut k = 0;
    while k < out.len() {
        for inst in out[k].blocks.iter().flat_map(|b| &b.insts).filter(|i| i.op == Op::Call) {
            if let Some(Operand::Symbol(callee)) = inst.srcs.first()
                && let Some(g) = by_name.get(callee.as_str())
                && !out.iter().any(|h| std::ptr::eq(*h, *g))
            {
                out.push(g);
            }
        }
        k += 1;
    }
    out
}
