//! The allocator fuzzer: random valid-by-construction kernels (`generate.rs`), allocated at low
//! budgets, checked by the allocation checker and executed before and after allocation.
//!
//! # One case ([`run_case`])
//!
//! 1. [`generate`] the kernel of the case's seed (SSA with `MovPhi`s) and check that it is valid:
//!    nothing live into the entry (every use is dominated by a definition);
//! 2. run it in the SIMT interpreter (`ori::interp`, 2 CTAs of 32 threads): the **reference**
//!    output;
//! 3. run the pipeline phases that precede `AdvancedPhaseAllocReg` (`pipeline::phases`: block
//!    merging, dead-code elimination, `OriPropagateVarying`, `EliminateMovPhi`, …), so that the
//!    allocator sees what it sees in `ori llc` — parallel copies from phi elimination and the
//!    live-range splits of phase 19 (against `--maxrregcount=24` in half of the cases) included.
//!    In uniform cases `ConvertToUniformReg` runs with budgets beyond the uniform files (200 UR
//!    slots, 16 UP, pairs as drawn), so that UR and UP must spill; the pre-allocation code must
//!    still produce the reference output;
//! 4. for each budget (16 and 24 registers by default, as [`Budget::exact`]: `Budget::for_kernel`
//!    would raise both to ptxas's floor of 24), allocate a copy with the checker on, delete the
//!    identity copies as `ori llc` does, and run the result with its physical registers: it must
//!    produce the reference output. Every fifth case also draws allocator knobs
//!    (`RegAllocThresholdForDiscardConflicts` 0–2, `RegAllocNumNonSpillTrials` 1–3).
//!
//! A checker violation, a panic anywhere, a pipeline error, an interpreter error on generated
//! code, or a different output is a **failure**; a different output is reported with the first
//! register definition where the traces before and after allocation part (spill code and carrier
//! moves left out, as `ori check --dump-trace` does). An allocation that ends with ptxas's
//! `Register allocation failed with register count of 'N'` (no spillable register left) is a
//! *clean* failure and is counted, not failed.
//!
//! # Seeds
//!
//! Case `k` of a run with seed `s` uses seed `s + k`: `ori fuzz-regalloc --seed S --cases 1`
//! replays case `S` of any run, and `--verbose` prints its kernel.

pub mod generate;

use crate::compile;
use crate::ori::analysis::liveness::Liveness;
use crate::ori::interp::{self, Launch, Machine};
use crate::ori::ir::{Function, RegFile, VReg};
use crate::ori::opt::split_ranges;
use crate::ori::phase_context::UniformRegs;
use crate::ori::print;
use crate::ori::regalloc::{Allocation, Budget, Knobs, allocate, delete_identity_copies, spill};
pub use generate::{Generated, Rng, generate};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The budgets every case is allocated at (ptxas `Used N registers` units).
pub const BUDGETS: [u32; 2] = [16, 24];

/// What one case did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseReport {
    pub seed: u64,
    /// `None`: every check passed (clean allocation failures included).
    pub failure: Option<String>,
    /// Budgets whose allocation failed cleanly (`Register allocation failed ...`), with the
    /// message.
    pub clean_failures: Vec<(u32, String)>,
    /// Allocations (one per budget) that spilled registers of R, UR, P, UP.
    pub spills: [u32; 4],
    /// Instructions of the generated kernel.
    pub insts: usize,
    /// Registers phase 19 split before allocation.
    pub split: usize,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub cases: u64,
    pub ok: u64,
    pub failed: u64,
    /// Allocations that failed cleanly.
    pub clean_failures: u64,
    /// Allocations with spills per file (R, UR, P, UP).
    pub spills: [u64; 4],
    /// Cases in which phase 19 split live ranges.
    pub split_cases: u64,
    /// The failed cases (seed and report).
    pub failures: Vec<(u64, String)>,
}

impl Summary {
    /// `fuzz-regalloc: N cases, N ok, N failed (...)`.
    pub fn line(&self) -> String {
        format!(
            "fuzz-regalloc: {} cases, {} ok, {} failed ({} clean allocation failures; {} cases with split live ranges; allocations spilling R {}, UR {}, P {}, UP {})",
            self.cases,
            self.ok,
            self.failed,
            self.clean_failures,
            self.split_cases,
            self.spills[0],
            self.spills[1],
            self.spills[2],
            self.spills[3]
        )
    }
}

/// Runs cases `seed .. seed + cases`; `progress` sees every report as it comes.
pub fn run(seed: u64, cases: u64, mut progress: impl FnMut(&CaseReport)) -> Summary {
    let mut s = Summary::default();
    for k in 0..cases {
        let r = run_case(seed.wrapping_add(k));
        s.cases += 1;
        s.clean_failures += r.clean_failures.len() as u64;
        s.split_cases += u64::from(r.split > 0);
        for (total, n) in s.spills.iter_mut().zip(r.spills) {
            *total += u64::from(n);
        }
        match &r.failure {
            None => s.ok += 1,
            Some(msg) => {
                s.failed += 1;
                s.failures.push((r.seed, msg.clone()));
            }
        }
        progress(&r);
    }
    s
}

/// Runs one case (see the module documentation); panics are caught and reported as failures.
pub fn run_case(seed: u64) -> CaseReport {
    let mut report = CaseReport { seed, ..Default::default() };
    let result = catch_unwind(AssertUnwindSafe(|| case(seed, &mut report)));
    report.failure = match result {
        Ok(Ok(())) => None,
        Ok(Err(msg)) => Some(msg),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Some(format!("panic: {msg}"))
        }
    };
    report
}

fn case(seed: u64, report: &mut CaseReport) -> Result<(), String> {
    let g = generate(seed);
    report.insts = g.func.num_insts();
    let uninitialized = Liveness::compute(&g.func).uninitialized();
    if !uninitialized.is_empty() {
        return Err(format!("generator: registers live into the entry: {uninitialized:?}"));
    }
    let reference = execute(&g, &g.func).map_err(|e| format!("generator: the SSA kernel does not run: {e}"))?;
    let (pre, split) = prepare(&g)?;
    report.split = split.len();
    let got = execute(&g, &pre).map_err(|e| format!("pipeline: the pre-allocation kernel does not run: {e}"))?;
    if let Some(d) = difference(&reference, &got) {
        return Err(format!("pipeline: the pre-allocation kernel differs from the SSA kernel: {d}"));
    }
    let knobs = knobs_of(seed);
    for budget in BUDGETS {
        let mut f = pre.clone();
        // Registers split by phase 19 are checked as the registers they carry, as in the
        // pipeline's `AdvancedPhaseAllocReg`.
        let alloc = match allocate(&mut f, &Budget::exact(budget), &knobs, split.is_empty()) {
            Ok(a) => a,
            Err(e) if e.to_string().starts_with("Register allocation failed") => {
                report.clean_failures.push((budget, e.to_string()));
                continue;
            }
            Err(e) => return Err(format!("budget {budget}: {e}")),
        };
        if !split.is_empty() {
            split_ranges::check_allocation(&f, &alloc, &split).map_err(|e| format!("budget {budget}: {e}"))?;
        }
        let mut spilled = [false; 4];
        for v in &alloc.stats.spilled {
            match f.reg_info(*v).file {
                RegFile::R => spilled[0] = true,
                RegFile::UR => spilled[1] = true,
                RegFile::P => spilled[2] = true,
                RegFile::UP => spilled[3] = true,
                RegFile::B => {}
            }
        }
        for (n, s) in report.spills.iter_mut().zip(spilled) {
            *n += u32::from(s);
        }
        let with_copies = f.clone();
        delete_identity_copies(&mut f);
        let got = execute(&g, &f).map_err(|e| format!("budget {budget}: the allocated kernel does not run: {e}"))?;
        if let Some(d) = difference(&reference, &got) {
            let trace = trace_difference(&g, &pre, &with_copies, &alloc);
            return Err(format!("budget {budget}: the allocated kernel differs from the SSA kernel: {d}\n  {trace}"));
        }
    }
    Ok(())
}

/// The allocator knobs of a case: the defaults, except for every fifth seed.
pub fn knobs_of(seed: u64) -> Knobs {
    let mut rng = Rng::new(seed ^ 0x6b6e_6f62);
    if !seed.is_multiple_of(5) {
        return Knobs::default();
    }
    Knobs { threshold_for_discard_conflicts: rng.range(0, 2), num_non_spill_trials: rng.range(1, 3) }
}

/// The generated kernel after the phases that precede allocation, with the registers phase 19
/// `OriSplitLiveRanges` split off (→ the register each carries). The phases see the budget of
/// `ori llc --maxrregcount=24` (both fuzzing budgets, 16 and 24, are raised to it there) in half
/// of the cases ([`Generated::phase_budget`]), else the default budget. The phases are the
/// compile's own (`compile::compile_function`, stopping before allocation), with phase 74 on
/// generous limits in the uniform cases.
pub fn prepare(g: &Generated) -> Result<(Function, BTreeMap<VReg, VReg>), String> {
    let mut f = g.func.clone();
    let opts = compile::Options {
        maxrregcount: g.phase_budget,
        no_warnings: true,
        uniform_regs: g.uniform.then_some(UniformRegs { ur_budget: 200, up_budget: 16, pairs: g.uniform_pairs }),
        stop_before_allocation: true,
        ..Default::default()
    };
    let art = compile::compile_function(&mut f, &opts);
    if let Some(e) = art.error {
        return Err(format!("pipeline: phase {}: {:#}", e.phase, e.error));
    }
    Ok((f, art.results.split_origins))
}

/// Runs `f` (with its assignment, if any) on fresh memory; returns the output buffer.
pub fn execute(g: &Generated, f: &Function) -> Result<Vec<u8>, interp::Error> {
    use generate::{CTAS, K_PARAM, ROW_WORDS, THREADS};
    let mut m = Machine::new(&g.globals);
    let words = (CTAS * THREADS * ROW_WORDS) as usize;
    let out = m.alloc("out", (0..words * 4).map(|i| (i * 7 + 3) as u8).collect());
    let launch = Launch { grid: [CTAS, 1, 1], block: [THREADS, 1, 1], dynamic_shared: 0 };
    let opts = interp::Options { max_steps: 2_000_000, ..Default::default() };
    interp::run(&mut m, f, &launch, &[out, K_PARAM], &opts)?;
    Ok(m.buffer(out).map(|b| b.data.clone()).unwrap_or_default())
}

/// The first register definition where the allocated kernel (identity copies kept, so that its
/// definitions line up with `pre`'s) departs from the kernel before allocation, described.
fn trace_difference(g: &Generated, pre: &Function, post: &Function, alloc: &Allocation) -> String {
    use generate::{CTAS, K_PARAM, ROW_WORDS, THREADS};
    let traced = |f: &Function| {
        let mut m = Machine::new(&g.globals);
        let out = m.alloc("out", vec![0; (CTAS * THREADS * ROW_WORDS * 4) as usize]);
        let launch = Launch { grid: [CTAS, 1, 1], block: [THREADS, 1, 1], dynamic_shared: 0 };
        let opts = interp::Options { max_steps: 2_000_000, trace: true, ..Default::default() };
        let (outcome, _) = interp::run_program(&mut m, &[f], &launch, &[out, K_PARAM], &opts);
        outcome.trace
    };
    let origin = |mut v: VReg| {
        while let Some(&o) = alloc.origin.get(&v) {
            v = o;
        }
        v
    };
    // Spill code and carrier moves copy a value: not a definition of the original code.
    let keep = |e: &interp::TraceEvent| -> Option<VReg> {
        let inst = &post.blocks[e.block as usize].insts[e.inst as usize];
        let o = origin(e.vreg);
        let copy = spill::spill_access(inst).is_some() || inst.uses().any(|s| origin(s) == o);
        (!copy).then_some(o)
    };
    // Phase 19's splits load and store through the spill area before allocation already.
    let mut a = traced(pre);
    a.retain(|e| spill::spill_access(&pre.blocks[e.block as usize].insts[e.inst as usize]).is_none());
    let b = traced(post);
    let Some(d) = interp::trace::first_divergence(&a, &b, keep) else {
        return "trace: no register definition differs".into();
    };
    let describe = |e: &Option<interp::TraceEvent>, f: &Function| match e {
        Some(e) => {
            let names = print::Names::new(f);
            let inst = &f.blocks[e.block as usize].insts[e.inst as usize];
            format!("warp {} bix{} #{}: {}", e.warp, e.block, e.inst, names.inst(inst))
        }
        None => "(none)".into(),
    };
    format!(
        "trace: {}{}\n  before allocation: {}\n  after allocation:  {}",
        d.reason,
        d.lane.map(|l| format!(", lane {l}")).unwrap_or_default(),
        describe(&d.pre, pre),
        describe(&d.post, post)
    )
}

/// The first differing output word, described.
fn difference(want: &[u8], got: &[u8]) -> Option<String> {
    let rows = generate::ROW_WORDS as usize;
    let word = |b: &[u8], k: usize| b.get(4 * k..4 * k + 4).map(|c| u32::from_le_bytes(c.try_into().unwrap()));
    let n = want.len().max(got.len()) / 4;
    let k = (0..n).find(|&k| word(want, k) != word(got, k))?;
    Some(format!(
        "thread {} word {}: expected {:#x?}, got {:#x?}",
        k / rows,
        k % rows,
        word(want, k).unwrap_or_default(),
        word(got, k).unwrap_or_default()
    ))
}

/// The case's kernel as text: as generated and before allocation (for `--verbose`).
pub fn describe(seed: u64) -> String {
    let g = generate(seed);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "; case {seed}: uniform {}, uniform pairs {}, knobs {:?}",
        g.uniform,
        g.uniform_pairs,
        knobs_of(seed)
    );
    s.push_str(&print::virtual_function_text(&g.func));
    if let Ok((pre, _)) = prepare(&g) {
        let _ = writeln!(s, "; before allocation:");
        s.push_str(&print::virtual_function_text(&pre));
    }
    s
}

#[cfg(test)]
mod tests;
