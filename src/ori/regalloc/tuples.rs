//! Register tuples of vector memory accesses (seed 003 constraint type 3, "paired register",
//! extended from one wide value to several values).
//!
//! A vector load `LDG.E.128 R4, [R2.64]` writes four consecutive registers from an aligned one,
//! and a vector store reads them so (`ori::lower::vectorize` makes these accesses; the Ori IR
//! keeps one virtual register per element). The tuple of an access is its destinations (a load)
//! or its stored registers (a store), all of one width; it is *placed* when its members sit at
//! `s, s + w, s + 2w, ...` with `s` aligned to the tuple's size (rounded up to a power of two).
//!
//! The constraint is soft, so that it never costs a spill: when the core allocator
//! (`fatpoint::run_trial`) reaches a member of a tuple,
//! 1. if another member already has a register, the member takes the slot that keeps the tuple
//!    placed, when that slot is free for it;
//! 2. otherwise, when no member has one yet, the whole tuple is placed at once at the lowest
//!    aligned start where every member's slots are free of the registers interfering with that
//!    member (and inside the budget);
//! 3. otherwise the member is allocated as any other register, and the listing gathers or
//!    spreads the words through scratch registers (`emit::sass::memory`).
//!
//! A tuple naming a register twice (`st.v2 [a], {x, x}`) or a precolored one is not placed.

use super::constraints::{self, PhysReg};
use super::problem::{ClassProblem, Node, SLOTS};
use crate::ori::ir::{Function, Operand, VReg};
use crate::ori::opcode::Op;

/// Per node: the tuples it belongs to, with its position in each.
pub type Membership = Vec<Vec<(usize, u32)>>;

/// The tuples of `f` among the registers `node` numbers (those of one class), and per node the
/// tuples it belongs to with its position in each.
pub fn build(f: &Function, node: &dyn Fn(VReg) -> Option<usize>, n: usize) -> (Vec<Vec<Node>>, Membership) {
    let mut tuples: Vec<Vec<Node>> = Vec::new();
    let mut member_of: Vec<Vec<(usize, u32)>> = vec![Vec::new(); n];
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        let ops: &[Operand] = match inst.op {
            Op::Ld { .. } if inst.dsts.len() > 1 => &inst.dsts,
            Op::St { .. } if inst.stored_values().len() > 1 => inst.stored_values(),
            _ => continue,
        };
        let nodes: Option<Vec<usize>> = ops.iter().map(|o| o.reg().and_then(node)).collect();
        let Some(nodes) = nodes else { continue };
        let distinct = nodes.iter().enumerate().all(|(k, a)| !nodes[..k].contains(a));
        if !distinct {
            continue;
        }
        let t = tuples.len();
        for (k, &m) in nodes.iter().enumerate() {
            member_of[m].push((t, k as u32));
        }
        tuples.push(nodes.into_iter().map(|m| Node(m as u32)).collect());
    }
    (tuples, member_of)
}

/// Whether `width` slots from `base` are legal for node `v` and free of its assigned
/// interfering registers.
fn fits(p: &ClassProblem, v: Node, base: u32, assign: &[Option<PhysReg>], limit: u32) -> bool {
    let width = p.width[v.idx()];
    if !constraints::is_legal_base(p.file, base, width, limit) || base as usize + width as usize > SLOTS {
        return false;
    }
    let end = base + width;
    p.adj[v.idx()].iter().all(|u| match assign[u.idx()] {
        Some(a) => a.0 + p.width[u.idx()] <= base || end <= a.0,
        None => true,
    })
}

/// Registers for `v` and possibly its tuple-mates (steps 1 and 2 of the module documentation);
/// empty when the tuples have nothing to say.
pub fn place(p: &ClassProblem, v: Node, assign: &[Option<PhysReg>], limit: u32) -> Vec<(Node, PhysReg)> {
    let Some(mine) = p.tuple_of.get(v.idx()) else { return Vec::new() };
    let w = p.width[v.idx()];
    for &(t, pos) in mine {
        let members = &p.tuples[t];
        if members.iter().any(|m| p.precolored[m.idx()].is_some() || p.width[m.idx()] != w) {
            continue;
        }
        // Step 1: follow a placed member.
        for (k, m) in members.iter().enumerate() {
            let Some(a) = assign[m.idx()] else { continue };
            let start = i64::from(a.0) - k as i64 * i64::from(w);
            let slot = start + i64::from(pos) * i64::from(w);
            if start >= 0 && slot >= 0 && fits(p, v, slot as u32, assign, limit) {
                return vec![(v, PhysReg(slot as u32))];
            }
        }
        if members.iter().any(|m| assign[m.idx()].is_some()) {
            continue;
        }
        // Step 2: the whole tuple at the lowest start where every member fits.
        let size = (members.len() as u32 * w).next_power_of_two();
        let top = constraints::capacity(p.file).min(limit);
        let mut start = 0;
        while start + members.len() as u32 * w <= top {
            let all = members.iter().enumerate().all(|(k, m)| fits(p, *m, start + k as u32 * w, assign, limit));
            if all {
                return members.iter().enumerate().map(|(k, m)| (*m, PhysReg(start + k as u32 * w))).collect();
            }
            start += size;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::super::{Budget, Knobs, RESERVED_COUNT, allocate};
    use crate::ori::ir::{Block, Function, Inst, Operand, PairMode, RegFile, VReg};
    use crate::ori::opcode::{Op, Space};

    fn r(v: VReg) -> Operand {
        Operand::Reg(v)
    }

    fn kernel() -> Function {
        Function {
            name: "k".into(),
            is_kernel: true,
            blocks: vec![Block { label: 0, ..Default::default() }],
            ..Default::default()
        }
    }

    fn ld(d: &[VReg], a: VReg) -> Inst {
        let op = Op::Ld { space: Space::Global, bits: 32, signed: false, volatile: false, offset: 0, nc: false };
        Inst::new(op, d.iter().map(|&x| r(x)).collect(), vec![r(a)])
    }

    fn st(a: VReg, v: &[VReg]) -> Inst {
        let op = Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 };
        Inst::new(op, vec![], std::iter::once(r(a)).chain(v.iter().map(|&x| r(x))).collect())
    }

    fn add(d: VReg, a: VReg, b: VReg) -> Inst {
        Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![r(d)], vec![r(a), r(b), Operand::Zero])
    }

    /// Whether `regs` got consecutive registers from a multiple of `align`.
    fn placed(phys: &[u32], regs: &[VReg], align: u32) -> bool {
        let first = phys[regs[0].idx()];
        first.is_multiple_of(align) && regs.iter().enumerate().all(|(k, v)| phys[v.idx()] == first + k as u32)
    }

    #[test]
    fn vector_loads_and_stores_get_aligned_consecutive_registers() {
        let mut f = kernel();
        let addr = f.new_reg(RegFile::R, PairMode::Pair);
        let x: Vec<VReg> = (0..4).map(|_| f.new_reg(RegFile::R, PairMode::Single)).collect();
        let y: Vec<VReg> = (0..2).map(|_| f.new_reg(RegFile::R, PairMode::Single)).collect();
        let s: Vec<VReg> = (0..4).map(|_| f.new_reg(RegFile::R, PairMode::Single)).collect();
        let mov = Inst::new(Op::Mov { w64: true }, vec![r(addr)], vec![Operand::Imm(0x100)]);
        f.blocks[0].insts = vec![
            mov,
            ld(&y, addr),
            ld(&x, addr),
            add(s[2], x[0], y[1]),
            add(s[0], x[1], y[0]),
            add(s[3], x[2], x[3]),
            add(s[1], x[3], x[0]),
            st(addr, &s),
            Inst::new(Op::Exit, vec![], vec![]),
        ];
        allocate(&mut f, &Budget::exact(64 + RESERVED_COUNT), &Knobs::default(), true).unwrap();
        let phys = f.assignment.as_deref().unwrap();
        assert!(placed(phys, &x, 4), "{:?}", x.iter().map(|v| phys[v.idx()]).collect::<Vec<_>>());
        assert!(placed(phys, &y, 2));
        assert!(placed(phys, &s, 4));
    }

    #[test]
    fn a_register_named_twice_is_no_tuple() {
        let mut f = kernel();
        let addr = f.new_reg(RegFile::R, PairMode::Pair);
        let v = f.new_reg(RegFile::R, PairMode::Single);
        f.blocks[0].insts = vec![st(addr, &[v, v])];
        let n = f.regs.len();
        let (tuples, of) = super::build(&f, &|x: VReg| Some(x.idx()), n);
        assert!(tuples.is_empty());
        assert!(of.iter().all(Vec::is_empty));
    }
}
