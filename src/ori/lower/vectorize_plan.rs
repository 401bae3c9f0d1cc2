//! The planning half of the load/store vectorizer (`vectorize.rs` reads the LLVM block into
//! this model and emits what it plans): which accesses of one basic block merge into vector
//! accesses, and where each merged access goes. Pure data, no LLVM: unit-tested below.
//!
//! # Model
//!
//! An [`Access`] is one memory-touching instruction at a position in the block: a *candidate*
//! (a simple load or store of `n` elements of `bytes` bytes at `base + off`, with the IR's
//! `align`), or a *hazard* (any other read or write, with its location when known, or an
//! unknown location: a call, a fence, inline assembly).
//!
//! # Algorithm (after LLVM's LoadStoreVectorizer, which llc-19 runs before selection)
//!
//! 1. Candidates of one kind (loads or stores) with the same base and element size form a
//!    *class*. A class is cut, in program order, into *epochs*: an epoch grows by the next
//!    member `m` as long as nothing between the epoch's first member and `m` stops the merge:
//!    - loads (they move up to the earliest load of their group): a write that may alias `m`,
//!      or a hazard with an unknown location;
//!    - stores (they move down to the latest store of their group): for every member `e`, a
//!      read or write between `e` and `m` that may alias `e`, an unknown hazard, or `m`
//!      overlapping a member (two stores to one byte keep their order).
//! 2. The pieces (elements) of an epoch are sorted by offset; a *run* is a stretch of pieces,
//!    each `bytes` after the last. A run is split greedily from its start into groups of 4 or 2
//!    elements of at most 128 bits whose first address is aligned to the group size, the rest
//!    stays scalar (llc: `ld.v4.f32` needs 16-byte alignment, `ld.v2.f32` 8).
//! 3. The known alignment of `base + o` is the best over the epoch's members (every member of
//!    an epoch executes when one does: one block, no call between): a member with `align a` at
//!    `off` proves `min(a, 2^k)` where `2^k` is the largest power of two dividing `o - off`;
//!    the base's own alignment (a module variable's) proves `min(align, 2^k | o)`.
//! 4. Loads are planned first; a grouped load then counts at its group's position when the
//!    stores check for reads in their way, so no aliasing load and store swap order when both
//!    move (a load moved up never passes an aliasing store's original position, a store moved
//!    down never passes an aliasing load's new one).
//!
//! llc's pass takes the alignment from the first access of a chain only and raises nothing but
//! allocas' alignment; taking every member's (and a module variable's) is as sound and finds
//! at least the same groups.

use std::collections::BTreeMap;

/// The largest vector access in bits (PTX `ld.v4.b32`, `ld.v2.b64`).
pub const MAX_VECTOR_BITS: u32 = 128;

/// Where an access points: `base + off` for `size` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    /// The pointer with its constant offsets stripped (an id of the caller's).
    pub base: usize,
    pub off: i64,
    pub size: u64,
    /// The identified object under `base` (a module variable, an alloca, a `noalias`
    /// argument), if any: accesses of two different identified objects never alias.
    pub object: Option<usize>,
    /// The LLVM address space of the pointer (0: generic, aliases every space).
    pub space: u32,
}

/// Whether two locations may share a byte.
pub fn may_alias(a: &Loc, b: &Loc) -> bool {
    if a.base == b.base {
        return a.off < b.off.saturating_add(b.size as i64) && b.off < a.off.saturating_add(a.size as i64);
    }
    if a.space != b.space && a.space != 0 && b.space != 0 {
        return false;
    }
    !matches!((a.object, b.object), (Some(x), Some(y)) if x != y)
}

/// What an instruction does to memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A simple load or store that may merge: `n` elements of `bytes` bytes, `align` from the IR.
    Candidate { load: bool, bytes: u32, n: u32, align: u32 },
    /// Any other access at a known location.
    Hazard { reads: bool, writes: bool },
    /// Reads and writes anything (calls, fences, inline assembly).
    Barrier,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub pos: usize,
    pub kind: Kind,
    /// `None` only for barriers.
    pub loc: Option<Loc>,
    /// The alignment of `base` itself (a module variable's), 1 when unknown.
    pub base_align: u32,
}

impl Access {
    fn writes(&self) -> bool {
        match self.kind {
            Kind::Candidate { load, .. } => !load,
            Kind::Hazard { writes, .. } => writes,
            Kind::Barrier => true,
        }
    }
    fn reads(&self) -> bool {
        match self.kind {
            Kind::Candidate { load, .. } => load,
            Kind::Hazard { reads, .. } => reads,
            Kind::Barrier => true,
        }
    }
    /// Whether this access may touch `loc` (barriers touch everything).
    fn touches(&self, loc: &Loc) -> bool {
        self.loc.as_ref().is_none_or(|l| may_alias(l, loc))
    }
}

/// One planned vector access: `pieces` (access index, element index) at consecutive addresses
/// from `base + start`, emitted when the access `anchor` is lowered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub load: bool,
    pub bytes: u32,
    pub start: i64,
    pub anchor: usize,
    pub pieces: Vec<(usize, u32)>,
}

/// Plans the vector accesses of one block (see the module documentation). `accesses` are in
/// program order; groups name them by index.
pub fn plan(accesses: &[Access]) -> Vec<Group> {
    let orig: Vec<usize> = accesses.iter().map(|a| a.pos).collect();
    let loads = plan_kind(accesses, true, &orig);
    let mut eff = orig.clone();
    for g in &loads {
        for &(a, _) in &g.pieces {
            eff[a] = accesses[g.anchor].pos;
        }
    }
    let mut groups = loads;
    groups.extend(plan_kind(accesses, false, &eff));
    groups
}

fn plan_kind(acc: &[Access], load: bool, eff: &[usize]) -> Vec<Group> {
    // Classes by (base, element size), in order of first appearance.
    let mut classes: BTreeMap<(usize, u32), Vec<usize>> = BTreeMap::new();
    let mut order: Vec<(usize, u32)> = Vec::new();
    for (i, a) in acc.iter().enumerate() {
        if let (Kind::Candidate { load: l, bytes, .. }, Some(loc)) = (&a.kind, &a.loc)
            && *l == load
        {
            let key = (loc.base, *bytes);
            if !classes.contains_key(&key) {
                order.push(key);
            }
            classes.entry(key).or_default().push(i);
        }
    }
    let mut groups = Vec::new();
    for key in order {
        let members = &classes[&key];
        let mut epoch: Vec<usize> = Vec::new();
        for &m in members {
            if !epoch.is_empty() && !extends(acc, &epoch, m, load, eff) {
                groups.extend(split_epoch(acc, &epoch, load));
                epoch.clear();
            }
            epoch.push(m);
        }
        groups.extend(split_epoch(acc, &epoch, load));
    }
    groups
}

/// Whether member `m` may join `epoch` (step 1 of the module documentation).
fn extends(acc: &[Access], epoch: &[usize], m: usize, load: bool, eff: &[usize]) -> bool {
    let first = acc[epoch[0]].pos;
    let mpos = acc[m].pos;
    let Some(mloc) = acc[m].loc else { return false };
    if load {
        return !acc.iter().any(|h| h.pos > first && h.pos < mpos && h.writes() && h.touches(&mloc));
    }
    if epoch.iter().any(|&e| acc[e].loc.is_some_and(|l| may_alias(&l, &mloc))) {
        return false;
    }
    epoch.iter().all(|&e| {
        let (epos, eloc) = (acc[e].pos, acc[e].loc.expect("candidates have locations"));
        acc.iter().enumerate().all(|(i, h)| {
            let write_between = h.writes() && h.pos > epos && h.pos < mpos;
            let read_between = h.reads() && eff[i] > epos && eff[i] < mpos;
            !((write_between || read_between) && i != e && h.touches(&eloc))
        })
    })
}

/// The largest power of two dividing `x` (`u64::MAX` for 0).
fn pow2_dividing(x: i64) -> u64 {
    if x == 0 { u64::MAX } else { 1u64 << x.trailing_zeros() }
}

/// The alignment proven for `base + at` by the epoch's members and the base's own alignment.
pub fn known_align(members: &[(i64, u32)], base_align: u32, at: i64) -> u64 {
    let from_base = u64::from(base_align.max(1)).min(pow2_dividing(at));
    members
        .iter()
        .map(|&(off, align)| u64::from(align.max(1)).min(pow2_dividing(at.wrapping_sub(off))))
        .fold(from_base, u64::max)
}

/// Splits pieces at consecutive offsets `start, start + bytes, ...` (`len` of them) into groups
/// (first index, element count), greedily from the start, each aligned to its size.
pub fn split_run(start: i64, len: usize, bytes: u32, align_at: impl Fn(i64) -> u64) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < len {
        let at = start + i as i64 * i64::from(bytes);
        let n = [4usize, 2].into_iter().find(|&n| {
            let size = n as u64 * u64::from(bytes);
            i + n <= len && size * 8 <= u64::from(MAX_VECTOR_BITS) && align_at(at) >= size
        });
        match n {
            Some(n) => {
                out.push((i, n));
                i += n;
            }
            None => i += 1,
        }
    }
    out
}

fn split_epoch(acc: &[Access], epoch: &[usize], load: bool) -> Vec<Group> {
    let Some(&first) = epoch.first() else { return Vec::new() };
    let Kind::Candidate { bytes, .. } = acc[first].kind else { return Vec::new() };
    // (offset, access, element), by offset then program order.
    let mut pieces: Vec<(i64, usize, u32)> = Vec::new();
    let mut members: Vec<(i64, u32)> = Vec::new();
    for &m in epoch {
        let (Kind::Candidate { n, align, .. }, Some(loc)) = (&acc[m].kind, &acc[m].loc) else { continue };
        members.push((loc.off, *align));
        for k in 0..*n {
            pieces.push((loc.off + i64::from(k) * i64::from(bytes), m, k));
        }
    }
    pieces.sort_by_key(|&(off, m, k)| (off, acc[m].pos, k));
    // A second piece at one offset (a repeated load) stays scalar.
    pieces.dedup_by_key(|p| p.0);
    let base_align = acc[first].base_align;
    let mut groups = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let mut j = i + 1;
        while j < pieces.len() && pieces[j].0 == pieces[j - 1].0 + i64::from(bytes) {
            j += 1;
        }
        let run = &pieces[i..j];
        for (s, n) in split_run(run[0].0, run.len(), bytes, |at| known_align(&members, base_align, at)) {
            let g = &run[s..s + n];
            let positions = g.iter().map(|&(_, m, _)| (acc[m].pos, m));
            let anchor = if load { positions.min() } else { positions.max() };
            let Some((_, anchor)) = anchor else { continue };
            groups.push(Group {
                load,
                bytes,
                start: g[0].0,
                anchor,
                pieces: g.iter().map(|&(_, m, k)| (m, k)).collect(),
            });
        }
        i = j;
    }
    groups
}

#[cfg(test)]
#[path = "vectorize_plan_tests.rs"]
mod tests;
