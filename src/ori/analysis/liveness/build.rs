//! Small builders for hand-written test functions (shared with `live_dead.rs`'s tests).

use crate::ori::ir::{Bix, Block, Function, Guard, Inst, Operand, PairMode, RegFile, VReg};
use crate::ori::opcode::{AtomOp, NumTy, Op, Space};

pub fn func(nblocks: usize) -> Function {
    Function {
        name: "k".into(),
        is_kernel: true,
        blocks: (0..nblocks).map(|b| Block { label: b as u32, name: format!("b{b}"), ..Default::default() }).collect(),
        ..Default::default()
    }
}
pub fn r(f: &mut Function) -> VReg {
    f.new_reg(RegFile::R, PairMode::Single)
}
pub fn reg(f: &mut Function, file: RegFile, pair: PairMode) -> VReg {
    f.new_reg(file, pair)
}
fn o(r: VReg) -> Operand {
    Operand::Reg(r)
}
/// `d = IADD3 a, b, RZ`.
pub fn add(d: VReg, a: VReg, b: VReg) -> Inst {
    Inst::new(Op::IAdd3 { neg_b: false, w64: false }, vec![o(d)], vec![o(a), o(b), Operand::Zero])
}
/// `d = MOV imm`.
pub fn movi(d: VReg, v: u64) -> Inst {
    Inst::new(Op::Mov { w64: false }, vec![o(d)], vec![Operand::Imm(v)])
}
/// `d = MOV a`.
pub fn mov(d: VReg, a: VReg) -> Inst {
    Inst::new(Op::Mov { w64: false }, vec![o(d)], vec![o(a)])
}
/// `p = ISETP.EQ a, b`.
pub fn setp(p: VReg, a: VReg, b: VReg) -> Inst {
    use crate::ori::opcode::{BoolOp, Cmp};
    Inst::new(
        Op::ISetp { cmp: Cmp::Eq, signed: false, w64: false, bop: BoolOp::And },
        vec![o(p)],
        vec![o(a), o(b), Operand::True],
    )
}
/// `STG [addr], v`.
pub fn store(addr: VReg, v: VReg) -> Inst {
    Inst::new(Op::St { space: Space::Global, bits: 32, volatile: false, offset: 0 }, vec![], vec![o(addr), o(v)])
}
/// `d = LDG [addr]`.
pub fn load(d: VReg, addr: VReg, volatile: bool) -> Inst {
    Inst::new(
        Op::Ld { space: Space::Global, bits: 32, signed: false, volatile, offset: 0, nc: false },
        vec![o(d)],
        vec![o(addr)],
    )
}
/// `d = ATOMG.ADD [addr], v`.
pub fn atom(d: VReg, addr: VReg, v: VReg) -> Inst {
    Inst::new(
        Op::Atom { space: Space::Global, op: AtomOp::Add, ty: NumTy::U32, scope: crate::ori::opcode::MemScope::Gpu },
        vec![o(d)],
        vec![o(addr), o(v)],
    )
}
pub fn bar() -> Inst {
    Inst::new(Op::Bar, vec![], vec![])
}
pub fn bra(t: u32) -> Inst {
    Inst::new(Op::Bra, vec![], vec![Operand::Label(Bix(t))])
}
pub fn exit() -> Inst {
    Inst::new(Op::Exit, vec![], vec![])
}
/// `inst` under `@p`.
pub fn guarded(p: VReg, inst: Inst) -> Inst {
    Inst { guard: Some(Guard { pred: p, negated: false }), ..inst }
}
/// `d = MovPhi [v0, L0], ...`.
pub fn phi(d: VReg, pairs: &[(VReg, u32)]) -> Inst {
    let srcs = pairs.iter().flat_map(|&(v, l)| [o(v), Operand::Label(Bix(l))]).collect();
    Inst::new(Op::Phi, vec![o(d)], srcs)
}
