//! The schedule of a run (see the module documentation of [`super`], section *Schedule*): CTAs
//! one after the other, and within a CTA the warps round-robin, each until it reaches a barrier,
//! yields or exits; then the barriers whose arrivals are complete (`barriers.rs`) release their
//! warps, and when none is, the CTA is deadlocked (a fault).

use super::super::memory::{LOCAL_FRAME_BASE, Machine};
use super::super::race::{RaceLog, Site};
use super::super::regs::WarpRegs;
use super::super::{Error, Launch, Options, Outcome};
use super::prepare::prepare;
use super::{Entry, Frame, Pc, Sim, State, Warp, lanes, stack};
use crate::ori::ir::Function;
use std::collections::BTreeSet;

/// Runs `funcs[0]` (with `funcs[1..]` callable) over the launch; see `interp::run_program`.
pub fn run(
    machine: &mut Machine,
    funcs: &[&Function],
    launch: &Launch,
    params: &[u64],
    opts: &Options,
) -> (Outcome, Result<(), Error>) {
    let kernel = match prepare(machine, funcs, launch, params, opts) {
        Ok(k) => k,
        Err(e) => return (Outcome::default(), Err(e)),
    };
    let threads = launch.block.iter().product::<u32>();
    let mut sim = Sim {
        k: &kernel,
        machine,
        out: Outcome::default(),
        notes: BTreeSet::new(),
        ctaid: [0; 3],
        cta_linear: 0,
        nwarps: threads.div_ceil(32),
        shared: Vec::new(),
        local: Vec::new(),
        race: opts.race.then(|| Box::new(RaceLog::new(launch))),
        site: Site::default(),
        barriers: super::barriers::Barriers::new(),
        bar_popc: 0,
        bar_popc_dsts: Vec::new(),
    };
    let g = launch.grid;
    let mut result = Ok(());
    'grid: for z in 0..g[2] {
        for y in 0..g[1] {
            for x in 0..g[0] {
                sim.ctaid = [x, y, z];
                if let Some(r) = sim.race.as_mut() {
                    r.start_cta(sim.cta_linear);
                }
                result = sim.run_cta(threads);
                if result.is_err() {
                    break 'grid;
                }
                sim.cta_linear += 1;
            }
        }
    }
    sim.out.notes = sim.notes.into_iter().collect();
    if let Some(r) = sim.race {
        sim.out.race.races = r.races();
        sim.out.race.racy = r.racy;
    }
    (sim.out, result)
}

impl Sim<'_> {
    fn run_cta(&mut self, threads: u32) -> Result<(), Error> {
        let launch = self.k.launch;
        let entry = &self.k.code[0];
        let mut shared = self.machine.shared_init.clone();
        shared.resize((self.machine.shared_dynamic_base + launch.dynamic_shared as u64) as usize, 0);
        self.shared = shared;
        self.local = vec![vec![0u8; entry.f.local_frame as usize]; threads as usize];
        self.barriers = super::barriers::Barriers::new();
        self.bar_popc = 0;
        self.bar_popc_dsts.clear();
        if entry.f.blocks.is_empty() {
            return Ok(());
        }
        let mut warps: Vec<Warp> = (0..self.nwarps)
            .map(|w| {
                let n = (threads - 32 * w).min(32);
                let live = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
                let frame = Frame {
                    func: 0,
                    stack: vec![Entry { pc: Pc { block: 0, inst: 0 }, rpc: None, mask: live }],
                    regs: WarpRegs::new(&entry.map),
                    prev: [u32::MAX; 32],
                    params: Vec::new(),
                    retvals: Vec::new(),
                    call_dsts: Vec::new(),
                    call_site: (0, 0),
                    returned: 0,
                    local_base: LOCAL_FRAME_BASE,
                    dyn_top: [stack::dynamic_base(LOCAL_FRAME_BASE, entry.f); 32],
                };
                Warp { index: w, frames: vec![frame], live, state: State::Running }
            })
            .collect();
        loop {
            for w in warps.iter_mut() {
                while w.state == State::Running {
                    self.step(w).map_err(|e| e.in_warp(self.cta_linear * self.nwarps + w.index))?;
                }
            }
            if warps.iter().all(|w| w.state == State::Done) {
                return Ok(());
            }
            if warps.iter().any(|w| w.state == State::Yielded) {
                // Another round for the warps that gave up their turn; barriers stay closed.
                for w in warps.iter_mut().filter(|w| w.state == State::Yielded) {
                    w.state = State::Running;
                }
                continue;
            }
            let live: Vec<u32> = warps.iter().filter(|w| w.state != State::Done).map(|w| w.index).collect();
            let released = self.barriers.complete(&live);
            if released.is_empty() {
                return Err(Error::fault(format!(
                    "deadlock: every warp that has not exited waits at a barrier that cannot complete ({})",
                    self.barriers.describe_waits()
                )));
            }
            for (id, release) in released {
                let (popc, dsts) = if id == 0 {
                    (std::mem::take(&mut self.bar_popc), std::mem::take(&mut self.bar_popc_dsts))
                } else {
                    (0, Vec::new())
                };
                for &index in &release.waiting {
                    let Some(w) = warps.get_mut(index as usize) else { continue };
                    w.state = State::Running;
                    for (_, d, mask, inst) in dsts.iter().filter(|x| x.0 == index) {
                        let res: Vec<(u32, [u32; 4])> = lanes(*mask).map(|l| (l, [popc as u32, 0, 0, 0])).collect();
                        self.write(w, d, &res, inst).map_err(|e| e.in_warp(self.cta_linear * self.nwarps + w.index))?;
                    }
                }
                if let Some(r) = self.race.as_mut() {
                    // Every live warp waited there: the barrier orders the whole CTA. Otherwise
                    // each arrival orders its warp's earlier accesses before the waiters' later ones.
                    if release.waiting.len() == live.len() && release.arrivals.len() == release.waiting.len() {
                        r.barrier(self.out.steps);
                    } else {
                        r.barrier_among(&release.arrivals, &release.waiting);
                    }
                }
            }
        }
    }
}
