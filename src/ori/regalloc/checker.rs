//! A symbolic allocation checker, independent of the allocator: it sees only the allocated code,
//! the register assignment and which spill temporaries carry which value.
//!
//! # Abstract state
//!
//! A *location* is a 32-bit register slot of a file (R7, P2, …) or a 32-bit word of the spill
//! area. At each program point the state maps every location to the set of *values* it
//! certainly holds, a value being `(origin register, 32-bit part)`: the origin of a spill
//! temporary or predicate carrier is the register it stands for, so a value can be followed
//! through memory and across files.
//!
//! # Transfer
//!
//! - An ordinary instruction first **checks** every register it reads (guard included): each slot
//!   of the register's assignment must hold the register's value. Then each destination `d`
//!   clobbers: its value is removed from every location (older copies are stale) and each slot of
//!   its assignment holds exactly `d`. Under a guard a slot keeps its old bits when the guard is
//!   false, so it holds `d` afterwards only if it held `d` before (or `d` is defined on no path
//!   to the instruction yet); otherwise it holds nothing certain, and a later use is reported.
//! - `COPY d, s` assigned one register (an identity copy, deleted before emission): the slot
//!   keeps its values and gains `d`'s.
//! - A spill store (`STL [__local_depot+off], t`) copies the value sets of `t`'s slots into the
//!   memory words; a spill load copies them back into the destination's slots (moves, nothing is
//!   clobbered). The predicate-carrier pair `SEL c, 1, RZ, p` / `ISETP.NE t, c, RZ, PT` and the
//!   uniform-carrier pair `MOV c, u` / `MOV u, c` (same origin, different files) move the value
//!   sets between the files, slot by slot.
//!
//! # Dataflow
//!
//! Block-entry states start at ⊤ (unvisited) except the entry (empty). The meet over incoming
//! edges is the per-location intersection (and the union of the registers defined on some path); a branch passes its state to its targets at its own
//! position, a block that can fall through passes its final state to the next block. After the
//! fixed point a last pass reports every failing check with function, block and instruction.
//!
//! Static rules are checked too: each register's assignment is aligned, inside its file and the
//! budget, never touches R1 (the stack pointer), and destinations do not share a register with
//! the early-clobber sources of their instruction.

use super::constraints;
use super::spill;
use crate::ori::ir::{Bix, Function, Inst, Operand, RegFile, VReg};
use crate::ori::opcode::{Cmp, Op};
use crate::ori::print::Names;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A location of the abstract state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Loc {
    Reg(RegFile, u32),
    Spill(u32),
}

/// `(origin register, 32-bit part)`.
type Value = (VReg, u32);

/// The abstract state at one program point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// What each location certainly holds (a missing location holds nothing certain).
    locs: BTreeMap<Loc, BTreeSet<Value>>,
    /// Registers (origins) defined on some path to this point.
    defined: BTreeSet<VReg>,
}

/// One violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub function: String,
    pub block: Bix,
    /// Index of the instruction in its block (`usize::MAX` for a rule about a register).
    pub inst: usize,
    /// The instruction with physical register names.
    pub text: String,
    pub message: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inst == usize::MAX {
            write!(f, "function @{}: {}", self.function, self.message)
        } else {
            write!(
                f,
                "function @{} bix{} inst {} `{}`: {}",
                self.function, self.block.0, self.inst, self.text, self.message
            )
        }
    }
}

/// What the checker needs besides the code and its assignment (`Function::assignment`).
pub struct CheckInput<'a> {
    /// The allocated function.
    pub func: &'a Function,
    /// Spill temporary or carrier → the register it stands for.
    pub origin: &'a BTreeMap<VReg, VReg>,
    /// Registers of R at or above this are out of budget.
    pub r_limit: u32,
}

/// Checks the allocation of `input.func`; all violations, or `Ok`.
pub fn check(input: &CheckInput<'_>) -> Result<(), Vec<CheckError>> {
    let Some(phys) = input.func.assignment.as_deref() else {
        return Err(vec![CheckError {
            function: input.func.name.clone(),
            block: Bix(0),
            inst: usize::MAX,
            text: String::new(),
            message: "the function has no register assignment".into(),
        }]);
    };
    let c = Checker { f: input.func, phys, origin: input.origin };
    let mut errors = c.static_rules(input.r_limit);
    let n = c.f.blocks.len();
    let mut entry: Vec<Option<State>> = vec![None; n];
    if n > 0 {
        entry[0] = Some(State::default());
    }
    let mut work: BTreeSet<usize> = (0..n.min(1)).collect();
    while let Some(b) = work.pop_first() {
        let Some(state) = entry[b].clone() else { continue };
        for (target, out) in c.walk_block(b, state, &mut None) {
            let merged = match &entry[target] {
                None => out,
                Some(old) => meet(old, &out),
            };
            if entry[target].as_ref() != Some(&merged) {
                entry[target] = Some(merged);
                work.insert(target);
            }
        }
    }
    let mut sink = Some(Vec::new());
    for (b, state) in entry.into_iter().enumerate() {
        if let Some(state) = state {
            c.walk_block(b, state, &mut sink);
        }
    }
    errors.extend(sink.unwrap_or_default());
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Per-location intersection of what is held; union of what may be defined.
fn meet(a: &State, b: &State) -> State {
    let mut out = State { locs: BTreeMap::new(), defined: a.defined.union(&b.defined).copied().collect() };
    for (loc, va) in &a.locs {
        if let Some(vb) = b.locs.get(loc) {
            let both: BTreeSet<Value> = va.intersection(vb).copied().collect();
            if !both.is_empty() {
                out.locs.insert(*loc, both);
            }
        }
    }
    out
}

struct Checker<'a> {
    f: &'a Function,
    phys: &'a [u32],
    origin: &'a BTreeMap<VReg, VReg>,
}

impl Checker<'_> {
    fn origin(&self, v: VReg) -> VReg {
        self.origin.get(&v).copied().unwrap_or(v)
    }

    fn file(&self, v: VReg) -> RegFile {
        self.f.reg_info(v).file
    }

    fn width(&self, v: VReg) -> u32 {
        constraints::width(self.f.reg_info(v))
    }

    /// The locations of `v`'s assignment, part by part.
    fn locs(&self, v: VReg) -> Vec<Loc> {
        let base = self.phys[v.idx()];
        (0..self.width(v)).map(|k| Loc::Reg(self.file(v), base + k)).collect()
    }

    fn name(&self, v: VReg) -> String {
        Names::virtual_regs(self.f).reg(v)
    }

    fn loc_name(loc: Loc) -> String {
        match loc {
            Loc::Reg(file, r) => format!("{}{r}", file.prefix()),
            Loc::Spill(off) => format!("[{}+{off}]", spill::FRAME_SYMBOL),
        }
    }

    fn registers_in_code(&self) -> BTreeSet<VReg> {
        let mut out = BTreeSet::new();
        for inst in self.f.blocks.iter().flat_map(|b| &b.insts) {
            out.extend(inst.defs());
            out.extend(inst.uses());
        }
        out
    }

    fn static_rules(&self, r_limit: u32) -> Vec<CheckError> {
        let mut errors = Vec::new();
        let rule = |msg: String| CheckError {
            function: self.f.name.clone(),
            block: Bix(0),
            inst: usize::MAX,
            text: String::new(),
            message: msg,
        };
        for v in self.registers_in_code() {
            let file = self.file(v);
            if file == RegFile::B {
                continue;
            }
            let (base, width) = (self.phys[v.idx()], self.width(v));
            let limit = if file == RegFile::R { r_limit } else { u32::MAX };
            if self.f.stack_pointer == Some(v) {
                // Pre-colored: the stack pointer lives in R1 and nowhere else.
                if (file, base, width) != (RegFile::R, constraints::STACK_POINTER.0, 1) {
                    errors.push(rule(format!("the stack pointer {} is not in R1", self.name(v))));
                }
                continue;
            }
            if !constraints::is_legal_base(file, base, width, limit) {
                errors.push(rule(format!(
                    "{} is assigned {}{base} (width {width}): misaligned, reserved, or outside the file or budget",
                    self.name(v),
                    file.prefix()
                )));
            }
        }
        for (b, block) in self.f.blocks.iter().enumerate() {
            for (k, inst) in block.insts.iter().enumerate() {
                for c in constraints::early_clobber_sources(inst) {
                    for d in inst.defs().filter(|&d| d != c && self.file(d) == self.file(c)) {
                        let (dl, cl) = (self.locs(d), self.locs(c));
                        if dl.iter().any(|l| cl.contains(l)) {
                            errors.push(self.error(
                                b,
                                k,
                                inst,
                                format!(
                                    "destination {} shares a register with early-clobber source {}",
                                    self.name(d),
                                    self.name(c)
                                ),
                            ));
                        }
                    }
                }
            }
        }
        errors
    }

    fn error(&self, b: usize, k: usize, inst: &Inst, message: String) -> CheckError {
        CheckError {
            function: self.f.name.clone(),
            block: Bix(b as u32),
            inst: k,
            text: Names::new(self.f).inst(inst),
            message,
        }
    }

    /// Runs block `b` from `state`; returns the states passed to successors. Check failures go
    /// to `errors` when it is `Some`.
    fn walk_block(&self, b: usize, mut state: State, errors: &mut Option<Vec<CheckError>>) -> Vec<(usize, State)> {
        let mut out = Vec::new();
        let block = &self.f.blocks[b];
        for (k, inst) in block.insts.iter().enumerate() {
            self.transfer(&mut state, inst, &mut |msg| {
                if let Some(errs) = errors.as_mut() {
                    errs.push(self.error(b, k, inst, msg));
                }
            });
            if inst.op.is_control_flow() {
                for t in inst.targets() {
                    out.push((t.idx(), state.clone()));
                }
                if inst.op.ends_block_unconditionally() && inst.guard.is_none() {
                    return out;
                }
            }
        }
        if b + 1 < self.f.blocks.len() {
            out.push((b + 1, state));
        }
        out
    }

    fn check_use(&self, state: &State, v: VReg, report: &mut dyn FnMut(String)) {
        if self.file(v) == RegFile::B {
            return;
        }
        let o = self.origin(v);
        for (part, loc) in self.locs(v).into_iter().enumerate() {
            let held = state.locs.get(&loc);
            if !held.is_some_and(|s| s.contains(&(o, part as u32))) {
                let names: Vec<String> = held
                    .into_iter()
                    .flatten()
                    .map(|(r, p)| if self.width(*r) > 1 { format!("{}.{p}", self.name(*r)) } else { self.name(*r) })
                    .collect();
                report(format!(
                    "use of {} expects {} to hold it, but it holds {{{}}}",
                    self.name(v),
                    Self::loc_name(loc),
                    names.join(", ")
                ));
            }
        }
    }

    /// Removes every copy of `o`'s value (a new value is being written).
    fn forget(state: &mut State, o: VReg) {
        state.locs.retain(|_, set| {
            set.retain(|(r, _)| *r != o);
            !set.is_empty()
        });
    }

    fn transfer(&self, state: &mut State, inst: &Inst, report: &mut dyn FnMut(String)) {
        for u in inst.uses() {
            self.check_use(state, u, report);
        }
        if let Some((is_store, offset, _)) = spill::spill_access(inst) {
            if is_store {
                if let Some(v) = inst.srcs.get(1).and_then(Operand::reg) {
                    for (k, loc) in self.locs(v).into_iter().enumerate() {
                        let set = state.locs.get(&loc).cloned().unwrap_or_default();
                        state.locs.insert(Loc::Spill(offset + 4 * k as u32), set);
                    }
                }
            } else if let Some(d) = inst.dsts.first().and_then(Operand::reg) {
                for (k, loc) in self.locs(d).into_iter().enumerate() {
                    let set = state.locs.get(&Loc::Spill(offset + 4 * k as u32)).cloned().unwrap_or_default();
                    state.locs.insert(loc, set);
                }
            }
            return;
        }
        if let Some((d, s)) = self.move_pair(inst) {
            for (dl, sl) in self.locs(d).into_iter().zip(self.locs(s)) {
                let set = state.locs.get(&sl).cloned().unwrap_or_default();
                state.locs.insert(dl, set);
            }
            return;
        }
        if let (Op::Copy, Some(d), Some(s)) =
            (inst.op, inst.dsts.first().and_then(Operand::reg), inst.srcs.first().and_then(Operand::reg))
            && self.file(d) == self.file(s)
            && self.locs(d) == self.locs(s)
            && inst.guard.is_none()
        {
            let od = self.origin(d);
            Self::forget(state, od);
            state.defined.insert(od);
            for (k, loc) in self.locs(d).into_iter().enumerate() {
                state.locs.entry(loc).or_default().insert((od, k as u32));
            }
            return;
        }
        for d in inst.defs() {
            if self.file(d) == RegFile::B {
                continue;
            }
            let od = self.origin(d);
            // Under a guard the slot keeps its old bits when the guard is false: it certainly
            // holds `d` afterwards only if it held `d` before (or `d` had no value yet).
            let defined_before = state.defined.contains(&od);
            let kept: Vec<bool> = self
                .locs(d)
                .into_iter()
                .enumerate()
                .map(|(k, loc)| {
                    inst.guard.is_none()
                        || !defined_before
                        || state.locs.get(&loc).is_some_and(|set| set.contains(&(od, k as u32)))
                })
                .collect();
            Self::forget(state, od);
            state.defined.insert(od);
            for (k, loc) in self.locs(d).into_iter().enumerate() {
                if kept[k] {
                    state.locs.insert(loc, BTreeSet::from([(od, k as u32)]));
                } else {
                    state.locs.remove(&loc);
                }
            }
        }
    }

    /// A carrier move `(destination, source)` between registers of one origin in different
    /// files: the predicate carrier's `SEL c, 1, RZ, p` and `ISETP.NE.U32.AND t, c, RZ, PT`, the
    /// uniform carrier's `MOV c, u` (R ← UR) and `MOV u, c` (R2UR), of equal widths.
    fn move_pair(&self, inst: &Inst) -> Option<(VReg, VReg)> {
        if inst.guard.is_some() {
            return None;
        }
        let d = inst.dsts.first().and_then(Operand::reg)?;
        let s = match (inst.op, inst.srcs.as_slice()) {
            (Op::Sel { w64: false }, [Operand::Imm(1), Operand::Zero, Operand::Reg(p)]) => *p,
            (Op::ISetp { cmp: Cmp::Ne, .. }, [Operand::Reg(c), Operand::Zero, Operand::True]) => *c,
            (Op::Mov { .. }, [Operand::Reg(u)]) if self.width(*u) == self.width(d) => *u,
            _ => return None,
        };
        (self.origin(d) == self.origin(s) && self.file(d) != self.file(s)).then_some((d, s))
    }
}
