//! Race detection for the SIMT interpreter (what compute-sanitizer's racecheck does on a GPU, here
//! for shared and global memory).
//!
//! # What is a race
//!
//! Two accesses to the same byte by different threads, at least one a write, neither ordered
//! before the other by the program's synchronization, and not both *strong* (atomics and volatile
//! accesses are strong operations in the PTX memory model: two strong accesses never race).
//!
//! # Happens-before, as the interpreter sees it
//!
//! Every access is recorded with its thread, its instruction (`Site`) and its *time*: the run's
//! warp-instruction counter, which grows with every instruction any warp executes (CTAs run one
//! after another, warps round-robin between barriers: `simt.rs`). An earlier access `a` by thread
//! `t` is ordered before the current access of thread `u` when
//!
//! 1. `t = u` (program order);
//! 2. `t` and `u` are in the current CTA and a CTA barrier (`BAR.SYNC`) was released after `a`:
//!    the barrier orders every access of the CTA before it with every access after it, in both
//!    shared and global memory. A barrier that only part of the CTA took part in (a thread
//!    count, `BAR.ARV`) orders `a` when `t`'s warp arrived there after `a` and `u`'s warp waited
//!    there;
//! 3. `t` and `u` are lanes of one warp and both took part in a warp-synchronous collective
//!    (`SHFL`, `VOTE` with its member mask: `shfl.sync`, `vote.sync`) after `a`: the `.sync`
//!    operations order the lanes they name;
//! 4. `t` is in an earlier CTA that *released* after `a` and the current CTA *acquired* that
//!    release: a thread's strong write (an atomic, a volatile store) after a GPU-scope fence
//!    (`MEMBAR.GPU`, `__threadfence`) releases everything its CTA did before the fence on that
//!    location; any strong read (an atomic, a volatile load) of the location by the current CTA
//!    acquires it — for the whole CTA, and transitively (a release carries what its CTA had
//!    acquired). This is the fence-then-flag pattern of `threadfence_last_block` reductions.
//!
//! Rule 4 is deliberately coarse (a CTA, not a thread, is the unit; the acquiring read needs no
//! fence of its own): when in doubt the detector assumes order, so it misses some races rather
//! than report races in correct kernels. Implicit lock-step execution of a warp orders nothing
//! (independent thread scheduling): warp-synchronous code must use `.sync` collectives.
//!
//! # Shadow memory
//!
//! Per byte of shared (per CTA, reset when a CTA starts) and global memory: the last write (thread,
//! site, time, strong, the byte written) and up to two reads from different threads (a thread's
//! newer read replaces its older one; otherwise the older of the two is replaced). A write clears
//! the reads. Bytes live in pages of 64 in a hash map, so only touched memory costs anything.
//!
//! # Verdicts
//!
//! A conflicting pair is reported once per pair of instructions and kind (with the first address
//! and how many bytes), naming both threads. Two kinds are *benign* and reported apart: two plain
//! writes of the same value, and a plain read of a location that only strong (atomic) writes
//! conflict with (the `old = *p; do { ... } while (atomicCAS(p, ...) != old)` idiom: the value read
//! is some value of the location, and the CAS checks it). The bytes of every other race are kept
//! ([`RaceLog::racy`]) so that `ori check` can leave them out of its comparisons.

use super::Launch;
use crate::ori::opcode::Space;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// Where an access happened: function index in the program, block, instruction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Site {
    pub func: u32,
    pub block: u32,
    pub inst: u32,
}

/// What an access does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccessKind {
    Read,
    Write,
    /// A read-modify-write (an atomic).
    Update,
}

impl AccessKind {
    fn writes(self) -> bool {
        self != AccessKind::Read
    }
    fn reads(self) -> bool {
        self != AccessKind::Write
    }
    pub fn name(self, strong: bool) -> &'static str {
        match (self, strong) {
            (AccessKind::Read, false) => "read",
            (AccessKind::Read, true) => "strong read",
            (AccessKind::Write, false) => "write",
            (AccessKind::Write, true) => "strong write",
            (AccessKind::Update, _) => "atomic",
        }
    }
}

/// One side of a reported race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RaceAccess {
    pub ctaid: [u32; 3],
    pub tid: [u32; 3],
    pub site: Site,
    pub kind: AccessKind,
    pub strong: bool,
}

/// Why a pair is benign, if it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Benign {
    /// Two plain writes of the same value.
    SameValue,
    /// A plain read whose only conflicting writes are strong (atomics).
    ReadOfAtomic,
}

/// A race between two instructions, reported once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub space: Space,
    /// The first address found (a shared offset or a global address).
    pub addr: u64,
    /// How many conflicting byte accesses the pair produced.
    pub count: u64,
    /// The earlier access, then the current one.
    pub first: RaceAccess,
    pub second: RaceAccess,
    pub benign: Option<Benign>,
}

/// What makes two reported races the same: the space, both instructions with their kinds, and
/// the benign class.
type RaceKey = (Space, (Site, AccessKind, bool), (Site, AccessKind, bool), Option<Benign>);

/// Multiply-shift hashing of page numbers (the default SipHash costs more than the lookup).
#[derive(Default)]
struct PageHasher(u64);

impl Hasher for PageHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<PageHasher>>;

/// One recorded access (`thread == 0`: none).
#[derive(Clone, Copy, Debug, Default)]
struct Rec {
    /// Grid-wide thread number + 1.
    thread: u32,
    strong: bool,
    kind_update: bool,
    site: Site,
    time: u64,
}

#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    write: Rec,
    value: u8,
    reads: [Rec; 2],
}

const PAGE: u64 = 64;

#[derive(Default)]
struct Shadow {
    pages: FastMap<u64, Box<[Cell; PAGE as usize]>>,
}

impl Shadow {
    fn page(&mut self, addr: u64) -> &mut [Cell; PAGE as usize] {
        self.pages.entry(addr / PAGE).or_insert_with(|| Box::new([Cell::default(); PAGE as usize]))
    }
}

/// The race detector's state for one run.
pub struct RaceLog {
    block: [u32; 3],
    grid: [u32; 3],
    per_cta: u32,
    /// The CTA being run (linear).
    cta: u32,
    /// Time of the last barrier release in the current CTA.
    last_barrier: u64,
    /// Partial barriers (`barrier_among`): per pair of warps `(r, u)` of the current CTA
    /// (`r · warps + u`), the latest arrival time of `r` at a barrier that released `u`.
    warp_order: Vec<u64>,
    /// Per warp of the current CTA: for each pair of lanes, the time of the last collective both
    /// took part in.
    warp_sync: FastMap<u32, Box<[[u64; 32]; 32]>>,
    /// Per thread of the current CTA: the time of its last GPU-scope fence.
    fence: Vec<u64>,
    /// Per CTA: up to which time the current CTA has acquired its accesses.
    acquired: Vec<u64>,
    /// Per location of a strong write: per CTA, up to which time its accesses were released there.
    released: FastMap<u64, Vec<u64>>,
    shared: Shadow,
    global: Shadow,
    /// Per pair of instructions and kinds: the first pair of accesses found, and how many.
    races: BTreeMap<RaceKey, Race>,
    /// Global bytes involved in a race that is not benign.
    pub racy: BTreeSet<u64>,
}

impl RaceLog {
    pub fn new(launch: &Launch) -> RaceLog {
        let per_cta = launch.block.iter().product::<u32>();
        let ctas = launch.grid.iter().product::<u32>() as usize;
        RaceLog {
            block: launch.block,
            grid: launch.grid,
            per_cta,
            cta: 0,
            last_barrier: 0,
            warp_order: Vec::new(),
            warp_sync: FastMap::default(),
            fence: vec![0; per_cta as usize],
            acquired: vec![0; ctas],
            released: FastMap::default(),
            shared: Shadow::default(),
            global: Shadow::default(),
            races: BTreeMap::new(),
            racy: BTreeSet::new(),
        }
    }

    /// A CTA starts: fresh shared memory, no barrier, no warp synchronization, nothing acquired.
    pub fn start_cta(&mut self, cta: u32) {
        self.cta = cta;
        self.last_barrier = 0;
        self.warp_order.clear();
        self.warp_sync.clear();
        self.fence.iter_mut().for_each(|f| *f = 0);
        self.acquired.iter_mut().for_each(|a| *a = 0);
        self.shared.pages.clear();
    }

    /// Every warp of the current CTA was released from a barrier at `now`.
    pub fn barrier(&mut self, now: u64) {
        self.last_barrier = now;
    }

    /// A barrier of part of the CTA completed (a thread count, or warps that only arrived):
    /// each `(warp, time)` arrival orders that warp's accesses before `time` with the accesses
    /// of the `waiting` warps after their release.
    pub fn barrier_among(&mut self, arrivals: &[(u32, u64)], waiting: &[u32]) {
        let n = self.per_cta.div_ceil(32) as usize;
        if self.warp_order.len() != n * n {
            self.warp_order = vec![0; n * n];
        }
        for &(r, t) in arrivals {
            for &u in waiting {
                if let Some(o) = self.warp_order.get_mut(r as usize * n + u as usize) {
                    *o = (*o).max(t);
                }
            }
        }
    }

    /// A GPU-scope fence by thread `local` (within the CTA).
    pub fn fence(&mut self, local: u32, now: u64) {
        if let Some(f) = self.fence.get_mut(local as usize) {
            *f = now;
        }
    }

    /// Lanes of warp `warp` took part in a `.sync` collective at `now`: each lane `l` with the
    /// lanes `members[l]` it named (intersected with the active lanes).
    pub fn warp_sync(&mut self, warp: u32, members: &[(u32, u32)], now: u64) {
        let m = self.warp_sync.entry(warp).or_insert_with(|| Box::new([[0; 32]; 32]));
        for &(a, mask) in members {
            for b in (0..32).filter(|b| mask >> b & 1 == 1) {
                m[a as usize][b] = now;
                m[b][a as usize] = now;
            }
        }
    }

    fn global_thread(&self, local: u32) -> u32 {
        self.cta * self.per_cta + local + 1
    }

    /// Whether access `r` (earlier) is ordered before the current access of `thread`.
    fn ordered(&self, r: &Rec, thread: u32) -> bool {
        if r.thread == thread {
            return true;
        }
        let (rt, ut) = (r.thread - 1, thread - 1);
        let (rc, uc) = (rt / self.per_cta, ut / self.per_cta);
        if rc != uc {
            return self.acquired.get(rc as usize).is_some_and(|&t| r.time < t);
        }
        if r.time <= self.last_barrier {
            return true;
        }
        let (rl, ul) = (rt % self.per_cta, ut % self.per_cta);
        let n = self.per_cta.div_ceil(32);
        if self.warp_order.get(((rl / 32) * n + ul / 32) as usize).is_some_and(|&t| r.time < t) {
            return true;
        }
        if rl / 32 == ul / 32
            && let Some(m) = self.warp_sync.get(&(rl / 32))
        {
            return m[(rl % 32) as usize][(ul % 32) as usize] > r.time;
        }
        false
    }

    fn describe(&self, r: &Rec, kind: AccessKind) -> RaceAccess {
        let t = r.thread - 1;
        let (cta, local) = (t / self.per_cta, t % self.per_cta);
        let (b, g) = (self.block, self.grid);
        RaceAccess {
            ctaid: [cta % g[0], (cta / g[0]) % g[1], cta / (g[0] * g[1])],
            tid: [local % b[0], (local / b[0]) % b[1], local / (b[0] * b[1])],
            site: r.site,
            kind,
            strong: r.strong,
        }
    }

    fn report(
        &mut self,
        space: Space,
        addr: u64,
        first: (&Rec, AccessKind),
        second: (&Rec, AccessKind),
        benign: Option<Benign>,
    ) {
        let (a, b) = (self.describe(first.0, first.1), self.describe(second.0, second.1));
        let key = (space, (a.site, a.kind, a.strong), (b.site, b.kind, b.strong), benign);
        self.races.entry(key).or_insert(Race { space, addr, count: 0, first: a, second: b, benign }).count += 1;
        if benign.is_none() && space == Space::Global {
            self.racy.insert(addr);
        }
    }

    /// Records an access of `bytes` (the value for writes, else zeros) at `addr` of `space`
    /// (`Shared` or `Global`; others are private or read-only and ignored) by thread `local` of
    /// the current CTA.
    #[allow(clippy::too_many_arguments)]
    pub fn access(
        &mut self,
        space: Space,
        addr: u64,
        bytes: &[u8],
        kind: AccessKind,
        strong: bool,
        local: u32,
        site: Site,
        now: u64,
    ) {
        if !matches!(space, Space::Shared | Space::Global) || bytes.is_empty() {
            return;
        }
        let thread = self.global_thread(local);
        let me = Rec { thread, strong, kind_update: kind == AccessKind::Update, site, time: now };
        if strong && space == Space::Global {
            self.synchronize(addr, kind, local, now);
        }
        // Conflicts are collected first (the shadow is borrowed while scanning).
        let mut found: Vec<(u64, Rec, AccessKind, Option<Benign>)> = Vec::new();
        for (k, &value) in bytes.iter().enumerate() {
            let a = addr.wrapping_add(k as u64);
            let shadow = if space == Space::Shared { &mut self.shared } else { &mut self.global };
            let cell = shadow.page(a)[(a % PAGE) as usize];
            let mut conflicts: Vec<(Rec, AccessKind, Option<Benign>)> = Vec::new();
            let w = cell.write;
            if w.thread != 0 && !(strong && w.strong) {
                let wk = if w.kind_update { AccessKind::Update } else { AccessKind::Write };
                let benign = if !kind.writes() && !strong && w.strong {
                    Some(Benign::ReadOfAtomic)
                } else if kind == AccessKind::Write && !strong && !w.strong && cell.value == value {
                    Some(Benign::SameValue)
                } else {
                    None
                };
                conflicts.push((w, wk, benign));
            }
            if kind.writes() {
                for r in cell.reads.iter().filter(|r| r.thread != 0 && !(strong && r.strong)) {
                    let benign = (!r.strong && strong).then_some(Benign::ReadOfAtomic);
                    conflicts.push((*r, AccessKind::Read, benign));
                }
            }
            for (r, rk, benign) in conflicts {
                if !self.ordered(&r, thread) {
                    found.push((a, r, rk, benign));
                }
            }
            let shadow = if space == Space::Shared { &mut self.shared } else { &mut self.global };
            let cell = &mut shadow.page(a)[(a % PAGE) as usize];
            if kind.writes() {
                cell.write = me;
                cell.value = value;
                cell.reads = [Rec::default(); 2];
            }
            if kind.reads() && kind != AccessKind::Update {
                if cell.reads[0].thread == thread || cell.reads[0].thread == 0 {
                    cell.reads[0] = me;
                } else if cell.reads[1].thread == thread || cell.reads[1].thread == 0 {
                    cell.reads[1] = me;
                } else {
                    let older = usize::from(cell.reads[1].time < cell.reads[0].time);
                    cell.reads[older] = me;
                }
            }
        }
        // Same value means the whole access: one differing byte makes every byte of the pair a race.
        let differing: Vec<(u32, u64)> = found
            .iter()
            .filter(|(_, r, rk, b)| *rk == AccessKind::Write && b.is_none() && kind == AccessKind::Write && !r.strong)
            .map(|(_, r, _, _)| (r.thread, r.time))
            .collect();
        for (a, r, rk, mut benign) in found {
            if benign == Some(Benign::SameValue) && differing.contains(&(r.thread, r.time)) {
                benign = None;
            }
            self.report(space, a, (&r, rk), (&me, kind), benign);
        }
    }

    /// A strong access of global `addr`: acquire what was released there, release what this CTA
    /// did before its thread's last fence (and what it had acquired).
    fn synchronize(&mut self, addr: u64, kind: AccessKind, local: u32, _now: u64) {
        let ctas = self.acquired.len();
        let rel = self.released.entry(addr).or_insert_with(|| vec![0; ctas]);
        if kind.reads() {
            for (a, r) in self.acquired.iter_mut().zip(rel.iter()) {
                *a = (*a).max(*r);
            }
        }
        if kind.writes() {
            let fence = self.fence.get(local as usize).copied().unwrap_or(0);
            if fence > 0 {
                if let Some(mine) = rel.get_mut(self.cta as usize) {
                    *mine = (*mine).max(fence);
                }
                for (r, a) in rel.iter_mut().zip(self.acquired.iter()) {
                    *r = (*r).max(*a);
                }
            }
        }
    }

    /// The races found, in a deterministic order (racy first, then benign; by space, first address).
    pub fn races(&self) -> Vec<Race> {
        let mut v: Vec<Race> = self.races.values().cloned().collect();
        v.sort_by_key(|r| (r.benign.is_some(), r.space != Space::Shared, r.addr, r.first, r.second));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log() -> RaceLog {
        RaceLog::new(&Launch { grid: [2, 1, 1], block: [64, 1, 1], dynamic_shared: 0 })
    }
    const S1: Site = Site { func: 0, block: 0, inst: 1 };
    const S2: Site = Site { func: 0, block: 0, inst: 2 };

    #[test]
    fn unordered_conflicts_race_and_barriers_order() {
        let mut l = log();
        l.start_cta(0);
        l.access(Space::Shared, 8, &[1, 0, 0, 0], AccessKind::Write, false, 0, S1, 1);
        l.access(Space::Shared, 8, &[0; 4], AccessKind::Read, false, 40, S2, 2);
        let r = l.races();
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].addr, r[0].count, r[0].first.tid, r[0].second.tid), (8, 4, [0, 0, 0], [40, 0, 0]));
        assert_eq!(r[0].benign, None);
        // After a barrier the same pair is ordered.
        let mut l = log();
        l.start_cta(0);
        l.access(Space::Shared, 8, &[1], AccessKind::Write, false, 0, S1, 1);
        l.barrier(5);
        l.access(Space::Shared, 8, &[0], AccessKind::Read, false, 40, S2, 6);
        l.access(Space::Shared, 8, &[2], AccessKind::Write, false, 40, S2, 7);
        assert!(l.races().is_empty());
    }

    #[test]
    fn same_value_writes_are_benign_and_atomics_do_not_race() {
        let mut l = log();
        l.start_cta(0);
        l.access(Space::Global, 0x100, &[7], AccessKind::Write, false, 1, S1, 1);
        l.access(Space::Global, 0x100, &[7], AccessKind::Write, false, 2, S1, 2);
        l.access(Space::Global, 0x200, &[1], AccessKind::Update, true, 1, S2, 3);
        l.access(Space::Global, 0x200, &[2], AccessKind::Update, true, 2, S2, 4);
        let r = l.races();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].benign, Some(Benign::SameValue));
        assert!(l.racy.is_empty());
        // A plain read of an atomically updated word is benign; a plain write is not.
        l.access(Space::Global, 0x200, &[0], AccessKind::Read, false, 3, S1, 5);
        l.access(Space::Global, 0x200, &[9], AccessKind::Write, false, 4, S1, 6);
        let kinds: Vec<Option<Benign>> = l.races().iter().map(|r| r.benign).collect();
        assert!(kinds.contains(&Some(Benign::ReadOfAtomic)) && kinds.contains(&None), "{kinds:?}");
        assert!(l.racy.contains(&0x200));
    }

    #[test]
    fn warp_collectives_order_their_lanes_only() {
        let mut l = log();
        l.start_cta(0);
        l.access(Space::Shared, 0, &[1], AccessKind::Write, false, 3, S1, 1);
        l.warp_sync(0, &[(3, 0xFF), (5, 0xFF)], 2);
        l.access(Space::Shared, 0, &[0], AccessKind::Read, false, 5, S2, 3);
        assert!(l.races().is_empty());
        // Lane 9 did not take part: its write races with lane 3's write and lane 5's read.
        l.access(Space::Shared, 0, &[2], AccessKind::Write, false, 9, S2, 4);
        let r = l.races();
        assert_eq!(r.len(), 2);
        assert!(r.iter().all(|r| r.second.tid == [9, 0, 0]));
    }

    #[test]
    fn a_fenced_release_orders_another_ctas_later_accesses() {
        let mut l = log();
        l.start_cta(0);
        l.access(Space::Global, 0x40, &[1], AccessKind::Write, false, 0, S1, 1);
        l.fence(0, 2);
        l.access(Space::Global, 0x80, &[1], AccessKind::Update, true, 0, S2, 3);
        l.start_cta(1);
        // Before acquiring, reading CTA 0's write races.
        l.access(Space::Global, 0x40, &[0], AccessKind::Read, false, 0, S1, 10);
        assert_eq!(l.races().len(), 1);
        l.access(Space::Global, 0x80, &[2], AccessKind::Update, true, 0, S2, 11);
        l.access(Space::Global, 0x40, &[0], AccessKind::Read, false, 1, S1, 12);
        assert_eq!(l.races().len(), 1, "the acquire orders the second read");
    }
}
