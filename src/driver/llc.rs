//! `ori llc`: maps its flags into `compile::Options`, runs the one compile entry
//! (`compile::compile`: middle end, lowering, the ptxas phase pipeline, emission) and writes
//! what it returns: the text (`--emit=ptx|sass|ori`), warnings, dumps, `-v` and timings.

use crate::compile::{Emit, Options, Timings, compile};
use crate::llvm::module;
use crate::ori::pipeline;
use crate::ori::regalloc;
use crate::output::write_output;
use anyhow::{Result, bail};
use inkwell::context::Context;

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

/// The compile options `ori llc`'s flags ask for (every knob maps one to one).
pub fn options(args: &LlcArgs) -> Result<Options> {
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
    let mut knobs = regalloc::Knobs::default();
    for k in &args.knob {
        knobs.set(k)?;
    }
    let opts = Options {
        sm,
        fmad: args.fmad,
        emit: match args.emit.as_str() {
            "ori" => Emit::Ori,
            "sass" => Emit::Sass,
            _ => Emit::Ptx,
        },
        maxrregcount: args.maxrregcount,
        knobs,
        verify_regalloc: args.verify_regalloc,
        debug_regalloc: args.debug_regalloc,
        no_bb_merge: args.no_bb_merge,
        uniform_regs: args.uniform_regs.then(Default::default),
        no_warnings: args.no_warnings,
        disabled_phases: args.disable_phase.clone(),
        stop_before_allocation: false,
        keep_lowered: false,
        dump_after: args.dump_after.clone(),
        dump_cfg: args.dump_cfg,
        dump_rpo: args.dump_rpo,
        dump_split_ranges: args.dump_split_ranges,
        dump_varying: args.dump_varying,
        dump_liveness: args.dump_liveness,
    };
    Ok(opts)
}

pub fn run(args: LlcArgs) -> Result<u8> {
    let opts = options(&args)?;
    let mut timer = Timings::new();
    let ctx = Context::create();
    let m = module::load_module(&ctx, &args.input)?;
    timer.lap("Parsing (LLVM IR)");
    let mut compiled = match compile(&m, &opts) {
        Ok(c) => c,
        Err(e) => {
            print_warnings(&e.warnings);
            return Err(e.error);
        }
    };
    timer.absorb(&compiled.timings);
    print_warnings(&compiled.warnings);
    if let Some(e) = compiled.functions.iter_mut().find_map(|a| a.error.take()) {
        return Err(e.error);
    }
    eprint!("{}", compiled.phase_warnings);
    match &args.dump_file {
        Some(path) => {
            eprint!("{}", compiled.dumps);
            crate::output::write_output(path, compiled.file_dumps.as_bytes())?;
        }
        None => eprint!("{}{}", compiled.dumps, compiled.file_dumps),
    }
    let allocations = compiled.allocations();
    let mut raised: Vec<u32> = allocations.iter().filter_map(|(_, a)| a.and_then(|a| a.budget.raised_from)).collect();
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
        eprint!("{}", regalloc::verbose_report(&allocations, &args.mcpu));
    }
    timer.restart();
    write_output(&args.output, compiled.text.as_bytes())?;
    timer.lap("Writing the output");
    if args.time_phases {
        eprint!("{}", timer.report());
    }
    Ok(0)
}

fn print_warnings(warnings: &[String]) {
    for w in warnings {
        eprintln!("ori: warning: {w}");
    }
}
