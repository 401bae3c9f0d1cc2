//! `CALL` and returns: pushing a frame for the callee, retiring lanes that return or exit, and
//! writing the results into the caller's destinations (see the module documentation of
//! [`super`], section *Calls*).

use super::super::Error;
use super::super::memory::LOCAL_FRAME_BASE;
use super::super::regs::WarpRegs;
use super::{Entry, Frame, MAX_CALL_DEPTH, Pc, Sim, State, Sym, Warp, lanes, params, stack};
use crate::ori::ir::{Callee, Inst};
use std::collections::BTreeSet;

impl Sim<'_> {
    /// Lanes leaving the function by falling off its end: `RET` in a callee, `EXIT` in the kernel.
    pub(super) fn leave(&mut self, w: &mut Warp, mask: u32) {
        if w.frames.len() > 1 {
            retire_lanes(w.frame_mut(), mask);
            w.frame_mut().returned |= mask;
        } else {
            exit_lanes(w, mask);
        }
    }

    /// `CALL`: a new frame for the callee with the calling lanes and their arguments.
    pub(super) fn call(&mut self, w: &mut Warp, inst: &Inst, site: (u32, u32), active: u32) -> Result<(), Error> {
        let caller = &self.k.code[w.frame().func];
        let Some((target, args)) = inst.call_parts() else { return Err(Error::internal("CALL without a callee")) };
        let callee = match target {
            Callee::Direct(name) => match caller.symbols.get(name) {
                Some(Sym::Func(k)) => *k,
                Some(Sym::Vprintf) => {
                    // printf: no output; every calling lane gets 0.
                    let res: Vec<(u32, [u32; 4])> = lanes(active).map(|l| (l, [0; 4])).collect();
                    for d in &inst.dsts {
                        self.write(w, d, &res, inst)?;
                    }
                    self.trace(w, site.0 as usize, site.1 as usize, inst, active);
                    return Ok(());
                }
                Some(Sym::AssertFail) => return Err(self.assert_fail(w, args, active)),
                _ => return Err(Error::internal(format!("CALL of @{name}, which is not a function"))),
            },
            Callee::Indirect { address, .. } => {
                let mut addrs = BTreeSet::new();
                for l in lanes(active) {
                    addrs.insert(self.operand(w, l, address)?);
                }
                if addrs.len() > 1 {
                    return Err(Error::unsupported("an indirect CALL whose lanes call different functions"));
                }
                let a = addrs.pop_first().unwrap_or(0);
                match self.k.by_address.get(&a) {
                    Some(&k) => k,
                    None => return Err(Error::fault(format!("indirect CALL of {a:#x}, which is no function here"))),
                }
            }
        };
        if w.frames.len() >= MAX_CALL_DEPTH {
            return Err(Error::fault(format!("calls nested deeper than {MAX_CALL_DEPTH}")));
        }
        let code = &self.k.code[callee];
        if code.f.sig.params.len() != code.f.params.len() {
            return Err(Error::internal(format!(
                "@{} has {} parameters and a signature of {}",
                code.f.name,
                code.f.params.len(),
                code.f.sig.params.len()
            )));
        }
        let params = self.marshal(w, &code.f.sig, args, active)?;
        // Above the caller's static frame and every lane's dynamic allocations.
        let local_base = w.frame().dyn_top.iter().copied().max().unwrap_or(0).next_multiple_of(16);
        let end = (local_base - LOCAL_FRAME_BASE + code.f.local_frame as u64) as usize;
        for l in 0..32 {
            if let Some(mem) = self.local.get_mut((w.index * 32 + l) as usize)
                && mem.len() < end
            {
                mem.resize(end, 0);
            }
        }
        w.frames.push(Frame {
            func: callee,
            stack: vec![Entry { pc: Pc { block: 0, inst: 0 }, rpc: None, mask: active }],
            regs: WarpRegs::new(&code.map),
            prev: [u32::MAX; 32],
            params,
            retvals: code.f.sig.ret.iter().map(params::ParamSpace::new).collect(),
            call_dsts: inst.dsts.clone(),
            call_site: site,
            returned: 0,
            local_base,
            dyn_top: [stack::dynamic_base(local_base, code.f); 32],
        });
        Ok(())
    }

    /// The callee's stack is empty: back to the caller, with the return values of the lanes that
    /// returned (rather than exited).
    pub(super) fn return_from_call(&mut self, w: &mut Warp) -> Result<(), Error> {
        let callee = w.frames.pop().unwrap();
        let lanes_back = callee.returned & w.live;
        let (b, i) = callee.call_site;
        let code = &self.k.code[w.frame().func];
        let inst = &code.f.blocks[b as usize].insts[i as usize];
        let sig = &self.k.code[callee.func].f.sig;
        let mut res: Vec<Vec<(u32, [u32; 4])>> = vec![Vec::new(); callee.call_dsts.len()];
        for l in lanes(lanes_back) {
            let values = params::unmarshal(sig, callee.retvals.first(), l).map_err(|e| e.at(b, i))?;
            for (r, v) in res.iter_mut().zip(values) {
                r.push((l, v));
            }
        }
        for (d, r) in callee.call_dsts.iter().zip(&res) {
            self.write(w, d, r, inst).map_err(|e| e.at(b, i))?;
        }
        if lanes_back != 0 {
            self.trace(w, b as usize, i as usize, inst, lanes_back);
        }
        Ok(())
    }
}

/// Removes lanes from every entry of a frame (they returned), popping empty top entries.
pub(super) fn retire_lanes(fr: &mut Frame, lanes: u32) {
    for e in &mut fr.stack {
        e.mask &= !lanes;
    }
    while fr.stack.last().is_some_and(|e| e.mask == 0) {
        fr.stack.pop();
    }
}

/// Removes exiting lanes from the warp and from every entry of every frame.
pub(super) fn exit_lanes(w: &mut Warp, lanes: u32) {
    w.live &= !lanes;
    for fr in &mut w.frames {
        retire_lanes(fr, lanes);
    }
    if w.live == 0 {
        w.state = State::Done;
    }
}
