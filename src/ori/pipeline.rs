//! The back-end phase list, with ptxas's phase names and numbers where the seeds give them
//! (seed 000 "Pipeline Placement", seed 001, seed 002). `--dump-after=NAME` prints the Ori IR
//! after a phase; `--disable-phase=NAME` skips every instance of a phase (one name may stand for
//! several positions, like ptxas's NamedPhases: `OriPerformLiveDead` = phases 16, 33, 61, 84).

use crate::ori::analysis::cfg;
use crate::ori::analysis::varying::Varying;
use crate::ori::ir::Function;
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use anyhow::Result;

/// One pipeline position.
#[derive(Clone, Copy, Debug)]
pub struct Phase {
    /// ptxas's phase number, when a seed names it.
    pub number: Option<u32>,
    /// The instance name (`OriPerformLiveDeadFirst`).
    pub name: &'static str,
    /// The name `--disable-phase` matches (`OriPerformLiveDead` for all four instances).
    pub group: &'static str,
    /// Runs the phase on a function, with the compile's options and outputs and the function's
    /// results so far.
    pub run: fn(&mut Function, &mut PhaseContext, &mut FunctionResults) -> Result<()>,
    /// This is register allocation (the IR just before it is the "pre-RA" stage `ori check`
    /// executes).
    pub allocates: bool,
}

/// The phases in order.
pub fn phases() -> Vec<Phase> {
    let p = |number, name, run| Phase { number, name, group: name, run, allocates: false };
    vec![
        p(Some(3), "AnalyzeControlFlow", analyze_control_flow),
        p(Some(6), "SetControlFlowOpLastInBB", set_control_flow_op_last),
        p(None, "MergeBasicBlocks", merge_basic_blocks),
        p(Some(10), "EarlyOriSimpleLiveDead", early_simple_live_dead),
        live_dead(16, "OriPerformLiveDeadFirst"),
        p(Some(49), "GvnCse", gvn_cse),
        p(None, "FoldAddressOffsets", fold_address_offsets),
        p(Some(54), "OriDoRematEarly", remat_early),
        p(Some(19), "OriSplitLiveRanges", crate::ori::opt::split_ranges::split_live_ranges_phase),
        live_dead(33, "OriPerformLiveDeadSecond"),
        varying(53, "OriPropagateVaryingFirst", propagate_varying_first),
        p(None, "EliminateMovPhi", eliminate_phis),
        live_dead(61, "OriPerformLiveDeadThird"),
        varying(70, "OriPropagateVaryingSecond", propagate_varying_second),
        p(Some(74), "ConvertToUniformReg", crate::ori::opt::convert_to_uniform_reg::convert_to_uniform_reg_phase),
        live_dead(84, "OriPerformLiveDeadFourth"),
        p(Some(112), "PlaceBlocksInSourceOrder", place_blocks),
        p(None, "FoldBranchOverJump", fold_branch_over_jump),
        Phase { allocates: true, ..p(None, "AdvancedPhaseAllocReg", allocate_registers) },
    ]
}

/// Phase 49 `GvnCse`: dominator-scoped value numbering (`gvn_cse.rs`). ptxas runs it after
/// phase 19; here it runs before, with the offset folding, so that OriSplitLiveRanges measures
/// the pressure of the code that is allocated (a merge after the split lengthens live ranges
/// the split has already budgeted, and can push a loop it just fitted back over the budget).
fn gvn_cse(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    // Value numbering, then hoisting of what sibling blocks compute alike (`gvn_hoist.rs`),
    // one link of a chain per round, until nothing moves (at most 8 rounds).
    crate::ori::opt::gvn_cse::gvn_cse(f);
    for _ in 0..8 {
        if crate::ori::opt::gvn_hoist::hoist_common(f) == 0 {
            break;
        }
        crate::ori::opt::gvn_cse::gvn_cse(f);
    }
    Ok(())
}

/// Constant address additions into the offsets of loads and stores (`fold_offsets.rs`).
fn fold_address_offsets(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::fold_offsets::fold_offsets(f);
    Ok(())
}

/// Phase 54 `OriDoRematEarly`: cheap values recreated in the blocks that read them (`remat.rs`).
fn remat_early(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::remat::remat_early(f);
    Ok(())
}

/// Register allocation (seed 003, `regalloc/`): the fat-point allocator under the function's
/// budget; the assignment goes on the function (`Function::assignment`) for the emitters, the
/// allocator's report into `results.allocation`. When phase 19 split registers of `f`, the
/// allocation checker runs here instead of inside the allocator, with the split registers
/// counted as the registers they carry (`split_ranges::check_allocation`).
fn allocate_registers(f: &mut Function, cx: &mut PhaseContext, results: &mut FunctionResults) -> Result<()> {
    let split = std::mem::take(&mut results.split_origins);
    let allocation = if split.is_empty() {
        crate::ori::regalloc::run_phase(f, &cx.regalloc)?
    } else {
        let options = crate::ori::regalloc::Options { check: false, ..cx.regalloc.clone() };
        let a = crate::ori::regalloc::run_phase(f, &options)?;
        if let Some(a) = &a
            && cx.regalloc.check
        {
            crate::ori::opt::split_ranges::check_allocation(f, a, &split)?;
        }
        a
    };
    results.allocation = allocation;
    Ok(())
}

/// One of the two `OriPropagateVarying` instances (seed 002 "Why Two Runs?"): same analysis
/// from scratch, one group name for `--disable-phase`.
fn varying(
    number: u32,
    name: &'static str,
    run: fn(&mut Function, &mut PhaseContext, &mut FunctionResults) -> Result<()>,
) -> Phase {
    Phase { number: Some(number), name, group: "OriPropagateVarying", run, allocates: false }
}

fn run_phase(f: &mut Function, results: &mut FunctionResults, number: u32) -> Result<()> {
    let mut v = Varying::compute(f);
    v.phase = Some(number);
    results.varying = Some(v);
    Ok(())
}

/// Phase 53 `OriPropagateVaryingFirst` (on SSA code, before `EliminateMovPhi`). The result is
/// kept in `results.varying`.
pub fn propagate_varying_first(f: &mut Function, _cx: &mut PhaseContext, results: &mut FunctionResults) -> Result<()> {
    run_phase(f, results, 53)
}

/// Phase 70 `OriPropagateVaryingSecond` (after phi elimination), recomputed from scratch; the
/// snapshot `ConvertToUniformReg` (phase 74) consumes.
pub fn propagate_varying_second(f: &mut Function, _cx: &mut PhaseContext, results: &mut FunctionResults) -> Result<()> {
    run_phase(f, results, 70)
}

/// One of the four `OriPerformLiveDead` instances (seed 000 "Why Four Instances?"): same pass,
/// one group name for `--disable-phase`.
fn live_dead(number: u32, name: &'static str) -> Phase {
    let run = if number == 16 { perform_live_dead_first } else { perform_live_dead };
    Phase { number: Some(number), name, group: "OriPerformLiveDead", run, allocates: false }
}

/// Phase 10 `EarlyOriSimpleLiveDead`: local dead-code elimination (`live_dead.rs`).
fn early_simple_live_dead(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::live_dead::early_simple_live_dead(f);
    Ok(())
}

/// Phases 33/61/84 `OriPerformLiveDead`: global liveness + dead-code elimination (`live_dead.rs`).
fn perform_live_dead(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::live_dead::perform_live_dead(f);
    Ok(())
}

/// Phase 16 `OriPerformLiveDeadFirst`: as the others, then warns about registers that may be used
/// uninitialized (live into the entry once the dead code is gone), unless `-w`.
fn perform_live_dead_first(f: &mut Function, cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::live_dead::perform_live_dead(f);
    let live = crate::ori::analysis::liveness::Liveness::compute(f);
    let n = live.uninitialized().len();
    if n > 0 && !cx.no_warnings {
        // ptxas's wording; `--dump-liveness` names the registers.
        cx.warnings.push_str(&format!(
            "ori: warning: Found {n} potentially uninitialized register(s) in function {}\n",
            f.name
        ));
    }
    Ok(())
}

/// Phase 3: builds the CFG (RPO, backedges, loops, dominators) and prints the requested dumps.
fn analyze_control_flow(f: &mut Function, cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    let cfg = cfg::analyze(f);
    if cx.dump_cfg {
        // Divergent branches are coloured (OriPropagateVarying's answer on the IR as it is now).
        let varying = Varying::compute(f);
        cx.dumps.push_str(&cfg::dump_dot_divergence(f, &cfg, varying.divergent_branches()));
    }
    if cx.dump_rpo {
        cx.dumps.push_str(&cfg::dump_rpo(&cfg));
    }
    Ok(())
}

fn set_control_flow_op_last(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    cfg::set_control_flow_op_last_in_bb(f);
    Ok(())
}

/// Straight-line chains merged and unreachable blocks dropped, unless `--dont-merge-basicblocks`.
fn merge_basic_blocks(f: &mut Function, cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    if !cx.no_bb_merge {
        cfg::merge_blocks(f);
    }
    Ok(())
}

fn place_blocks(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    cfg::place_blocks_in_source_order(f);
    Ok(())
}

/// After placement: `@P BRA T; BRA U; T:` becomes `@!P BRA U; T:` (`branch_over_jump.rs`).
fn fold_branch_over_jump(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::branch_over_jump::fold_branch_over_jump(f);
    Ok(())
}

fn eliminate_phis(f: &mut Function, _cx: &mut PhaseContext, _: &mut FunctionResults) -> Result<()> {
    crate::ori::opt::out_of_ssa::eliminate_phis(f);
    Ok(())
}

/// Whether `name` names a phase (instance or group).
pub fn is_phase_name(name: &str) -> bool {
    phases().iter().any(|p| p.name == name || p.group == name)
}

/// All phase names, for error messages.
pub fn phase_names() -> Vec<String> {
    let mut v: Vec<String> = phases()
        .iter()
        .map(|p| match p.number {
            Some(n) => format!("{} ({n})", p.name),
            None => p.name.to_string(),
        })
        .collect();
    v.dedup();
    v
}
