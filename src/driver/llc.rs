//! `ori llc`: the middle-end passes (nvvm-intr-range), device-function inlining, lowering to the
//! Ori IR, the ptxas phase pipeline, and emission (`--emit=ptx|ori`).

use crate::emit::ptx::{self, Directives, EmitFunction};
use crate::llvm::launch_bounds::LaunchBounds;
use crate::llvm::module;
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use crate::ori::pipeline;
use crate::ori::{lower, print, regalloc};
use crate::output::write_output;
use anyhow::{Result, bail};
use inkwell::context::Context;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct LlcArgs {
    /// Input file (.ll or .bc); `-` reads standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` = standard output, the default).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// What to write: ptx (default), sass (a cuobjdump-style listing) or ori (the Ori IR text).
    #[arg(long, default_value = "ptx", value_parser = ["ptx", "sass", "ori"])]
    pub emit: String,
    /// Target SM (`sm_90`).
    #[arg(long, default_value = "sm_90")]
    pub mcpu: String,
    /// Print the Ori IR to stderr after the named phase (repeatable).
    #[arg(long = "dump-after")]
    pub dump_after: Vec<String>,
    /// Skip the named phase (every instance of a phase group).
    #[arg(long = "disable-phase")]
    pub disable_phase: Vec<String>,
    /// Do not merge straight-line block chains (alias -no-bb-merge).
    #[arg(long = "dont-merge-basicblocks", alias = "no-bb-merge")]
    pub no_bb_merge: bool,
    /// Print the CFG as Graphviz DOT (ptxas's format) to stderr.
    #[arg(long = "dump-cfg")]
    pub dump_cfg: bool,
    /// Print the RPO and backedge state (ptxas's format) to stderr.
    #[arg(long = "dump-rpo")]
    pub dump_rpo: bool,
    /// Write the --dump-cfg / --dump-rpo output to FILE instead of stderr.
    #[arg(long = "dump-file", value_name = "FILE")]
    pub dump_file: Option<String>,
    /// Run the allocation checker after every allocation (always on in debug builds).
    #[arg(long = "verify-regalloc")]
    pub verify_regalloc: bool,
    /// Print the register allocator's REGALLOC GUIDANCE dump per function and register class
    /// (NOSPILL/SPILL attempts, budgets, spill candidates and costs, assignments) to stderr.
    #[arg(long = "debug-regalloc")]
    pub debug_regalloc: bool,
    /// Inhibit warnings (uninitialized registers).
    #[arg(short = 'w')]
    pub no_warnings: bool,
    /// Run phase 74 ConvertToUniformReg (uniform values to UR/UP; off by default, see ori::uniform).
    #[arg(long = "uniform-regs")]
    pub uniform_regs: bool,
    /// Print the OriPropagateVarying result to stderr: `@<function> %<value> uniform|varying` per
    /// LLVM value that defines a register, then a summary (uniform registers, divergent branches).
    #[arg(long = "dump-varying")]
    pub dump_varying: bool,
    /// Print LiveIn/LiveOut per block, peaks and the solver's sweep count to stderr.
    #[arg(long = "dump-liveness")]
    pub dump_liveness: bool,
    /// Print phase 19 OriSplitLiveRanges's per-loop report (peak R pressure, budget, values split)
    /// to stderr.
    #[arg(long = "dump-split-ranges")]
    pub dump_split_ranges: bool,
    /// Register budget per thread, in ptxas's `Used N registers` units (at least 24).
    #[arg(long = "maxrregcount")]
    pub maxrregcount: Option<u32>,
    /// Set a back-end knob: `-knob NAME=VALUE` (RegAllocThresholdForDiscardConflicts,
    /// RegAllocNumNonSpillTrials).
    #[arg(long = "knob")]
    pub knob: Vec<String>,
    /// Contract floating-point multiplies and adds that carry LLVM's `contract` flag into
    /// fused multiply-adds (ptxas's `--fmad`; `--fmad=false` keeps them apart).
    #[arg(long = "fmad", default_value_t = true, action = clap::ArgAction::Set, value_name = "true|false")]
    pub fmad: bool,
    /// Print ptxas-style resource usage per kernel to stderr (`Used N registers`).
    #[arg(short = 'v', long = "verbose")]
    pub verbose: bool,
    /// Print the wall time of every phase (and of parsing, lowering and emission) to stderr,
    /// like LLVM's `-time-passes`.
    #[arg(long = "time-phases")]
    pub time_phases: bool,
}

pub fn run(args: LlcArgs) -> Result<u8> {
    let sm: u32 = args
        .mcpu
        .strip_prefix("sm_")
        .and_then(|s| s.trim_end_matches(['a', 'f']).parse().ok())
        .ok_or_else(|| anyhow::anyhow!("invalid -mcpu '{}': expected sm_NN", args.mcpu))?;
    for name in args.dump_after.iter().chain(&args.disable_phase) {
        if !pipeline::is_phase_name(name) {
            bail!("unknown phase '{name}' (phases: {})", pipeline::phase_names().join(", "));
        }
    }
    let mut timer = PhaseTimer::new();
    let ctx = Context::create();
    let m = module::load_module(&ctx, &args.input)?;
    module::name_unnamed_globals(&m);
    if args.dump_varying {
        // Fix the input's value numbers before any pass can shift them.
        module::name_unnamed_values(&m);
    }
    timer.lap("Parsing (LLVM IR)");
    module::verify(&m)?;
    timer.lap("Verifying (LLVM IR)");
    // Middle end: special-register ranges and known bits, as cicc runs them before code
    // generation; inlining; FMA contraction.
    let crate::compile::MiddleEnd { bounds, warnings } =
        crate::compile::middle_end(&m, sm, args.fmad, &mut |name| timer.lap(name))?;
    for w in &warnings {
        eprintln!("ori: warning: {w}");
    }
    let mut prog = lower::lower_module(&m, &bounds)?;
    timer.lap("Lowering (LLVM IR to Ori)");

    let mut knobs = regalloc::Knobs::default();
    for k in &args.knob {
        knobs.set(k)?;
    }
    let mut cx = PhaseContext {
        no_bb_merge: args.no_bb_merge,
        dump_cfg: args.dump_cfg,
        dump_rpo: args.dump_rpo,
        dumps: String::new(),
        regalloc: regalloc::Options {
            max_reg_count: args.maxrregcount,
            knobs,
            bounds: bounds.clone(),
            check: cfg!(debug_assertions) || args.verify_regalloc,
            debug: args.debug_regalloc,
        },
        uniform_regs: args.uniform_regs,
        dump_split_ranges: args.dump_split_ranges,
        no_warnings: args.no_warnings,
        ..Default::default()
    };
    let mut stderr_dumps = String::new();
    // What allocating each function of `prog.functions` reported (same order).
    let mut allocations: Vec<Option<regalloc::Allocation>> = Vec::with_capacity(prog.functions.len());
    for f in &mut prog.functions {
        timer.restart();
        let mut after = |phase: &pipeline::Phase, f: &crate::ori::ir::Function, _: &FunctionResults| {
            timer.lap(phase.name);
            if args.dump_after.iter().any(|d| d == phase.name || d == phase.group) {
                let num = phase.number.map(|n| format!(" (phase {n})")).unwrap_or_default();
                stderr_dumps.push_str(&format!("*** IR Dump After {}{num} ***\n", phase.name));
                stderr_dumps.push_str(&print::function_text(f));
            }
            timer.restart();
        };
        let run = crate::compile::run_phases(f, &mut cx, &args.disable_phase, &mut after).map_err(|e| e.error)?;
        if args.dump_varying
            && let Some(v) = &run.results.varying
        {
            stderr_dumps.push_str(&crate::ori::analysis::varying::value_report(f, v));
            stderr_dumps.push_str(&crate::ori::analysis::varying::report(f, v));
        }
        if args.dump_liveness {
            let live = crate::ori::analysis::liveness::Liveness::compute(f);
            stderr_dumps.push_str(&crate::ori::analysis::liveness::report(f, &live));
        }
        allocations.push(run.results.allocation);
    }
    eprint!("{}", cx.warnings);
    match &args.dump_file {
        Some(path) => {
            eprint!("{stderr_dumps}");
            crate::output::write_output(path, cx.dumps.as_bytes())?;
        }
        None => eprint!("{stderr_dumps}{}", cx.dumps),
    }
    let mut raised: Vec<u32> = allocations.iter().flatten().filter_map(|a| a.budget.raised_from).collect();
    raised.sort_unstable();
    raised.dedup();
    for n in raised {
        eprintln!(
            "ori: warning: For profile {} adjusting per thread register count of {n} to lower bound of {}",
            args.mcpu,
            regalloc::MIN_REGISTERS
        );
    }
    if args.verbose {
        let funcs: Vec<_> = prog.functions.iter().zip(allocations.iter().map(Option::as_ref)).collect();
        eprint!("{}", regalloc::verbose_report(&funcs, &args.mcpu));
    }
    if args.emit != "ori" {
        // Post-allocation fixups before the code is printed.
        for f in &mut prog.functions {
            crate::compile::post_allocation_fixups(f);
        }
    }
    timer.restart();

    let out = match args.emit.as_str() {
        "ori" => prog.functions.iter().map(print::virtual_function_text).collect::<Vec<_>>().join("\n"),
        "sass" => {
            let funcs: Vec<_> = prog.functions.iter().collect();
            crate::emit::sass::listing(&funcs, sm)
        }
        _ => {
            let funcs: Vec<EmitFunction> = prog
                .functions
                .iter()
                .map(|f| EmitFunction {
                    func: f,
                    // Launch bounds are `.entry` directives: ptxas rejects them on a `.func`.
                    directives: if f.is_kernel { directives(bounds.get(&f.name)) } else { Directives::default() },
                })
                .collect();
            ptx::emit_module(&prog, &funcs, sm)?
        }
    };
    timer.lap(match args.emit.as_str() {
        "ori" => "Emission (Ori text)",
        "sass" => "Emission (SASS listing)",
        _ => "Emission (PTX)",
    });
    write_output(&args.output, out.as_bytes())?;
    timer.lap("Writing the output");
    if args.time_phases {
        eprint!("{}", timer.report());
    }
    Ok(0)
}

/// `--time-phases`: wall time per named step, summed over functions, reported like LLVM's
/// `-time-passes` (sorted by time; the time between laps that no step claims, such as dumps and
/// the `-v` report, is shown as `Other`).
struct PhaseTimer {
    start: Instant,
    last: Instant,
    times: Vec<(&'static str, Duration)>,
}

impl PhaseTimer {
    fn new() -> Self {
        let now = Instant::now();
        PhaseTimer { start: now, last: now, times: Vec::new() }
    }

    /// Starts the next step now (the time since the last lap goes to `Other`).
    fn restart(&mut self) {
        self.last = Instant::now();
    }

    /// Charges the time since the last lap (or restart) to `name`.
    fn lap(&mut self, name: &'static str) {
        let now = Instant::now();
        let d = now - self.last;
        self.last = now;
        match self.times.iter_mut().find(|(n, _)| *n == name) {
            Some((_, t)) => *t += d,
            None => self.times.push((name, d)),
        }
    }

    fn report(&self) -> String {
        use std::fmt::Write;
        let total = self.start.elapsed();
        let mut rows = self.times.clone();
        let claimed: Duration = rows.iter().map(|(_, d)| *d).sum();
        rows.push(("Other", total.saturating_sub(claimed)));
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let pct = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-12);
        let rule = "===-------------------------------------------------------------------------===";
        let mut s = String::new();
        let title = "... Phase execution timing report ...";
        let _ = writeln!(s, "{rule}\n{:pad$}{title}\n{rule}", "", pad = (rule.len() - title.len()) / 2);
        let t = total.as_secs_f64();
        let _ = writeln!(s, "  Total Execution Time: {t:.4} seconds ({t:.4} wall clock)\n");
        let _ = writeln!(s, "   ---Wall Time---  --- Name ---");
        for (name, d) in rows.iter().chain([&("Total", total)]) {
            let _ = writeln!(s, "   {:.4} ({:5.1}%)  {name}", d.as_secs_f64(), pct(*d));
        }
        s
    }
}

/// Launch-bound directives as PTX prints them.
fn directives(b: Option<&LaunchBounds>) -> Directives {
    let Some(b) = b else {
        return Directives::default();
    };
    let dims = |d: &[Option<u32>; 3]| d.iter().any(Option::is_some).then(|| d.map(|x| x.unwrap_or(1)));
    Directives { maxntid: dims(&b.maxntid), reqntid: dims(&b.reqntid), minctasm: b.minctasm, maxnreg: b.maxnreg }
}
