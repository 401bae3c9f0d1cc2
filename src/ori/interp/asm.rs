//! Inline PTX assembly in the interpreter: an `ASM` instruction runs its template through the
//! PTX-subset evaluator (`ptx_block`, shared with the JIT reference), lane by lane.
//!
//! When a run is prepared, each template is parsed once ([`program`]); one outside the subset,
//! using a memory space the interpreter does not serve to inline PTX (`.param`), or naming more
//! `$k` than the instruction has operands makes the run unsupported, with the template named.
//! Executing it for a lane: the sources become `$n..` (`n` destinations first), the program
//! runs, the destinations take `$0..$n-1`. Loads and stores go through the lane's memory view
//! (generic addresses resolved as for `LD`/`ST`) and are told to the race detector (strong for
//! `.volatile`/`.relaxed`/`.acquire`/`.release`); special registers read the lane's coordinates
//! with the interpreter's launch-environment convention (`%clock` 0, `%smid` 0, ...: see
//! [`super::sreg_value`]), the same values the JIT reference gives.

use super::memory::View;
use super::ptx_block::{self, Env, Program};
use super::race::{AccessKind, RaceLog, Site};
use super::windows::resolve;
use super::{Error, ThreadCtx, sreg_value};
use crate::ori::opcode::Space;
use crate::sreg::SpecialReg;

/// The program of template `text` for an `ASM` with `dsts` destinations and `srcs` sources;
/// `None` when the interpreter cannot run it.
pub fn program(text: &str, dsts: usize, srcs: usize) -> Option<Program> {
    let p = ptx_block::parse(text).ok()?;
    let ok = p.operands <= dsts + srcs && !p.memory_spaces().contains(&Space::Param);
    ok.then_some(p)
}

/// The environment of one lane.
pub(crate) struct LaneEnv<'s> {
    pub view: View<'s>,
    pub ctx: ThreadCtx,
    /// The race detector, the instruction's site and the step count.
    pub race: Option<(&'s mut RaceLog, Site, u64)>,
    /// The thread's index in the CTA.
    pub thread: u32,
    /// The interpreter's error behind a failed access (kept with its kind).
    pub error: Option<Error>,
}

impl LaneEnv<'_> {
    fn record(&mut self, space: Space, addr: u64, data: &[u8], kind: AccessKind, strong: bool) {
        if let Some((r, site, now)) = self.race.as_mut() {
            let (space, addr) = resolve(space, addr);
            r.access(space, addr, data, kind, strong, self.thread, *site, *now);
        }
    }
}

impl Env for LaneEnv<'_> {
    fn load(&mut self, space: Space, addr: u64, bytes: u32, strong: bool) -> Result<u128, String> {
        if self.race.is_some() {
            self.record(space, addr, &vec![0u8; bytes as usize], AccessKind::Read, strong);
        }
        self.view.load(space, addr, bytes as u64).map_err(|e| {
            let m = e.message.clone();
            self.error = Some(e);
            m
        })
    }

    fn store(&mut self, space: Space, addr: u64, bytes: u32, value: u128, strong: bool) -> Result<(), String> {
        if self.race.is_some() {
            let data = value.to_le_bytes()[..(bytes as usize).min(16)].to_vec();
            self.record(space, addr, &data, AccessKind::Write, strong);
        }
        self.view.store(space, addr, bytes as u64, value).map_err(|e| {
            let m = e.message.clone();
            self.error = Some(e);
            m
        })
    }

    fn sreg(&mut self, r: SpecialReg) -> u64 {
        sreg_value(r, &self.ctx)
    }
}

/// Runs `p` for one lane: `ops` holds the sources at `$dsts..` and receives the destinations.
pub(crate) fn run_lane(p: &Program, ops: &mut [u64], env: &mut LaneEnv, text: &str) -> Result<(), Error> {
    ptx_block::run(p, ops, env).map_err(|m| match env.error.take() {
        Some(e) => e,
        None => Error::fault(format!("inline PTX `{text}`: {m}")),
    })
}
