//! The one compile entry every tool calls (`ori llc`, `ori check`, the allocation fuzzer, the
//! tests): [`compile`] takes an LLVM module and an [`Options`] — every knob of `ori llc` — and
//! returns a [`Compiled`]: the final program, per function the typed artifacts of each stage,
//! the emitted text, diagnostics and timings. What `ori check` executes is what `ori llc`
//! prints, because both are this function's output for the same options.
//!
//! ```text
//!  LLVM IR ──middle_end──▶ LLVM IR ──lower──▶ Ori IR ──run_phases──▶ allocated Ori IR
//!  (nvvm-reflect, lower-variadics,                 (pipeline::phases(); the IR before
//!   nvvm-intr-range, nv-known-bits,                  AdvancedPhaseAllocReg is kept)
//!   inlining, fma-contract, gep-reassociate,
//!   loop-count-down, block-layout)               ──post_allocation_fixups──▶ final Ori IR
//!                                                ──emit──▶ PTX / SASS listing / Ori text
//! ```
//!
//! Per function, the phases leave a [`FunctionArtifacts`]: the IR as lowered (when asked for),
//! the IR just before allocation and the phases' typed results ([`FunctionResults`]: the
//! varying analysis, the allocator's report); the allocated function carries its own register
//! assignment (`Function::assignment`). The phases' options ([`PhaseContext`]) are built from
//! [`Options`] in one place, [`phase_context`], and the phase list is walked in one place,
//! [`run_phases`].

mod middle_end;
mod timings;

pub use middle_end::{MIDDLE_END, MiddleEnd, inline_device_functions, middle_end};
pub use timings::Timings;

use crate::emit::ptx::{self, Directives, EmitFunction};
use crate::llvm::launch_bounds::LaunchBounds;
use crate::llvm::module;
use crate::ori::ir::{Function, Program};
use crate::ori::phase_context::{FunctionResults, PhaseContext, UniformRegs};
use crate::ori::pipeline::{self, Phase};
use crate::ori::{lower, print, regalloc, verify};
use inkwell::module::Module;
use std::collections::BTreeMap;

/// What a compile writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// PTX (`ori llc`'s default).
    #[default]
    Ptx,
    /// A cuobjdump-style SASS listing.
    Sass,
    /// The Ori IR text, with virtual registers: the post-allocation fixups are not applied
    /// (they delete copies whose registers coincide, which this form would still show).
    Ori,
    /// Nothing: the compiled functions only (`ori check`, which executes them).
    Nothing,
}

/// Every knob of a compile (`ori llc`'s flags map into it one to one; `ori check` sets the
/// ones it shares with `ori llc`).
#[derive(Clone, Debug)]
pub struct Options {
    /// Target SM number (`-mcpu=sm_90` → 90).
    pub sm: u32,
    /// `--fmad`: contract `contract` multiplies and adds into fused multiply-adds.
    pub fmad: bool,
    /// What to write.
    pub emit: Emit,
    /// `--maxrregcount`.
    pub maxrregcount: Option<u32>,
    /// `-knob NAME=VALUE`.
    pub knobs: regalloc::Knobs,
    /// `--verify-regalloc`: the allocation checker after every allocation (always on in debug
    /// builds).
    pub verify_regalloc: bool,
    /// `--debug-regalloc`: the allocator's guidance dump.
    pub debug_regalloc: bool,
    /// `--dont-merge-basicblocks`.
    pub no_bb_merge: bool,
    /// `--uniform-regs` (`Some(UniformRegs::default())`): phase 74 ConvertToUniformReg with
    /// these limits; `None` leaves it off.
    pub uniform_regs: Option<UniformRegs>,
    /// `-w`.
    pub no_warnings: bool,
    /// `--disable-phase` (instance or group names).
    pub disabled_phases: Vec<String>,
    /// Stop before register allocation (the allocation fuzzer allocates on its own terms).
    pub stop_before_allocation: bool,
    /// Keep each function as lowered, before any phase ([`FunctionArtifacts::lowered`]).
    pub keep_lowered: bool,
    /// `--dump-after` (phase names); the dumps go to [`Compiled::dumps`].
    pub dump_after: Vec<String>,
    /// `--dump-cfg`, `--dump-rpo`, `--dump-split-ranges`: to [`Compiled::file_dumps`].
    pub dump_cfg: bool,
    pub dump_rpo: bool,
    pub dump_split_ranges: bool,
    /// `--dump-varying` (input values are named first, so that the report can name them) and
    /// `--dump-liveness`: to [`Compiled::dumps`].
    pub dump_varying: bool,
    pub dump_liveness: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            sm: 90,
            fmad: true,
            emit: Emit::Ptx,
            maxrregcount: None,
            knobs: regalloc::Knobs::default(),
            verify_regalloc: false,
            debug_regalloc: false,
            no_bb_merge: false,
            uniform_regs: None,
            no_warnings: false,
            disabled_phases: Vec::new(),
            stop_before_allocation: false,
            keep_lowered: false,
            dump_after: Vec::new(),
            dump_cfg: false,
            dump_rpo: false,
            dump_split_ranges: false,
            dump_varying: false,
            dump_liveness: false,
        }
    }
}

/// What one function's compile left.
#[derive(Debug, Default)]
pub struct FunctionArtifacts {
    /// The function as lowered, before any phase (with [`Options::keep_lowered`]).
    pub lowered: Option<Function>,
    /// The function just before register allocation, without an assignment (`None` when the
    /// allocation phase was disabled or a phase failed): the "pre-RA" stage `ori check` runs.
    pub pre_alloc: Option<Function>,
    /// The phases' typed results (varying analysis, split origins, the allocator's report).
    pub results: FunctionResults,
    /// The phase that failed, if one did (the function is then left as that phase left it).
    pub error: Option<PhaseError>,
}

/// A compiled module.
#[derive(Debug)]
pub struct Compiled {
    /// The final program: every function after the phases and, unless [`Emit::Ori`], the
    /// post-allocation fixups — the code the emitted text is printed from.
    pub program: Program,
    /// Launch bounds and kernel marks per function.
    pub bounds: BTreeMap<String, LaunchBounds>,
    /// Per function of `program.functions`, in the same order.
    pub functions: Vec<FunctionArtifacts>,
    /// The emitted text (empty with [`Emit::Nothing`], or when a phase failed).
    pub text: String,
    /// The middle end's warnings (`ori: warning: ...` lines without the prefix).
    pub warnings: Vec<String>,
    /// The phases' warnings, as printed lines.
    pub phase_warnings: String,
    /// `--dump-after`, `--dump-varying`, `--dump-liveness` output (to stderr).
    pub dumps: String,
    /// `--dump-cfg`, `--dump-rpo`, `--dump-split-ranges` output (stderr, or `--dump-file`).
    pub file_dumps: String,
    /// Wall time per step, summed over functions.
    pub timings: Timings,
}

impl Compiled {
    /// The first function whose phases failed, with the failure.
    pub fn first_error(&self) -> Option<(&Function, &PhaseError)> {
        self.program.functions.iter().zip(&self.functions).find_map(|(f, a)| a.error.as_ref().map(|e| (f, e)))
    }

    /// Every function with what allocating it reported (`None`: left unallocated).
    pub fn allocations(&self) -> Vec<(&Function, Option<&regalloc::Allocation>)> {
        self.program.functions.iter().zip(&self.functions).map(|(f, a)| (f, a.results.allocation.as_ref())).collect()
    }
}

/// Where a compile stopped before it had a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailedStage {
    /// The module failed LLVM's verifier.
    Verify,
    /// A middle-end pass failed.
    MiddleEnd,
    /// Lowering to the Ori IR failed (an unsupported construct).
    Lowering,
    /// Emission failed.
    Emission,
}

/// A compile that stopped before it had a program (see [`FailedStage`]).
#[derive(Debug)]
pub struct CompileError {
    pub stage: FailedStage,
    pub error: anyhow::Error,
    /// The middle end's warnings, when it ran.
    pub warnings: Vec<String>,
    /// Launch bounds and kernel marks, when the middle end ran.
    pub bounds: BTreeMap<String, LaunchBounds>,
}

/// A phase failed.
#[derive(Debug)]
pub struct PhaseError {
    pub phase: &'static str,
    pub error: anyhow::Error,
}

/// Compiles `m` (which the middle end rewrites in place) as `opts` says: the middle end,
/// lowering, the phases of every function, the post-allocation fixups and emission. A
/// function whose phases fail is recorded in its [`FunctionArtifacts::error`] and the others
/// still compile; nothing is emitted then.
pub fn compile(m: &Module<'_>, opts: &Options) -> Result<Compiled, CompileError> {
    let mut timings = Timings::new();
    let fail = |stage, error, warnings: &[String], bounds: &BTreeMap<String, LaunchBounds>| CompileError {
        stage,
        error,
        warnings: warnings.to_vec(),
        bounds: bounds.clone(),
    };
    let none = BTreeMap::new();
    module::name_unnamed_globals(m);
    if opts.dump_varying {
        // Fix the input's value numbers before any pass can shift them.
        module::name_unnamed_values(m);
    }
    module::verify(m).map_err(|e| fail(FailedStage::Verify, e, &[], &none))?;
    timings.lap("Verifying (LLVM IR)");
    let MiddleEnd { bounds, warnings } = middle_end(m, opts.sm, opts.fmad, &mut |name| timings.lap(name))
        .map_err(|e| fail(FailedStage::MiddleEnd, e, &[], &none))?;
    let mut program =
        lower::lower_module(m, &bounds).map_err(|e| fail(FailedStage::Lowering, e, &warnings, &bounds))?;
    timings.lap("Lowering (LLVM IR to Ori)");

    let mut cx = phase_context(opts, &bounds);
    let mut dumps = String::new();
    let functions: Vec<FunctionArtifacts> =
        program.functions.iter_mut().map(|f| backend(f, opts, &mut cx, &mut dumps, &mut timings)).collect();
    timings.restart();
    let mut compiled = Compiled {
        program,
        bounds,
        functions,
        text: String::new(),
        warnings,
        phase_warnings: cx.warnings,
        dumps,
        file_dumps: cx.dumps,
        timings,
    };
    if compiled.first_error().is_none() {
        compiled.text =
            emit(&compiled, opts).map_err(|e| fail(FailedStage::Emission, e, &compiled.warnings, &compiled.bounds))?;
        compiled.timings.lap(match opts.emit {
            Emit::Ori => "Emission (Ori text)",
            Emit::Sass => "Emission (SASS listing)",
            Emit::Ptx => "Emission (PTX)",
            Emit::Nothing => "Emission (none)",
        });
    }
    Ok(compiled)
}

/// The back end alone on one Ori function (with the default launch bounds): the allocation
/// fuzzer's entry, the same phases and fixups as [`compile`].
pub fn compile_function(f: &mut Function, opts: &Options) -> FunctionArtifacts {
    let mut cx = phase_context(opts, &BTreeMap::new());
    backend(f, opts, &mut cx, &mut String::new(), &mut Timings::new())
}

/// The phases' options for a compile: the one place a [`PhaseContext`] is built.
fn phase_context(opts: &Options, bounds: &BTreeMap<String, LaunchBounds>) -> PhaseContext {
    PhaseContext {
        no_bb_merge: opts.no_bb_merge,
        dump_cfg: opts.dump_cfg,
        dump_rpo: opts.dump_rpo,
        dumps: String::new(),
        no_warnings: opts.no_warnings,
        warnings: String::new(),
        regalloc: regalloc::Options {
            max_reg_count: opts.maxrregcount,
            knobs: opts.knobs.clone(),
            bounds: bounds.clone(),
            check: cfg!(debug_assertions) || opts.verify_regalloc,
            debug: opts.debug_regalloc,
        },
        dump_split_ranges: opts.dump_split_ranges,
        uniform_regs: opts.uniform_regs,
    }
}

/// The phases and fixups of one function, with its dumps.
fn backend(
    f: &mut Function,
    opts: &Options,
    cx: &mut PhaseContext,
    dumps: &mut String,
    timings: &mut Timings,
) -> FunctionArtifacts {
    timings.restart();
    let lowered = opts.keep_lowered.then(|| f.clone());
    let mut after = |phase: &Phase, f: &Function, _: &FunctionResults| {
        timings.lap(phase.name);
        if opts.dump_after.iter().any(|d| d == phase.name || d == phase.group) {
            let num = phase.number.map(|n| format!(" (phase {n})")).unwrap_or_default();
            dumps.push_str(&format!("*** IR Dump After {}{num} ***\n", phase.name));
            dumps.push_str(&print::function_text(f));
        }
        timings.restart();
    };
    let run = match run_phases(f, cx, &opts.disabled_phases, opts.stop_before_allocation, &mut after) {
        Ok(run) => run,
        Err(e) => return FunctionArtifacts { lowered, error: Some(e), ..Default::default() },
    };
    if opts.dump_varying
        && let Some(v) = &run.results.varying
    {
        dumps.push_str(&crate::ori::analysis::varying::value_report(f, v));
        dumps.push_str(&crate::ori::analysis::varying::report(f, v));
    }
    if opts.dump_liveness {
        let live = crate::ori::analysis::liveness::Liveness::compute(f);
        dumps.push_str(&crate::ori::analysis::liveness::report(f, &live));
    }
    if opts.emit != Emit::Ori && !opts.stop_before_allocation {
        post_allocation_fixups(f);
    }
    FunctionArtifacts { lowered, pre_alloc: run.pre_alloc, results: run.results, error: None }
}

/// What the phases leave for one function besides the function itself (which they rewrite in
/// place and, once allocated, carries its assignment).
#[derive(Clone, Debug, Default)]
struct PhaseRun {
    pre_alloc: Option<Function>,
    results: FunctionResults,
}

/// Runs the back-end phases on `f` (skipping those named in `disabled`, by instance or group
/// name; stopping before allocation when `stop_before_allocation`); `after` sees the function
/// and its results after each phase. The options and the shared outputs (dumps, warnings) are
/// in `cx`; what the phases found about `f` is returned. This is the one place the phase list
/// is walked. The IR verifier (`ori::verify`) checks `f` first, and in debug builds after every
/// phase.
fn run_phases(
    f: &mut Function,
    cx: &mut PhaseContext,
    disabled: &[String],
    stop_before_allocation: bool,
    after: &mut dyn FnMut(&Phase, &Function, &FunctionResults),
) -> Result<PhaseRun, PhaseError> {
    let mut run = PhaseRun::default();
    verify::function(f).map_err(|error| PhaseError { phase: "lowering", error })?;
    for phase in pipeline::phases() {
        if phase.allocates && stop_before_allocation {
            break;
        }
        if disabled.iter().any(|d| d == phase.name || d == phase.group) {
            continue;
        }
        if phase.allocates {
            run.pre_alloc = Some(f.clone());
        }
        (phase.run)(f, cx, &mut run.results).map_err(|error| PhaseError { phase: phase.name, error })?;
        if cfg!(debug_assertions) {
            verify::function(f).map_err(|error| PhaseError { phase: phase.name, error })?;
        }
        after(&phase, f, &run.results);
    }
    Ok(run)
}

/// The fixups between allocation and emission: copies whose source and destination got the
/// same register are deleted (nothing to do for a function left unallocated).
fn post_allocation_fixups(f: &mut Function) {
    regalloc::delete_identity_copies(f);
}

/// The text `opts.emit` asks for, from the final program.
fn emit(c: &Compiled, opts: &Options) -> anyhow::Result<String> {
    Ok(match opts.emit {
        Emit::Nothing => String::new(),
        Emit::Ori => c.program.functions.iter().map(print::virtual_function_text).collect::<Vec<_>>().join("\n"),
        Emit::Sass => {
            let funcs: Vec<_> = c.program.functions.iter().collect();
            crate::emit::sass::listing(&funcs, opts.sm)
        }
        Emit::Ptx => {
            let funcs: Vec<EmitFunction> = c
                .program
                .functions
                .iter()
                .map(|f| EmitFunction {
                    func: f,
                    // Launch bounds are `.entry` directives: ptxas rejects them on a `.func`.
                    directives: if f.is_kernel { directives(c.bounds.get(&f.name)) } else { Directives::default() },
                })
                .collect();
            ptx::emit_module(&c.program, &funcs, opts.sm)?
        }
    })
}

/// Launch-bound directives as PTX prints them.
fn directives(b: Option<&LaunchBounds>) -> Directives {
    let Some(b) = b else {
        return Directives::default();
    };
    let dims = |d: &[Option<u32>; 3]| d.iter().any(Option::is_some).then(|| d.map(|x| x.unwrap_or(1)));
    Directives { maxntid: dims(&b.maxntid), reqntid: dims(&b.reqntid), minctasm: b.minctasm, maxnreg: b.maxnreg }
}
