//! `Op::TexSurf` (and inline PTX that is one texture/surface instruction, `TexOp::from_asm`) in
//! the SIMT interpreter: each active lane runs the shared model
//! (`interp::texture::execute`) on its source values, with the image data in the machine's
//! global allocations, so surface accesses are memory accesses the race detector sees.

use super::{AccessKind, Error, Inst, Op, Sim, Space, View, Warp, cells_of, lanes};
use crate::ori::interp::texture::{self, ImageMemory, ImageSpec};
use crate::ori::texsurf::TexOp;

/// One lane's view of the bound images.
struct LaneImages<'s, 'a> {
    sim: &'s mut Sim<'a>,
    thread: u32,
}

impl LaneImages<'_, '_> {
    fn address(&self, handle: u64, offset: u64) -> Result<u64, String> {
        let (_, base) = self.sim.machine.image(handle).ok_or_else(|| format!("handle {handle:#x} names no image"))?;
        Ok(base + offset)
    }
}

impl ImageMemory for LaneImages<'_, '_> {
    fn spec(&self, handle: u64) -> Option<ImageSpec> {
        self.sim.machine.image(handle).map(|(s, _)| s)
    }

    fn read(&mut self, handle: u64, offset: u64, len: u64) -> Result<u128, String> {
        let addr = self.address(handle, offset)?;
        if self.sim.race.is_some() {
            let zeros = [0u8; 16];
            let n = (len as usize).min(zeros.len());
            self.sim.record(Space::Global, addr, &zeros[..n], AccessKind::Read, false, self.thread);
        }
        let sim = &mut *self.sim;
        let mut view = Sim::view(sim.machine, &mut sim.shared, &mut sim.local, self.thread);
        load(&mut view, addr, len)
    }

    fn write(&mut self, handle: u64, offset: u64, len: u64, value: u128) -> Result<(), String> {
        let addr = self.address(handle, offset)?;
        if self.sim.race.is_some() {
            let data = value.to_le_bytes()[..len as usize].to_vec();
            self.sim.record(Space::Global, addr, &data, AccessKind::Write, false, self.thread);
        }
        let sim = &mut *self.sim;
        let mut view = Sim::view(sim.machine, &mut sim.shared, &mut sim.local, self.thread);
        view.store(Space::Global, addr, len, value).map_err(|e| e.message)
    }
}

fn load(view: &mut View<'_>, addr: u64, len: u64) -> Result<u128, String> {
    view.load(Space::Global, addr, len).map_err(|e| e.message)
}

impl Sim<'_> {
    /// The texture/surface instruction an `ASM` instruction's template is, if it is one.
    pub(super) fn asm_texsurf(&self, w: &Warp, inst: &Inst) -> Option<TexOp> {
        let Op::Asm { id, .. } = inst.op else { return None };
        let text = self.k.code[w.frame().func].f.asm.get(id as usize)?;
        TexOp::from_asm(text, inst.dsts.len(), inst.srcs.len())
    }

    /// Runs a texture/surface instruction for the `active` lanes; the results go to `results`
    /// (one list per destination).
    pub(super) fn texsurf(
        &mut self,
        w: &Warp,
        inst: &Inst,
        op: TexOp,
        active: u32,
        results: &mut [Vec<(u32, [u32; 4])>],
    ) -> Result<(), Error> {
        let mut args = Vec::with_capacity(inst.srcs.len());
        for l in lanes(active) {
            args.clear();
            for o in &inst.srcs {
                args.push(self.operand(w, l, o)?);
            }
            let mut mem = LaneImages { sim: self, thread: w.index * 32 + l };
            let out = texture::execute(op, &mut mem, &args).map_err(Error::fault)?;
            for (r, v) in results.iter_mut().zip(out) {
                r.push((l, cells_of(v)));
            }
        }
        Ok(())
    }
}
