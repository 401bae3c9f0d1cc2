//! `ori check`'s use of the interpreter's race detector (`ori::interp::race`).
//!
//! Detection runs on the function *as lowered* (before any phase), which `ori check` executes for
//! every seed anyway: its instructions still map one to one onto LLVM instructions
//! (`Program::origins`), so a race names both Ori instructions, the LLVM instructions they come
//! from and their debug locations (`file:line:col`) when the module has debug info.
//!
//! A kernel with a race that is not benign gets the verdict `race`, never `MISMATCH`: the program's
//! result depends on the order of its threads, so the JIT reference (one thread at a time), the
//! SIMT interpreter and the compiler's phases (which may reorder racy accesses) may all legitimately
//! differ. The runs are still compared, with the racy bytes of global memory left out; a
//! difference elsewhere is reported as a detail (it may derive from a racy read). Benign races
//! (same-value writes; plain reads of atomically updated locations) are warnings: the check goes
//! on as usual. `--racecheck` runs the detector alone.

use super::check_inputs::Inputs;
use super::check_runs::{Snapshot, diff, machine_for, plural, run_ori, run_reference, run_seed};
use super::check_types::{CheckOptions, CheckedModule, CompiledKernel, KernelReport, Origins, RaceMode, Verdict};
use crate::llvm::metadata;
use crate::llvm::reference::RefError;
use crate::ori::interp::race::{Benign, Race, RaceAccess};
use crate::ori::interp::{self, Launch, Options, Outcome};
use crate::ori::ir::Function;
use crate::ori::lower::ffi::{self, V};
use crate::ori::opcode::Space;
use crate::ori::print;
use inkwell::values::{AsValueRef, FunctionValue};
use std::collections::BTreeSet;

/// The LLVM side of `Program::origins` for function `f`: its instructions printed once (one
/// printed line per instruction) with their debug locations.
pub fn origins_of(f: FunctionValue<'_>, per_inst: Vec<Vec<u32>>) -> Origins {
    let printed = ffi::value_string(V(f.as_value_ref()));
    let lines: Vec<&str> = printed
        .lines()
        .filter(|l| l.starts_with("  ") && !l.trim_start().starts_with(';'))
        .map(|l| {
            let l = l.trim();
            // Metadata attachments (`, !dbg !12`) say nothing here.
            l.find(", !").map_or(l, |i| &l[..i])
        })
        .collect();
    let mut llvm = Vec::new();
    for bb in f.get_basic_block_iter() {
        for inst in bb.get_instructions() {
            let k = llvm.len();
            let text = lines.get(k).copied().unwrap_or("?");
            llvm.push(match metadata::debug_location(inst.as_value_ref()) {
                Some(loc) => format!("{loc}: {text}"),
                None => text.to_string(),
            });
        }
    }
    if lines.len() != llvm.len() {
        // The printer did not give one line per instruction: keep the locations only.
        for s in &mut llvm {
            *s = s.split(": ").next().unwrap_or("").to_string();
        }
    }
    Origins { per_inst, llvm }
}

/// Whether a run found a race that is not benign.
pub fn has_race(out: &Outcome) -> bool {
    out.race.races.iter().any(|r| r.benign.is_none())
}

/// The function a site names in the program as lowered (the kernel, then every device function).
fn function_at<'a>(c: &'a CheckedModule, k: &'a CompiledKernel, func: u32) -> Option<&'a CompiledKernel> {
    if func == 0 { Some(k) } else { c.devices.get(func as usize - 1) }
}

/// One side of a race, described: `write by block (0,0,0) thread (3,0,0)`.
fn who(a: &RaceAccess) -> String {
    let t = |v: [u32; 3]| format!("({},{},{})", v[0], v[1], v[2]);
    format!("{} by block {} thread {}", a.kind.name(a.strong), t(a.ctaid), t(a.tid))
}

/// The instruction of one side: Ori text, then the LLVM instruction (and location) it came from.
fn instruction(c: &CheckedModule, k: &CompiledKernel, a: &RaceAccess) -> String {
    let Some(owner) = function_at(c, k, a.site.func) else { return "?".into() };
    let f = &owner.lowered;
    let (b, i) = (a.site.block as usize, a.site.inst as usize);
    let Some(inst) = f.blocks.get(b).and_then(|blk| blk.insts.get(i)) else { return "?".into() };
    let names = print::Names::virtual_regs(f);
    let func = if a.site.func == 0 { String::new() } else { format!("@{} ", f.name) };
    let mut s = format!("{func}bix{b} #{i} `{}`", names.inst(inst).trim_end_matches(" ;"));
    let origin = owner.origins.per_inst.get(b).and_then(|o| o.get(i)).copied().unwrap_or(0);
    if let Some(text) = origin.checked_sub(1).and_then(|o| owner.origins.llvm.get(o as usize))
        && !text.is_empty()
    {
        s += &format!(" from `{text}`");
    }
    s
}

/// Where a racy address lies: a shared offset, or a buffer parameter / `.global` variable and the
/// byte in it.
fn place(c: &CheckedModule, k: &CompiledKernel, inp: &Inputs, space: Space, addr: u64) -> String {
    if space == Space::Shared {
        return format!("shared [{addr:#x}]");
    }
    let (machine, _, _) = machine_for(c, inp);
    for b in machine.buffers() {
        if addr >= b.base && addr < b.base + b.data.len() as u64 {
            let off = addr - b.base;
            return match b.name.strip_prefix("arg").and_then(|i| i.parse::<usize>().ok()) {
                Some(i) => {
                    let name = k.param_names.get(i).cloned().unwrap_or_default();
                    format!("global arg{i} ({name}) byte {off}")
                }
                None => format!("global {} byte {off}", b.name),
            };
        }
    }
    format!("global [{addr:#x}]")
}

/// The report lines of the races of one run (at most `limit` of each class).
pub fn race_lines(c: &CheckedModule, k: &CompiledKernel, inp: &Inputs, races: &[Race], limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut shown = [0usize; 2];
    for r in races {
        let class = usize::from(r.benign.is_some());
        shown[class] += 1;
        if shown[class] > limit {
            continue;
        }
        let tag = match r.benign {
            None => "RACE".to_string(),
            Some(Benign::SameValue) => "RACE (benign, same value)".to_string(),
            Some(Benign::ReadOfAtomic) => "RACE (benign, plain read of an atomically updated location)".to_string(),
        };
        out.push(format!(
            "{tag} {}: {} and {}, not ordered ({} conflicting byte access{})",
            place(c, k, inp, r.space, r.addr),
            who(&r.first),
            who(&r.second),
            r.count,
            if r.count == 1 { "" } else { "es" }
        ));
        out.push(format!("  {}: {}", r.first.kind.name(r.first.strong), instruction(c, k, &r.first)));
        out.push(format!("  {}: {}", r.second.kind.name(r.second.strong), instruction(c, k, &r.second)));
    }
    for (class, what) in [(0, "races"), (1, "benign races")] {
        if shown[class] > limit {
            out.push(format!("... and {} more {what}", shown[class] - limit));
        }
    }
    out
}

/// Adds the detail lines of a later seed to a report's: a line with its indented continuation
/// lines is one entry, and an entry already there is not repeated — a race report counts as
/// already there when the same instructions race at the same place (the threads and the count of
/// accesses may differ between seeds).
pub fn merge_details(acc: &mut Vec<String>, new: Vec<String>) {
    fn entries(lines: &[String]) -> Vec<&[String]> {
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..=lines.len() {
            if i == lines.len() || !lines[i].starts_with("  ") {
                out.push(&lines[start..i]);
                start = i;
            }
        }
        out.into_iter().filter(|e| !e.is_empty()).collect()
    }
    let key = |e: &[String]| -> String {
        let head = &e[0];
        let head = if head.starts_with("RACE") { head.split(": ").next().unwrap_or(head) } else { head };
        std::iter::once(head).chain(e[1..].iter().map(String::as_str)).collect::<Vec<_>>().join("\n")
    };
    let known: BTreeSet<String> = entries(acc).into_iter().map(key).collect();
    let fresh: Vec<String> =
        entries(&new).into_iter().filter(|e| !known.contains(&key(e))).flat_map(|e| e.to_vec()).collect();
    acc.extend(fresh);
}

/// Sets the racy global bytes of a snapshot to zero (in every buffer parameter and `.global`
/// variable), so that comparisons skip them.
fn mask(c: &CheckedModule, inp: &Inputs, snap: &mut Snapshot, racy: &BTreeSet<u64>) {
    if racy.is_empty() {
        return;
    }
    let (machine, _, bases) = machine_for(c, inp);
    for (i, base) in bases.iter().enumerate() {
        let (Some(base), Some(Some(buf))) = (base, snap.buffers.get_mut(i)) else { continue };
        for &a in racy.range(*base..*base + buf.len() as u64) {
            buf[(a - base) as usize] = 0;
        }
    }
    for (name, data) in snap.globals.iter_mut() {
        if let Some((_, base)) = machine.symbol(name) {
            for &a in racy.range(base..base + data.len() as u64) {
                data[(a - base) as usize] = 0;
            }
        }
    }
}

/// The check of one seed of a kernel whose run as lowered raced (`lowered`): the comparisons
/// without the racy bytes, reported as details, and the verdict `race`.
#[allow(clippy::too_many_arguments)]
pub(super) fn racy_seed(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    launch: &Launch,
    pre: (&Snapshot, &[&Function]),
    inp: &Inputs,
    lowered: (&Snapshot, &Outcome),
    mut report: KernelReport,
) -> KernelReport {
    let (low_snap, low_out) = lowered;
    let racy = &low_out.race.racy;
    let masked = |s: &Snapshot| {
        let mut s = s.clone();
        mask(c, inp, &mut s, racy);
        s
    };
    let (pre_m, low_m) = (masked(pre.0), masked(low_snap));
    let n = low_out.race.races.iter().filter(|r| r.benign.is_none()).count();
    report.details.extend(race_lines(c, k, inp, &low_out.race.races, 8));
    let mut compared = Vec::new();
    let mut differ = |what: &str, d: Option<String>, compared: &mut Vec<String>| match d {
        Some(d) => {
            report.details.push(format!("outside the racy bytes, {what} differ (may derive from a racy read): {d}"))
        }
        None => compared.push(what.to_string()),
    };
    differ("pre-RA and as lowered", diff(k, inp, &low_m, &pre_m, false), &mut compared);
    if opts.use_reference {
        match run_reference(c, k, inp, launch) {
            Ok((r, _notes, _unstable)) => {
                let tolerance = pre.1.iter().any(|f| interp::uses_approximations(f));
                differ("pre-RA and the LLVM JIT", diff(k, inp, &masked(&r), &pre_m, tolerance), &mut compared)
            }
            Err(RefError::Ineligible(_)) | Err(RefError::Failed(_)) => {}
        }
    }
    if let Some(post) = c.program_post(k) {
        let iopts = Options { max_steps: opts.max_steps, ..Default::default() };
        if let Ok((s, _)) = run_ori(c, &post, inp, launch, &iopts) {
            differ("post-RA and pre-RA", diff(k, inp, &pre_m, &masked(&s), false), &mut compared);
        }
    }
    let agree = if compared.is_empty() {
        String::new()
    } else {
        format!("; outside the racy bytes {} agree", compared.join(", "))
    };
    report.verdict = Verdict::Race(format!("{n} racing instruction pair{}{agree}", if n == 1 { "" } else { "s" }));
    report
}

/// Other block shapes of as many dimensions as `block`, for kernels whose indexing assumes a shape
/// that nothing in the IR states (a transpose written for 32×8 threads races at 16×16).
fn alternative_blocks(block: [u32; 3]) -> Vec<[u32; 3]> {
    // Shapes of the same rank first, then flatter ones (a kernel may read `tid.y` through a
    // cooperative-groups rank and still index as if the block were one-dimensional).
    let shapes: &[[u32; 3]] = if block[2] > 1 {
        &[[32, 4, 2], [16, 8, 2], [8, 8, 8], [32, 8, 1], [128, 1, 1]]
    } else if block[1] > 1 {
        &[[32, 8, 1], [8, 32, 1], [32, 4, 1], [32, 32, 1], [128, 1, 1]]
    } else {
        &[[32, 1, 1], [128, 1, 1], [256, 1, 1]]
    };
    shapes.iter().copied().filter(|b| *b != block).collect()
}

/// A launch with another block shape under which every seed runs without any race (benign ones
/// included), when the kernel's
/// bounds allow one (never with `reqntid`; within `maxntid` and the IR's range facts).
pub fn race_free_launch(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    launch: &Launch,
    low_prog: &[&Function],
) -> Option<Launch> {
    if opts.race == RaceMode::Off {
        return None;
    }
    let bounds = k.bounds.clone().unwrap_or_default();
    if bounds.reqntid.iter().any(Option::is_some) {
        return None;
    }
    let max_total: u32 = if bounds.maxntid.iter().any(Option::is_some) {
        bounds.maxntid.iter().map(|d| d.unwrap_or(1)).product()
    } else {
        1024
    };
    let iopts = Options { max_steps: opts.max_steps, race: true, ..Default::default() };
    for block in alternative_blocks(launch.block) {
        let fits = block.iter().product::<u32>() <= max_total
            && (0..3).all(|d| (k.facts.block[d].0..=k.facts.block[d].1).contains(&block[d]));
        if !fits {
            continue;
        }
        let l = Launch { block, ..*launch };
        let clean = |seed| matches!(run_seed(c, k, opts, seed, low_prog, &l, &iopts), Ok((_, _, out, _)) if out.race.races.is_empty());
        if (0..opts.seeds.max(1)).all(clean) {
            return Some(l);
        }
    }
    None
}

/// `--racecheck`: the detector alone on the function as lowered, for every seed.
pub fn racecheck_only(
    c: &CheckedModule,
    k: &CompiledKernel,
    opts: &CheckOptions,
    launch: &Launch,
    low_prog: &[&Function],
) -> (KernelReport, Vec<Inputs>) {
    let mut report = KernelReport { name: k.name.clone(), verdict: Verdict::Ok(String::new()), details: Vec::new() };
    let iopts = Options { max_steps: opts.max_steps, race: true, ..Default::default() };
    let mut ran = Vec::new();
    let mut benign = BTreeSet::new();
    for seed in 0..opts.seeds.max(1) {
        match run_seed(c, k, opts, seed, low_prog, launch, &iopts) {
            Ok((inp, _, out, _)) if has_race(&out) => {
                report.details.extend(race_lines(c, k, &inp, &out.race.races, 8));
                report.details.insert(0, format!("in seed {seed}"));
                let n = out.race.races.iter().filter(|r| r.benign.is_none()).count();
                report.verdict = Verdict::Race(format!("{n} racing instruction pair{}", if n == 1 { "" } else { "s" }));
                ran.push(inp);
                return (report, ran);
            }
            Ok((inp, _, out, _)) => {
                for l in race_lines(c, k, &inp, &out.race.races, 8) {
                    if benign.insert(l.clone()) {
                        report.details.push(l);
                    }
                }
                ran.push(inp);
            }
            Err((e, _)) if seed == 0 => {
                report.verdict = Verdict::Skipped(format!("as lowered: {e}"));
                return (report, ran);
            }
            Err((e, _)) => report.details.push(format!("seed {seed} skipped: {e}")),
        }
    }
    report.verdict = Verdict::Ok(format!("race detector only: no race in {} seed{}", ran.len(), plural(ran.len())));
    (report, ran)
}
