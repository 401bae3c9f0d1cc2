//! `ATOM` in the SIMT interpreter: each active lane's read-modify-write runs whole before the
//! next lane's (lanes take turns in index order), so atomics are indivisible; 16-bit (`f16` add),
//! 32-bit and 64-bit values. The ordered loads and stores (`AtomOp::Load` / `AtomOp::Store`)
//! are strong accesses for the race detector, and a `seq_cst` one is also a fence.

use super::{Sim, Warp, lanes};
use crate::ori::interp::Error;
use crate::ori::interp::exec;
use crate::ori::interp::race::AccessKind;
use crate::ori::interp::regs::cells_of;
use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{AtomOp, NumTy, Space};

impl Sim<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atom(
        &mut self,
        w: &Warp,
        inst: &Inst,
        space: Space,
        op: AtomOp,
        ty: NumTy,
        active: u32,
        results: &mut [Vec<(u32, [u32; 4])>],
    ) -> Result<(), Error> {
        let bytes = (ty.bits() / 8) as u64;
        let address = inst.address().unwrap_or(&Operand::Zero);
        let operand = |k: usize| inst.atomic_operands().get(k).unwrap_or(&Operand::Zero);
        let rmw = !matches!(op, AtomOp::Load { .. } | AtomOp::Store { .. });
        if rmw && bytes < 2 {
            return Err(Error::unsupported(format!("{} (8-bit atomics)", inst.op)));
        }
        for l in lanes(active) {
            let thread = w.index * 32 + l;
            let addr = self.operand(w, l, address)?;
            if !addr.is_multiple_of(bytes) {
                return Err(Error::fault(format!("misaligned {bytes}-byte atomic at {addr:#x}")));
            }
            match op {
                AtomOp::Load { sc, .. } => {
                    self.fence_sc(sc, thread);
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
                    let v = view.load(space, addr, bytes)? as u64;
                    if self.race.is_some() {
                        let data = v.to_le_bytes()[..bytes as usize].to_vec();
                        self.record(space, addr, &data, AccessKind::Read, true, thread);
                    }
                    if let Some(r) = results.first_mut() {
                        r.push((l, cells_of(v)));
                    }
                }
                AtomOp::Store { sc, .. } => {
                    self.fence_sc(sc, thread);
                    let v = self.operand(w, l, operand(0))?;
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
                    view.store(space, addr, bytes, v as u128)?;
                    if self.race.is_some() {
                        let data = v.to_le_bytes()[..bytes as usize].to_vec();
                        self.record(space, addr, &data, AccessKind::Write, true, thread);
                    }
                }
                _ => {
                    let v = self.operand(w, l, operand(0))?;
                    let (cmp, v) = if op == AtomOp::Cas { (v, self.operand(w, l, operand(1))?) } else { (0, v) };
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, thread);
                    let old = view.load(space, addr, bytes)? as u64;
                    let new = exec::atom_apply(op, ty, old, v, cmp)?;
                    view.store(space, addr, bytes, new as u128)?;
                    if self.race.is_some() {
                        let data = new.to_le_bytes()[..bytes as usize].to_vec();
                        self.record(space, addr, &data, AccessKind::Update, true, thread);
                    }
                    if let Some(r) = results.first_mut() {
                        r.push((l, cells_of(old)));
                    }
                }
            }
        }
        Ok(())
    }

    /// The `fence.sc` before a seq_cst load or store, for the race detector.
    fn fence_sc(&mut self, sc: bool, thread: u32) {
        if let (Some(r), true) = (self.race.as_mut(), sc) {
            r.fence(thread, self.out.steps);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ori::interp::exec::atom_apply;
    use crate::ori::opcode::{AtomOp, NumTy};

    #[test]
    fn half_add_and_widths() {
        // 1.5 + 2.25 = 3.75 in f16; the bits above 16 are ignored.
        assert_eq!(atom_apply(AtomOp::Add, NumTy::F16, 0xFFFF_3E00, 0x4080, 0).unwrap(), 0x4380);
        assert_eq!(atom_apply(AtomOp::Cas, NumTy::U32, 7, 9, 0x1_0000_0007).unwrap(), 9);
        let load = AtomOp::Load { sc: false };
        assert!(atom_apply(load, NumTy::U32, 1, 2, 0).is_err());
    }
}
