//! Semantics of the sm_90 instructions (`Op::Sm90`) in the interpreter.
//!
//! # mbarrier
//!
//! The 64-bit object in (shared) memory is opaque in PTX; the interpreter and the JIT reference
//! (`llvm/reference/sm90.rs`) share this encoding: bits 0..21 the pending arrivals of the current
//! phase, bits 21..42 the expected arrivals, bits 42..63 the phase number. `init(n)` writes
//! `n | n << 21` (phase 0), `inval` writes 0. An arrive (of `count`, 1 unless `.noComplete`)
//! returns the object as it was (the *state*), takes `count` from the pending arrivals (and, for
//! `arrive_drop`, from the expected ones) and, when none are left, completes the phase: the phase
//! number grows and the pending arrivals are the expected ones again (an arrive that would
//! complete the phase under `.noComplete`, or arrivals beyond the pending ones, are faults).
//! `test_wait(state)` is whether the phase of `state` is over (the object's phase differs);
//! `pending_count(state)` is the pending arrivals in `state`. Lanes arrive in lane order.
//!
//! A warp whose `test_wait` is false for a lane gives up its turn (`State::Yielded`), so that the
//! other warps of the CTA can arrive: a spin loop on `test_wait` makes progress. For the race
//! detector the completion of a phase orders like a CTA barrier (everything before it before
//! everything after it: coarse, in the detector's "assume order when in doubt" spirit).
//!
//! # cp.async
//!
//! A copy runs at once: `cp.async.{ca,cg}.shared.global [d], [s], n[, size]` copies `size` (or
//! `n`) bytes from global to shared memory and zero-fills the rest of the `n` bytes. Reading the
//! destination before the copy is waited for is a race in PTX, so completing it early is one of
//! the allowed outcomes; `commit_group` / `wait_group` / `wait_all` have nothing left to wait for,
//! and `cp.async.mbarrier.arrive` is an arrive-on that adds its own pending arrival first (no
//! change), or under `.noinc` one arrival on the barrier.
//!
//! # Clusters
//!
//! Every CTA is a cluster of one (the launch has no cluster dimensions): `%is_explicit_cluster`
//! is false, `getctarank` is 0, `mapa` of rank 0 is the address itself (another rank is a
//! fault), a shared::cluster address is a shared one, `barrier.cluster.arrive` has nothing to
//! tell and `barrier.cluster.wait` is a CTA barrier (in `simt.rs`, like `BAR.SYNC`).
//!
//! # Others
//!
//! `elect.sync` elects the lowest lane of the member mask (deterministic, as PTX requires; the
//! JIT reference elects the same lane); `fence.proxy.*` orders nothing in this sequential model.

use super::super::Error;
use super::super::exec::is_space;
use super::super::race::AccessKind;
use super::super::regs::cells_of;
use super::{Sim, State, Warp, lanes};
use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{Sm90Op, Space};

const FIELD: u32 = 21;
const MASK: u64 = (1 << FIELD) - 1;

/// The pending arrivals, expected arrivals and phase of an mbarrier word or state.
pub fn mbar_fields(v: u64) -> (u64, u64, u64) {
    (v & MASK, v >> FIELD & MASK, v >> (2 * FIELD) & MASK)
}

/// The mbarrier word with these fields.
pub fn mbar_word(pending: u64, expected: u64, phase: u64) -> u64 {
    (pending & MASK) | (expected & MASK) << FIELD | (phase & MASK) << (2 * FIELD)
}

/// The word after an arrive of `count` (`drop`: `arrive_drop`), and whether it completed the
/// phase; `Err` for an arrive the PTX ISA leaves undefined.
pub fn mbar_arrive(old: u64, count: u64, drop: bool, no_complete: bool) -> Result<(u64, bool), String> {
    let (pending, expected, phase) = mbar_fields(old);
    if count == 0 || count > pending {
        return Err(format!("mbarrier arrive of {count} with {pending} arrivals pending"));
    }
    let expected = if drop { expected.saturating_sub(count) } else { expected };
    let pending = pending - count;
    if pending > 0 {
        return Ok((mbar_word(pending, expected, phase), false));
    }
    if no_complete {
        return Err("mbarrier arrive.noComplete completing the phase".into());
    }
    Ok((mbar_word(expected, expected, phase + 1), true))
}

impl Sim<'_> {
    fn operand_or_zero(&self, w: &Warp, l: u32, inst: &Inst, k: usize) -> Result<u64, Error> {
        self.operand(w, l, inst.srcs.get(k).unwrap_or(&Operand::Zero))
    }

    /// An 8-byte read-modify-write of an mbarrier by lane `l` (a strong access for the race
    /// detector); returns the old word.
    fn mbar_update(
        &mut self,
        w: &Warp,
        l: u32,
        space: Space,
        addr: u64,
        f: impl FnOnce(u64) -> Result<u64, Error>,
    ) -> Result<u64, Error> {
        let thread = w.index * 32 + l;
        let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
        let old = view.load(space, addr, 8)? as u64;
        let new = f(old)?;
        view.store(space, addr, 8, new as u128)?;
        self.record(space, addr, &new.to_le_bytes(), AccessKind::Update, true, thread);
        Ok(old)
    }

    /// Executes `op` for the lanes of `active` (not `barrier.cluster.wait`, which `step` runs).
    pub(super) fn sm90(
        &mut self,
        w: &mut Warp,
        inst: &Inst,
        op: Sm90Op,
        active: u32,
        results: &mut [Vec<(u32, [u32; 4])>],
    ) -> Result<(), Error> {
        let space = |shared: bool| if shared { Space::Shared } else { Space::Generic };
        let mut push = |k: usize, l: u32, v: u64| {
            if let Some(r) = results.get_mut(k) {
                r.push((l, cells_of(v)));
            }
        };
        match op {
            Sm90Op::Elect => {
                for l in lanes(active) {
                    let members = self.operand_or_zero(w, l, inst, 0)? as u32 & active;
                    if members >> l & 1 == 0 {
                        return Err(Error::fault(format!("elect.sync by lane {l}, which its member mask leaves out")));
                    }
                    let leader = members.trailing_zeros();
                    push(0, l, u64::from(leader));
                    push(1, l, u64::from(l == leader));
                }
                self.warp_sync(w, inst.srcs.first().unwrap_or(&Operand::Zero), active)?;
            }
            Sm90Op::MbarInit { shared } | Sm90Op::MbarInval { shared } => {
                for l in lanes(active) {
                    let addr = self.operand_or_zero(w, l, inst, 0)?;
                    let word = match op {
                        Sm90Op::MbarInit { .. } => {
                            let n = self.operand_or_zero(w, l, inst, 1)? & MASK;
                            mbar_word(n, n, 0)
                        }
                        _ => 0,
                    };
                    self.mbar_update(w, l, space(shared), addr, |_| Ok(word))?;
                }
            }
            Sm90Op::MbarArrive { shared, drop, no_complete } => {
                for l in lanes(active) {
                    let addr = self.operand_or_zero(w, l, inst, 0)?;
                    let count = if no_complete { self.operand_or_zero(w, l, inst, 1)? & 0xFFFF_FFFF } else { 1 };
                    let (state, completed) = self.arrive(w, l, space(shared), addr, count, drop, no_complete)?;
                    push(0, l, state);
                    let _ = completed;
                }
            }
            Sm90Op::CpAsyncMbarArrive { shared, noinc } => {
                // The copies are complete: `.noinc` arrives once; otherwise the arrive-on is
                // matched by the pending arrival it first added.
                if noinc {
                    for l in lanes(active) {
                        let addr = self.operand_or_zero(w, l, inst, 0)?;
                        self.arrive(w, l, space(shared), addr, 1, false, false)?;
                    }
                }
            }
            Sm90Op::MbarTestWait { shared } => {
                let mut waiting = false;
                for l in lanes(active) {
                    let addr = self.operand_or_zero(w, l, inst, 0)?;
                    let state = self.operand_or_zero(w, l, inst, 1)?;
                    let thread = w.index * 32 + l;
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
                    let word = view.load(space(shared), addr, 8)? as u64;
                    self.record(space(shared), addr, &word.to_le_bytes(), AccessKind::Read, true, thread);
                    let done = mbar_fields(word).2 != mbar_fields(state).2;
                    waiting |= !done;
                    push(0, l, u64::from(done));
                }
                if waiting {
                    // Let the other warps arrive (see the module documentation).
                    w.state = State::Yielded;
                }
            }
            Sm90Op::MbarPendingCount => {
                for l in lanes(active) {
                    push(0, l, mbar_fields(self.operand_or_zero(w, l, inst, 0)?).0);
                }
            }
            Sm90Op::CpAsync { bytes, src_size, .. } => {
                let n = u64::from(bytes);
                for l in lanes(active) {
                    let dst = self.operand_or_zero(w, l, inst, 0)?;
                    let src = self.operand_or_zero(w, l, inst, 1)?;
                    let size = if src_size { self.operand_or_zero(w, l, inst, 2)? & 0xFFFF_FFFF } else { n };
                    if !dst.is_multiple_of(n) || !src.is_multiple_of(n) || size > n {
                        return Err(Error::fault(format!(
                            "cp.async of {n} bytes ({size} from the source) from {src:#x} to {dst:#x}"
                        )));
                    }
                    let thread = w.index * 32 + l;
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
                    let mut data = vec![0u8; n as usize];
                    for (k, b) in data.iter_mut().enumerate().take(size as usize) {
                        *b = view.load(Space::Global, src + k as u64, 1)? as u8;
                    }
                    for (k, b) in data.iter().enumerate() {
                        view.store(Space::Shared, dst + k as u64, 1, u128::from(*b))?;
                    }
                    self.record(Space::Global, src, &data[..size as usize], AccessKind::Read, false, thread);
                    self.record(Space::Shared, dst, &data, AccessKind::Write, false, thread);
                }
            }
            Sm90Op::CpAsyncCommit | Sm90Op::CpAsyncWait | Sm90Op::CpAsyncWaitAll => {}
            Sm90Op::GetCtaRank { .. } | Sm90Op::IsExplicitCluster => {
                for l in lanes(active) {
                    push(0, l, 0);
                }
            }
            Sm90Op::Mapa { .. } => {
                for l in lanes(active) {
                    let addr = self.operand_or_zero(w, l, inst, 0)?;
                    let rank = self.operand_or_zero(w, l, inst, 1)? & 0xFFFF_FFFF;
                    if rank != 0 {
                        return Err(Error::fault(format!(
                            "mapa to CTA {rank} of the cluster (every CTA is a cluster of one here)"
                        )));
                    }
                    push(0, l, addr);
                }
            }
            Sm90Op::IsSharedCluster => {
                for l in lanes(active) {
                    let a = self.operand_or_zero(w, l, inst, 0)?;
                    push(0, l, u64::from(is_space(Space::Shared, a)));
                }
            }
            Sm90Op::ClusterArrive { .. } | Sm90Op::FenceProxy { .. } => {}
            Sm90Op::ClusterWait { .. } => return Err(Error::internal("barrier.cluster.wait reached the data path")),
        }
        Ok(())
    }

    /// One lane's arrive on the mbarrier at `addr`: the old word and whether the phase completed.
    #[allow(clippy::too_many_arguments)]
    fn arrive(
        &mut self,
        w: &Warp,
        l: u32,
        space: Space,
        addr: u64,
        count: u64,
        drop: bool,
        no_complete: bool,
    ) -> Result<(u64, bool), Error> {
        let mut completed = false;
        let old = self.mbar_update(w, l, space, addr, |old| {
            let (new, done) = mbar_arrive(old, count, drop, no_complete).map_err(Error::fault)?;
            completed = done;
            Ok(new)
        })?;
        if completed && let Some(r) = self.race.as_mut() {
            r.barrier(self.out.steps);
        }
        Ok((old, completed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mbarrier_phases() {
        let w = mbar_word(2, 2, 0);
        let (w1, done) = mbar_arrive(w, 1, false, false).unwrap();
        assert_eq!((mbar_fields(w1), done), ((1, 2, 0), false));
        let (w2, done) = mbar_arrive(w1, 1, false, false).unwrap();
        assert_eq!((mbar_fields(w2), done), ((2, 2, 1), true));
        // arrive_drop lowers the expected arrivals of the next phases.
        let (w3, _) = mbar_arrive(w2, 1, true, false).unwrap();
        assert_eq!(mbar_fields(w3), (1, 1, 1));
        let (w4, done) = mbar_arrive(w3, 1, false, false).unwrap();
        assert_eq!((mbar_fields(w4), done), ((1, 1, 2), true));
        assert!(mbar_arrive(w4, 1, false, true).is_err());
        assert!(mbar_arrive(w4, 2, false, false).is_err());
    }
}
