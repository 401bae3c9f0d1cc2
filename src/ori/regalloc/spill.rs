//! Spilling (seed 003 "Spilling Overview", "Per-Class Driver": the SPILL phase after NOSPILL).
//!
//! # Victims
//!
//! When no NOSPILL round fits the budget, [`choose_victims`] takes the registers that failed in
//! the spill-cost-ordered round (the cheapest per live point, see `fatpoint::Order::SpillCost`);
//! a spill temporary that failed is replaced by its cheapest spillable interfering neighbour.
//!
//! # Code
//!
//! A victim of R gets a slot in a spill area appended to the function's local frame
//! (`Function::local_frame` grows, 16-byte aligned). Every instruction that touches the victim
//! gets a fresh temporary instead:
//!
//! ```text
//! LDL t, [__local_depot+off]      before, when the instruction reads it (or writes it under a
//! <inst using/defining t>           guard: the old value must survive a false guard)
//! STL [__local_depot+off], t      after, when the instruction writes it
//! ```
//!
//! The slot address is the frame symbol plus an immediate offset, the PTX spelling of SASS's
//! `STL [R1+off]` (R1 is reserved as the stack pointer and the frame starts at it), so spill
//! code needs no address register.
//!
//! A predicate (P/UP) victim is spilled into a register of a 32-bit file, the cross-file
//! dependency of seed 000 ("P2R/R2P"): a fresh *carrier* `c` — an R register for a P, a UR for
//! a UP (the uniform datapath reads and writes only uniform registers, `convert_to_uniform_reg.rs` rule a) — is
//! written after every definition and read back before every use:
//!
//! ```text
//! ISETP.NE.U32.AND t, c, RZ, PT   before a use
//! SEL c, 0x1, RZ, t               after a definition
//! ```
//!
//! A UR victim (single or pair) is spilled into an R carrier of its width ("UR spills into R";
//! seed 003 "Spilling Overview": spill codegen handles uniform registers specially — the uniform
//! datapath has no local-memory access, `convert_to_uniform_reg.rs` rule d). The uniform instruction that
//! defines it writes a temporary that is moved to the carrier; *vector* instructions may read
//! R, so they read the carrier directly; a *uniform* reader (one that writes a UR or UP) gets
//! the value back through `R2UR`:
//!
//! ```text
//! <uniform inst defining t>        MOV c, t      (vector MOV R ← UR, after the definition)
//! <vector inst reading c>                        (instead of the UR)
//! MOV t, c                         (R2UR, before a uniform reader)
//! ```
//!
//! A UR value is defined only outside divergent control (`convert_to_uniform_reg.rs` rule c), so every lane
//! that later reads the carrier wrote it with the same value, and `R2UR` sees a uniform value.
//! The reload itself may sit under divergent control (where its reader is); its temporary lives
//! only from the `R2UR` to the instruction right after it. UR quads (which
//! `ConvertToUniformReg` never makes) still spill to memory.
//!
//! The classes are allocated in the order P, UP, UR, R, so that every carrier is allocated after
//! the register it carries: a UP's UR carrier may spill into R, and any R carrier (of a P, a UR,
//! or a UP's spilled carrier) may spill to memory in turn. Temporaries are marked unspillable;
//! every spill records the temporary's *origin* (the virtual register whose value it carries),
//! which the checker uses.

use super::fatpoint::Trial;
use super::problem::{ClassProblem, Node};
use crate::ori::ir::{Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, Op, Space};
use std::collections::{BTreeMap, BTreeSet};

/// The local-frame symbol the PTX emitter declares (`.local .align 16 .b8 __local_depot[N]`).
pub const FRAME_SYMBOL: &str = "__local_depot";

/// The address operand of the spill slot at byte `offset` of the frame.
pub fn slot_address(offset: u32) -> Operand {
    Operand::Symbol(format!("{FRAME_SYMBOL}+{offset}"))
}

/// The frame offset addressed by a spill-slot operand.
pub fn slot_offset(o: &Operand) -> Option<u32> {
    match o {
        Operand::Symbol(s) => s.strip_prefix(FRAME_SYMBOL)?.strip_prefix('+')?.parse().ok(),
        _ => None,
    }
}

/// A spill access: `(is_store, frame offset, bits)` for an `STL`/`LDL` of a spill slot.
pub fn spill_access(inst: &Inst) -> Option<(bool, u32, u32)> {
    match inst.op {
        Op::St { space: Space::Local, bits, offset: 0, .. } => Some((true, slot_offset(inst.address()?)?, bits)),
        Op::Ld { space: Space::Local, bits, offset: 0, .. } => Some((false, slot_offset(inst.address()?)?, bits)),
        _ => None,
    }
}

/// One spill slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpillSlot {
    /// The register spilled (its origin).
    pub vreg: VReg,
    pub offset: u32,
    pub bytes: u32,
}

/// What spilling has done to a function so far (kept across rounds and classes).
#[derive(Clone, Debug, Default)]
pub struct SpillState {
    /// Temporary or carrier → the register whose value it carries.
    pub origin: BTreeMap<VReg, VReg>,
    /// Temporaries that must not be spilled again.
    pub unspillable: BTreeSet<VReg>,
    /// Memory slots, in allocation order.
    pub slots: Vec<SpillSlot>,
    /// Registers spilled (to memory or to a carrier), in order.
    pub spilled: Vec<VReg>,
    /// Next free byte of the spill area (`None` until the first slot).
    cursor: Option<u32>,
    /// Liveness and CFG of the function as it is now, shared by the classes and rounds until
    /// [`spill`] changes the function (it clears them).
    pub analyses: Option<(crate::ori::analysis::liveness::Liveness, crate::ori::analysis::cfg::Cfg)>,
}

impl SpillState {
    /// The register whose value `v` carries (`v` itself unless it is a spill temporary).
    pub fn origin(&self, v: VReg) -> VReg {
        self.origin.get(&v).copied().unwrap_or(v)
    }

    fn slot(&mut self, f: &mut Function, v: VReg, bytes: u32) -> u32 {
        let start = *self.cursor.get_or_insert(f.local_frame.next_multiple_of(16));
        let offset = start.next_multiple_of(bytes.min(16));
        self.cursor = Some(offset + bytes);
        f.local_frame = (offset + bytes).next_multiple_of(16);
        self.slots.push(SpillSlot { vreg: self.origin(v), offset, bytes });
        offset
    }

    fn temp(&mut self, f: &mut Function, of: VReg, file: RegFile, pair: PairMode, spillable: bool) -> VReg {
        let t = f.new_reg(file, pair);
        self.origin.insert(t, self.origin(of));
        if !spillable {
            self.unspillable.insert(t);
        }
        t
    }
}

/// The victims of a failed round (see the module documentation); empty when nothing spillable
/// is left.
pub fn choose_victims(p: &ClassProblem, trial: &Trial) -> Vec<VReg> {
    let mut victims: BTreeSet<Node> = BTreeSet::new();
    for &v in &trial.failed {
        if !p.unspillable[v.idx()] {
            victims.insert(v);
            continue;
        }
        let cheapest = p.adj[v.idx()]
            .iter()
            .filter(|u| !p.unspillable[u.idx()] && trial.assign[u.idx()].is_some() && !victims.contains(u))
            .min_by(|a, b| p.priority(**a).total_cmp(&p.priority(**b)).then(a.cmp(b)));
        if let Some(&u) = cheapest {
            victims.insert(u);
        }
    }
    victims.into_iter().map(|v| p.vregs[v.idx()]).collect()
}

/// Whether `inst` reads `v` (a guarded definition reads the old value too).
fn reads(inst: &Inst, v: VReg) -> bool {
    inst.uses().any(|u| u == v) || (inst.guard.is_some() && inst.defs().any(|d| d == v))
}

fn rename(inst: &mut Inst, from: VReg, to: VReg) {
    for o in inst.srcs.iter_mut().chain(inst.dsts.iter_mut()) {
        if *o == Operand::Reg(from) {
            *o = Operand::Reg(to);
        }
    }
    if let Some(g) = &mut inst.guard
        && g.pred == from
    {
        *g = Guard { pred: to, negated: g.negated };
    }
}

/// Spills `v` (see the module documentation): R (and UR quads) to a memory slot, UR and P into
/// an R carrier, UP into a UR carrier. Returns the number of instructions inserted.
pub fn spill(f: &mut Function, v: VReg, state: &mut SpillState) -> usize {
    spill_in(f, v, state, None)
}

/// [`spill`] of every register of `victims`, in order. One scan of the function first lists the
/// blocks each victim occurs in; each spill then rewrites only those blocks instead of scanning
/// the whole function again (a round can have thousands of victims). Spilling one victim inserts
/// instructions and renames only that victim, so the lists stay exact for the later ones, and
/// the result is that of calling [`spill`] for each victim in turn.
pub fn spill_all(f: &mut Function, victims: &[VReg], state: &mut SpillState) -> usize {
    let mut is_victim = vec![false; f.regs.len()];
    for v in victims {
        is_victim[v.idx()] = true;
    }
    let mut blocks_of: BTreeMap<VReg, Vec<usize>> = BTreeMap::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for inst in &block.insts {
            for r in inst.uses().chain(inst.defs()).filter(|r| is_victim[r.idx()]) {
                let list = blocks_of.entry(r).or_default();
                if list.last() != Some(&b) {
                    list.push(b);
                }
            }
        }
    }
    victims.iter().map(|&v| spill_in(f, v, state, Some(blocks_of.get(&v).map_or(&[][..], Vec::as_slice)))).sum()
}

/// [`spill`], rewriting only `blocks` (ascending) when given: they must include every block
/// where `v` occurs.
fn spill_in(f: &mut Function, v: VReg, state: &mut SpillState, blocks: Option<&[usize]>) -> usize {
    let info = f.reg_info(v);
    state.analyses = None;
    state.spilled.push(v);
    match info.file {
        RegFile::UR if info.pair != PairMode::Quad => {
            // Seed 003 "Spilling Overview": uniform registers get special handling in spill
            // codegen; the uniform datapath has no local-memory access (`convert_to_uniform_reg.rs` rule d).
            let carrier = state.temp(f, v, RegFile::R, info.pair, true);
            let w64 = info.pair == PairMode::Pair;
            let mov = |d: VReg, s: VReg| Inst::new(Op::Mov { w64 }, vec![Operand::Reg(d)], vec![Operand::Reg(s)]);
            rewrite(f, v, state, Some(carrier), blocks, |_, t| (mov(t, carrier), mov(carrier, t)))
        }
        RegFile::R | RegFile::UR => {
            let bits = 32 * super::constraints::width(info);
            let offset = state.slot(f, v, bits / 8);
            rewrite(f, v, state, None, blocks, |_, t| {
                let load = Inst::new(
                    Op::Ld { space: Space::Local, bits, signed: false, volatile: false, offset: 0, nc: false },
                    vec![Operand::Reg(t)],
                    vec![slot_address(offset)],
                );
                let store = Inst::new(
                    Op::St { space: Space::Local, bits, volatile: false, offset: 0 },
                    vec![],
                    vec![slot_address(offset), Operand::Reg(t)],
                );
                (load, store)
            })
        }
        RegFile::P | RegFile::UP => {
            let file = if info.file == RegFile::UP { RegFile::UR } else { RegFile::R };
            let carrier = state.temp(f, v, file, PairMode::Single, true);
            rewrite(f, v, state, None, blocks, |_, t| {
                let load = Inst::new(
                    Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
                    vec![Operand::Reg(t)],
                    vec![Operand::Reg(carrier), Operand::Zero, Operand::True],
                );
                let store = Inst::new(
                    Op::Sel { w64: false },
                    vec![Operand::Reg(carrier)],
                    vec![Operand::Imm(1), Operand::Zero, Operand::Reg(t)],
                );
                (load, store)
            })
        }
        RegFile::B => unreachable!("barrier registers are never spilled"),
    }
}

/// Whether `inst` runs on the uniform datapath: it writes a UR or UP register.
fn is_uniform_inst(f: &Function, inst: &Inst) -> bool {
    inst.defs().any(|d| matches!(f.reg_info(d).file, RegFile::UR | RegFile::UP))
}

/// Gives every instruction touching `v` its own unspillable temporary, with the reload before
/// and the store after that `code(v, temp)` returns. With a `carrier` (a UR spilled into R),
/// vector instructions read the carrier itself instead (they may read R), and only the uniform
/// ones get a temporary.
fn rewrite(
    f: &mut Function,
    v: VReg,
    state: &mut SpillState,
    carrier: Option<VReg>,
    blocks: Option<&[usize]>,
    code: impl Fn(VReg, VReg) -> (Inst, Inst),
) -> usize {
    let info = f.reg_info(v);
    let mut inserted = 0;
    let all: Vec<usize>;
    let blocks = match blocks {
        Some(list) => list,
        None => {
            all = (0..f.blocks.len()).collect();
            &all
        }
    };
    for &b in blocks {
        if !f.blocks[b].insts.iter().any(|i| reads(i, v) || i.defs().any(|d| d == v)) {
            continue;
        }
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len() + 4);
        for mut inst in insts {
            let (r, w) = (reads(&inst, v), inst.defs().any(|d| d == v));
            if !r && !w {
                out.push(inst);
                continue;
            }
            if let Some(c) = carrier
                && !is_uniform_inst(f, &inst)
            {
                rename(&mut inst, v, c);
                out.push(inst);
                continue;
            }
            let t = state.temp(f, v, info.file, info.pair, false);
            rename(&mut inst, v, t);
            let (load, store) = code(v, t);
            if r {
                out.push(load);
                inserted += 1;
            }
            out.push(inst);
            if w {
                out.push(store);
                inserted += 1;
            }
        }
        f.blocks[b].insts = out;
    }
    inserted
}

/// Static bytes of spill stores and spill loads (ptxas's `N bytes spill stores, M bytes spill
/// loads`).
pub fn spill_bytes(f: &Function) -> (u32, u32) {
    let (mut st, mut ld) = (0, 0);
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        match spill_access(inst) {
            Some((true, _, bits)) => st += bits / 8,
            Some((false, _, bits)) => ld += bits / 8,
            None => {}
        }
    }
    (st, ld)
}
