//! `ori check` of an input set on which the kernel traps (`trap`/`brkpt`, CUDA's `assert` through
//! `__assertfail`): memory after a trap is no outcome (the hardware abandons the grid), so the
//! outcome compared is the trap itself. The pre-allocation run trapped; the function as lowered,
//! the LLVM JIT reference (where it can run the kernel) and the post-allocation run must trap
//! too. The verdict is `ok (jit; the kernel traps in every run: <why>)`, or a MISMATCH naming the
//! run that ran to its end (or failed otherwise) instead. The other direction, a reference that
//! traps where the pre-allocation run did not, is a mismatch found by `check.rs`.

use super::check_inputs::Inputs;
use super::check_runs::{Snapshot, run_ori, run_reference};
use super::check_types::{CheckOptions, CheckedModule, CompiledKernel, KernelReport, Verdict};
use crate::llvm::reference::RefError;
use crate::ori::interp::{self, ErrorKind, Launch, Options};
use crate::ori::ir::Function;

/// What a run did with the inputs: `Ok(why)` it trapped, `Err(what)` it did something else.
fn trapped(run: Result<(Snapshot, interp::Outcome), (interp::Error, interp::Outcome)>) -> Result<String, String> {
    match run {
        Err((e, _)) if e.kind == ErrorKind::Trap => Ok(e.to_string()),
        Err((e, _)) => Err(format!("failed: {e}")),
        Ok(_) => Err("ran to its end".into()),
    }
}

/// The report for inputs `inp` on which the pre-allocation run trapped with `pre`.
#[allow(clippy::too_many_arguments)]
pub(super) fn trapped_seed(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    launch: &Launch,
    inp: &Inputs,
    pre: &interp::Error,
    low_prog: &[&Function],
    mut report: KernelReport,
) -> KernelReport {
    let iopts = Options { max_steps: opts.max_steps, ..Default::default() };
    let mismatch = |report: &mut KernelReport, what: String| {
        report.verdict = Verdict::Mismatch(format!("pre-RA trapped ({pre}), {what}"));
    };
    if let Err(what) = trapped(run_ori(c, low_prog, inp, launch, &iopts)) {
        mismatch(&mut report, format!("the function as lowered {what}"));
        return report;
    }
    let mut label = String::from("pre-RA vs post-RA only: --no-reference");
    if opts.use_reference {
        match run_reference(c, k, inp, launch) {
            Ok((snap, _, _)) if snap.trapped.is_some() => label = "jit".into(),
            Ok(_) => {
                mismatch(&mut report, "the LLVM reference ran to its end".into());
                return report;
            }
            Err(RefError::Ineligible(why)) => {
                label = format!("pre-RA vs post-RA only: the JIT reference cannot run {why}")
            }
            Err(RefError::Failed(why)) => label = format!("pre-RA vs post-RA only: the JIT reference failed: {why}"),
        }
    }
    match c.program_post(k) {
        Some(post) => {
            if let Err(what) = trapped(run_ori(c, &post, inp, launch, &iopts)) {
                mismatch(&mut report, format!("post-RA {what}"));
                return report;
            }
        }
        None => {
            report.verdict = Verdict::Skipped(format!("no register allocation ({label}; pre-RA trapped: {pre})"));
            return report;
        }
    }
    report.verdict = Verdict::Ok(format!("{label}; the kernel traps in every run: {pre}"));
    report
}
