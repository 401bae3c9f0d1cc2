//! The data path: every instruction that computes, loads or stores (memory, atomics, parameter
//! slots, warp-level operations), the writes of results into registers (uniform registers take
//! the common value of the active lanes), and the race detector's view of each access.

use super::super::Error;
use super::super::exec;
use super::super::memory::{Machine, View};
use super::super::race::AccessKind;
use super::super::regs::cells_of;
use super::super::windows::resolve;
use super::{Sim, Sym, Warp, lanes};
use crate::ori::ir::{Inst, Operand, RegFile, VReg};
use crate::ori::opcode::{Op, Space, VoteMode};

impl Sim<'_> {
    /// The memory view of one thread.
    pub(super) fn view<'s>(
        machine: &'s mut Machine,
        shared: &'s mut [u8],
        local: &'s mut [Vec<u8>],
        thread: u32,
    ) -> View<'s> {
        View { machine, shared, local: &mut local[thread as usize] }
    }

    /// Tells the race detector about an access by thread `thread` of the CTA (after it succeeded
    /// or before it, as long as it is the same access).
    pub(super) fn record(&mut self, space: Space, addr: u64, data: &[u8], kind: AccessKind, strong: bool, thread: u32) {
        if let Some(r) = self.race.as_mut() {
            let (space, addr) = resolve(space, addr);
            r.access(space, addr, data, kind, strong, thread, self.site, self.out.steps);
        }
    }

    /// A `.sync` collective: the active lanes synchronize with the members they name (`mask`,
    /// the instruction's member mask).
    pub(super) fn warp_sync(&mut self, w: &Warp, mask: &Operand, active: u32) -> Result<(), Error> {
        if self.race.is_none() {
            return Ok(());
        }
        let mut members = Vec::with_capacity(32);
        for l in lanes(active) {
            members.push((l, active & self.operand(w, l, mask)? as u32));
        }
        if let Some(r) = self.race.as_mut() {
            r.warp_sync(w.index, &members, self.out.steps);
        }
        Ok(())
    }

    /// The parameter slot a `LD.PARAM` / `ST.PARAM` names, if its address is one.
    fn param_slot(&self, w: &Warp, o: &Operand) -> Option<Sym> {
        match o {
            Operand::Symbol(name) => match self.k.code[w.frame().func].symbols[name] {
                s @ (Sym::Param(_) | Sym::RetVal(_)) => Some(s),
                Sym::Addr(_) | Sym::Frame(_) | Sym::Func(_) | Sym::Proto | Sym::Vprintf | Sym::AssertFail => None,
            },
            _ => None,
        }
    }

    /// Data-path instructions, memory, atomics and warp-level operations.
    pub(super) fn data(&mut self, w: &mut Warp, inst: &Inst, active: u32) -> Result<(), Error> {
        let mut results: Vec<Vec<(u32, [u32; 4])>> = vec![Vec::new(); inst.dsts.len()];
        // Inline PTX that is one texture/surface instruction (clang's CUDA texture headers).
        let asm_texsurf = self.asm_texsurf(w, inst);
        let address = inst.address().unwrap_or(&Operand::Zero);
        match inst.op {
            Op::Asm { .. } if let Some(op) = asm_texsurf => self.texsurf(w, inst, op, active, &mut results)?,
            Op::Ld { space: Space::Param, bits, signed, offset, .. } if self.param_slot(w, address).is_some() => {
                let Some(Sym::Param(k)) = self.param_slot(w, address) else {
                    return Err(Error::internal("LD.PARAM of a return slot"));
                };
                let Some(space) = w.frame().params.get(k) else {
                    return Err(Error::internal(format!("LD.PARAM of parameter {k}, which the call did not pass")));
                };
                for l in lanes(active) {
                    let c = space.read(l, offset as i64, bits, signed)?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, c));
                    }
                }
            }
            Op::St { space: Space::Param, bits, offset, .. } if self.param_slot(w, address).is_some() => {
                let Some(Sym::RetVal(k)) = self.param_slot(w, address) else {
                    return Err(Error::internal("ST.PARAM to a parameter slot"));
                };
                let Some(value) = inst.stored_values().first() else {
                    return Err(Error::internal("ST.PARAM without a value"));
                };
                for l in lanes(active) {
                    let c = self.operand_cells(w, l, value)?;
                    match w.frame_mut().retvals.get_mut(k) {
                        Some(slot) => slot.write(l, offset as i64, bits, c)?,
                        None => return Err(Error::internal("ST.PARAM of a result the function does not have")),
                    }
                }
            }
            Op::Ld { space, bits, signed, offset, volatile, nc: _ } => {
                let bytes = (bits / 8).max(1) as u64;
                let n = inst.dsts.len() as u64;
                for l in lanes(active) {
                    if let cb @ Operand::CBank { .. } = address {
                        let v = self.operand(w, l, cb)?;
                        let v = if bytes < 8 { v & ((1u64 << (8 * bytes)) - 1) } else { v };
                        results[0].push((l, cells_of(v)));
                        continue;
                    }
                    let addr = self.operand(w, l, address)?.wrapping_add(offset as i64 as u64);
                    if n > 1 && !addr.is_multiple_of(bytes * n) {
                        return Err(Error::fault(format!("misaligned {}-byte vector load at {addr:#x}", bytes * n)));
                    }
                    if self.race.is_some() {
                        let zeros = [0u8; 64];
                        let len = ((bytes * n) as usize).min(zeros.len());
                        self.record(space, addr, &zeros[..len], AccessKind::Read, volatile, w.index * 32 + l);
                    }
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, w.index * 32 + l);
                    for (k, res) in results.iter_mut().enumerate() {
                        let v = view.load(space, addr + k as u64 * bytes, bytes)?;
                        let v = match (bytes, signed) {
                            (1, true) => v as u8 as i8 as i32 as u32 as u128,
                            (2, true) => v as u16 as i16 as i32 as u32 as u128,
                            _ => v,
                        };
                        res.push((l, [v as u32, (v >> 32) as u32, (v >> 64) as u32, (v >> 96) as u32]));
                    }
                }
            }
            Op::St { space, bits, offset, volatile } => {
                let bytes = (bits / 8).max(1) as u64;
                let n = inst.stored_values().len() as u64;
                for l in lanes(active) {
                    let addr = self.operand(w, l, address)?.wrapping_add(offset as i64 as u64);
                    if n > 1 && !addr.is_multiple_of(bytes * n) {
                        return Err(Error::fault(format!("misaligned {}-byte vector store at {addr:#x}", bytes * n)));
                    }
                    let mut vals = Vec::with_capacity(n as usize);
                    for o in inst.stored_values() {
                        let c = self.operand_cells(w, l, o)?;
                        vals.push(c.iter().rev().fold(0u128, |acc, &x| acc << 32 | x as u128));
                    }
                    if self.race.is_some() {
                        let data: Vec<u8> =
                            vals.iter().flat_map(|v| v.to_le_bytes()[..bytes as usize].to_vec()).collect();
                        self.record(space, addr, &data, AccessKind::Write, volatile, w.index * 32 + l);
                    }
                    let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, w.index * 32 + l);
                    for (k, v) in vals.into_iter().enumerate() {
                        view.store(space, addr + k as u64 * bytes, bytes, v)?;
                    }
                }
            }
            Op::Atom { space, op, ty, .. } => self.atom(w, inst, space, op, ty, active, &mut results)?,
            Op::Shfl { mode } => {
                let (Some(mask), 4, false) = (inst.member_mask(), inst.srcs.len(), inst.dsts.is_empty()) else {
                    return Err(Error::internal("SHFL needs 4 sources and a destination"));
                };
                let mut undefined = false;
                for l in lanes(active) {
                    // Each thread names its own member mask (tiles of a warp name different ones).
                    let valid = active & self.operand(w, l, mask)? as u32;
                    let b = self.operand(w, l, &inst.srcs[1])?;
                    let c = self.operand(w, l, &inst.srcs[2])?;
                    let (j, p) = exec::shfl_source(mode, l, b, c);
                    let v = if valid >> j & 1 == 1 {
                        self.operand(w, j, &inst.srcs[0])? & 0xFFFF_FFFF
                    } else {
                        undefined = true;
                        0
                    };
                    results[0].push((l, cells_of(v)));
                    if let Some(r) = results.get_mut(1) {
                        r.push((l, cells_of(p as u64)));
                    }
                }
                if undefined {
                    self.note(format!("{} read a lane that does not take part (value taken as 0)", inst.op));
                }
                self.warp_sync(w, mask, active)?;
            }
            Op::Vote { mode } => {
                // `activemask`: a ballot of PT without a member mask.
                let (mask, pred) = (inst.member_mask(), inst.pred_source().unwrap_or(&Operand::True));
                let activemask = mask.is_none() && mode == VoteMode::Ballot;
                if inst.dsts.len() != 1 || (mask.is_none() && !activemask) {
                    return Err(Error::internal("VOTE needs a destination, a predicate and a member mask"));
                }
                let mut preds = u32::MAX;
                if !activemask {
                    preds = 0;
                    for l in lanes(active) {
                        if self.operand(w, l, pred)? != 0 {
                            preds |= 1 << l;
                        }
                    }
                }
                for l in lanes(active) {
                    let member = match mask {
                        Some(m) => self.operand(w, l, m)? as u32,
                        None => u32::MAX,
                    };
                    results[0].push((l, cells_of(exec::vote(mode, active & member, preds))));
                }
                if let Some(mask) = mask {
                    self.warp_sync(w, mask, active)?;
                }
            }
            Op::Membar { gpu } => {
                if let (Some(r), true) = (self.race.as_mut(), gpu) {
                    for l in lanes(active) {
                        r.fence(w.index * 32 + l, self.out.steps);
                    }
                }
            }
            Op::Match { all, w64 } => {
                let (Some(mask), 2, false) = (inst.member_mask(), inst.srcs.len(), inst.dsts.is_empty()) else {
                    return Err(Error::internal("MATCH needs a value, a member mask and a destination"));
                };
                let mut values = [0u64; 32];
                for l in lanes(active) {
                    let v = self.operand(w, l, &inst.srcs[0])?;
                    values[l as usize] = if w64 { v } else { v & 0xFFFF_FFFF };
                }
                for l in lanes(active) {
                    let members = active & self.operand(w, l, mask)? as u32;
                    if members >> l & 1 == 0 {
                        return Err(Error::fault(format!("{} by lane {l}, which its member mask leaves out", inst.op)));
                    }
                    let (m, p) = exec::match_lanes(all, members, values[l as usize], &values);
                    results[0].push((l, cells_of(m)));
                    if let Some(r) = results.get_mut(1) {
                        r.push((l, cells_of(p as u64)));
                    }
                }
                // A `.sync` collective orders the member lanes (race detection).
                self.warp_sync(w, mask, active)?;
            }
            Op::Redux { op } => {
                let (Some(mask), 2, 1) = (inst.member_mask(), inst.srcs.len(), inst.dsts.len()) else {
                    return Err(Error::internal("REDUX needs a value, a member mask and a destination"));
                };
                let mut values = [0u64; 32];
                for l in lanes(active) {
                    values[l as usize] = self.operand(w, l, &inst.srcs[0])?;
                }
                for l in lanes(active) {
                    let members = active & self.operand(w, l, mask)? as u32;
                    if members >> l & 1 == 0 {
                        return Err(Error::fault(format!("{} by lane {l}, which its member mask leaves out", inst.op)));
                    }
                    results[0].push((l, cells_of(exec::redux(op, members, &values))));
                }
                self.warp_sync(w, mask, active)?;
            }
            Op::WarpSync => {
                // The member lanes that are live but not active are on another path: hardware
                // would wait for them; the interpreter runs one path at a time.
                for l in lanes(active) {
                    let mask = self.operand(w, l, inst.member_mask().unwrap_or(&Operand::Zero))? as u32;
                    if mask & w.live & !active != 0 {
                        self.note(format!("{} in a diverged warp (mask {mask:#x}, active {active:#x})", inst.op));
                        break;
                    }
                }
                if let Some(mask) = inst.member_mask() {
                    self.warp_sync(w, mask, active)?;
                }
            }
            // Hints change no value a thread reads.
            Op::Nanosleep | Op::CacheHint { .. } => {}
            Op::TexSurf { op } => self.texsurf(w, inst, op, active, &mut results)?,
            Op::Stack { op } => self.stack(w, inst, op, active, &mut results)?,
            Op::Sm90 { op } => self.sm90(w, inst, op, active, &mut results)?,
            Op::Mov { .. } | Op::Copy => {
                for l in lanes(active) {
                    let c = self.operand_cells(w, l, &inst.srcs[0])?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, c));
                    }
                }
            }
            Op::IAdd3 { .. }
            | Op::IMad { .. }
            | Op::Lop3 { .. }
            | Op::Shf { .. }
            | Op::Funnel { .. }
            | Op::ISetp { .. }
            | Op::FSetp { .. }
            | Op::PLop3 { .. }
            | Op::Sel { .. }
            | Op::FAdd { .. }
            | Op::FMul { .. }
            | Op::FFma { .. }
            | Op::FMnMx { .. }
            | Op::FNeg { .. }
            | Op::FAbs { .. }
            | Op::FDiv { .. }
            | Op::FSqrt { .. }
            | Op::Mufu { .. }
            | Op::IAbs { .. }
            | Op::IMnMx { .. }
            | Op::Popc { .. }
            | Op::Flo { .. }
            | Op::Brev { .. }
            | Op::Fns
            | Op::Prmt
            | Op::Dp { .. }
            | Op::IDiv { .. }
            | Op::Cvt { .. }
            | Op::S2R
            | Op::IsSpace { .. }
            | Op::Cvta { .. } => {
                if inst.dsts.len() > 1 {
                    return Err(Error::unsupported(format!("{} with {} destinations", inst.op, inst.dsts.len())));
                }
                let mut vals = Vec::with_capacity(inst.srcs.len());
                for l in lanes(active) {
                    vals.clear();
                    for o in &inst.srcs {
                        vals.push(self.operand(w, l, o)?);
                    }
                    if let Op::IDiv { signed, w64, .. } = inst.op
                        && exec::idiv_traps(signed, w64, vals[0], vals[1])
                    {
                        self.note(format!("{} division by zero or overflow", inst.op));
                    }
                    let v = exec::alu(&inst.op, &vals)?;
                    if let Some(r) = results.first_mut() {
                        r.push((l, cells_of(v)));
                    }
                }
            }
            Op::Asm { id, .. } => {
                // Parsed by `prepare` (`asm.rs`).
                let k = self.k;
                let code = &k.code[w.frame().func];
                let text = code.f.asm.get(id as usize).map_or("", |t| t.trim());
                let Some(prog) = code.asm.get(&id) else {
                    return Err(Error::internal(format!("ASM.{id} is not interpretable")));
                };
                let n = inst.dsts.len();
                let mut ops = vec![0u64; prog.operands.max(n + inst.srcs.len())];
                for l in lanes(active) {
                    ops.fill(0);
                    for (j, o) in inst.srcs.iter().enumerate() {
                        ops[n + j] = self.operand(w, l, o)?;
                    }
                    let (ctx, thread, site, steps) = (self.thread(w, l), w.index * 32 + l, self.site, self.out.steps);
                    let mut env = super::super::asm::LaneEnv {
                        view: Self::view(self.machine, &mut self.shared, &mut self.local, thread),
                        ctx,
                        race: self.race.as_deref_mut().map(|r| (r, site, steps)),
                        thread,
                        error: None,
                    };
                    super::super::asm::run_lane(prog, &mut ops, &mut env, text)?;
                    for (r, &v) in results.iter_mut().zip(&ops) {
                        r.push((l, cells_of(v)));
                    }
                }
            }
            Op::Bar
            | Op::BarArrive
            | Op::BarPopc
            | Op::Bra
            | Op::Exit
            | Op::Ret
            | Op::Call
            | Op::Phi
            | Op::Trap { .. } => {
                return Err(Error::internal(format!("{} reached the data path", inst.op)));
            }
        }
        for (d, res) in inst.dsts.iter().zip(results) {
            self.write(w, d, &res, inst)?;
        }
        Ok(())
    }

    /// Writes one destination for the lanes in `res`.
    pub(super) fn write(
        &mut self,
        w: &mut Warp,
        d: &Operand,
        res: &[(u32, [u32; 4])],
        inst: &Inst,
    ) -> Result<(), Error> {
        let r: VReg = match d {
            Operand::Reg(r) => *r,
            Operand::Zero | Operand::True => return Ok(()),
            other => return Err(Error::internal(format!("destination {other:?}"))),
        };
        let code = &self.k.code[w.frame().func];
        let loc = code.map.loc(r);
        let regs = &mut w.frame_mut().regs;
        match loc.file {
            RegFile::UR | RegFile::UP => {
                let Some(&(_, first)) = res.first() else { return Ok(()) };
                let norm = |c: [u32; 4]| if loc.file == RegFile::UP { [(c[0] != 0) as u32, 0, 0, 0] } else { c };
                if let Some(&(l, c)) = res.iter().find(|(_, c)| norm(*c) != norm(first)) {
                    return Err(Error::fault(format!(
                        "{} writes different values to the uniform register {} (lane {} {:#x}, lane {l} {:#x})",
                        inst.op,
                        crate::ori::print::Names::virtual_regs(code.f).reg(r),
                        res[0].0,
                        first[0],
                        c[0]
                    )));
                }
                regs.write_uniform_cells(loc, first);
            }
            RegFile::R | RegFile::P | RegFile::B => {
                for &(l, c) in res {
                    regs.write_cells(loc, l, c);
                }
            }
        }
        Ok(())
    }
}
