//! `ori check`: execution-checked correctness of the back end.
//!
//! For every kernel of a module: compile it as `ori llc` does (nvvm-intr-range, inlining,
//! lowering, the phase pipeline), keeping the function just before register allocation
//! (*pre-RA*) and the allocated one (*post-RA*, with its assignment and spill code) — device
//! functions that survive inlining (recursion) are compiled the same way and run through `CALL`;
//! build deterministic random inputs; run
//!
//! 1. the **reference**: the original LLVM IR through LLVM's MCJIT, each CUDA thread an OS thread
//!    (`llvm::reference`: shared memory, barriers, warp collectives and atomics included) — where
//!    it cannot run the kernel the verdict says `pre-RA vs post-RA only: <why>` instead of `jit`.
//!    Outputs that two schedules of the reference write differently depend on the thread
//!    schedule (several values are correct) and are not compared with it (the report counts them);
//! 2. the **pre-RA** Ori function in the SIMT interpreter (virtual registers);
//! 3. the function **as lowered** (before any phase, phis included), which must agree exactly
//!    with the pre-RA run: the phases between lowering and allocation must not change results;
//! 4. the **post-RA** Ori function (physical registers: values that share a register share
//!    storage);
//!
//! and compare every buffer (and every `.global` module variable) afterwards, or, where the
//! pre-RA run traps, that every run traps (`check_trap.rs`). The run as lowered also looks for
//! data races (`check_race.rs`). One line per kernel: `<kernel>: ok (...)`,
//! `<kernel>: MISMATCH ...`, `<kernel>: race (...)` or `<kernel>: skipped (<reason>)`; the exit
//! status is 1 when any kernel mismatches or races.
//!
//! # Inputs
//!
//! `check_inputs.rs`: values a caller could legally pass (a `bool` is 0 or 1, `range` and the
//! parameter's type bound integers, `dereferenceable` sizes buffers), `--seeds N` input sets
//! (default 3) from SplitMix64, the launch shape from the special registers, `reqntid`/`maxntid`
//! and the IR's range facts. When a seed's inputs make the pre-RA run fault (an index parameter
//! past a fixed-size array), its integer parameters fall back to 16, 3, 0 in turn. A detail line
//! says what ran: the seeds, the launch and the integer values per seed.
//!
//! # Comparison
//!
//! Integers bitwise, floats bitwise with every NaN equal to every NaN. Kernels whose pre-RA code
//! uses approximate operations (MUFU, approximate division) compare floats against the LLVM
//! reference with a relative tolerance of 1e-5 (absolute 1e-6 near zero): the interpreter and the
//! reference both evaluate them with the correctly rounded host functions, but the lowering may
//! select an approximation where the IR had an exact operation. Pre-RA vs post-RA is always exact.
//!
//! When the reference and the pre-RA run differ, the report says whether the function as lowered
//! agrees with the reference, i.e. whether the difference comes from lowering or from a phase.
//! `--dump-trace` compares the per-instruction traces of the pre-RA and post-RA runs and shows the
//! first instruction, lane and register where they diverge.

use super::check_images as cimg;
use super::check_inputs::{self as ci, LaunchFacts};
pub use super::check_inputs::{Elem, Inputs, ParamAttrs, ParamKind, launch_for};
use super::check_race as cr;
use super::check_runs::{Snapshot, diff, plural, run_ori, run_reference, run_seed};
use super::check_trap::trapped_seed;
pub use super::check_types::{CheckOptions, CheckedModule, CompiledKernel, KernelReport, RaceMode, Verdict};
use super::check_types::{Origins, Stage};
use crate::compile;
use crate::llvm::reference::{self, RefError};
use crate::llvm::{fma_contract, module};
use crate::ori::interp::{self, ErrorKind, Launch, Options, Outcome};
use crate::ori::ir::{Function, Operand, VReg};
use crate::ori::lower::ffi::{self, V};
use crate::ori::opcode::Op;
use crate::ori::regalloc::{self, Allocation};
use crate::ori::{lower, print};
use anyhow::Result;
use inkwell::context::Context;
use inkwell::values::AsValueRef;
use std::fmt::Write;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Input file (.ll or .bc); `-` reads standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Register budget per thread for the allocation being checked.
    #[arg(long = "maxrregcount")]
    pub maxrregcount: Option<u32>,
    /// On a pre-RA / post-RA mismatch, show the first diverging instruction, lane and register.
    #[arg(long = "dump-trace")]
    pub dump_trace: bool,
    /// Target SM (`sm_90`).
    #[arg(long, default_value = "sm_90")]
    pub mcpu: String,
    /// Elements per pointer-parameter buffer.
    #[arg(long, default_value_t = 131072)]
    pub elements: usize,
    /// Value of every integer parameter in every seed (default: 100 in seed 0, random after).
    #[arg(long = "int-param")]
    pub int_param: Option<u64>,
    /// Input sets per kernel (buffer contents and integer parameters from SplitMix64).
    #[arg(long, default_value_t = 3)]
    pub seeds: u32,
    /// Warp instructions per run before giving up.
    #[arg(long = "max-steps", default_value_t = 20_000_000)]
    pub max_steps: u64,
    /// Skip the LLVM JIT reference (the pre-RA run is then the reference everywhere).
    #[arg(long = "no-reference")]
    pub no_reference: bool,
    /// FMA contraction as in `ori llc --fmad` (the reference makes the same choice).
    #[arg(long = "fmad", default_value_t = true, action = clap::ArgAction::Set, value_name = "true|false")]
    pub fmad: bool,
    /// Run only the race detector (on the function as lowered, every seed).
    #[arg(long, conflicts_with = "no_racecheck")]
    pub racecheck: bool,
    /// Do not look for data races (they are looked for by default).
    #[arg(long = "no-racecheck")]
    pub no_racecheck: bool,
}

pub fn run(args: CheckArgs) -> Result<u8> {
    let sm: u32 = args
        .mcpu
        .strip_prefix("sm_")
        .and_then(|s| s.trim_end_matches(['a', 'f']).parse().ok())
        .ok_or_else(|| anyhow::anyhow!("invalid -mcpu '{}': expected sm_NN", args.mcpu))?;
    let bytes = if args.input == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)?;
        b
    } else {
        std::fs::read(&args.input)
            .map_err(|e| anyhow::anyhow!("could not open '{}': {}", args.input, module::io_reason(&e)))?
    };
    let opts = CheckOptions {
        sm,
        maxrregcount: args.maxrregcount,
        dump_trace: args.dump_trace,
        elements: args.elements,
        int_param: args.int_param,
        seeds: args.seeds.max(1),
        max_steps: args.max_steps,
        use_reference: !args.no_reference,
        fmad: args.fmad,
        race: if args.racecheck {
            RaceMode::Only
        } else if args.no_racecheck {
            RaceMode::Off
        } else {
            RaceMode::On
        },
    };
    let name = if args.input == "-" { "<stdin>" } else { &args.input };
    let compiled = prepare(&bytes, name, &opts)?;
    if compiled.kernels.is_empty() {
        eprintln!("ori: warning: no kernels in {name}");
    }
    let mut failed = false;
    for k in &compiled.kernels {
        let report = check_kernel(&compiled, k, &opts);
        failed |= matches!(report.verdict, Verdict::Mismatch(_) | Verdict::Race(_));
        // A closed pipe (`ori check k.ll | head`) ends the output quietly, as LLVM's tools do.
        if std::io::Write::write_fmt(&mut std::io::stdout(), format_args!("{report}\n")).is_err() {
            break;
        }
    }
    Ok(u8::from(failed))
}

/// The module the LLVM-JIT reference runs: the input itself, with only the contraction decisions
/// of `fma-contract` applied (as bitcode) when `--fmad` is on, unnamed globals named, and no
/// `module asm`.
fn reference_ir(bytes: &[u8], name: &str, opts: &CheckOptions) -> Result<Vec<u8>> {
    let ctx = Context::create();
    let m = module::parse_module(&ctx, bytes, name)?;
    // Unnamed functions get the names `compile` gives them, so kernels match by name.
    let named = module::name_unnamed_globals(&m);
    let contracted = if opts.fmad { fma_contract::run(&m) } else { 0 };
    // Variadic functions as ori compiles them: x86's own `va_start` would write its 24-byte
    // `va_list` over clang's NVPTX one (a pointer).
    let expanded = crate::llvm::lower_variadics::run(&m);
    // `module asm` is PTX, which the host JIT cannot assemble; kernel code cannot name what it
    // declares except through inline asm, which keeps a kernel from the reference anyway.
    let had_asm = module::take_module_asm(&m);
    if named == 0 && contracted == 0 && expanded == 0 && !had_asm {
        return Ok(bytes.to_vec());
    }
    Ok(m.write_bitcode_to_memory().as_slice().to_vec())
}

/// Compiles every kernel of the module in `bytes` through the one compile entry
/// (`compile::compile`, with `ori llc`'s options for the same flags), keeping the stages.
pub fn prepare(bytes: &[u8], name: &str, opts: &CheckOptions) -> Result<CheckedModule> {
    let ctx = Context::create();
    let m = module::parse_module(&ctx, bytes, name)?;
    let options = compile::Options {
        sm: opts.sm,
        fmad: opts.fmad,
        emit: compile::Emit::Nothing,
        maxrregcount: opts.maxrregcount,
        keep_lowered: true,
        ..Default::default()
    };
    let ref_ir = reference_ir(bytes, name, opts)?;
    let compiled = match compile::compile(&m, &options) {
        Ok(c) => c,
        Err(e) if e.stage == compile::FailedStage::Lowering => {
            // Lowering is per module: every kernel is skipped with the reason.
            let kernels = e
                .bounds
                .iter()
                .filter(|(n, b)| b.is_kernel && m.get_function(n).is_some_and(|f| f.count_basic_blocks() > 0))
                .map(|(n, b)| CompiledKernel {
                    name: n.clone(),
                    lowered: Function::default(),
                    pre: None,
                    post: None,
                    error: Some(format!("lowering: {:#}", e.error)),
                    params: Vec::new(),
                    param_names: Vec::new(),
                    param_attrs: Vec::new(),
                    bounds: Some(b.clone()),
                    facts: LaunchFacts::default(),
                    origins: Origins::default(),
                    global_images: Vec::new(),
                })
                .collect();
            return Ok(CheckedModule { ir: ref_ir, globals: Vec::new(), kernels, devices: Vec::new() });
        }
        Err(e) => return Err(e.error),
    };
    let mut kernels = Vec::new();
    let mut devices = Vec::new();
    let annotations = lower::texsurf::annotations(&m);
    let global_images = cimg::global_images(&m, &compiled.program.globals);
    let prog = &compiled.program;
    for (f, art) in prog.functions.iter().zip(compiled.functions) {
        let post = art.results.allocation.filter(|_| art.error.is_none()).map(|a| (f.clone(), a));
        let error = art.error.map(|e| format!("phase {}: {:#}", e.phase, e.error));
        let (mut params, param_names): (Vec<ParamKind>, Vec<String>) = match m.get_function(&f.name) {
            Some(lf) => lf
                .get_param_iter()
                .map(|p| {
                    let v = V(p.as_value_ref());
                    (ci::param_kind(v), llvm_name(v))
                })
                .unzip(),
            None => (Vec::new(), Vec::new()),
        };
        let lf = m.get_function(&f.name);
        cimg::mark_params(&mut params, lf, &annotations);
        let param_attrs = lf.map(ci::param_attrs).unwrap_or_default();
        let facts = lf.map(ci::launch_facts).unwrap_or_default();
        let per_inst = prog.origins.get(&f.name).cloned().unwrap_or_default();
        let origins = lf.map(|lf| cr::origins_of(lf, per_inst)).unwrap_or_default();
        let list = if f.is_kernel { &mut kernels } else { &mut devices };
        list.push(CompiledKernel {
            name: f.name.clone(),
            lowered: art.lowered.unwrap_or_default(),
            pre: art.pre_alloc,
            post,
            error,
            params,
            param_names,
            param_attrs,
            bounds: compiled.bounds.get(&f.name).cloned(),
            facts,
            origins,
            global_images: global_images.clone(),
        });
    }
    Ok(CheckedModule { ir: ref_ir, globals: prog.globals.clone(), kernels, devices })
}

fn llvm_name(v: V) -> String {
    let n = ffi::name(v);
    if !n.is_empty() {
        return format!("%{n}");
    }
    // Unnamed: the printed form ends with the slot number (`ptr noundef %2`).
    ffi::value_string(v).rsplit(' ').next().unwrap_or("?").to_string()
}

fn skip_reason(stage: &str, e: &interp::Error) -> String {
    match e.kind {
        ErrorKind::Unsupported => format!("{stage}: unsupported {e}"),
        ErrorKind::StepLimit => format!("{stage}: {e}"),
        ErrorKind::Trap => format!("{stage}: the kernel trapped: {e}"),
        ErrorKind::Fault | ErrorKind::Internal => format!("{stage} run failed: {e}"),
    }
}

/// Checks one kernel on every input set (see the module documentation): the first seed that
/// mismatches decides; a seed skipped after the first is noted.
pub fn check_kernel(c: &CheckedModule, k: &CompiledKernel, opts: &CheckOptions) -> KernelReport {
    let mut report = KernelReport { name: k.name.clone(), verdict: Verdict::Ok(String::new()), details: Vec::new() };
    if let Some(e) = &k.error {
        report.verdict = Verdict::Skipped(e.clone());
        return report;
    }
    let (Some(pre_prog), Some(low_prog)) = (c.program(k, Stage::Pre), c.program(k, Stage::Lowered)) else {
        report.verdict = Verdict::Skipped("no pre-allocation function".into());
        return report;
    };
    let launch = ci::launch_with_facts(&pre_prog, k.bounds.as_ref(), &k.facts);
    let run = |launch: &Launch| {
        if opts.race == RaceMode::Only {
            let (mut r, ran) = cr::racecheck_only(c, k, opts, launch, &low_prog);
            if !ran.is_empty() {
                r.details.insert(0, ci::describe_runs(launch, &k.param_names, &k.params, &ran));
            }
            return r;
        }
        run_seeds(c, k, opts, launch, &pre_prog, &low_prog)
    };
    let report = run(&launch);
    let raced = matches!(report.verdict, Verdict::Race(_) | Verdict::Ok(_))
        && report.details.iter().any(|d| d.starts_with("RACE"));
    if raced && let Some(alt) = cr::race_free_launch(c, k, opts, &launch, &low_prog) {
        // The kernel's indexing assumes another block shape (nothing in the IR says which).
        let mut r = run(&alt);
        let dims = |d: [u32; 3]| format!("{}x{}x{}", d[0], d[1], d[2]);
        let first = report.details.iter().find(|d| d.starts_with("RACE")).cloned().unwrap_or_default();
        r.details.insert(
            0,
            format!(
                "with block {} the kernel races ({first}); with block {} it does not, so it was checked with that",
                dims(launch.block),
                dims(alt.block)
            ),
        );
        return r;
    }
    report
}

/// Runs every seed of a kernel with one launch: the first seed that mismatches or races decides.
fn run_seeds(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    launch: &Launch,
    pre_prog: &[&Function],
    low_prog: &[&Function],
) -> KernelReport {
    let report = KernelReport { name: k.name.clone(), verdict: Verdict::Ok(String::new()), details: Vec::new() };
    let mut ran = Vec::new();
    let mut merged: Option<KernelReport> = None;
    for seed in 0..opts.seeds.max(1) {
        let (r, inp) = check_seed(c, k, opts, seed, launch, pre_prog, low_prog);
        ran.extend(inp);
        match (&r.verdict, merged.as_mut()) {
            (Verdict::Skipped(why), Some(acc)) => acc.details.push(format!("seed {seed} skipped: {why}")),
            (Verdict::Mismatch(_) | Verdict::Race(_), acc) => {
                let mut r = r;
                r.details
                    .insert(0, format!("in seed {seed}{}", if seed > 0 { " (the earlier seeds agreed)" } else { "" }));
                if let Some(acc) = acc {
                    r.details.extend(acc.details.drain(..).filter(|d| d.starts_with("seed ")));
                }
                merged = Some(r);
                break;
            }
            (_, None) => {
                let stop = matches!(r.verdict, Verdict::Skipped(_));
                merged = Some(r);
                if stop {
                    break;
                }
            }
            (_, Some(acc)) => cr::merge_details(&mut acc.details, r.details),
        }
    }
    let mut report = merged.unwrap_or(report);
    if !ran.is_empty() {
        report.details.insert(0, ci::describe_runs(launch, &k.param_names, &k.params, &ran));
    }
    report
}

/// Checks one kernel on input set `seed`; also returns the inputs it ran.
fn check_seed(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    seed: u32,
    launch: &Launch,
    pre_prog: &[&Function],
    low_prog: &[&Function],
) -> (KernelReport, Option<Inputs>) {
    let mut report = KernelReport { name: k.name.clone(), verdict: Verdict::Ok(String::new()), details: Vec::new() };
    let skip = |mut r: KernelReport, why: String| {
        r.verdict = Verdict::Skipped(why);
        (r, None)
    };
    let iopts = Options { max_steps: opts.max_steps, trace: opts.dump_trace, ..Default::default() };
    let (inp, pre_snap, pre_out, fallback) = match run_seed(c, k, opts, seed, pre_prog, launch, &iopts) {
        Ok(r) => r,
        // The kernel aborts for these inputs: every run must (`check_trap.rs`).
        Err((e, inp)) if e.kind == ErrorKind::Trap => {
            return (trapped_seed(c, k, opts, launch, &inp, &e, low_prog, report), Some(inp));
        }
        Err((e, _)) => {
            // Say whether the independent reference could have run it (nothing checks it).
            if opts.use_reference
                && let Err(RefError::Ineligible(why)) = reference::eligibility(&c.ir, &k.name)
            {
                report.details.push(format!("the JIT reference cannot run {why} either"));
            }
            return skip(report, skip_reason("pre-RA", &e));
        }
    };
    if let Some(v) = fallback {
        report
            .details
            .push(format!("seed {seed}: integer parameters = {v} (with the seed's values the pre-RA run faulted)"));
    }
    for n in &pre_out.notes {
        report.details.push(format!("note (pre-RA): {n}"));
    }
    // The function as lowered, before any phase: the phases must not change the result.
    // It is also the run the race detector watches (`check_race.rs`).
    let quiet = Options { trace: false, race: opts.race != RaceMode::Off, ..iopts };
    let lowered = run_ori(c, low_prog, &inp, launch, &quiet);
    if let Ok((low_snap, low_out)) = &lowered {
        if cr::has_race(low_out) {
            let r = cr::racy_seed(c, k, opts, launch, (&pre_snap, pre_prog), &inp, (low_snap, low_out), report);
            return (r, Some(inp));
        }
        report.details.extend(cr::race_lines(c, k, &inp, &low_out.race.races, 8));
    }
    // The reference: the LLVM JIT where it can run the kernel; otherwise pre-RA vs post-RA only,
    // with the reason (so that coverage is measurable).
    let mut reference_label = String::from("pre-RA vs post-RA only: --no-reference");
    let unsafe_for_jit = pre_out.notes.iter().any(|n| n.contains("division by zero"));
    if opts.use_reference && !unsafe_for_jit {
        match run_reference(c, k, &inp, launch) {
            Ok((mut ref_snap, notes, unstable)) => {
                reference_label = "jit".into();
                report.details.extend(notes.into_iter().map(|n| format!("note (jit): {n}")));
                if let Some(why) = &ref_snap.trapped {
                    report.verdict = Verdict::Mismatch(format!("the LLVM reference trapped ({why}), pre-RA did not"));
                    return (report, Some(inp));
                }
                let n = unstable.accept(&inp, &mut ref_snap, &pre_snap);
                if n > 0 {
                    report.details.push(format!(
                        "{n} output element{} depend{} on the thread schedule (two schedules of the JIT reference \
                         write different values): not compared with the JIT",
                        plural(n),
                        if n == 1 { "s" } else { "" }
                    ));
                }
                let tolerance = pre_prog.iter().any(|f| interp::uses_approximations(f));
                if let Some(d) = diff(k, &inp, &ref_snap, &pre_snap, tolerance) {
                    report.verdict = Verdict::Mismatch(format!("pre-RA vs LLVM reference: {d}"));
                    report.details.push(match &lowered {
                        Ok((s, _)) => match diff(k, &inp, &ref_snap, s, tolerance) {
                            Some(d) => format!("the function as lowered (before any phase) differs too: {d}"),
                            None => "the function as lowered matches the reference: a phase changed the result".into(),
                        },
                        Err((e, _)) => format!("the function as lowered does not run: {e}"),
                    });
                    return (report, Some(inp));
                }
            }
            Err(RefError::Ineligible(why)) => {
                reference_label = format!("pre-RA vs post-RA only: the JIT reference cannot run {why}")
            }
            Err(RefError::Failed(why)) => {
                reference_label = format!("pre-RA vs post-RA only: the JIT reference failed: {why}")
            }
        }
    } else if unsafe_for_jit {
        reference_label = "pre-RA vs post-RA only: a division by zero (the JIT reference would trap)".into();
    }
    match &lowered {
        Ok((low_snap, _)) => {
            if let Some(d) = diff(k, &inp, low_snap, &pre_snap, false) {
                report.verdict = Verdict::Mismatch(format!("pre-RA vs as lowered (a phase changed the result): {d}"));
                return (report, Some(inp));
            }
        }
        Err((e, _)) => report.details.push(format!("the function as lowered does not run: {e}")),
    }
    let (Some(post_prog), true) = (c.program(k, Stage::Post), k.post.is_some()) else {
        report.verdict = Verdict::Skipped(format!("no register allocation ({reference_label})"));
        return (report, Some(inp));
    };
    let (post_snap, post_out) = match run_ori(c, &post_prog, &inp, launch, &iopts) {
        Ok(r) => r,
        Err((e, _)) if e.kind == ErrorKind::Unsupported => {
            report.verdict = Verdict::Skipped(format!("post-RA: unsupported {e} ({reference_label})"));
            return (report, Some(inp));
        }
        Err((e, partial)) => {
            report.verdict = Verdict::Mismatch(format!("post-RA run failed: {e}"));
            if opts.dump_trace {
                report.details.extend(trace_report(pre_prog, &post_prog, c, k, &pre_out, &partial));
            }
            return (report, Some(inp));
        }
    };
    if let Some(d) = diff(k, &inp, &pre_snap, &post_snap, false) {
        report.verdict = Verdict::Mismatch(format!("post-RA vs pre-RA: {d}"));
        if opts.dump_trace {
            report.details.extend(trace_report(pre_prog, &post_prog, c, k, &pre_out, &post_out));
        }
        return (report, Some(inp));
    }
    let changed = changed_elements(&inp, &pre_snap);
    report.verdict = Verdict::Ok(format!("{reference_label}; {changed} output element{} written", plural(changed)));
    (report, Some(inp))
}

/// Buffer elements whose value differs from the input (a measure of how much the check saw).
fn changed_elements(inp: &Inputs, out: &Snapshot) -> usize {
    let mut n = 0;
    for (b, o) in inp.buffers.iter().zip(&out.buffers) {
        if let (Some((e, before)), Some(after)) = (b, o) {
            n += before.chunks(e.bytes()).zip(after.chunks(e.bytes())).filter(|(x, y)| x != y).count();
        }
    }
    n + cimg::changed_words(inp, &out.globals)
}

/// The original register a post-allocation register carries (spill temporaries and carriers
/// map to the register they were made for).
fn origin_of(alloc: &Allocation, mut v: VReg) -> VReg {
    let mut guard = 0;
    while let Some(&o) = alloc.origin.get(&v) {
        v = o;
        guard += 1;
        if guard > 64 {
            break;
        }
    }
    v
}

/// The first divergence between the pre-RA and post-RA traces, as report lines.
fn trace_report(
    pre: &[&Function],
    post: &[&Function],
    c: &CheckedModule,
    k: &CompiledKernel,
    a: &Outcome,
    b: &Outcome,
) -> Vec<String> {
    // The allocation of each function run after allocation (same order as `post`).
    let allocs: Vec<&Allocation> =
        std::iter::once(k).chain(&c.devices).filter_map(|x| x.post.as_ref().map(|(_, al)| al)).collect();
    let origin = |e: &interp::TraceEvent| -> Option<VReg> {
        let (f, alloc) = (post[e.func as usize], allocs[e.func as usize]);
        let inst = &f.blocks[e.block as usize].insts[e.inst as usize];
        if regalloc::spill::spill_access(inst).is_some() {
            return None;
        }
        let o = origin_of(alloc, e.vreg);
        // Moves between a spilled predicate and its carrier (or a reload) copy a value.
        if inst.srcs.iter().filter_map(Operand::reg).any(|s| origin_of(alloc, s) == o) {
            return None;
        }
        Some(o)
    };
    let Some(d) = interp::trace::first_divergence(&a.trace, &b.trace, origin) else {
        let mut v = vec!["trace: no register definition differs; the difference is in memory only".to_string()];
        if a.trace_truncated || b.trace_truncated {
            v.push("(a trace was truncated)".into());
        }
        return v;
    };
    let mut out = Vec::new();
    let lane = d.lane.map(|l| format!(", lane {l}")).unwrap_or_default();
    let warp = d.pre.as_ref().or(d.post.as_ref()).map_or(0, |e| e.warp);
    out.push(format!("trace: first divergence in warp {warp}{lane}: {}", d.reason));
    let describe = |e: &interp::TraceEvent, after: bool| {
        let f = if after { post[e.func as usize] } else { pre[e.func as usize] };
        let names = print::Names::new(f);
        let inst = &f.blocks[e.block as usize].insts[e.inst as usize];
        let val = d
            .lane
            .and_then(|l| (0..32).filter(|x| e.mask >> x & 1 == 1).position(|x| x == l))
            .and_then(|k| e.values.get(k))
            .map(|v| format!(" = {v:#x}"))
            .unwrap_or_default();
        let mut orig = String::new();
        if after {
            let o = origin_of(allocs[e.func as usize], e.vreg);
            let pre_f = pre[e.func as usize];
            if o.idx() < pre_f.regs.len() {
                orig = format!(" [{}]", print::Names::virtual_regs(pre_f).reg(o));
            }
        }
        let func = if e.func == 0 { String::new() } else { format!("@{} ", f.name) };
        let mut s = String::new();
        let _ =
            write!(s, "{func}bix{} #{}: {}   -> {}{orig}{val}", e.block, e.inst, names.inst(inst), names.reg(e.vreg));
        s
    };
    if let Some(e) = &d.pre {
        out.push(format!("pre-RA : {}", describe(e, false)));
    }
    if let Some(e) = &d.post {
        out.push(format!("post-RA: {}", describe(e, true)));
    }
    out
}

/// Whether the function contains an opcode (for tests and tools).
pub fn uses_op(f: &Function, pred: impl Fn(&Op) -> bool) -> bool {
    f.blocks.iter().flat_map(|b| &b.insts).any(|i| pred(&i.op))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::launch_bounds::LaunchBounds;

    const KERNEL: &str = r#"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %n
  br i1 %c, label %body, label %done
body:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %y = mul i32 %x, 3
  %z = add i32 %y, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %z, ptr addrspace(1) %q
  br label %done
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
"#;

    fn compiled() -> (CheckedModule, CheckOptions) {
        let opts = CheckOptions { elements: 256, dump_trace: true, ..Default::default() };
        (prepare(KERNEL.as_bytes(), "test.ll", &opts).unwrap(), opts)
    }

    #[test]
    fn a_correct_kernel_checks_ok_against_the_jit() {
        let (c, opts) = compiled();
        assert_eq!(c.kernels.len(), 1);
        let k = &c.kernels[0];
        assert_eq!(k.params, [ParamKind::Buffer(Elem::I32), ParamKind::Buffer(Elem::I32), ParamKind::Int]);
        let r = check_kernel(&c, k, &opts);
        assert_eq!(r.verdict, Verdict::Ok("jit; 64 output elements written".into()), "{r}");
    }

    #[test]
    fn a_corrupted_allocation_is_a_mismatch() {
        let (mut c, opts) = compiled();
        let k = &mut c.kernels[0];
        let (post, _) = k.post.as_mut().unwrap();
        // Give the product `x * 3` the register of `tid`, which is still live (used by the add).
        let insts: Vec<&crate::ori::ir::Inst> = post.blocks.iter().flat_map(|b| &b.insts).collect();
        let tid = insts.iter().find(|i| i.op == Op::S2R).and_then(|i| i.dsts[0].reg()).unwrap();
        let prod = insts
            .iter()
            .find(|i| matches!(i.op, Op::IMad { kind: crate::ori::opcode::MadKind::Lo, .. }))
            .and_then(|i| i.dsts[0].reg())
            .unwrap();
        let phys = post.assignment.as_mut().unwrap();
        phys[prod.idx()] = phys[tid.idx()];
        let r = check_kernel(&c, &c.kernels[0], &opts);
        let Verdict::Mismatch(m) = &r.verdict else { panic!("expected a mismatch, got {r}") };
        assert!(m.starts_with("post-RA vs pre-RA: arg0"), "{m}");
        let text = r.to_string();
        assert!(text.contains("trace: first divergence"), "{text}");
        assert!(text.contains("IADD3"), "the first wrong value is the add: {text}");
    }

    #[test]
    fn a_wrong_pre_allocation_function_mismatches_the_jit_and_blames_a_phase() {
        let (mut c, opts) = compiled();
        let pre = c.kernels[0].pre.as_mut().unwrap();
        // `x * 3` becomes `x * 4` after lowering: what a buggy phase would do.
        let imad = pre
            .blocks
            .iter_mut()
            .flat_map(|b| &mut b.insts)
            .find(|i| matches!(i.op, Op::IMad { kind: crate::ori::opcode::MadKind::Lo, .. }))
            .unwrap();
        imad.srcs[1] = Operand::Imm(4);
        let r = check_kernel(&c, &c.kernels[0], &opts);
        let Verdict::Mismatch(m) = &r.verdict else { panic!("expected a mismatch, got {r}") };
        assert!(m.starts_with("pre-RA vs LLVM reference: arg0"), "{m}");
        assert!(r.details.iter().any(|d| d.contains("a phase changed the result")), "{r}");
        // Without the JIT, the run as lowered is what catches it.
        let no_jit = CheckOptions { use_reference: false, ..opts };
        let r = check_kernel(&c, &c.kernels[0], &no_jit);
        let Verdict::Mismatch(m) = &r.verdict else { panic!("expected a mismatch, got {r}") };
        assert!(m.starts_with("pre-RA vs as lowered"), "{m}");
    }

    #[test]
    fn launch_shapes_follow_the_special_registers_and_bounds() {
        let (c, _) = compiled();
        let k = &c.kernels[0];
        let prog = c.program(k, Stage::Pre).unwrap();
        let l = launch_for(&prog, None);
        assert_eq!((l.grid, l.block), ([2, 1, 1], [64, 1, 1]));
        let b = LaunchBounds { is_kernel: true, reqntid: [Some(32), Some(2), None], ..Default::default() };
        assert_eq!(launch_for(&prog, Some(&b)).block, [32, 2, 1]);
    }
}
