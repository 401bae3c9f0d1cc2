//! Phase 19 `OriSplitLiveRanges` (seed 000 "Phase 19: OriSplitLiveRanges", "Motivation"): a value
//! defined before a loop and used only after it occupies an R register for the whole loop body
//! although the body never touches it. When the loop's register pressure is over the budget, such
//! values are split at the loop boundary so that the body's peak pressure drops.
//!
//! # Where the value goes during the loop
//!
//! The seed's motivation is "inserting a copy before the loop and a copy after": what the copy
//! goes to must not be an R register, or nothing is freed. Here it is a slot of the local-memory
//! spill area (seed 003 "Spilling Overview": LMEM is the default spill destination), with the
//! allocator's own spill instructions:
//!
//! ```text
//! preheader:  STL [__local_depot+off], v        before the block's branch
//! loop:       (v is not live)
//! exit:       LDL v', [__local_depot+off]       after the exit block's phis
//!             ... every later use of v reads v'
//! ```
//!
//! `v'` is a fresh virtual register (the IR stays in SSA form). A value whose definition is a
//! plain `MOV`/`COPY` of an immediate or a constant-bank word (a kernel parameter, `c[0x0][…]`)
//! is *rematerialized* instead: the definition is repeated after the loop into `v'` and nothing
//! is stored (ptxas rematerializes such values rather than spilling them, too).
//!
//! Slots are taken from the end of the function's local frame (`Function::local_frame` grows,
//! 16-byte aligned, slots packed at their natural alignment); the allocator's spill area starts at
//! the frame's end when allocation begins (`regalloc/spill.rs`), so the two never overlap and
//! ptxas's `N bytes stack frame` (`ori llc -v`) counts both. Each split value has its own slot (no
//! slot sharing between loops). The stores and loads are spill code and count in `N bytes spill
//! stores / loads`. For the allocation checker a reload from a split slot brings back the value
//! that was stored, like a reload from the allocator's slots: the pipeline hands the split
//! registers' origins to it (`FunctionResults::split_origins`, [`check_allocation`]).
//!
//! # When (the budget)
//!
//! The budget is the allocator's: [`Budget::for_kernel`] from `--maxrregcount`, `.maxnreg` and the
//! launch bounds, whose [`Budget::r_limit`] makes R0..R(limit-1) allocatable. R1 is the stack
//! pointer, so `limit - 1` slots are left for other values, one more when the stack-pointer
//! register itself is live in the loop (it is counted in the pressure and sits in R1). A loop is
//! split only when its peak R pressure ([`Liveness`] block peaks over the loop body, pairs counting
//! 2 and quads 4) exceeds that budget; loops are visited outer first, liveness being recomputed
//! after each loop's splits.
//!
//! # Candidates
//!
//! For a natural loop `L` with header `H` (seed 001 "Natural Loop Detection"), the phase needs:
//!
//! - entry blocks: the predecessors of `H` outside `L` (at least one; the STL goes at the end of
//!   each, before its first control-flow instruction, where `v` is live because it is live into
//!   `H`);
//! - a **single exit block** `X`: every edge leaving `L` goes to `X`, and `H` dominates `X`, so
//!   every path into `X` came through an entry block's store after the last definition of `v`.
//!
//! Loops without that shape are reported and left alone (the seed's phase 18
//! `OriLoopSimplification`, which would make them canonical, does not exist here). A candidate
//! `v` is an R register (single, pair or quad; not the stack pointer) that
//!
//! 1. is live into `H` and live into `X`;
//! 2. has exactly one definition in the function (SSA), outside `L`;
//! 3. is not referenced in `L`: no instruction of `L` reads or writes it, and no phi reads it
//!    from a block of `L` (a phi operand is a use at the end of its predecessor);
//! 4. can be renamed without a new phi: every use site of `v` (a phi operand's site is its
//!    predecessor block) is either in a block dominated by `X` — these read `v'` — or cannot be
//!    reached from `X` without passing the definition block of `v` again (a use before the loop,
//!    possibly in an enclosing loop that redefines `v` on the way). A use after the loop that `X`
//!    does not dominate (a merge with a path that bypassed the loop) would need a phi of `v` and
//!    `v'`: such values are skipped;
//! 5. no entry block can be reached from `X` without passing the definition block: the STL
//!    there reads `v`, so an invariant of an enclosing loop (stored again at every outer
//!    iteration) would stay live through `L`.
//!
//! Then `v` is live at every point of `L` before the split (it is live into `H` and no point of
//! `L` redefines it) and at no point of `L` after it: a point of `L` leaves `L` only through `X`,
//! and from `X` no remaining reader of `v` (use or STL) is reachable without a new definition.
//! `v'` is live only in blocks dominated by `X`. So the peak of every point of the loop drops by
//! exactly the slots of the split values.
//!
//! # Which (the cost)
//!
//! A rematerialization costs one instruction and no memory; a split through memory costs one STL
//! per entry block and one LDL, the same for every such candidate of a loop. Both free the value's
//! slots. Candidates are ordered: rematerializable ones first, then by the use sites that read
//! `v'` per freed slot (fewest first: a value rarely used after the loop is the one a spiller
//! would pick), then by width (a pair frees 2 slots for the same two instructions), then by
//! register number; they are taken in that order until the loop's peak fits the budget or none is
//! left.
//!
//! # Differences from ptxas
//!
//! ptxas's `sub_BEF110` also splits along phi/copy chains and keeps per-register interference
//! bitvectors and an FNV-1a interference hash (seed 000 "Algorithm", phases 3 and 4); it copies
//! into other registers. This phase implements the loop-boundary split of the "Motivation" only,
//! with a memory copy (or a rematerialization), since an R-to-R copy frees nothing in the loop.
//! The LDL result is a
//! divergence root for `OriPropagateVarying` (local memory is per thread), so a value that was
//! uniform is varying after the loop.
//!
//! # Report
//!
//! `ori llc --dump-split-ranges` prints one line per loop of every function:
//!
//! ```text
//! OriSplitLiveRanges: @k loop bix1: peak R pressure 14 <= budget 21 (24 registers, maxrregcount)
//! OriSplitLiveRanges: @k loop bix2: peak R pressure 26 > budget 21 (24 registers, maxrregcount): split %rd0 (remat), %rd3, %r12 -> peak 21
//! ```
//!
//! Other outcomes: `> budget ...: not split (several exit blocks)` (or another shape reason) and
//! `> budget ...: no value live through the loop untouched`. Loops come in [`Cfg::loops`] order
//! and candidates in a total order, so the output is deterministic.

use crate::ori::analysis::cfg::{self, Cfg, Loop};
use crate::ori::analysis::liveness::Liveness;
use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::{Op, Space};
use crate::ori::phase_context::{FunctionResults, PhaseContext};
use crate::ori::print::Names;
use crate::ori::regalloc::{self, Allocation, Budget, spill};
use anyhow::{Result, bail};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What happened to one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopReport {
    pub header: Bix,
    /// Peak R pressure in the loop body before the phase.
    pub peak_before: u32,
    /// R slots available to the loop's values (see "When" in the module documentation).
    pub budget: u32,
    pub outcome: Outcome,
}

/// The decision for one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The peak fits the budget.
    Fits,
    /// The loop has not the shape the split needs (the reason).
    Shape(&'static str),
    /// Over budget, but no value is live through the loop untouched.
    NoCandidate,
    /// These values (in the order chosen) were split; the body's peak is now `peak_after`.
    Split { values: Vec<VReg>, peak_after: u32 },
}

/// What the phase did to a function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitResult {
    /// One report per natural loop, outer loops first.
    pub loops: Vec<LoopReport>,
    /// The register after the loop → the register it was split from (transitively: the original
    /// register when a value is split twice).
    pub origins: BTreeMap<VReg, VReg>,
    /// `(split register, frame offset, bytes)` of every slot taken, in order.
    pub slots: Vec<(VReg, u32, u32)>,
    /// The split registers that were rematerialized after the loop (no slot, no origin).
    pub remat: Vec<VReg>,
}

/// The shape a loop needs: its entry blocks and its single exit block.
struct Shape {
    entries: Vec<Bix>,
    exit: Bix,
}

fn in_loop(l: &Loop, b: Bix) -> bool {
    l.body.binary_search(&b).is_ok()
}

/// Entry blocks and the single exit block of `l` (see "Candidates"), or why not.
fn shape(cfg: &Cfg, l: &Loop) -> Result<Shape, &'static str> {
    let entries: Vec<Bix> = cfg.preds(l.header).iter().copied().filter(|&p| !in_loop(l, p)).collect();
    if entries.is_empty() || entries.iter().any(|&p| !cfg.is_reachable(p)) {
        return Err("no entry block");
    }
    let mut exits: Vec<Bix> =
        l.body.iter().flat_map(|&b| cfg.succs(b).iter().copied()).filter(|&s| !in_loop(l, s)).collect();
    exits.sort();
    exits.dedup();
    match exits.as_slice() {
        [] => Err("no exit block"),
        [x] if cfg.dominates(l.header, *x) => Ok(Shape { entries, exit: *x }),
        [_] => Err("exit block not dominated by the header"),
        _ => Err("several exit blocks"),
    }
}

/// Where a register is defined and used.
#[derive(Clone, Debug, Default)]
struct Sites {
    /// Blocks of its definitions (one entry per definition).
    defs: Vec<Bix>,
    /// Use sites: the block of a non-phi use, the predecessor named by a phi operand.
    uses: Vec<Bix>,
    /// The (last) defining instruction.
    def: Option<Inst>,
}

fn sites(f: &Function) -> Vec<Sites> {
    let mut out = vec![Sites::default(); f.regs.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        let bix = Bix(b as u32);
        for inst in &block.insts {
            for d in inst.defs() {
                out[d.idx()].defs.push(bix);
                out[d.idx()].def = Some(inst.clone());
            }
            if inst.op == Op::Phi {
                for pair in inst.srcs.chunks_exact(2) {
                    if let (Some(v), Operand::Label(p)) = (pair[0].reg(), &pair[1]) {
                        out[v.idx()].uses.push(*p);
                    }
                }
            } else {
                for u in inst.uses() {
                    out[u.idx()].uses.push(bix);
                }
            }
        }
    }
    out
}

/// Blocks reachable from `from` (itself included) without entering `stop`.
fn reachable_avoiding(cfg: &Cfg, from: Bix, stop: Bix) -> Vec<bool> {
    let mut seen = vec![false; cfg.num_blocks()];
    seen[from.idx()] = true;
    let mut work = vec![from];
    while let Some(b) = work.pop() {
        for &s in cfg.succs(b) {
            if s != stop && !seen[s.idx()] {
                seen[s.idx()] = true;
                work.push(s);
            }
        }
    }
    seen
}

/// A value that may be split, with its cost.
#[derive(Clone, Debug)]
struct Candidate {
    v: VReg,
    slots: u32,
    /// Use sites that will read the reloaded register.
    uses_after: u32,
    /// The definition to repeat after the loop, when the value is rematerializable.
    remat: Option<Inst>,
}

/// Whether `def` can simply be repeated after the loop: an unguarded `MOV`/`COPY` of an immediate
/// or a constant-bank word into one register (its value does not depend on any register).
fn rematerializable(def: &Inst) -> bool {
    matches!(def.op, Op::Mov { .. } | Op::Copy)
        && def.guard.is_none()
        && def.dsts.len() == 1
        && matches!(def.srcs.as_slice(), [Operand::Imm(_) | Operand::CBank { .. }])
}

/// The candidates of loop `l` (conditions 1-5 of "Candidates"), cheapest first.
fn candidates(f: &Function, cfg: &Cfg, live: &Liveness, l: &Loop, shape: &Shape, sites: &[Sites]) -> Vec<Candidate> {
    let x = shape.exit;
    let mut out = Vec::new();
    for v in live.live_in(l.header, RegFile::R) {
        if Some(v) == f.stack_pointer || !live.is_live_in(x, v) {
            continue;
        }
        let s = &sites[v.idx()];
        let [d] = s.defs.as_slice() else { continue };
        if in_loop(l, *d) || s.uses.iter().any(|&b| in_loop(l, b)) {
            continue;
        }
        // Blocks after the loop where `v` still holds the value stored before it.
        let after = reachable_avoiding(cfg, x, *d);
        // The new STL reads `v` at the end of the entry blocks: an entry reached again from the
        // exit without a new definition (an enclosing loop's invariant) keeps `v` live through
        // the loop.
        if shape.entries.iter().any(|e| after[e.idx()]) {
            continue;
        }
        let mut uses_after = 0;
        let mut ok = true;
        for &u in &s.uses {
            if cfg.dominates(x, u) {
                uses_after += 1;
            } else if after[u.idx()] {
                ok = false;
                break;
            }
        }
        if ok {
            let remat = s.def.clone().filter(rematerializable);
            out.push(Candidate { v, slots: f.reg_info(v).pair.slots(), uses_after, remat });
        }
    }
    // Rematerializable first; then the cost per freed slot (uses / slots, compared by
    // cross-multiplication), wider first, then register order.
    out.sort_by(|a, b| {
        b.remat
            .is_some()
            .cmp(&a.remat.is_some())
            .then((u64::from(a.uses_after) * u64::from(b.slots)).cmp(&(u64::from(b.uses_after) * u64::from(a.slots))))
            .then(b.slots.cmp(&a.slots))
            .then(a.v.cmp(&b.v))
    });
    out
}

/// Peak R pressure over the blocks of `l`.
fn loop_peak(live: &Liveness, l: &Loop) -> u32 {
    l.body.iter().map(|&b| live.block_peak(b, RegFile::R)).max().unwrap_or(0)
}

/// Index of the first control-flow instruction of `insts` (the end when there is none).
fn before_branch(insts: &[Inst]) -> usize {
    insts.iter().position(|i| i.op.is_control_flow()).unwrap_or(insts.len())
}

/// Index just after the leading phis of `insts`.
fn after_phis(insts: &[Inst]) -> usize {
    insts.iter().position(|i| i.op != Op::Phi).unwrap_or(insts.len())
}

/// The frame cursor of one run: the next free byte of the local frame.
struct Frame {
    cursor: u32,
}

impl Frame {
    fn slot(&mut self, bytes: u32) -> u32 {
        let offset = self.cursor.next_multiple_of(bytes.min(16));
        self.cursor = offset + bytes;
        offset
    }
}

/// How a value crosses the loop.
enum Via {
    /// The frame slot at this offset.
    Slot(u32),
    /// Its definition, repeated.
    Remat(Inst),
}

/// Splits `v` around the loop of `shape`; returns `v'`.
fn split_value(f: &mut Function, cfg: &Cfg, shape: &Shape, v: VReg, via: Via) -> VReg {
    let info = f.reg_info(v);
    let bits = info.pair.bits();
    let v2 = f.new_reg(info.file, info.pair);
    if let Via::Slot(offset) = via {
        let store = Inst::new(
            Op::St { space: Space::Local, bits, volatile: false, offset: 0 },
            vec![],
            vec![spill::slot_address(offset), Operand::Reg(v)],
        );
        for &e in &shape.entries {
            let insts = &mut f.blocks[e.idx()].insts;
            // After the STLs of earlier splits, before the branch.
            let at = before_branch(insts);
            insts.insert(at, store.clone());
        }
    }
    let x = shape.exit;
    for (b, block) in f.blocks.iter_mut().enumerate() {
        let dominated = cfg.dominates(x, Bix(b as u32));
        for inst in &mut block.insts {
            if inst.op == Op::Phi {
                for pair in inst.srcs.chunks_exact_mut(2) {
                    if let (Operand::Reg(r), Operand::Label(p)) = (&pair[0], &pair[1])
                        && *r == v
                        && cfg.dominates(x, *p)
                    {
                        pair[0] = Operand::Reg(v2);
                    }
                }
            } else if dominated {
                for o in &mut inst.srcs {
                    if *o == Operand::Reg(v) {
                        *o = Operand::Reg(v2);
                    }
                }
            }
        }
    }
    let load = match via {
        Via::Slot(offset) => Inst::new(
            Op::Ld { space: Space::Local, bits, signed: false, volatile: false, offset: 0, nc: false },
            vec![Operand::Reg(v2)],
            vec![spill::slot_address(offset)],
        ),
        Via::Remat(def) => Inst { dsts: vec![Operand::Reg(v2)], ..def },
    };
    let insts = &mut f.blocks[x.idx()].insts;
    // After the phis and the reloads of earlier splits (in the order chosen).
    let start = after_phis(insts);
    let at = start + insts[start..].iter().take_while(|i| is_split_reload(i)).count();
    insts.insert(at, load);
    v2
}

/// An LDL from a frame slot or a rematerialized definition (what [`split_value`] puts after the
/// loop).
fn is_split_reload(i: &Inst) -> bool {
    spill::spill_access(i).is_some_and(|(store, _, _)| !store) || rematerializable(i)
}

/// Phase 19 on one function whose allocator limit is `r_limit` ([`Budget::r_limit`]): see the
/// module documentation.
pub fn split_live_ranges(f: &mut Function, r_limit: u32) -> SplitResult {
    let cfg = cfg::analyze(f);
    let mut result = SplitResult::default();
    let mut frame = Frame { cursor: f.local_frame };
    // Liveness is recomputed only after a loop's values were split (the function changed), so a
    // function whose loops all fit costs one liveness run, not one per loop.
    let mut live = Liveness::compute(f);
    for l in cfg.loops() {
        let peak = loop_peak(&live, l);
        let sp_live = f.stack_pointer.is_some_and(|sp| live.is_live_in(l.header, sp));
        let budget = r_limit.saturating_sub(1) + u32::from(sp_live);
        let mut report = LoopReport { header: l.header, peak_before: peak, budget, outcome: Outcome::Fits };
        if peak > budget {
            report.outcome = match shape(&cfg, l) {
                Err(why) => Outcome::Shape(why),
                Ok(shape) => {
                    let sites = sites(f);
                    let mut freed = 0;
                    let mut chosen = Vec::new();
                    for c in candidates(f, &cfg, &live, l, &shape, &sites) {
                        if peak - freed <= budget {
                            break;
                        }
                        freed += c.slots;
                        chosen.push(c);
                    }
                    if chosen.is_empty() {
                        Outcome::NoCandidate
                    } else {
                        for c in &chosen {
                            let v = c.v;
                            if let Some(def) = &c.remat {
                                split_value(f, &cfg, &shape, v, Via::Remat(def.clone()));
                                result.remat.push(v);
                                continue;
                            }
                            let bytes = f.reg_info(v).pair.bits() / 8;
                            let offset = frame.slot(bytes);
                            let v2 = split_value(f, &cfg, &shape, v, Via::Slot(offset));
                            let root = result.origins.get(&v).copied().unwrap_or(v);
                            result.origins.insert(v2, root);
                            result.slots.push((v, offset, bytes));
                        }
                        if !result.slots.is_empty() {
                            f.local_frame = frame.cursor.next_multiple_of(16);
                        }
                        live = Liveness::compute(f);
                        let values = chosen.iter().map(|c| c.v).collect();
                        Outcome::Split { values, peak_after: loop_peak(&live, l) }
                    }
                }
            };
        }
        result.loops.push(report);
    }
    result
}

/// The `--dump-split-ranges` lines of one function (see "Report").
pub fn report(f: &Function, result: &SplitResult, budget: &Budget) -> String {
    let names = Names::virtual_regs(f);
    let mut s = String::new();
    for l in &result.loops {
        let head = format!("OriSplitLiveRanges: @{} loop bix{}: peak R pressure {}", f.name, l.header.0, l.peak_before);
        let limit = format!("budget {} ({} registers, {})", l.budget, budget.registers, budget.source);
        let _ = match &l.outcome {
            Outcome::Fits => writeln!(s, "{head} <= {limit}"),
            Outcome::Shape(why) => writeln!(s, "{head} > {limit}: not split ({why})"),
            Outcome::NoCandidate => writeln!(s, "{head} > {limit}: no value live through the loop untouched"),
            Outcome::Split { values, peak_after } => {
                let list: Vec<String> = values
                    .iter()
                    .map(
                        |&v| if result.remat.contains(&v) { format!("{} (remat)", names.reg(v)) } else { names.reg(v) },
                    )
                    .collect();
                writeln!(s, "{head} > {limit}: split {} -> peak {peak_after}", list.join(", "))
            }
        };
    }
    s
}

/// The pipeline phase: the allocator's budget for `f`, the split, the `--dump-split-ranges`
/// report, and the split registers' origins for the allocation checker
/// (`FunctionResults::split_origins`).
pub fn split_live_ranges_phase(f: &mut Function, cx: &mut PhaseContext, results: &mut FunctionResults) -> Result<()> {
    let budget = Budget::for_kernel(cx.regalloc.max_reg_count, cx.regalloc.bounds.get(&f.name));
    let result = split_live_ranges(f, budget.r_limit());
    if cx.dump_split_ranges {
        cx.dumps.push_str(&report(f, &result, &budget));
    }
    if !result.origins.is_empty() {
        results.split_origins.extend(result.origins);
    }
    Ok(())
}

/// Runs the allocation checker on `alloc` with the split registers of this phase as carriers of
/// the registers they were split from: for the checker a reload from a split slot brings back the
/// *original* value (as for the allocator's own spill slots), so `v'` must count as `v`. The
/// allocator's spill temporaries of `v'` then stand for `v` too. `alloc.origin` itself is left
/// alone: it relates post-allocation registers to the pre-allocation code, where `v'` exists.
pub fn check_allocation(f: &Function, alloc: &Allocation, split: &BTreeMap<VReg, VReg>) -> Result<()> {
    let mut origin = alloc.origin.clone();
    for o in origin.values_mut() {
        if let Some(&root) = split.get(o) {
            *o = root;
        }
    }
    for (&v2, &root) in split {
        origin.entry(v2).or_insert(root);
    }
    let input = regalloc::checker::CheckInput { func: f, origin: &origin, r_limit: alloc.budget.r_limit() };
    if let Err(errors) = regalloc::checker::check(&input) {
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        bail!("register allocation checker failed:\n  {}", text.join("\n  "));
    }
    Ok(())
}

#[cfg(test)]
#[path = "split_ranges_tests.rs"]
mod tests;
