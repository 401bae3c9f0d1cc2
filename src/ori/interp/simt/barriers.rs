//! The sixteen named barriers of a CTA (`BAR.SYNC id[, count]`, `BAR.ARV id, count`,
//! `BAR.RED.POPC` on barrier 0).
//!
//! PTX ISA, `barrier{.cta}`: a warp that executes a barrier instruction marks the arrival of the
//! warp (the count grows by the warp size, 32); `BAR.SYNC` then waits, `BAR.ARV` does not. A
//! barrier with a thread count completes once the arrivals reach the count; one without waits
//! for every thread of the CTA that has not exited (exited warps do not hold it, as on the
//! hardware). Completion releases the warps that wait there and starts the next phase.
//!
//! Warps arrive while the schedule runs them ([`super::schedule`]); completed barriers are
//! released between the scheduler's rounds, never in the middle of one, so the schedule depends
//! only on the barriers and the runs before and after register allocation stay comparable.

use super::super::Error;

/// Barriers per CTA (`0..15`).
pub const NAMED_BARRIERS: usize = 16;

/// One barrier's current phase.
#[derive(Clone, Debug, Default)]
struct Phase {
    /// Threads that arrived (32 per warp arrival).
    arrived: u32,
    /// The thread count the phase's arrivals named; `None`: every thread of the CTA.
    count: Option<u32>,
    /// Warps that wait for completion.
    waiting: Vec<u32>,
    /// Each arrival: the warp and the time (run step) at which it arrived.
    arrivals: Vec<(u32, u64)>,
}

/// A completed phase: who waits, and who arrived when.
pub struct Release {
    pub waiting: Vec<u32>,
    pub arrivals: Vec<(u32, u64)>,
}

/// The barriers of the current CTA.
#[derive(Clone, Debug, Default)]
pub struct Barriers {
    phases: Vec<Phase>,
}

impl Barriers {
    /// Fresh barriers for a CTA.
    pub fn new() -> Barriers {
        Barriers { phases: vec![Phase::default(); NAMED_BARRIERS] }
    }

    /// Warp `warp` arrives at barrier `id` at time `now`, naming `count` threads (`None`: all of
    /// the CTA), and waits there when `wait`. A barrier number out of range, a count that is no
    /// positive multiple of 32, or a count other than the one its phase began with is a fault
    /// (PTX leaves it undefined).
    pub fn arrive(&mut self, id: u64, count: Option<u64>, warp: u32, wait: bool, now: u64) -> Result<(), Error> {
        let Some(p) = usize::try_from(id).ok().and_then(|i| self.phases.get_mut(i)) else {
            return Err(Error::fault(format!("barrier number {id} is not in 0..15")));
        };
        let count = match count {
            Some(c) if c == 0 || c % 32 != 0 || c > u32::MAX as u64 => {
                return Err(Error::fault(format!("barrier {id}: thread count {c} is not a positive multiple of 32")));
            }
            Some(c) => Some(c as u32),
            None => None,
        };
        if !p.arrivals.is_empty() && p.count != count {
            return Err(Error::fault(format!(
                "barrier {id}: arrivals name different thread counts ({} and {})",
                p.count.map_or("all".into(), |c| c.to_string()),
                count.map_or("all".into(), |c| c.to_string())
            )));
        }
        p.count = count;
        p.arrived += 32;
        p.arrivals.push((warp, now));
        if wait {
            p.waiting.push(warp);
        }
        Ok(())
    }

    /// Completes the barriers whose arrivals reached their count (`live`: the warps of the CTA
    /// that have not exited; a barrier without a count completes when all of them wait there),
    /// returning each completed phase in barrier order.
    pub fn complete(&mut self, live: &[u32]) -> Vec<(usize, Release)> {
        let mut out = Vec::new();
        for (id, p) in self.phases.iter_mut().enumerate() {
            if p.arrivals.is_empty() {
                continue;
            }
            let done = match p.count {
                Some(c) => p.arrived >= c,
                None => live.iter().all(|w| p.waiting.contains(w)),
            };
            if done {
                let p = std::mem::take(p);
                out.push((id, Release { waiting: p.waiting, arrivals: p.arrivals }));
            }
        }
        out
    }

    /// What the barriers with waiting warps still lack, for a deadlock report.
    pub fn describe_waits(&self) -> String {
        let parts: Vec<String> = self
            .phases
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.waiting.is_empty())
            .map(|(id, p)| {
                let need = p.count.map_or("every live thread".into(), |c| format!("{c} threads"));
                format!("barrier {id}: warps {:?} wait, {} threads arrived of {need}", p.waiting, p.arrived)
            })
            .collect();
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_barrier_completes_at_its_count_and_arrive_does_not_wait() {
        let mut b = Barriers::new();
        b.arrive(1, Some(64), 0, false, 5).unwrap(); // producer: BAR.ARV 1, 64
        assert!(b.complete(&[0, 1, 2]).is_empty());
        b.arrive(1, Some(64), 1, true, 9).unwrap(); // consumer: BAR.SYNC 1, 64
        let done = b.complete(&[0, 1, 2]);
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].0, 1);
        assert_eq!(done[0].1.waiting, vec![1]);
        assert_eq!(done[0].1.arrivals, vec![(0, 5), (1, 9)]);
        // The next phase starts empty.
        assert!(b.describe_waits().is_empty());
        assert!(b.complete(&[0, 1, 2]).is_empty());
    }

    #[test]
    fn barrier_without_count_waits_for_every_live_warp() {
        let mut b = Barriers::new();
        b.arrive(0, None, 0, true, 1).unwrap();
        assert!(b.complete(&[0, 1]).is_empty());
        // Warp 1 exits: the barrier no longer waits for it.
        assert_eq!(b.complete(&[0]).len(), 1);
    }

    #[test]
    fn bad_numbers_and_counts_are_faults() {
        let mut b = Barriers::new();
        assert!(b.arrive(16, None, 0, true, 0).is_err());
        assert!(b.arrive(u64::MAX, None, 0, true, 0).is_err());
        assert!(b.arrive(2, Some(48), 0, true, 0).is_err());
        assert!(b.arrive(2, Some(0), 0, false, 0).is_err());
        b.arrive(3, Some(64), 0, false, 0).unwrap();
        assert!(b.arrive(3, Some(96), 1, true, 1).is_err());
    }

    #[test]
    fn separate_barriers_complete_independently() {
        let mut b = Barriers::new();
        b.arrive(1, Some(64), 0, true, 1).unwrap();
        b.arrive(2, Some(64), 2, true, 2).unwrap();
        b.arrive(2, Some(64), 3, true, 3).unwrap();
        let done = b.complete(&[0, 1, 2, 3]);
        assert_eq!(done.iter().map(|d| d.0).collect::<Vec<_>>(), vec![2]);
        assert!(b.describe_waits().contains("barrier 1: warps [0] wait, 32 threads arrived of 64 threads"));
    }
}
