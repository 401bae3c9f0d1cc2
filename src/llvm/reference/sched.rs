//! The block runtime of the reference: the CUDA threads of one CTA as OS threads that take turns.
//!
//! # Threads and the baton
//!
//! Every CUDA thread of the CTA is an OS thread running the JIT-compiled kernel, but only the
//! thread holding the *baton* runs; the others are parked. A thread gives the baton away only at
//! a synchronisation point: a CTA barrier or a warp collective (where it waits), a *yield point*
//! (after an atomic operation, a volatile access or a fence, where it stays ready), or its exit.
//! Taking turns makes the run deterministic (the same schedule every time, byte for byte) and
//! makes every memory operation, atomic or not, indivisible; yielding after atomics lets a thread
//! spinning on a lock or flag that another thread of the CTA releases make progress.
//!
//! The schedule is one the hardware can produce: warps take turns in index order, each running
//! until every lane of it waits (at a barrier or a collective) or has exited; within a warp the
//! baton goes round the lanes in order (after lane 5 yields, lane 6 runs next), so at yield
//! points the lanes of a warp advance together as if in lockstep (a warp-synchronous reduction
//! through `volatile` shared memory sees the values lockstep execution gives). After a barrier
//! completes the turn starts again at thread 0, after a warp collective completes at lane 0 of
//! the warp. The *reversed* schedule is the same with warps and lanes taking turns in decreasing
//! index order; the driver runs both, and outputs that differ between them depend on the
//! schedule (atomics whose order matters, races): more than one value is correct there.
//!
//! # Barriers
//!
//! Sixteen named barriers per CTA. A thread arriving at `bar.sync id` / `barrier.sync id, count`
//! counts one arrival; the barrier completes when the arrivals reach the thread count given, or,
//! without a count, the number of threads of the CTA that have not exited (threads that returned
//! early do not hold the others, as on the hardware). `bar.arrive` counts without waiting.
//! `barrier0.popc/and/or` reduce the arriving threads' predicates.
//!
//! # Warp collectives
//!
//! A lane entering a `.sync` collective (`shfl.sync`, `vote.sync`, `match`, `redux`,
//! `bar.warp.sync`) names its member mask; the collective completes once every non-exited lane
//! of the mask waits in a collective with the same mask (on sm_70+ they need not be at the same
//! instruction). Lanes whose mask does not contain themselves are added to it. The
//! non-`.sync` forms (`shfl`, `vote`, `activemask`) act on the lanes that are *active*: the
//! lanes waiting at the same call site once no lane of the warp can run any further (each other
//! lane waits elsewhere or has exited) — the lanes a diverged warp executes the instruction with.
//! Results follow the PTX ISA over the participating lanes; a shuffle whose source lane does not
//! take part reads an undefined value, taken as 0 (as the SIMT interpreter does, so that the runs
//! stay comparable) and noted.
//!
//! # Traps and exits
//!
//! A thread that calls `ori.ref.exit` or traps leaves its kernel code (`abort.rs`) and exits
//! like a thread that returned. A trap also marks the block trapped: the waiting threads are
//! released, leave at once, and threads that have not run yet never start.
//!
//! # Failure
//!
//! When no thread can run and not all have exited (a barrier some threads never reach, a
//! collective whose mask names a lane waiting elsewhere) the run has failed: the block is
//! *poisoned*, every waiting thread is released and every later synchronisation returns at once,
//! so that all threads run to their end; the driver discards the results and reports why.

use crate::ori::interp::ThreadCtx;
use crate::sreg::SpecialReg;
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::Thread;

/// The most threads per CTA the reference runs (the hardware limit).
pub const MAX_THREADS: usize = 1024;
const NUM_BARRIERS: usize = 16;

/// A warp collective, as the rewritten IR names it (`op` argument of `ori.ref.warp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum WarpOp {
    ShflIdx = 0,
    ShflUp,
    ShflDown,
    ShflBfly,
    VoteAll,
    VoteAny,
    VoteUni,
    VoteBallot,
    MatchAny,
    MatchAll,
    ReduxAdd,
    ReduxMin,
    ReduxMax,
    ReduxUmin,
    ReduxUmax,
    ReduxAnd,
    ReduxOr,
    ReduxXor,
    ActiveMask,
    SyncWarp,
    /// `elect.sync`: the lowest participating lane leads.
    Elect,
}

impl WarpOp {
    const ALL: [WarpOp; 21] = [
        WarpOp::ShflIdx,
        WarpOp::ShflUp,
        WarpOp::ShflDown,
        WarpOp::ShflBfly,
        WarpOp::VoteAll,
        WarpOp::VoteAny,
        WarpOp::VoteUni,
        WarpOp::VoteBallot,
        WarpOp::MatchAny,
        WarpOp::MatchAll,
        WarpOp::ReduxAdd,
        WarpOp::ReduxMin,
        WarpOp::ReduxMax,
        WarpOp::ReduxUmin,
        WarpOp::ReduxUmax,
        WarpOp::ReduxAnd,
        WarpOp::ReduxOr,
        WarpOp::ReduxXor,
        WarpOp::ActiveMask,
        WarpOp::SyncWarp,
        WarpOp::Elect,
    ];
    fn from_u32(x: u32) -> Option<WarpOp> {
        WarpOp::ALL.get(x as usize).copied()
    }
}

/// Barrier kinds (`kind` argument of `ori.ref.bar`): the reduction, plus [`BAR_ARRIVE`].
pub const BAR_PLAIN: u32 = 0;
pub const BAR_POPC: u32 = 1;
pub const BAR_AND: u32 = 2;
pub const BAR_OR: u32 = 3;
/// Arrive without waiting (`bar.arrive`).
pub const BAR_ARRIVE: u32 = 0x100;
/// `count` argument meaning "every thread of the CTA that has not exited".
pub const BAR_ALL: u32 = u32::MAX;

/// One lane's call of a warp collective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarpCall {
    pub op: WarpOp,
    pub site: u32,
    pub sync: bool,
    pub mask: u32,
    pub value: u64,
    pub b: u32,
    pub c: u32,
}

/// Where the turn continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum From {
    /// After this thread (the next lane of its warp).
    After(usize),
    /// At the first lane of this warp (a collective completed).
    WarpStart(usize),
    /// At the first thread of the CTA (a barrier completed).
    CtaStart,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    Ready,
    Barrier(u32),
    Warp(WarpCall),
    Done,
}

#[derive(Clone, Debug, Default)]
struct Bar {
    arrived: u32,
    count: Option<u32>,
    waiting: Vec<usize>,
    popc: u32,
    all: bool,
    any: bool,
    used: bool,
}

struct Sched {
    baton: usize,
    wait: Vec<Wait>,
    /// Each waiting thread's result, written when its barrier or collective completes.
    result: Vec<u64>,
    /// The reduction kind each thread waits with at a barrier.
    bar_kind: Vec<u32>,
    bars: Vec<Bar>,
    done: usize,
    failed: Option<String>,
    /// A thread trapped (`abort.rs`): why. Every other thread leaves at its next synchronisation
    /// point; threads not started yet do not start.
    trapped: Option<String>,
    notes: BTreeSet<String>,
}

/// One CTA being run.
pub struct Block {
    n: usize,
    /// Warps and lanes take turns in decreasing index order.
    reversed: bool,
    block: [u32; 3],
    ctaid: [u32; 3],
    grid: [u32; 3],
    sregs: Vec<SpecialReg>,
    /// The inline PTX programs `ori.ref.asm` runs (`ptx_blocks.rs`).
    asm: std::sync::Arc<Vec<crate::ori::interp::ptx_block::Program>>,
    sched: Mutex<Sched>,
    finished: Condvar,
    threads: OnceLock<Vec<Thread>>,
}

thread_local! {
    /// The CTA and thread index of the CUDA thread this OS thread runs.
    static CURRENT: Cell<(*const Block, usize)> = const { Cell::new((std::ptr::null(), 0)) };
}

/// What a finished CTA run reports.
pub struct BlockResult {
    pub failed: Option<String>,
    /// The CTA trapped: why.
    pub trapped: Option<String>,
    pub notes: BTreeSet<String>,
}

impl Block {
    /// A CTA of `block` threads (at most [`MAX_THREADS`]) at `ctaid`; `sregs` lists the special
    /// registers by the slot number the rewritten IR passes to `ori.ref.sreg`.
    pub fn new(block: [u32; 3], ctaid: [u32; 3], grid: [u32; 3], sregs: Vec<SpecialReg>, reversed: bool) -> Block {
        let n = block.iter().map(|&d| d as usize).product::<usize>();
        Block {
            n,
            reversed,
            block,
            ctaid,
            grid,
            sregs,
            asm: Default::default(),
            sched: Mutex::new(Sched {
                baton: usize::MAX,
                wait: vec![Wait::Ready; n],
                result: vec![0; n],
                bar_kind: vec![BAR_PLAIN; n],
                bars: vec![Bar::default(); NUM_BARRIERS],
                done: 0,
                failed: None,
                trapped: None,
                notes: BTreeSet::new(),
            }),
            finished: Condvar::new(),
            threads: OnceLock::new(),
        }
    }

    pub fn threads(&self) -> usize {
        self.n
    }

    /// The CTA with the inline PTX programs of the module.
    pub fn with_asm(mut self, asm: std::sync::Arc<Vec<crate::ori::interp::ptx_block::Program>>) -> Block {
        self.asm = asm;
        self
    }

    pub fn asm_program(&self, id: u32) -> Option<&crate::ori::interp::ptx_block::Program> {
        self.asm.get(id as usize)
    }

    /// Marks the run failed (the threads still run to their end; the driver discards it).
    pub fn fail(&self, why: String) {
        self.lock().failed.get_or_insert(why);
    }

    fn lock(&self) -> MutexGuard<'_, Sched> {
        self.sched.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The coordinates of thread `i` (linear index, x fastest).
    pub fn ctx(&self, i: usize) -> ThreadCtx {
        let i = i as u32;
        let b = self.block;
        ThreadCtx {
            tid: [i % b[0], (i / b[0]) % b[1], i / (b[0] * b[1])],
            ntid: b,
            ctaid: self.ctaid,
            nctaid: self.grid,
            lane: i % 32,
            warp: i / 32,
        }
    }

    /// Installs the OS threads (index order) and hands the baton to thread 0.
    pub fn start(&self, threads: Vec<Thread>) {
        let _ = self.threads.set(threads);
        let mut s = self.lock();
        if self.n == 0 {
            return;
        }
        let first = self.next_ready(&s, From::CtaStart).unwrap_or(0);
        s.baton = first;
        drop(s);
        self.unpark(first);
    }

    /// Waits until every thread has exited, at most `timeout`; `None` on timeout.
    pub fn wait(&self, timeout: std::time::Duration) -> Option<BlockResult> {
        let s = self.lock();
        let (s, t) =
            self.finished.wait_timeout_while(s, timeout, |s| s.done < self.n).unwrap_or_else(|e| e.into_inner());
        if t.timed_out() && s.done < self.n {
            return None;
        }
        Some(BlockResult { failed: s.failed.clone(), trapped: s.trapped.clone(), notes: s.notes.clone() })
    }

    /// Threads `first..` could not be started: the run has failed; they count as exited so that
    /// the others run to their end.
    pub fn abandon_from(&self, first: usize, why: String) {
        let mut s = self.lock();
        s.failed.get_or_insert(why);
        for i in first..self.n {
            if s.wait[i] != Wait::Done {
                s.wait[i] = Wait::Done;
                s.done += 1;
            }
        }
        if s.done == self.n {
            self.finished.notify_all();
        }
    }

    fn unpark(&self, i: usize) {
        if let Some(t) = self.threads.get().and_then(|v| v.get(i)) {
            t.unpark();
        }
    }

    fn wait_baton(&self, me: usize) {
        loop {
            if self.lock().baton == me {
                return;
            }
            std::thread::park();
        }
    }

    /// The body of OS thread `me`: wait for the baton, run, exit.
    pub fn thread_main(&self, me: usize, body: impl FnOnce()) {
        CURRENT.with(|c| c.set((self as *const Block, me)));
        self.wait_baton(me);
        if !self.trapped() {
            body();
        }
        self.exit(me);
        CURRENT.with(|c| c.set((std::ptr::null(), 0)));
    }

    fn live_lanes(&self, s: &Sched, w: usize) -> u32 {
        let mut m = 0;
        for l in 0..32 {
            let t = w * 32 + l;
            if t < self.n && s.wait[t] != Wait::Done {
                m |= 1 << l;
            }
        }
        m
    }

    /// The first ready thread in schedule order from `from`: lanes of the starting warp from the
    /// starting lane round the warp, then the following warps (wrapping) from their first lane.
    /// The reversed schedule walks warps and lanes downwards.
    fn next_ready(&self, s: &Sched, from: From) -> Option<usize> {
        let nwarps = self.n.div_ceil(32);
        let (w, lane) = match (from, self.reversed) {
            (From::After(me), false) => (me / 32, me % 32 + 1),
            (From::After(me), true) => (me / 32, (me % 32 + 31) % 32),
            (From::WarpStart(w), false) => (w, 0),
            (From::WarpStart(w), true) => (w, 31),
            (From::CtaStart, false) => (0, 0),
            (From::CtaStart, true) => (nwarps - 1, 31),
        };
        let lane = lane % 32;
        for k in 0..nwarps {
            let ww = if self.reversed { (w + nwarps - k) % nwarps } else { (w + k) % nwarps };
            for j in 0..32 {
                let l = match (k == 0, self.reversed) {
                    (true, false) => (lane + j) % 32,
                    (true, true) => (lane + 32 - j) % 32,
                    (false, false) => j,
                    (false, true) => 31 - j,
                };
                let t = ww * 32 + l;
                if t < self.n && s.wait[t] == Wait::Ready {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Completes what can complete after thread `me` changed state; returns where the turn
    /// continues (warp, lane).
    fn settle(&self, s: &mut Sched, me: usize) -> From {
        let w = me / 32;
        let mut from = From::After(me);
        // Barriers: the one `me` waits at, or after an exit every barrier counting all threads.
        let live = (self.n - s.done) as u32;
        for id in 0..NUM_BARRIERS {
            let b = &s.bars[id];
            if !b.used {
                continue;
            }
            let need = b.count.unwrap_or(live);
            if b.arrived >= need && (!b.waiting.is_empty() || b.count.is_some()) {
                self.release_barrier(s, id);
                from = From::CtaStart;
            }
        }
        if self.fire_sync_groups(s, w) | self.fire_unsynced(s, w) && from != From::CtaStart {
            from = From::WarpStart(w);
        }
        from
    }

    fn release_barrier(&self, s: &mut Sched, id: usize) {
        let b = std::mem::take(&mut s.bars[id]);
        for &t in &b.waiting {
            s.result[t] = match s.bar_kind[t] {
                BAR_POPC => b.popc as u64,
                BAR_AND => b.all as u64,
                BAR_OR => b.any as u64,
                _ => 0,
            };
            s.wait[t] = Wait::Ready;
        }
    }

    /// Completes the `.sync` collectives of warp `w` whose lanes have all arrived.
    fn fire_sync_groups(&self, s: &mut Sched, w: usize) -> bool {
        let live = self.live_lanes(s, w);
        let calls = self.warp_calls(s, w);
        let masks: BTreeSet<u32> = calls.iter().flatten().filter(|c| c.sync).map(|c| c.mask).collect();
        let mut fired = false;
        for m in masks {
            let need = m & live;
            let ready =
                (0..32).filter(|&l| need >> l & 1 == 1).all(|l| matches!(calls[l], Some(c) if c.sync && c.mask == m));
            if ready {
                self.fire(s, w, need, &calls);
                fired = true;
            }
        }
        fired
    }

    /// Completes the non-`.sync` collectives of warp `w` once none of its lanes can run.
    fn fire_unsynced(&self, s: &mut Sched, w: usize) -> bool {
        let any_ready = (0..32).any(|l| w * 32 + l < self.n && s.wait[w * 32 + l] == Wait::Ready);
        if any_ready {
            return false;
        }
        let calls = self.warp_calls(s, w);
        let sites: BTreeSet<u32> = calls.iter().flatten().filter(|c| !c.sync).map(|c| c.site).collect();
        for &site in &sites {
            let part = (0..32)
                .filter(|&l| matches!(calls[l], Some(c) if !c.sync && c.site == site))
                .fold(0u32, |m, l| m | 1 << l);
            self.fire(s, w, part, &calls);
        }
        !sites.is_empty()
    }

    fn warp_calls(&self, s: &Sched, w: usize) -> [Option<WarpCall>; 32] {
        let mut calls = [None; 32];
        for (l, c) in calls.iter_mut().enumerate() {
            if let Some(Wait::Warp(x)) = s.wait.get(w * 32 + l) {
                *c = Some(*x);
            }
        }
        calls
    }

    fn fire(&self, s: &mut Sched, w: usize, part: u32, calls: &[Option<WarpCall>; 32]) {
        let ops: BTreeSet<u32> =
            (0..32).filter(|&l| part >> l & 1 == 1).filter_map(|l| calls[l]).map(|c| c.op as u32).collect();
        let results = if ops.len() == 1 {
            let (res, undefined) = collective(part, calls);
            if undefined {
                s.notes.insert("a shuffle read a lane that does not take part (value taken as 0)".into());
            }
            res
        } else {
            s.failed.get_or_insert(format!("the lanes {part:#x} of warp {w} meet at different warp operations"));
            [0; 32]
        };
        for (l, &r) in results.iter().enumerate() {
            if part >> l & 1 == 1 {
                s.result[w * 32 + l] = r;
                s.wait[w * 32 + l] = Wait::Ready;
            }
        }
    }

    /// Passes the baton on from `me` (continuing at `from`); handles a deadlock. Returns the
    /// next holder.
    fn pass(&self, s: &mut Sched, from: From) -> Option<usize> {
        if s.done == self.n {
            return None;
        }
        let next = match self.next_ready(s, from) {
            Some(t) => t,
            None => {
                let why = self.describe_deadlock(s);
                s.failed.get_or_insert(why);
                for i in 0..self.n {
                    if s.wait[i] != Wait::Done {
                        s.wait[i] = Wait::Ready;
                        s.result[i] = 0;
                    }
                }
                s.bars = vec![Bar::default(); NUM_BARRIERS];
                self.next_ready(s, From::CtaStart)?
            }
        };
        s.baton = next;
        Some(next)
    }

    fn describe_deadlock(&self, s: &Sched) -> String {
        let mut at_bar = BTreeSet::new();
        let mut in_warp = 0;
        for w in &s.wait {
            match w {
                Wait::Barrier(id) => {
                    at_bar.insert(*id);
                }
                Wait::Warp(_) => in_warp += 1,
                _ => {}
            }
        }
        let waiting = s.wait.iter().filter(|w| !matches!(w, Wait::Done)).count();
        let bars: Vec<String> = at_bar.iter().map(|b| b.to_string()).collect();
        format!(
            "deadlock in CTA ({},{},{}): {waiting} threads wait forever ({} at barrier {}, {in_warp} in warp collectives)",
            self.ctaid[0],
            self.ctaid[1],
            self.ctaid[2],
            waiting - in_warp,
            if bars.is_empty() { "-".into() } else { bars.join("/") },
        )
    }

    /// Whether a thread of the CTA trapped.
    pub fn trapped(&self) -> bool {
        self.lock().trapped.is_some()
    }

    /// Thread `me` trapped: the CTA stops (see the module documentation of `abort.rs`); every
    /// waiting thread is released to leave.
    fn trap(&self, me: usize, why: String) {
        let mut s = self.lock();
        s.trapped.get_or_insert(why);
        for i in 0..self.n {
            if i != me && s.wait[i] != Wait::Done {
                s.wait[i] = Wait::Ready;
                s.result[i] = 0;
            }
        }
        s.bars = vec![Bar::default(); NUM_BARRIERS];
    }

    /// Thread `me` waits in `w` until it completes; returns its result.
    fn block_on(&self, me: usize, w: Wait) -> u64 {
        let mut s = self.lock();
        if s.failed.is_some() || s.trapped.is_some() {
            return 0;
        }
        s.wait[me] = w;
        let from = self.settle(&mut s, me);
        let next = self.pass(&mut s, from);
        drop(s);
        if let Some(j) = next
            && j != me
        {
            self.unpark(j);
            self.wait_baton(me);
        }
        self.lock().result[me]
    }

    /// Thread `me` spins (a failed `mbarrier.test_wait`): the baton goes to the next ready
    /// thread of the CTA in thread order (wrapping; downwards in the reversed schedule), so that
    /// every other thread, in any warp, gets to run before `me` tries again.
    fn spin(&self, me: usize) {
        let mut s = self.lock();
        if s.failed.is_some() || s.trapped.is_some() {
            return;
        }
        let n = self.n;
        let next = (1..=n)
            .map(|k| if self.reversed { (me + n - k) % n } else { (me + k) % n })
            .find(|&t| s.wait[t] == Wait::Ready);
        let Some(j) = next else { return };
        s.baton = j;
        drop(s);
        if j != me {
            self.unpark(j);
            self.wait_baton(me);
        }
    }

    fn yield_now(&self, me: usize) {
        let mut s = self.lock();
        if s.failed.is_some() || s.trapped.is_some() {
            return;
        }
        let next = self.pass(&mut s, From::After(me));
        drop(s);
        if let Some(j) = next
            && j != me
        {
            self.unpark(j);
            self.wait_baton(me);
        }
    }

    fn exit(&self, me: usize) {
        let mut s = self.lock();
        s.wait[me] = Wait::Done;
        s.done += 1;
        if s.done == self.n {
            self.finished.notify_all();
            return;
        }
        let from = if s.failed.is_some() || s.trapped.is_some() { From::After(me) } else { self.settle(&mut s, me) };
        let next = self.pass(&mut s, from);
        drop(s);
        if let Some(j) = next {
            self.unpark(j);
        }
    }

    fn barrier(&self, me: usize, kind: u32, id: u32, count: u32, pred: u32) -> u32 {
        let mut s = self.lock();
        if s.failed.is_some() || s.trapped.is_some() {
            return 0;
        }
        let id = id as usize % NUM_BARRIERS;
        let b = &mut s.bars[id];
        if !b.used {
            *b = Bar { all: true, used: true, ..Bar::default() };
        }
        b.arrived += 1;
        if count != BAR_ALL {
            b.count = Some(count);
        }
        let p = pred != 0;
        b.popc += p as u32;
        b.all &= p;
        b.any |= p;
        if kind & BAR_ARRIVE != 0 {
            // Counted; the thread goes on (the barrier may complete now, releasing the waiters).
            self.settle(&mut s, me);
            return 0;
        }
        s.bars[id].waiting.push(me);
        s.bar_kind[me] = kind & 0xFF;
        drop(s);
        self.block_on(me, Wait::Barrier(id as u32)) as u32
    }
}

pub(super) fn current() -> Option<(&'static Block, usize)> {
    let (b, i) = CURRENT.with(Cell::get);
    // SAFETY: set by `thread_main` for the duration of the kernel call, while the `Block`
    // (owned by the driver, which waits for every thread) is alive.
    (!b.is_null()).then(|| (unsafe { &*b }, i))
}

/// The results of a collective over the lanes `part` (value in bits 0..32, predicate in bit 32),
/// and whether a shuffle read a lane that does not take part.
pub fn collective(part: u32, calls: &[Option<WarpCall>; 32]) -> ([u64; 32], bool) {
    let mut out = [0u64; 32];
    let lanes: Vec<usize> = (0..32).filter(|&l| part >> l & 1 == 1 && calls[l].is_some()).collect();
    let Some(first) = lanes.first().and_then(|&l| calls[l]) else { return (out, false) };
    let val = |l: usize| calls[l].map_or(0, |c| c.value);
    let pred = |l: usize| val(l) & 1 == 1;
    let mut undefined = false;
    let all_pred = lanes.iter().all(|&l| pred(l));
    let any_pred = lanes.iter().any(|&l| pred(l));
    let ballot = lanes.iter().filter(|&&l| pred(l)).fold(0u32, |m, &l| m | 1 << l);
    let vals: Vec<u32> = lanes.iter().map(|&l| val(l) as u32).collect();
    let all_equal = lanes.iter().all(|&l| val(l) == val(lanes[0]));
    let reduce = |f: fn(u32, u32) -> u32| vals.iter().copied().reduce(f).unwrap_or(0);
    for &l in &lanes {
        let c = calls[l].unwrap_or(first);
        let r: u64 = match first.op {
            WarpOp::ShflIdx | WarpOp::ShflUp | WarpOp::ShflDown | WarpOp::ShflBfly => {
                let (j, p) = shfl_source(first.op, l as u32, c.b, c.c);
                let v = if part >> j & 1 == 1 && calls[j as usize].is_some() {
                    val(j as usize) & 0xFFFF_FFFF
                } else {
                    undefined = true;
                    0
                };
                v | (p as u64) << 32
            }
            WarpOp::VoteAll => all_pred as u64,
            WarpOp::VoteAny => any_pred as u64,
            WarpOp::VoteUni => (all_pred || !any_pred) as u64,
            WarpOp::VoteBallot => ballot as u64,
            WarpOp::MatchAny => lanes.iter().filter(|&&q| val(q) == val(l)).fold(0u32, |m, &q| m | 1 << q) as u64,
            WarpOp::MatchAll => {
                if all_equal {
                    part as u64 | 1 << 32
                } else {
                    0
                }
            }
            WarpOp::ReduxAdd => reduce(u32::wrapping_add) as u64,
            WarpOp::ReduxMin => reduce(|a, b| (a as i32).min(b as i32) as u32) as u64,
            WarpOp::ReduxMax => reduce(|a, b| (a as i32).max(b as i32) as u32) as u64,
            WarpOp::ReduxUmin => reduce(u32::min) as u64,
            WarpOp::ReduxUmax => reduce(u32::max) as u64,
            WarpOp::ReduxAnd => reduce(|a, b| a & b) as u64,
            WarpOp::ReduxOr => reduce(|a, b| a | b) as u64,
            WarpOp::ReduxXor => reduce(|a, b| a ^ b) as u64,
            WarpOp::ActiveMask => part as u64,
            WarpOp::SyncWarp => 0,
            WarpOp::Elect => {
                let leader = lanes.first().copied().unwrap_or(0) as u64;
                leader | u64::from(leader == l as u64) << 32
            }
        };
        out[l] = r;
    }
    (out, undefined)
}

/// The PTX `shfl` source lane and predicate of `lane` for lane operand `b` and clamp/segment
/// operand `c` (PTX ISA, `shfl.sync`): `c[4:0]` is the clamp, `c[12:8]` the segment mask.
pub fn shfl_source(op: WarpOp, lane: u32, b: u32, c: u32) -> (u32, bool) {
    let lane = lane as i32;
    let bval = (b & 31) as i32;
    let cval = (c & 31) as i32;
    let seg = ((c >> 8) & 31) as i32;
    let max_lane = (lane & seg) | (cval & !seg);
    let min_lane = lane & seg;
    let (j, p) = match op {
        WarpOp::ShflUp => (lane - bval, lane - bval >= max_lane),
        WarpOp::ShflDown => (lane + bval, lane + bval <= max_lane),
        WarpOp::ShflBfly => (lane ^ bval, (lane ^ bval) <= max_lane),
        _ => {
            let j = min_lane | (bval & !seg);
            (j, j <= max_lane)
        }
    };
    if p { (j as u32, true) } else { (lane as u32, false) }
}

/// Fails the run of the calling thread's CTA with `why` (a fault a host function found).
pub fn fail_current(why: String) {
    if let Some((b, _)) = current() {
        b.lock().failed.get_or_insert(why);
    }
}

// ---- The host functions the rewritten IR calls ------------------------------------------------

/// `ori.ref.sreg(slot)`: the special register of the calling thread.
pub extern "C" fn ori_ref_sreg(slot: u32) -> u64 {
    let Some((b, i)) = current() else { return 0 };
    match b.sregs.get(slot as usize) {
        // The launch environment's fixed values (clock 0, one SM, ...) are the convention the
        // interpreter also follows; the coordinates come from this CTA's own numbering.
        Some(&r) => crate::ori::interp::sreg_value(r, &b.ctx(i)),
        None => 0,
    }
}

/// The calling thread trapped (`abort.rs`).
pub fn trap_current(why: String) {
    if let Some((b, i)) = current() {
        b.trap(i, why);
    }
}

/// After a synchronisation point: a thread released because another trapped leaves its kernel.
fn leave_if_trapped(b: &Block) {
    if b.trapped() {
        super::jump::jump_out();
    }
}

/// `ori.ref.bar(kind, id, count, pred)`: a CTA barrier (see the module documentation).
pub extern "C" fn ori_ref_bar(kind: u32, id: u32, count: u32, pred: u32) -> u32 {
    let Some((b, i)) = current() else { return 0 };
    let r = b.barrier(i, kind, id, count, pred);
    leave_if_trapped(b);
    r
}

/// `ori.ref.warp(op, site, sync, mask, value, b, c)`: a warp collective; the result's bits 0..32
/// are the value, bit 32 the predicate.
pub extern "C" fn ori_ref_warp(op: u32, site: u32, sync: u32, mask: u32, value: u64, b: u32, c: u32) -> u64 {
    let Some((blk, i)) = current() else { return 0 };
    let Some(op) = WarpOp::from_u32(op) else { return 0 };
    let lane = i % 32;
    let call = WarpCall { op, site, sync: sync != 0, mask: mask | 1 << lane, value, b, c };
    let r = blk.block_on(i, Wait::Warp(call));
    leave_if_trapped(blk);
    r
}

/// A spinning thread gives every other thread a turn (`sm90.rs`: a failed `mbarrier.test_wait`).
pub fn spin_current() {
    if let Some((b, i)) = current() {
        b.spin(i);
        leave_if_trapped(b);
    }
}

/// `ori.ref.yield()`: after an atomic, a volatile access or a fence.
pub extern "C" fn ori_ref_yield() {
    if let Some((b, i)) = current() {
        b.yield_now(i);
        leave_if_trapped(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(op: WarpOp, part: u32, value: impl Fn(u32) -> u64, b: u32, c: u32) -> [Option<WarpCall>; 32] {
        let mut out = [None; 32];
        for l in 0..32 {
            if part >> l & 1 == 1 {
                out[l as usize] = Some(WarpCall { op, site: 0, sync: true, mask: part, value: value(l), b, c });
            }
        }
        out
    }

    #[test]
    fn shuffle_sources_follow_the_ptx_clamp_and_segment_rules() {
        assert_eq!(shfl_source(WarpOp::ShflDown, 3, 1, 0x1F), (4, true));
        assert_eq!(shfl_source(WarpOp::ShflDown, 31, 1, 0x1F), (31, false));
        assert_eq!(shfl_source(WarpOp::ShflUp, 5, 2, 0), (3, true));
        assert_eq!(shfl_source(WarpOp::ShflUp, 1, 2, 0), (1, false));
        // Width 8: c = (32 - 8) << 8 | 0x1f.
        let w8 = 24 << 8 | 0x1F;
        assert_eq!(shfl_source(WarpOp::ShflDown, 7, 1, w8), (7, false));
        assert_eq!(shfl_source(WarpOp::ShflUp, 8, 1, 24 << 8), (8, false));
        assert_eq!(shfl_source(WarpOp::ShflBfly, 9, 4, w8), (13, true));
        assert_eq!(shfl_source(WarpOp::ShflIdx, 13, 2, w8), (10, true));
        assert_eq!(shfl_source(WarpOp::ShflIdx, 13, 35, 0x1F), (3, true));
    }

    #[test]
    fn collectives_act_on_the_participating_lanes_only() {
        // Lanes 0..8 take part; lane 7 shuffles down by 1 from lane 8, which does not take part.
        let part = 0xFF;
        let c = calls(WarpOp::ShflDown, part, |l| 100 + l as u64, 1, 0x1F);
        let (r, undefined) = collective(part, &c);
        assert_eq!(r[0], 101 | 1 << 32);
        assert_eq!(r[7], 1 << 32);
        assert!(undefined);
        let c = calls(WarpOp::VoteBallot, part, |l| (l % 3 == 0) as u64, 0, 0);
        assert_eq!(collective(part, &c).0[2], 0b0100_1001);
        let c = calls(WarpOp::VoteAll, part, |l| (l < 8) as u64, 0, 0);
        assert_eq!(collective(part, &c).0[0], 1);
        let c = calls(WarpOp::ReduxMin, 0b1010, |l| (l as i32 - 2) as u32 as u64, 0, 0);
        assert_eq!(collective(0b1010, &c).0[1] as u32 as i32, -1);
        let c = calls(WarpOp::MatchAny, part, |l| (l % 2) as u64, 0, 0);
        assert_eq!(collective(part, &c).0[3], 0xAA);
        let c = calls(WarpOp::MatchAll, part, |_| 5, 0, 0);
        assert_eq!(collective(part, &c).0[3], part as u64 | 1 << 32);
    }
}
