//! Scratch registers for the listing's expansions.
//!
//! ptxas expands its macros before register allocation, so their temporaries are allocated like
//! any value. Ori keeps the macros whole through allocation, so the listing picks temporaries
//! itself: per instruction, the registers that are busy are those live after it (liveness of
//! the allocated code, `ori::liveness`), its own operands (sources, destinations, guard), and
//! R1 (the stack pointer). Every other register is free for the duration of the expansion; the
//! lowest free ones are taken, pairs aligned to an even register. Predicates come from P0..P6
//! the same way; when none is left ([`Free::exhausted`]) the instruction is listed in its
//! unexpanded Ori form instead.
//!
//! Without an allocation (virtual numbers stand in for physical ones), every number some
//! virtual register has is busy, so temporaries are numbered above them.

use crate::ori::analysis::liveness::{LiveSet, Liveness, file_slot};
use crate::ori::ir::{Bix, Function, Inst, RegFile, VReg};

/// The register number of RZ (never free).
const RZ: u32 = 255;

/// Liveness of the function, and per block the live-after sets once computed.
pub(super) struct Scratch<'a> {
    f: &'a Function,
    live: Option<Liveness>,
    /// Without an allocation: busy R and P numbers (every virtual register's).
    all_r: Vec<bool>,
    all_p: Vec<bool>,
    /// (block, per instruction: the live-after registers) of the last block asked for.
    cached: Option<(Bix, Vec<Vec<VReg>>)>,
}

impl<'a> Scratch<'a> {
    pub fn new(f: &'a Function) -> Self {
        let mut s = Scratch { f, live: None, all_r: Vec::new(), all_p: Vec::new(), cached: None };
        if f.assignment.is_some() {
            s.live = Some(Liveness::compute(f));
        } else {
            for (i, info) in f.regs.iter().enumerate() {
                let set = if info.file.is_predicate() { &mut s.all_p } else { &mut s.all_r };
                for k in 0..info.pair.slots() {
                    mark(set, i as u32 + k);
                }
            }
        }
        s
    }

    /// The registers free during instruction `k` of block `b`.
    pub fn at(&mut self, b: Bix, k: usize, inst: &Inst) -> Free {
        let mut free =
            Free { r: self.all_r.clone(), p: self.all_p.clone(), limit_p: None, exhausted: false, live: None };
        mark(&mut free.r, 1);
        mark(&mut free.r, RZ);
        let Some(phys) = self.f.assignment.as_deref() else { return free };
        free.limit_p = Some(7);
        if self.cached.as_ref().is_none_or(|(cb, _)| *cb != b) {
            self.cached = Some((b, self.live_after(b)));
        }
        let live = &self.cached.as_ref().unwrap().1[k];
        let regs = live.iter().copied().chain(inst.defs()).chain(inst.uses());
        for r in regs {
            let info = self.f.reg_info(r);
            let set = if info.file.is_predicate() { &mut free.p } else { &mut free.r };
            if matches!(info.file, RegFile::R | RegFile::P) {
                for w in 0..info.pair.slots() {
                    mark(set, phys[r.idx()] + w);
                }
            }
        }
        free.live = Some(live.clone());
        free
    }

    /// Per instruction of block `b`, the virtual registers live after it.
    fn live_after(&self, b: Bix) -> Vec<Vec<VReg>> {
        let live = self.live.as_ref().expect("liveness of an allocated function");
        let insts = &self.f.blocks[b.idx()].insts;
        let mut set = LiveSet::live_out(live, b);
        let mut out = vec![Vec::new(); insts.len()];
        for k in (0..insts.len()).rev() {
            let mut regs = Vec::new();
            for file in [RegFile::R, RegFile::P] {
                let s = file_slot(file).unwrap();
                regs.extend(set.members(s).iter().map(|&i| live.numbering.vreg(s, i as usize)));
            }
            out[k] = regs;
            set.step(&insts[k]);
        }
        out
    }
}

fn mark(set: &mut Vec<bool>, n: u32) {
    if set.len() <= n as usize {
        set.resize(n as usize + 1, false);
    }
    set[n as usize] = true;
}

/// The free registers of one instruction's expansion.
pub(crate) struct Free {
    r: Vec<bool>,
    p: Vec<bool>,
    /// P0..P(limit-1) exist (7 after allocation; unbounded for virtual numbering).
    limit_p: Option<u32>,
    /// A predicate was asked for and none was free.
    pub exhausted: bool,
    /// The virtual registers live after the instruction (`None` without an allocation).
    live: Option<Vec<VReg>>,
}

impl Free {
    /// The lowest free group of `n` (1 or 2, aligned) R registers; now busy.
    pub fn r(&mut self, n: u32) -> u32 {
        let mut i = 0u32;
        loop {
            if i + n > RZ {
                self.exhausted = true;
                return 0;
            }
            if (0..n).all(|k| !self.r.get((i + k) as usize).copied().unwrap_or(false)) {
                for k in 0..n {
                    mark(&mut self.r, i + k);
                }
                return i;
            }
            i += n;
        }
    }

    /// The lowest free predicate; now busy.
    pub fn p(&mut self) -> u32 {
        let mut i = 0u32;
        while self.p.get(i as usize).copied().unwrap_or(false) {
            i += 1;
        }
        if self.limit_p.is_some_and(|l| i >= l) {
            self.exhausted = true;
            return 0;
        }
        mark(&mut self.p, i);
        i
    }

    /// Marks R register `n` busy (a register the expansion writes outside the allocation).
    pub fn reserve(&mut self, n: u32) {
        mark(&mut self.r, n);
    }

    /// Whether `r` is not live after the instruction: a destination nobody reads, or a source
    /// read for the last time (which the expansion may then overwrite). Unknown without an
    /// allocation: `false`.
    pub fn dies(&self, r: VReg) -> bool {
        self.live.as_ref().is_some_and(|l| !l.contains(&r))
    }
}
