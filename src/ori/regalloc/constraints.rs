//! Hard constraints of the fat-point allocator (seed 003 "Constraint System", "Register Classes").
//!
//! The seed lists fifteen operand constraint types; the ones this back end needs are:
//!
//! | seed type | here |
//! |---|---|
//! | 0 point interference | two registers live at one program point never share a slot (built in `fatpoint.rs`) |
//! | 3 paired register | a 64-bit value takes an aligned even/odd pair, a 128-bit value an aligned quad ([`alignment`]) |
//! | 4 exclude-one | R1 is the stack pointer: `Function::stack_pointer` is pre-colored to it and no other virtual register gets it ([`is_reserved`]) |
//! | 7 range | the file capacity: RZ = R255, URZ = UR63, PT = P7 and UPT = UP7 are not allocatable ([`capacity`]) |
//! | — early clobber | a destination may not share a register with certain sources of the same instruction ([`early_clobber_sources`]) |
//!
//! The early-clobber rule is ours: the PTX emitter prints a few Ori instructions as *several*
//! PTX instructions that write the destination before reading the last source (`IADD3 d, a, b, c`
//! with a non-zero `c` is `add d, a, b; add d, d, c`), and an inline-asm template may write an
//! output before it reads an input (LLVM never gave the NVPTX templates shared registers, so
//! none of them is written to allow it).

use crate::ori::ir::{Inst, Operand, RegFile, RegInfo, VReg};
use crate::ori::opcode::EarlyClobber;

/// A physical register number within its file (R5 → 5; a pair or quad is named by its lowest
/// register; P0 → 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhysReg(pub u32);

impl PhysReg {
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// The stack-pointer register R1 (`LDC R1, c[0x0][0x28]` in every ptxas kernel).
pub const STACK_POINTER: PhysReg = PhysReg(1);

/// Number of allocatable registers of a file: R0..R254 (R255 is RZ), UR0..UR62 (UR63 is URZ),
/// P0..P6 and UP0..UP6 (7 is PT / UPT), B0..B15.
pub fn capacity(file: RegFile) -> u32 {
    match file {
        RegFile::R => 255,
        RegFile::UR => 63,
        RegFile::P | RegFile::UP => 7,
        RegFile::B => 16,
    }
}

/// Registers of `file` that are never given to a virtual register: R1, the stack pointer.
pub fn is_reserved(file: RegFile, reg: u32) -> bool {
    match file {
        RegFile::R => reg == STACK_POINTER.0,
        RegFile::UR | RegFile::P | RegFile::UP | RegFile::B => false,
    }
}

/// Consecutive registers a value of this kind occupies (predicates and barriers are one bit).
pub fn width(info: RegInfo) -> u32 {
    match info.file {
        RegFile::R | RegFile::UR => info.pair.slots(),
        RegFile::P | RegFile::UP | RegFile::B => 1,
    }
}

/// The base-register alignment of a value of `width` slots (pairs even, quads multiples of 4).
pub fn alignment(width: u32) -> u32 {
    width.max(1)
}

/// Whether a value of `width` slots may start at `base` in `file` when registers at or above
/// `limit` are out of budget: aligned, inside the limit and the file, and overlapping no
/// reserved register.
pub fn is_legal_base(file: RegFile, base: u32, width: u32, limit: u32) -> bool {
    let end = base + width;
    base.is_multiple_of(alignment(width))
        && end <= limit.min(capacity(file))
        && !(base..end).any(|r| is_reserved(file, r))
}

/// Register sources of `inst` that must not share a register with any of its destinations
/// (see the module documentation).
pub fn early_clobber_sources(inst: &Inst) -> Vec<VReg> {
    match inst.op.info().early_clobber {
        EarlyClobber::None => Vec::new(),
        EarlyClobber::Source(k) => inst.srcs.get(k).and_then(Operand::reg).into_iter().collect(),
        EarlyClobber::AllSources => inst.srcs.iter().filter_map(Operand::reg).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::ir::PairMode;
    use crate::ori::opcode::Op;

    #[test]
    fn pairs_are_aligned_and_avoid_the_stack_pointer() {
        assert!(is_legal_base(RegFile::R, 0, 1, 255));
        assert!(!is_legal_base(RegFile::R, 1, 1, 255), "R1 is the stack pointer");
        assert!(!is_legal_base(RegFile::R, 0, 2, 255), "R0:R1 overlaps R1");
        assert!(is_legal_base(RegFile::R, 2, 2, 255));
        assert!(!is_legal_base(RegFile::R, 3, 2, 255), "odd pair base");
        assert!(is_legal_base(RegFile::R, 4, 4, 255));
        assert!(!is_legal_base(RegFile::R, 2, 4, 255), "quads are 4-aligned");
        assert!(!is_legal_base(RegFile::R, 254, 2, 255), "R255 is RZ");
        assert!(is_legal_base(RegFile::R, 254, 1, 255));
        assert!(!is_legal_base(RegFile::R, 8, 1, 8), "out of budget");
        assert!(is_legal_base(RegFile::P, 6, 1, 512));
        assert!(!is_legal_base(RegFile::P, 7, 1, 512), "PT");
        assert!(is_legal_base(RegFile::UR, 1, 1, 512), "UR1 is not reserved");
    }

    #[test]
    fn widths() {
        assert_eq!(width(RegInfo { file: RegFile::R, pair: PairMode::Pair }), 2);
        assert_eq!(width(RegInfo { file: RegFile::R, pair: PairMode::Quad }), 4);
        assert_eq!(width(RegInfo { file: RegFile::P, pair: PairMode::Pair }), 1);
    }

    #[test]
    fn three_input_add_clobbers_its_third_source() {
        let i = Inst::new(
            Op::IAdd3 { neg_b: false, w64: false },
            vec![Operand::Reg(VReg(0))],
            vec![Operand::Reg(VReg(1)), Operand::Reg(VReg(2)), Operand::Reg(VReg(3))],
        );
        assert_eq!(early_clobber_sources(&i), vec![VReg(3)]);
        let two = Inst::new(
            Op::IAdd3 { neg_b: false, w64: false },
            vec![Operand::Reg(VReg(0))],
            vec![Operand::Reg(VReg(1)), Operand::Reg(VReg(2)), Operand::Zero],
        );
        assert!(early_clobber_sources(&two).is_empty());
    }
}
