//! Global register liveness (seed 000, "Dataflow Algorithm" and "Per-Register-File Liveness"):
//! the analysis behind phases 10 `EarlyOriSimpleLiveDead`, 16/33/61/84 `OriPerformLiveDead`
//! (`dce.rs`) and, later, the allocator's interference and the scheduler's pressure estimates.
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

use crate::ori::cfg;
use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::Op;
use crate::ori::print::Names;
use std::fmt::Write;

/// The shared BitVector library (seed 000 "BitVector Implementation").
pub use crate::ori::bitvec::BitVec as BitVector;

/// The register files with liveness sets, in the order of [`Liveness::files`] and of the report.
pub const TRACKED_FILES: [RegFile; 4] = [RegFile::R, RegFile::UR, RegFile::P, RegFile::UP];

/// The slot of a register file in [`TRACKED_FILES`]; `None` for barrier registers.
pub fn file_slot(file: RegFile) -> Option<usize> {
    match file {
        RegFile::R => Some(0),
        RegFile::UR => Some(1),
        RegFile::P => Some(2),
        RegFile::UP => Some(3),
        RegFile::B => None,
    }
}

/// A dense numbering of the virtual registers of each tracked file: the bit index of a register
/// in its file's bitvectors.
#[derive(Clone, Debug, Default)]
pub struct RegNumbering {
    /// VReg index → (file slot, dense index within the file); `None` for B.
    dense: Vec<Option<(u8, u32)>>,
    /// Per tracked file: dense index → VReg.
    regs: [Vec<VReg>; 4],
    /// Per tracked file: dense index → register slots (pair = 2, quad = 4, predicates 1).
    slots: [Vec<u32>; 4],
}

impl RegNumbering {
    /// Numbers the registers of `f` in VReg order within each file.
    pub fn new(f: &Function) -> Self {
        let mut n = RegNumbering { dense: Vec::with_capacity(f.regs.len()), ..Default::default() };
        for (i, info) in f.regs.iter().enumerate() {
            let Some(slot) = file_slot(info.file) else {
                n.dense.push(None);
                continue;
            };
            n.dense.push(Some((slot as u8, n.regs[slot].len() as u32)));
            n.regs[slot].push(VReg(i as u32));
            let width = match info.file {
                RegFile::R | RegFile::UR => info.pair.slots(),
                RegFile::P | RegFile::UP | RegFile::B => 1,
            };
            n.slots[slot].push(width);
        }
        n
    }

    /// `(file slot, dense index)` of `r`; `None` for barrier registers.
    pub fn lookup(&self, r: VReg) -> Option<(usize, usize)> {
        let (s, i) = (*self.dense.get(r.idx())?)?;
        Some((s as usize, i as usize))
    }

    /// Number of registers of the tracked file in slot `file`.
    pub fn len(&self, file: usize) -> usize {
        self.regs[file].len()
    }

    /// Whether no register is tracked at all.
    pub fn is_empty(&self) -> bool {
        self.regs.iter().all(Vec::is_empty)
    }

    /// The register with dense index `i` in file slot `file`.
    pub fn vreg(&self, file: usize, i: usize) -> VReg {
        self.regs[file][i]
    }

    /// Register slots occupied by dense register `i` of file slot `file`.
    pub fn slots(&self, file: usize, i: usize) -> u32 {
        self.slots[file][i]
    }
}

/// A set of registers of one file: their dense indices ([`RegNumbering`]), ascending, each once.
///
/// The block-level sets of the solver are kept in this sparse form rather than as bitvectors
/// over every register of the file: a block's sets hold the few registers live across its
/// boundaries, while the file may have hundreds of thousands of registers (most of them
/// block-local), so a dense vector per block would make every computation
/// `O(blocks × registers)`. Sorted vectors make the solver's meet and transfer linear merges
/// in the sizes of the sets, and iteration yields VReg order.
pub type RegSet = Vec<u32>;

/// The liveness of one register file.
#[derive(Clone, Debug)]
pub struct FileLiveness {
    pub file: RegFile,
    /// Upward-exposed uses per block.
    pub gen_: Vec<RegSet>,
    /// Registers certainly (unguardedly) defined per block, phi results included.
    pub kill: Vec<RegSet>,
    /// Registers used by the phis of successors, at the end of each block.
    pub phi_uses: Vec<RegSet>,
    pub live_in: Vec<RegSet>,
    pub live_out: Vec<RegSet>,
    /// Passes over the blocks until one changed nothing (that one included).
    pub sweeps: u32,
    /// Peak live register slots per block.
    pub block_peak: Vec<u32>,
    /// Peak live register slots of the function.
    pub peak: u32,
}

/// LiveIn / LiveOut of every block for every tracked register file.
#[derive(Clone, Debug)]
pub struct Liveness {
    pub numbering: RegNumbering,
    /// One entry per [`TRACKED_FILES`] element.
    pub files: Vec<FileLiveness>,
}

/// The per-file GEN and KILL sets of one block ("GEN / KILL" in the module documentation), over
/// the dense numbering of every register: the straightforward form, kept as the reference the
/// tests compare [`Liveness::compute`] and the local DCE variant against.
pub fn block_gen_kill(num: &RegNumbering, insts: &[Inst]) -> ([BitVector; 4], [BitVector; 4]) {
    let mut gen_ = empty_sets(num);
    let mut kill = empty_sets(num);
    for inst in insts.iter().rev() {
        let is_phi = matches!(inst.op, Op::Phi);
        if inst.guard.is_none() || is_phi {
            for d in inst.defs() {
                if let Some((s, i)) = num.lookup(d) {
                    kill[s].set(i);
                    gen_[s].clear(i);
                }
            }
        }
        if is_phi {
            // Phi operands are used at the end of the predecessors (see `phi_uses`).
            continue;
        }
        for u in inst.uses() {
            if let Some((s, i)) = num.lookup(u) {
                gen_[s].set(i);
            }
        }
    }
    (gen_, kill)
}

/// Per block and file: the registers that phis of successors read at the end of the block, over
/// the dense numbering of every register (the reference form, as [`block_gen_kill`]).
pub fn phi_uses(f: &Function, num: &RegNumbering) -> Vec<[BitVector; 4]> {
    let mut out: Vec<[BitVector; 4]> = (0..f.blocks.len()).map(|_| empty_sets(num)).collect();
    for (p, list) in phi_operands(f).iter().enumerate() {
        for &v in list {
            if let Some((s, i)) = num.lookup(v) {
                out[p][s].set(i);
            }
        }
    }
    out
}

/// Per block: the phi operands read at its end (phis of its successors), in program order.
fn phi_operands(f: &Function) -> Vec<Vec<VReg>> {
    let mut out: Vec<Vec<VReg>> = vec![Vec::new(); f.blocks.len()];
    for block in &f.blocks {
        for inst in block.insts.iter().filter(|i| matches!(i.op, Op::Phi)) {
            for pair in inst.srcs.chunks_exact(2) {
                let (Some(v), Operand::Label(p)) = (pair[0].reg(), &pair[1]) else { continue };
                if let Some(list) = out.get_mut(p.idx()) {
                    list.push(v);
                }
            }
        }
    }
    out
}

/// Per block: its upward-exposed uses (every file), each once, by one forward scan per block. A
/// use is upward-exposed when no unguarded definition (or phi) earlier in the block writes the
/// register; a use and a definition in the same instruction read the old value. This is the
/// `gen` of [`block_gen_kill`], computed with per-register block stamps instead of per-block
/// sets, so the whole function costs one pass and no `blocks × registers` term.
fn upward_exposed(f: &Function) -> Vec<Vec<VReg>> {
    let mut defined = vec![0u32; f.regs.len()];
    let mut listed = vec![0u32; f.regs.len()];
    let mut out = Vec::with_capacity(f.blocks.len());
    for (b, block) in f.blocks.iter().enumerate() {
        let stamp = b as u32 + 1;
        let mut list = Vec::new();
        for inst in &block.insts {
            let is_phi = matches!(inst.op, Op::Phi);
            if !is_phi {
                for u in inst.uses() {
                    if defined[u.idx()] != stamp && listed[u.idx()] != stamp {
                        listed[u.idx()] = stamp;
                        list.push(u);
                    }
                }
            }
            if inst.guard.is_none() || is_phi {
                for d in inst.defs() {
                    defined[d.idx()] = stamp;
                }
            }
        }
        out.push(list);
    }
    out
}

fn empty_sets(num: &RegNumbering) -> [BitVector; 4] {
    std::array::from_fn(|s| BitVector::new(num.len(s)))
}

/// The order the solver sweeps (reverse RPO, i.e. exits first, then the unreachable blocks) and
/// the successor lists.
fn sweep_order(f: &Function) -> (Vec<Bix>, Vec<Vec<Bix>>) {
    let (succs, rpo, rpo_num) = cfg::successors_and_rpo(f);
    let mut order: Vec<Bix> = rpo.iter().rev().copied().collect();
    order.extend((0..f.blocks.len() as u32).rev().map(Bix).filter(|&b| rpo_num[b.idx()].is_none()));
    (order, succs)
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

/// Stage 1 and stage 2 of the seed's solver for one register file, on [`RegSet`]s: the meet
/// `LiveOut(B) ∪= LiveIn(S)` and the transfer `LiveIn(B) ∪= gen(B) ∪ (LiveOut(B) \ kill(B))`
/// are sorted merges ([`union_into`], [`transfer_into`]) that report whether the destination
/// grew, exactly as the seed's `orIfChanged` / `orWithAndNotIfChanged` do on bitvectors; the
/// sets, the sweep order and hence the sweep count are those of the bitvector formulation.
fn solve(
    file: RegFile,
    gen_: Vec<RegSet>,
    kill: Vec<RegSet>,
    phi_uses: Vec<RegSet>,
    order: &[Bix],
    succs: &[Vec<Bix>],
) -> FileLiveness {
    let n = gen_.len();
    let mut live_in: Vec<RegSet> = vec![RegSet::new(); n];
    let mut live_out: Vec<RegSet> = phi_uses.clone();
    let (mut merged, mut flow) = (RegSet::new(), RegSet::new());
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut changed = false;
        for &b in order {
            let b = b.idx();
            for s in &succs[b] {
                changed |= union_into(&mut live_out[b], &live_in[s.idx()], &mut merged);
            }
            changed |= transfer_into(&mut live_in[b], &gen_[b], &live_out[b], &kill[b], &mut flow, &mut merged);
        }
        if !changed {
            break;
        }
    }
    FileLiveness { file, gen_, kill, phi_uses, live_in, live_out, sweeps, block_peak: vec![0; n], peak: 0 }
}

/// `dst ∪= src` on sorted sets; returns whether `dst` grew. A read-only scan first looks for an
/// element of `src` missing from `dst` (the common "nothing changes" case writes nothing);
/// otherwise the two are merged through `tmp`, which is swapped in.
fn union_into(dst: &mut RegSet, src: &[u32], tmp: &mut RegSet) -> bool {
    let (mut i, mut j) = (0, 0);
    while j < src.len() {
        match dst.get(i) {
            Some(&d) if d < src[j] => i += 1,
            Some(&d) if d == src[j] => {
                i += 1;
                j += 1;
            }
            Some(_) | None => break,
        }
    }
    if j == src.len() {
        return false;
    }
    tmp.clear();
    tmp.extend_from_slice(&dst[..i]);
    let (a, b) = (&dst[i..], &src[j..]);
    let (mut x, mut y) = (0, 0);
    while x < a.len() && y < b.len() {
        match a[x].cmp(&b[y]) {
            std::cmp::Ordering::Less => {
                tmp.push(a[x]);
                x += 1;
            }
            std::cmp::Ordering::Greater => {
                tmp.push(b[y]);
                y += 1;
            }
            std::cmp::Ordering::Equal => {
                tmp.push(a[x]);
                x += 1;
                y += 1;
            }
        }
    }
    tmp.extend_from_slice(&a[x..]);
    tmp.extend_from_slice(&b[y..]);
    std::mem::swap(dst, tmp);
    true
}

/// The fused transfer `live_in ∪= gen ∪ (live_out \ kill)` on sorted sets; returns whether
/// `live_in` grew. `flow` receives `live_out \ kill` and then its union with `gen`.
fn transfer_into(
    live_in: &mut RegSet,
    gen_: &[u32],
    live_out: &[u32],
    kill: &[u32],
    flow: &mut RegSet,
    tmp: &mut RegSet,
) -> bool {
    flow.clear();
    let mut k = 0;
    for &r in live_out {
        while k < kill.len() && kill[k] < r {
            k += 1;
        }
        if kill.get(k) != Some(&r) {
            flow.push(r);
        }
    }
    union_into(flow, gen_, tmp);
    union_into(live_in, flow, tmp)
}

/// A running live set over every tracked file, for backward walks through a block (pressure,
/// dead-code elimination, interference). It keeps the live register slots per file up to date.
///
/// Each file is a sparse set (Briggs and Torczon): `members` lists the live dense indices in no
/// particular order and `pos[i]` is the position of `i` in `members`, meaningful only when it
/// points back at `i`. Membership, insertion and removal are O(1), iterating costs the number of
/// members, and [`LiveSet::clear`] is O(1) because stale `pos` entries need no reset. So one set
/// allocated per function and reloaded per block ([`LiveSet::load_live_out`]) walks a block in
/// O(block size + |LiveOut|), independent of the number of registers.
#[derive(Clone, Debug)]
pub struct LiveSet<'a> {
    num: &'a RegNumbering,
    /// Per file: the live dense indices, unordered.
    members: [Vec<u32>; 4],
    /// Per file: dense index → position in `members` (see the type documentation).
    pos: [Vec<u32>; 4],
    /// Live register slots per file.
    pub weights: [u32; 4],
}

impl<'a> LiveSet<'a> {
    /// An empty set.
    pub fn empty(num: &'a RegNumbering) -> Self {
        LiveSet { num, members: Default::default(), pos: std::array::from_fn(|s| vec![0; num.len(s)]), weights: [0; 4] }
    }

    /// The set from per-file bitvectors over the dense numbering of `num`.
    pub fn from_sets(num: &'a RegNumbering, sets: [BitVector; 4]) -> Self {
        let mut set = Self::empty(num);
        for (s, bits) in sets.iter().enumerate() {
            for i in bits.iter() {
                set.insert_dense(s, i);
            }
        }
        set
    }

    /// `LiveOut(b)` of every file (allocates; a walk over many blocks should reuse one set
    /// with [`LiveSet::load_live_out`]).
    pub fn live_out(live: &'a Liveness, b: Bix) -> Self {
        let mut set = Self::empty(&live.numbering);
        set.load_live_out(live, b);
        set
    }

    /// Makes the set `LiveOut(b)` of every file. `live` must have been computed with the
    /// numbering this set was made for.
    pub fn load_live_out(&mut self, live: &Liveness, b: Bix) {
        self.clear();
        for (s, fl) in live.files.iter().enumerate() {
            for &i in &fl.live_out[b.idx()] {
                self.insert_dense(s, i as usize);
            }
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        for m in &mut self.members {
            m.clear();
        }
        self.weights = [0; 4];
    }

    /// Whether dense register `i` of file slot `s` is live.
    #[inline]
    pub fn test(&self, s: usize, i: usize) -> bool {
        self.members[s].get(self.pos[s][i] as usize) == Some(&(i as u32))
    }

    /// The live dense registers of file slot `s`, in no particular order.
    pub fn members(&self, s: usize) -> &[u32] {
        &self.members[s]
    }

    fn insert_dense(&mut self, s: usize, i: usize) {
        if !self.test(s, i) {
            self.pos[s][i] = self.members[s].len() as u32;
            self.members[s].push(i as u32);
            self.weights[s] += self.num.slots(s, i);
        }
    }

    fn remove_dense(&mut self, s: usize, i: usize) {
        if self.test(s, i) {
            let p = self.pos[s][i] as usize;
            self.members[s].swap_remove(p);
            if let Some(&moved) = self.members[s].get(p) {
                self.pos[s][moved as usize] = p as u32;
            }
            self.weights[s] -= self.num.slots(s, i);
        }
    }

    /// Whether `r` is live. Barrier registers are always reported live: they are outside the
    /// liveness lattice, so nothing may conclude that a barrier definition is dead.
    pub fn contains(&self, r: VReg) -> bool {
        match self.num.lookup(r) {
            Some((s, i)) => self.test(s, i),
            None => true,
        }
    }

    /// Makes `r` live (no effect on barrier registers).
    pub fn insert(&mut self, r: VReg) {
        if let Some((s, i)) = self.num.lookup(r) {
            self.insert_dense(s, i);
        }
    }

    /// Makes `r` dead (no effect on barrier registers).
    pub fn remove(&mut self, r: VReg) {
        if let Some((s, i)) = self.num.lookup(r) {
            self.remove_dense(s, i);
        }
    }

    /// The backward transfer over one instruction: its unguarded definitions die, then its
    /// sources (guard included) become live. A phi's definition dies and its operands are not
    /// made live here: they are live out of the predecessors.
    pub fn step(&mut self, inst: &Inst) {
        let is_phi = matches!(inst.op, Op::Phi);
        if inst.guard.is_none() || is_phi {
            for d in inst.defs() {
                self.remove(d);
            }
        }
        if !is_phi {
            for u in inst.uses() {
                self.insert(u);
            }
        }
    }
}

/// One warning per register live into the entry block:
/// `register %rN may be used uninitialized in function @name`.
pub fn uninitialized_warnings(f: &Function, live: &Liveness) -> Vec<String> {
    let names = Names { func: f, phys: None };
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
    let names = Names { func: f, phys: None };
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

/// Small builders for hand-written test functions (shared with `dce.rs`'s tests).
#[cfg(test)]
pub(crate) mod build {
    use crate::ori::ir::{Bix, Block, Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
    use crate::ori::opcode::{AtomOp, NumTy, Op, Space};

    pub fn func(nblocks: usize) -> Function {
        Function {
            name: "k".into(),
            is_kernel: true,
            blocks: (0..nblocks)
                .map(|b| Block { label: b as u32, name: format!("b{b}"), ..Default::default() })
                .collect(),
            ..Default::default()
        }
    }
    pub fn r(f: &mut Function) -> VReg {
        f.new_reg(RegFile::R, PairMode::Single)
    }
    pub fn reg(f: &mut Function, file: RegFile, pair: PairMode) -> VReg {
        f.new_reg(file, pair)
    }
    fn o(r: VReg) -> Operand {
        Operand::Reg(r)
    }
    /// `d = IADD3 a, b, RZ`.
    pub fn add(d: VReg, a: VReg, b: VReg) -> Inst {
        Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![o(d)], vec![o(a), o(b), Operand::Zero])
    }
    /// `d = MOV imm`.
    pub fn movi(d: VReg, v: u64) -> Inst {
        Inst::new(Op::Mov { w64: false }, vec![o(d)], vec![Operand::Imm(v)])
    }
    /// `d = MOV a`.
    pub fn mov(d: VReg, a: VReg) -> Inst {
        Inst::new(Op::Mov { w64: false }, vec![o(d)], vec![o(a)])
    }
    /// `p = ISETP.EQ a, b`.
    pub fn setp(p: VReg, a: VReg, b: VReg) -> Inst {
        use crate::ori::opcode::{BoolOp, Cmp};
        Inst::new(
            Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And },
            vec![o(p)],
            vec![o(a), o(b), Operand::True],
        )
    }
    /// `STG [addr], v`.
    pub fn store(addr: VReg, v: VReg) -> Inst {
        Inst::new(Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 }, vec![], vec![o(addr), o(v)])
    }
    /// `d = LDG [addr]`.
    pub fn load(d: VReg, addr: VReg, volatile: bool) -> Inst {
        Inst::new(
            Op::Ld { space: Space::Global, bits: 32, signed: false, volatile, offset: 0, nc: false },
            vec![o(d)],
            vec![o(addr)],
        )
    }
    /// `d = ATOMG.ADD [addr], v`.
    pub fn atom(d: VReg, addr: VReg, v: VReg) -> Inst {
        Inst::new(Op::Atom { space: Space::Global, op: AtomOp::Add, ty: NumTy::U32 }, vec![o(d)], vec![o(addr), o(v)])
    }
    pub fn bar() -> Inst {
        Inst::new(Op::Bar, vec![], vec![])
    }
    pub fn bra(t: u32) -> Inst {
        Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(t))])
    }
    pub fn exit() -> Inst {
        Inst::new(Op::Exit, vec![], vec![])
    }
    /// `inst` under `@p`.
    pub fn guarded(p: VReg, inst: Inst) -> Inst {
        Inst { guard: Some(Guard { pred: p, negated: false }), ..inst }
    }
    /// `d = MovPhi [v0, L0], ...`.
    pub fn phi(d: VReg, pairs: &[(VReg, u32)]) -> Inst {
        let srcs = pairs.iter().flat_map(|&(v, l)| [o(v), Operand::Label(Bix(l))]).collect();
        Inst::new(Op::Phi, vec![o(d)], srcs)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::build::*;
    use super::*;
    use crate::ori::ir::{Operand, PairMode};
    use crate::ori::opcode::Space;
    use proptest::prelude::*;

    fn set(v: &[VReg]) -> Vec<VReg> {
        let mut v = v.to_vec();
        v.sort();
        v
    }

    #[test]
    fn straight_line() {
        // b0: a = 1; c = 2          b1: d = a + c        b2: STG [c], d; EXIT
        let mut f = func(3);
        let (a, c, d) = (r(&mut f), r(&mut f), r(&mut f));
        f.blocks[0].insts = vec![movi(a, 1), movi(c, 2)];
        f.blocks[1].insts = vec![add(d, a, c)];
        f.blocks[2].insts = vec![store(c, d), exit()];
        let live = Liveness::compute(&f);
        assert_eq!(live.live_in(Bix(0), RegFile::R), vec![]);
        assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, c]));
        assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[a, c]));
        assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[c, d]));
        assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[c, d]));
        assert_eq!(live.live_out(Bix(2), RegFile::R), vec![]);
        assert_eq!(live.file(RegFile::R).unwrap().sweeps, 2, "acyclic: one sweep + the quiet one");
        assert!(live.uninitialized().is_empty());
        assert_eq!(live.peak(RegFile::R), 2, "a and c die where d is born");
    }

    #[test]
    fn diamond() {
        // b0: a, b, p; @p BRA b2   b1: STG a; BRA b3   b2: STG b   b3: EXIT
        let mut f = func(4);
        let (a, b, x) = (r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(a, 1), movi(b, 2), movi(x, 0), setp(p, a, b), guarded(p, bra(2))];
        f.blocks[1].insts = vec![store(x, a), bra(3)];
        f.blocks[2].insts = vec![store(x, b)];
        f.blocks[3].insts = vec![exit()];
        let live = Liveness::compute(&f);
        assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, b, x]));
        assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[a, x]));
        assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[b, x]));
        assert_eq!(live.live_in(Bix(3), RegFile::R), vec![]);
        assert_eq!(live.live_out(Bix(0), RegFile::P), vec![], "the guard is used inside bix0");
        assert!(!live.is_live_out(Bix(0), p));
        assert!(live.sweeps() <= 2);
    }

    /// b0: i = 0; n; base      b1: i = i + 1 (non-SSA); p = i == n; @p BRA b1      b2: STG [base], i
    fn counted_loop() -> (Function, [VReg; 4]) {
        let mut f = func(3);
        let (i, n, base) = (r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(i, 0), movi(n, 10), movi(base, 0x100)];
        f.blocks[1].insts = vec![add(i, i, n), setp(p, i, n), guarded(p, bra(1))];
        f.blocks[2].insts = vec![store(base, i), exit()];
        (f, [i, n, base, p])
    }

    #[test]
    fn loop_value_live_around_the_backedge() {
        let (f, [i, n, base, _]) = counted_loop();
        let live = Liveness::compute(&f);
        assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[i, n, base]));
        assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[i, n, base]));
        assert_eq!(live.live_in(Bix(2), RegFile::R), set(&[i, base]));
        assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[i, n, base]));
        let sweeps = live.sweeps();
        assert!((2..=3).contains(&sweeps), "depth 1: at most 3 sweeps, got {sweeps}");
    }

    #[test]
    fn phi_uses_flow_to_the_predecessors() {
        // b0: z = 0; n        b1: i = phi [z, b0], [j, b1]; j = i + n; p; @p BRA b1     b2: STG [n], j
        let mut f = func(3);
        let (z, n, i, j) = (r(&mut f), r(&mut f), r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(z, 0), movi(n, 10)];
        f.blocks[1].insts = vec![phi(i, &[(z, 0), (j, 1)]), add(j, i, n), setp(p, j, n), guarded(p, bra(1))];
        f.blocks[2].insts = vec![store(n, j), exit()];
        let live = Liveness::compute(&f);
        // z is live out of b0 (its phi use) but not live into b1; i is defined at b1's top.
        assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[z, n]));
        assert_eq!(live.live_in(Bix(1), RegFile::R), set(&[n]));
        // j flows around the backedge into the phi and on to b2.
        assert_eq!(live.live_out(Bix(1), RegFile::R), set(&[n, j]));
        assert!(!live.is_live_in(Bix(1), i) && !live.is_live_out(Bix(1), i));
        assert!(live.uninitialized().is_empty());
    }

    #[test]
    fn predicated_definition_does_not_kill() {
        // b0: a = 1; p        b1: @p a = 2; STG [a], a
        let mut f = func(2);
        let a = r(&mut f);
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(a, 1), setp(p, a, a)];
        f.blocks[1].insts = vec![guarded(p, movi(a, 2)), store(a, a), exit()];
        let live = Liveness::compute(&f);
        assert_eq!(live.live_in(Bix(1), RegFile::R), vec![a], "the old a survives a false guard");
        assert_eq!(live.live_in(Bix(1), RegFile::P), vec![p]);
        // Unguarded, the same definition kills.
        f.blocks[1].insts[0].guard = None;
        let live = Liveness::compute(&f);
        assert_eq!(live.live_in(Bix(1), RegFile::R), vec![]);
    }

    #[test]
    fn files_are_separate_and_barriers_excluded() {
        let mut f = func(2);
        let a = r(&mut f);
        let u = reg(&mut f, RegFile::UR, PairMode::Single);
        let d = reg(&mut f, RegFile::R, PairMode::Pair);
        let q = reg(&mut f, RegFile::UP, PairMode::Single);
        let b = reg(&mut f, RegFile::B, PairMode::Single);
        f.blocks[0].insts = vec![
            movi(a, 1),
            movi(u, 2),
            Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(d)], vec![Operand::Imm(0)]),
            setp(q, u, u),
            Inst::new(Op::Mov { w64: false }, vec![Operand::Reg(b)], vec![Operand::Imm(0)]),
        ];
        f.blocks[1].insts = vec![guarded(q, store(d, a)), store(d, u), mov(a, b), exit()];
        let live = Liveness::compute(&f);
        assert_eq!(live.live_out(Bix(0), RegFile::R), set(&[a, d]));
        assert_eq!(live.live_out(Bix(0), RegFile::UR), vec![u]);
        assert_eq!(live.live_out(Bix(0), RegFile::UP), vec![q]);
        assert_eq!(live.live_out(Bix(0), RegFile::P), vec![]);
        assert_eq!(live.live_out(Bix(0), RegFile::B), vec![]);
        assert!(!live.is_live_out(Bix(0), b), "barrier registers are outside GEN/KILL");
        assert!(live.file(RegFile::B).is_none());
        // a (1 slot) + the pair d (2 slots).
        assert_eq!(live.block_peak(Bix(1), RegFile::R), 3);
        assert_eq!(live.peak(RegFile::UR), 1);
        assert_eq!(live.peak(RegFile::UP), 1);
    }

    #[test]
    fn peak_counts_dead_definitions_and_quads() {
        let mut f = func(1);
        let a = r(&mut f);
        let q = reg(&mut f, RegFile::R, PairMode::Quad);
        f.blocks[0].insts = vec![
            movi(a, 1),
            Inst::new(
                Op::Ld { space: Space::Global, bits: 128, signed: false, volatile: false, offset: 0, nc: false },
                vec![Operand::Reg(q)],
                vec![Operand::Reg(a)],
            ),
            store(a, a),
            exit(),
        ];
        let live = Liveness::compute(&f);
        assert_eq!(live.peak(RegFile::R), 5, "a live across the load that writes the (dead) quad");
    }

    #[test]
    fn uninitialized_register_is_reported() {
        // b0: x = 0            b1: STG [x], a; @p EXIT; STG [x], x; EXIT      (a and p never set)
        let mut f = func(2);
        let (a, x) = (r(&mut f), r(&mut f));
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        f.blocks[0].insts = vec![movi(x, 0)];
        f.blocks[1].insts = vec![store(x, a), guarded(p, exit()), store(x, x), exit()];
        let live = Liveness::compute(&f);
        assert_eq!(live.uninitialized(), set(&[a, p]));
        let w = uninitialized_warnings(&f, &live);
        assert_eq!(
            w,
            vec![
                "register %r0 may be used uninitialized in function @k".to_string(),
                "register %p2 may be used uninitialized in function @k".to_string()
            ]
        );
        let text = report(&f, &live);
        assert!(text.contains("warning: register %r0 may be used uninitialized in function @k\n"), "{text}");
    }

    #[test]
    fn report_format() {
        let (f, _) = counted_loop();
        let live = Liveness::compute(&f);
        let text = report(&f, &live);
        let expected = "\
.liveness @k sweeps: 3 (R 3, UR 1, P 1, UP 1)
bix0 LiveIn(R): {} LiveOut(R): {%r0, %r1, %r2} peak(R): 3
bix0 LiveIn(P): {} LiveOut(P): {} peak(P): 0
bix1 LiveIn(R): {%r0, %r1, %r2} LiveOut(R): {%r0, %r1, %r2} peak(R): 3
bix1 LiveIn(P): {} LiveOut(P): {} peak(P): 1
bix2 LiveIn(R): {%r0, %r2} LiveOut(R): {} peak(R): 2
bix2 LiveIn(P): {} LiveOut(P): {} peak(P): 0
peak @k: R 3, UR 0, P 1, UP 0
";
        assert_eq!(text, expected);
    }

    /// `depth` nested counted loops, each with a value live around its backedge.
    fn nested_loops(depth: usize) -> Function {
        // b0 preheader; headers b1..=depth; body b(depth+1); latches back out; exit last.
        // Layout: b0, h1, h2, ..., hD, body, l_D, ..., l_1, exit. Latch l_k branches to h_k.
        let n = 2 * depth + 3;
        let mut f = func(n);
        let base = r(&mut f);
        let p = reg(&mut f, RegFile::P, PairMode::Single);
        let ctr: Vec<VReg> = (0..depth).map(|_| r(&mut f)).collect();
        f.blocks[0].insts = vec![movi(base, 0), setp(p, base, base)];
        for (k, &c) in ctr.iter().enumerate() {
            f.blocks[1 + k].insts = vec![movi(c, 0)];
        }
        f.blocks[depth + 1].insts = ctr.iter().map(|&c| store(base, c)).collect();
        for k in (0..depth).rev() {
            let latch = depth + 2 + (depth - 1 - k);
            f.blocks[latch].insts = vec![add(ctr[k], ctr[k], base), guarded(p, bra(1 + k as u32))];
        }
        f.blocks[n - 1].insts = vec![store(base, base), exit()];
        f
    }

    #[test]
    fn sweeps_bounded_by_loop_depth_plus_two() {
        for depth in 1..=4 {
            let f = nested_loops(depth);
            let cfg = cfg::analyze(&f);
            let d = (0..f.blocks.len()).map(|b| cfg.loop_depth(Bix(b as u32))).max().unwrap();
            assert_eq!(d as usize, depth);
            let live = Liveness::compute(&f);
            assert!(live.sweeps() <= d + 2, "depth {d}: {} sweeps", live.sweeps());
        }
    }

    // ----------------------------------------------------------------------------------------
    // Property: the solver agrees with a naive path search on random CFGs.
    // ----------------------------------------------------------------------------------------

    #[derive(Clone, Debug)]
    pub(crate) enum Term {
        Fall,
        Exit,
        Bra(usize),
        CondBra(usize),
    }

    #[derive(Clone, Debug)]
    pub(crate) struct RandInst {
        dst: Option<usize>,
        srcs: Vec<usize>,
        guard: Option<usize>,
    }

    const NREGS: usize = 10;

    /// Registers 0..6 are R (5 a pair), 6 is UR, 7..8 are P, 9 is B.
    pub(crate) fn rand_func(blocks: &[(Vec<RandInst>, Term, bool)]) -> Function {
        let n = blocks.len();
        let mut f = func(n);
        for k in 0..NREGS {
            let (file, pair) = match k {
                0..=4 => (RegFile::R, PairMode::Single),
                5 => (RegFile::R, PairMode::Pair),
                6 => (RegFile::UR, PairMode::Single),
                7 | 8 => (RegFile::P, PairMode::Single),
                _ => (RegFile::B, PairMode::Single),
            };
            f.new_reg(file, pair);
        }
        let pred = |k: usize| VReg(7 + (k % 2) as u32);
        for (b, (insts, term, _)) in blocks.iter().enumerate() {
            for ri in insts {
                let mut inst = Inst::new(
                    Op::IAdd3 { neg_b: false, w64: false },
                    ri.dst.map(|d| Operand::Reg(VReg(d as u32))).into_iter().collect(),
                    ri.srcs.iter().map(|&s| Operand::Reg(VReg(s as u32))).collect(),
                );
                if ri.dst.is_none() {
                    inst.op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
                }
                inst.guard = ri.guard.map(|g| crate::ori::ir::Guard { pred: pred(g), negated: false });
                f.blocks[b].insts.push(inst);
            }
            let t = match term {
                Term::Fall | Term::CondBra(_) if b + 1 == n => &Term::Exit,
                t => t,
            };
            match t {
                Term::Fall => {}
                Term::Exit => f.blocks[b].insts.push(exit()),
                Term::Bra(x) => f.blocks[b].insts.push(bra((x % n) as u32)),
                Term::CondBra(x) => f.blocks[b].insts.push(guarded(pred(b), bra((x % n) as u32))),
            }
        }
        // Phis (a fresh R register each) on blocks asking for one, one operand per predecessor.
        let preds = f.predecessors();
        for (b, (_, _, want_phi)) in blocks.iter().enumerate() {
            if *want_phi && !preds[b].is_empty() {
                let d = f.new_reg(RegFile::R, PairMode::Single);
                let pairs: Vec<(VReg, u32)> =
                    preds[b].iter().map(|p| (VReg(((p.0 as usize + b) % 7) as u32), p.0)).collect();
                f.blocks[b].insts.insert(0, phi(d, &pairs));
                f.blocks[b].insts.insert(1, store(d, d));
            }
        }
        f
    }

    /// Whether `r` is live at the top of block `b`: some path from there reaches a use of `r`
    /// before any unguarded definition (a phi operand is a use at the end of its predecessor).
    fn naive_live_at_top(f: &Function, b: usize, r: VReg) -> bool {
        let mut seen = vec![false; f.blocks.len()];
        let mut work = vec![b];
        seen[b] = true;
        while let Some(b) = work.pop() {
            let mut killed = false;
            for inst in &f.blocks[b].insts {
                if matches!(inst.op, Op::Phi) {
                    if inst.defs().any(|d| d == r) {
                        killed = true;
                        break;
                    }
                    continue;
                }
                if inst.uses().any(|u| u == r) {
                    return true;
                }
                if inst.guard.is_none() && inst.defs().any(|d| d == r) {
                    killed = true;
                    break;
                }
            }
            if killed {
                continue;
            }
            if naive_phi_use(f, b, r) {
                return true;
            }
            for s in f.successors(Bix(b as u32)) {
                if !seen[s.idx()] {
                    seen[s.idx()] = true;
                    work.push(s.idx());
                }
            }
        }
        false
    }

    fn naive_phi_use(f: &Function, b: usize, r: VReg) -> bool {
        f.blocks
            .iter()
            .flat_map(|bl| &bl.insts)
            .filter(|i| matches!(i.op, Op::Phi))
            .any(|i| i.srcs.chunks_exact(2).any(|p| p[0] == Operand::Reg(r) && p[1] == Operand::Label(Bix(b as u32))))
    }

    fn naive_live_out(f: &Function, b: usize, r: VReg) -> bool {
        naive_phi_use(f, b, r) || f.successors(Bix(b as u32)).iter().any(|s| naive_live_at_top(f, s.idx(), r))
    }

    pub(crate) fn rand_inst() -> impl Strategy<Value = RandInst> {
        (
            prop::option::weighted(0.8, 0..NREGS),
            prop::collection::vec(0..NREGS, 0..3),
            prop::option::weighted(0.2, 0..2usize),
        )
            .prop_map(|(dst, srcs, guard)| RandInst { dst, srcs, guard })
    }

    pub(crate) fn rand_term() -> impl Strategy<Value = Term> {
        prop_oneof![
            2 => Just(Term::Fall),
            1 => Just(Term::Exit),
            2 => any::<usize>().prop_map(Term::Bra),
            3 => any::<usize>().prop_map(Term::CondBra),
        ]
    }

    proptest! {
        #[test]
        fn prop_solver_matches_path_search(
            blocks in prop::collection::vec((prop::collection::vec(rand_inst(), 0..5), rand_term(), prop::bool::weighted(0.3)), 1..8)
        ) {
            let f = rand_func(&blocks);
            let live = Liveness::compute(&f);
            for b in 0..f.blocks.len() {
                for k in 0..f.regs.len() {
                    let r = VReg(k as u32);
                    let tracked = f.reg_info(r).file != RegFile::B;
                    prop_assert_eq!(live.is_live_in(Bix(b as u32), r), tracked && naive_live_at_top(&f, b, r), "LiveIn bix{} %{}", b, k);
                    prop_assert_eq!(live.is_live_out(Bix(b as u32), r), tracked && naive_live_out(&f, b, r), "LiveOut bix{} %{}", b, k);
                }
            }
            // Sweeps: at most loop depth + 2 on reducible CFGs (unreachable blocks aside).
            let cfg = cfg::analyze(&f);
            if cfg.is_reducible() && (0..f.blocks.len()).all(|b| cfg.is_reachable(Bix(b as u32))) {
                let d = (0..f.blocks.len()).map(|b| cfg.loop_depth(Bix(b as u32))).max().unwrap_or(0);
                prop_assert!(live.sweeps() <= d + 2, "{} sweeps at depth {}", live.sweeps(), d);
            }
        }

    }

    /// The bitvector formulation the sparse solver replaced, as the differential reference:
    /// dense GEN/KILL/phi sets over every register ([`block_gen_kill`], [`phi_uses`]), the
    /// seed's `orIfChanged` / `orWithAndNotIfChanged` sweeps, and the pressure walk on dense
    /// sets. Returns per file: (LiveIn, LiveOut) per block, sweeps, block peaks.
    #[allow(clippy::type_complexity)]
    fn dense_reference(f: &Function) -> Vec<(Vec<BitVector>, Vec<BitVector>, u32, Vec<u32>)> {
        let num = RegNumbering::new(f);
        let (order, succs) = sweep_order(f);
        let gk: Vec<_> = f.blocks.iter().map(|b| block_gen_kill(&num, &b.insts)).collect();
        let phis = phi_uses(f, &num);
        (0..4)
            .map(|s| {
                let mut live_in: Vec<BitVector> = f.blocks.iter().map(|_| BitVector::new(num.len(s))).collect();
                let mut live_out: Vec<BitVector> = phis.iter().map(|p| p[s].clone()).collect();
                let mut sweeps = 0;
                loop {
                    sweeps += 1;
                    let mut changed = false;
                    for &b in &order {
                        let b = b.idx();
                        for x in &succs[b] {
                            changed |= live_out[b].or_if_changed(&live_in[x.idx()]);
                        }
                        changed |= live_in[b].or_with_and_not_if_changed(&gk[b].0[s], &live_out[b], &gk[b].1[s]);
                    }
                    if !changed {
                        break;
                    }
                }
                let slots = |set: &BitVector| -> u32 { set.iter().map(|i| num.slots(s, i)).sum() };
                let peaks = f
                    .blocks
                    .iter()
                    .enumerate()
                    .map(|(b, block)| {
                        let mut set = live_out[b].clone();
                        let mut peak = slots(&set);
                        for inst in block.insts.iter().rev() {
                            let mut at = slots(&set);
                            for (_, i) in inst.defs().filter_map(|d| num.lookup(d)).filter(|&(fs, _)| fs == s) {
                                if !set.test(i) {
                                    at += num.slots(s, i);
                                }
                            }
                            let is_phi = matches!(inst.op, Op::Phi);
                            if inst.guard.is_none() || is_phi {
                                for (_, i) in inst.defs().filter_map(|d| num.lookup(d)).filter(|&(fs, _)| fs == s) {
                                    set.clear(i);
                                }
                            }
                            if !is_phi {
                                for (_, i) in inst.uses().filter_map(|u| num.lookup(u)).filter(|&(fs, _)| fs == s) {
                                    set.set(i);
                                }
                            }
                            peak = peak.max(at).max(slots(&set));
                        }
                        peak
                    })
                    .collect();
                (live_in, live_out, sweeps, peaks)
            })
            .collect()
    }

    proptest! {
        #[test]
        fn prop_sparse_solver_matches_dense_bitvectors(
            blocks in prop::collection::vec((prop::collection::vec(rand_inst(), 0..6), rand_term(), prop::bool::weighted(0.3)), 1..10)
        ) {
            let f = rand_func(&blocks);
            let live = Liveness::compute(&f);
            for (s, (din, dout, sweeps, peaks)) in dense_reference(&f).into_iter().enumerate() {
                let fl = &live.files[s];
                prop_assert_eq!(fl.sweeps, sweeps, "sweeps of file {}", s);
                prop_assert_eq!(&fl.block_peak, &peaks, "peaks of file {}", s);
                for b in 0..f.blocks.len() {
                    let as_vec = |set: &BitVector| set.iter().map(|i| i as u32).collect::<RegSet>();
                    prop_assert_eq!(&fl.live_in[b], &as_vec(&din[b]), "LiveIn bix{} file {}", b, s);
                    prop_assert_eq!(&fl.live_out[b], &as_vec(&dout[b]), "LiveOut bix{} file {}", b, s);
                }
            }
        }

        #[test]
        fn prop_sorted_merges_match_sets(
            a in prop::collection::btree_set(0u32..64, 0..20),
            b in prop::collection::btree_set(0u32..64, 0..20),
            g in prop::collection::btree_set(0u32..64, 0..20),
            k in prop::collection::btree_set(0u32..64, 0..20),
        ) {
            let v = |s: &std::collections::BTreeSet<u32>| s.iter().copied().collect::<RegSet>();
            let mut tmp = RegSet::new();
            let mut dst = v(&a);
            let grew = union_into(&mut dst, &v(&b), &mut tmp);
            prop_assert_eq!(&dst, &v(&a.union(&b).copied().collect()));
            prop_assert_eq!(grew, !b.is_subset(&a));
            // live_in = a, gen = g, live_out = b, kill = k.
            let mut live_in = v(&a);
            let mut flow = RegSet::new();
            let grew = transfer_into(&mut live_in, &v(&g), &v(&b), &v(&k), &mut flow, &mut tmp);
            let want: std::collections::BTreeSet<u32> =
                a.iter().chain(&g).chain(b.difference(&k)).copied().collect();
            prop_assert_eq!(&live_in, &v(&want));
            prop_assert_eq!(grew, want.len() > a.len());
        }
    }
}
