//! Global register liveness (seed 000, "Dataflow Algorithm" and "Per-Register-File Liveness"):
//! the analysis behind phases 10 `EarlyOriSimpleLiveDead`, 16/33/61/84 `OriPerformLiveDead`
//! (`live_dead.rs`) and, later, the allocator's interference and the scheduler's pressure estimates.
//!
//! # Register files
//!
//! Every register file is solved **independently** with its own GEN, KILL, LiveIn and LiveOut
//! sets, over a dense per-file numbering of the virtual registers ([`RegNumbering`]): R and UR
//! (the seed's two main bitvectors at Code Object +832 / +856), and the per-block predicate sets
//! P and UP. The seed keeps them as bitvectors; ori keeps them as sorted index vectors
//! ([`RegSet`]), because a block's sets hold a handful of registers while a huge kernel has
//! ~10^5 registers per file: bitvectors would make every liveness run `O(blocks × registers)`.
//! Barrier registers (file B, the seed's `reg_type = 9`) carry ordering only and are excluded
//! from GEN/KILL ("Barrier Register Exclusion from GEN/KILL"): they are never live, and
//! [`LiveSet::contains`] answers `true` for them so that no client ever treats a barrier
//! definition as dead.
//!
//! # GEN / KILL ("Formal Set Equations")
//!
//! One reverse scan per block. For each instruction, bottom to top: every *unguarded* register
//! destination `d` is added to `kill(B)` and removed from `gen(B)`; then every source (the guard
//! predicate included) is added to `gen(B)`. `gen(B)` is then the set of upward-exposed uses and
//! `kill(B)` the set of registers certainly written in `B`. A guarded (predicated) definition does
//! **not** kill: when its guard is false the old value survives, so a use below it still sees the
//! value live into the block. The formulation holds for non-SSA code (several definitions of one
//! register), which phases 61 and 84 see after `EliminateMovPhi`.
//!
//! # Phis
//!
//! A `MovPhi d, [v0, L0], [v1, L1], ...` uses `vi` at the *end of predecessor `Li`*, not at the
//! top of its own block: `vi` is put into the constant set `phi_uses(Li)`, which seeds
//! `LiveOut(Li)` (the seed's exit-block initialization of LiveOut, generalized). Its result `d` is
//! defined at the top of the block: `d` joins `kill(B)` and never `gen(B)`.
//!
//! # The solver ("Iterative Fixed-Point Solver")
//!
//! ```text
//! LiveOut(B) = phi_uses(B) ∪ ⋃ { LiveIn(S) | S ∈ succ(B) }
//! LiveIn(B)  = gen(B) ∪ (LiveOut(B) \ kill(B))
//! ```
//!
//! Stage 1 sets every LiveIn to ∅ and every LiveOut to `phi_uses(B)` (exit blocks have no
//! callee-saved or return registers: the back end has no call ABI). Stage 2 sweeps the blocks in
//! reverse RPO (unreachable blocks last, so that they get sets too), doing for each block the meet
//! with `orIfChanged` per successor and the transfer with the fused `orWithAndNotIfChanged`
//! (`LiveIn |= gen | (LiveOut & ~kill)`; both as sorted merges here), until a whole sweep
//! changes nothing. The number of sweeps, that final quiet sweep included, is kept per file
//! ([`FileLiveness::sweeps`]); for a reducible CFG it is at most the loop nesting depth + 2 (the
//! seed's "Convergence Argument").
//!
//! # Pressure
//!
//! The pressure at an instruction is the number of register *slots* of the file live after it
//! plus those of its destinations that are not (a dead definition still occupies a register when
//! written); a 64-bit pair counts 2 slots and a quad 4 (predicates count 1). The block peak is the
//! maximum over its instructions and its LiveOut / LiveIn sets; the function peak the maximum over
//! blocks.
//!
//! # Uninitialized registers
//!
//! A register live into the entry block has a path from the entry to a use without a
//! definition: it may be used uninitialized (seed 000 "Uninitialized Register Detector").
//! [`uninitialized_warnings`] words them `register %rN may be used uninitialized in function
//! @name`.
//!
//! # Layout
//!
//! `files` holds the per-register-file data structures (tracked files, [`RegNumbering`],
//! [`RegSet`], [`FileLiveness`]), `solver` the GEN/KILL construction and the fixed-point solver,
//! `live_set` the running [`LiveSet`] of backward walks; this file ties them together
//! ([`Liveness`]: computation, queries, pressure) and prints the report.

mod files;
mod live_set;
mod solver;

use crate::ori::ir::{Bix, Function, RegFile, VReg};
use crate::ori::opcode::Op;
use crate::ori::print::Names;
use std::fmt::Write;

/// The shared BitVector library (seed 000 "BitVector Implementation").
pub use crate::ori::analysis::bitvec::BitVec as BitVector;
pub use files::{FileLiveness, RegNumbering, RegSet, TRACKED_FILES, file_slot};
pub use live_set::LiveSet;
pub use solver::{block_gen_kill, phi_uses};
use solver::{phi_operands, solve, sweep_order, upward_exposed};

/// LiveIn / LiveOut of every block for every tracked register file.
#[derive(Clone, Debug)]
pub struct Liveness {
    pub numbering: RegNumbering,
    /// One entry per [`TRACKED_FILES`] element.
    pub files: Vec<FileLiveness>,
}

impl Liveness {
    /// Computes GEN/KILL, solves every tracked file and measures the pressure peaks.
    ///
    /// 1. One forward scan per block lists its upward-exposed uses ([`upward_exposed`]) and its
    ///    unguarded definitions; the phi operands are listed per predecessor. Sorted, these are
    ///    the GEN, KILL and `phi_uses` [`RegSet`]s.
    /// 2. [`solve`] runs the seed's fixed-point iteration on them.
    /// 3. The pressure walk goes through each block once with one reused [`LiveSet`].
    ///
    /// Nothing is sized by `blocks × registers`: the cost is `O(instructions + registers +
    /// sweeps × Σ |sets|)`.
    pub fn compute(f: &Function) -> Liveness {
        let num = RegNumbering::new(f);
        let (order, succs) = sweep_order(f);
        let nb = f.blocks.len();
        let blank = || -> [Vec<RegSet>; 4] { std::array::from_fn(|_| vec![RegSet::new(); nb]) };
        let (mut gens, mut kills, mut phis) = (blank(), blank(), blank());
        let add = |sets: &mut [Vec<RegSet>; 4], b: usize, r: VReg| {
            if let Some((s, i)) = num.lookup(r) {
                sets[s][b].push(i as u32);
            }
        };
        for (b, list) in upward_exposed(f).into_iter().enumerate() {
            for r in list {
                add(&mut gens, b, r);
            }
        }
        for (b, list) in phi_operands(f).into_iter().enumerate() {
            for r in list {
                add(&mut phis, b, r);
            }
        }
        for (b, block) in f.blocks.iter().enumerate() {
            for inst in block.insts.iter().filter(|i| i.guard.is_none() || matches!(i.op, Op::Phi)) {
                for d in inst.defs() {
                    add(&mut kills, b, d);
                }
            }
        }
        for set in gens.iter_mut().chain(&mut kills).chain(&mut phis).flatten() {
            set.sort_unstable();
            set.dedup();
        }
        let files = TRACKED_FILES
            .iter()
            .zip(gens.into_iter().zip(kills).zip(phis))
            .map(|(&file, ((gen_, kill), phi_uses))| solve(file, gen_, kill, phi_uses, &order, &succs))
            .collect();
        let mut live = Liveness { numbering: num, files };
        live.measure_pressure(f);
        live
    }

    /// The liveness of `file`; `None` for barrier registers.
    pub fn file(&self, file: RegFile) -> Option<&FileLiveness> {
        file_slot(file).map(|s| &self.files[s])
    }

    /// The largest sweep count over the files.
    pub fn sweeps(&self) -> u32 {
        self.files.iter().map(|f| f.sweeps).max().unwrap_or(0)
    }

    /// Whether `r` is live into block `b` (never for barrier registers).
    pub fn is_live_in(&self, b: Bix, r: VReg) -> bool {
        self.test(r, |fl| &fl.live_in[b.idx()])
    }

    /// Whether `r` is live out of block `b` (never for barrier registers).
    pub fn is_live_out(&self, b: Bix, r: VReg) -> bool {
        self.test(r, |fl| &fl.live_out[b.idx()])
    }

    fn test(&self, r: VReg, set: impl Fn(&FileLiveness) -> &RegSet) -> bool {
        self.numbering.lookup(r).is_some_and(|(s, i)| set(&self.files[s]).binary_search(&(i as u32)).is_ok())
    }

    /// The registers of `file` live into `b`, in VReg order.
    pub fn live_in(&self, b: Bix, file: RegFile) -> Vec<VReg> {
        self.regs_of(file, |fl| &fl.live_in[b.idx()])
    }

    /// The registers of `file` live out of `b`, in VReg order.
    pub fn live_out(&self, b: Bix, file: RegFile) -> Vec<VReg> {
        self.regs_of(file, |fl| &fl.live_out[b.idx()])
    }

    fn regs_of(&self, file: RegFile, set: impl Fn(&FileLiveness) -> &RegSet) -> Vec<VReg> {
        let Some(s) = file_slot(file) else { return Vec::new() };
        set(&self.files[s]).iter().map(|&i| self.numbering.vreg(s, i as usize)).collect()
    }

    /// Peak live register slots of `file` over the function (0 for B).
    pub fn peak(&self, file: RegFile) -> u32 {
        self.file(file).map_or(0, |f| f.peak)
    }

    /// Peak live register slots of `file` in block `b` (0 for B).
    pub fn block_peak(&self, b: Bix, file: RegFile) -> u32 {
        self.file(file).map_or(0, |f| f.block_peak[b.idx()])
    }

    /// Registers live into the entry block (every file), in VReg order: possibly used
    /// uninitialized.
    pub fn uninitialized(&self) -> Vec<VReg> {
        let mut out: Vec<VReg> = Vec::new();
        if self.files.first().is_some_and(|f| !f.live_in.is_empty()) {
            for &file in &TRACKED_FILES {
                out.extend(self.live_in(Bix(0), file));
            }
        }
        out.sort();
        out
    }

    /// Fills the per-block and per-function peaks by a backward walk of every block.
    fn measure_pressure(&mut self, f: &Function) {
        let mut peaks: Vec<[u32; 4]> = Vec::with_capacity(f.blocks.len());
        let mut set = LiveSet::empty(&self.numbering);
        for (b, block) in f.blocks.iter().enumerate() {
            set.load_live_out(self, Bix(b as u32));
            let mut peak = set.weights;
            for inst in block.insts.iter().rev() {
                let mut at = set.weights;
                for d in inst.defs() {
                    if let Some((s, i)) = self.numbering.lookup(d)
                        && !set.test(s, i)
                    {
                        at[s] += self.numbering.slots(s, i);
                    }
                }
                set.step(inst);
                for s in 0..4 {
                    peak[s] = peak[s].max(at[s]).max(set.weights[s]);
                }
            }
            peaks.push(peak);
        }
        drop(set);
        for (s, fl) in self.files.iter_mut().enumerate() {
            fl.block_peak = peaks.iter().map(|p| p[s]).collect();
            fl.peak = fl.block_peak.iter().copied().max().unwrap_or(0);
        }
    }
}

/// One warning per register live into the entry block:
/// `register %rN may be used uninitialized in function @name`.
pub fn uninitialized_warnings(f: &Function, live: &Liveness) -> Vec<String> {
    let names = Names::virtual_regs(f);
    live.uninitialized()
        .into_iter()
        .map(|r| format!("register {} may be used uninitialized in function @{}", names.reg(r), f.name))
        .collect()
}

/// The liveness of `f` as text (what a `--dump-liveness` flag prints):
///
/// ```text
/// .liveness @saxpy sweeps: 2 (R 2, UR 1, P 2, UP 1)
/// bix0 LiveIn(R): {} LiveOut(R): {%r3, %rd5} peak(R): 6
/// bix0 LiveIn(P): {} LiveOut(P): {%p4} peak(P): 1
/// bix1 LiveIn(R): {%r3, %rd5} LiveOut(R): {} peak(R): 6
/// ...
/// peak @saxpy: R 6, UR 0, P 1, UP 0
/// warning: register %r7 may be used uninitialized in function @saxpy
/// ```
///
/// The `sweeps` line gives the largest per-file sweep count and then each file's. Every block has
/// an `R` line; `UR`, `P` and `UP` lines appear only when the function has registers of that file.
/// Register sets are in VReg order with the printer's names; peaks are register slots (a pair
/// counts 2). The warnings close the report, one per register live into the entry block.
pub fn report(f: &Function, live: &Liveness) -> String {
    let names = Names::virtual_regs(f);
    let mut s = String::new();
    let per_file: Vec<String> = live.files.iter().map(|fl| format!("{} {}", fl.file.prefix(), fl.sweeps)).collect();
    let _ = writeln!(s, ".liveness @{} sweeps: {} ({})", f.name, live.sweeps(), per_file.join(", "));
    let set = |regs: Vec<VReg>| regs.iter().map(|&r| names.reg(r)).collect::<Vec<_>>().join(", ");
    for b in 0..f.blocks.len() {
        let bix = Bix(b as u32);
        for (slot, fl) in live.files.iter().enumerate() {
            if slot != 0 && live.numbering.len(slot) == 0 {
                continue;
            }
            let p = fl.file.prefix();
            let _ = writeln!(
                s,
                "bix{b} LiveIn({p}): {{{}}} LiveOut({p}): {{{}}} peak({p}): {}",
                set(live.live_in(bix, fl.file)),
                set(live.live_out(bix, fl.file)),
                fl.block_peak[b]
            );
        }
    }
    let peaks: Vec<String> = live.files.iter().map(|fl| format!("{} {}", fl.file.prefix(), fl.peak)).collect();
    let _ = writeln!(s, "peak @{}: {}", f.name, peaks.join(", "));
    for w in uninitialized_warnings(f, live) {
        let _ = writeln!(s, "warning: {w}");
    }
    s
}

#[cfg(test)]
pub(crate) mod build;

#[cfg(test)]
#[path = "liveness_tests.rs"]
pub(crate) mod tests;
