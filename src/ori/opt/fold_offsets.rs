//! `FoldAddressOffsets`: constant address additions become the immediate offset of the memory
//! access that uses them (`IADD3 R4, R2, 0x40, RZ; LDS R5, [R4]` → `LDS R5, [R2+0x40]`), the
//! addressing-mode selection llc's NVPTX instruction selector does for `[%rd+imm]` and that SASS
//! encodes in every load and store. The additions it leaves dead are removed by the next
//! `OriPerformLiveDead`.
//!
//! # Algorithm
//!
//! One pass over the loads and stores. For an access through register `a` whose only definition
//! is an unguarded 64-bit `IADD3 a, base, imm, RZ` (the form lowering gives `getelementptr`'s
//! constant part), the access is retargeted to `base` with `imm` added to its offset, and the
//! walk continues through `base`'s own definition. `base` must be defined at most once, so that
//! it holds the same value at the access as at the addition (SSA: runs before
//! `EliminateMovPhi`). Offsets stay within the signed 24-bit immediate of SASS's memory
//! instructions; PTX takes any 32-bit offset, so everything folded prints in both.
//!
//! Only 64-bit additions fold: a 32-bit address plus an immediate wraps at 2³², which the
//! hardware's address adder need not do. Kernel-parameter reads (constant bank) and spill-slot
//! accesses (a frame symbol) are not register-addressed and are left alone.

use crate::ori::ir::{Function, Operand, PairMode, VReg};
use crate::ori::opcode::{Op, Space};
use crate::ori::opt::gvn_cse::def_counts;

/// The range of SASS's signed 24-bit memory-instruction immediate.
const OFFSET_MIN: i64 = -(1 << 23);
const OFFSET_MAX: i64 = (1 << 23) - 1;

/// Runs the phase; returns the number of accesses whose address changed.
pub fn fold_offsets(f: &mut Function) -> usize {
    let defs = def_counts(f);
    // Register → (base, immediate) for single-definition registers defined by `base + imm`.
    let mut add_imm: Vec<Option<(VReg, i64)>> = vec![None; f.regs.len()];
    for block in &f.blocks {
        for inst in &block.insts {
            let Op::IAdd3 { neg_b: false, w64: true } = inst.op else { continue };
            let ([Operand::Reg(d)], [Operand::Reg(base), Operand::Imm(k), Operand::Zero]) =
                (inst.dsts.as_slice(), inst.srcs.as_slice())
            else {
                continue;
            };
            if inst.guard.is_none()
                && defs[d.idx()] == 1
                && defs[base.idx()] <= 1
                && f.regs[base.idx()].pair == PairMode::Pair
            {
                add_imm[d.idx()] = Some((*base, *k as i64));
            }
        }
    }
    let mut count = 0;
    for block in &mut f.blocks {
        for inst in &mut block.insts {
            let (Op::Ld { space, offset, .. } | Op::St { space, offset, .. }) = inst.op else {
                continue;
            };
            if space == Space::Param {
                continue;
            }
            let Some(Operand::Reg(mut a)) = inst.address().cloned() else { continue };
            let start = a;
            let mut total = i64::from(offset);
            while let Some((base, k)) = add_imm[a.idx()] {
                let next = total.saturating_add(k);
                if !(OFFSET_MIN..=OFFSET_MAX).contains(&next) {
                    break;
                }
                total = next;
                a = base;
            }
            // Offsets that cancel (`+4` then `-4`) still move the access to the base.
            if a != start
                && let Some(address) = inst.address_mut()
            {
                *address = Operand::Reg(a);
                if let Op::Ld { offset, .. } | Op::St { offset, .. } = &mut inst.op {
                    *offset = total as i32;
                }
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::analysis::liveness::build::*;
    use crate::ori::ir::{Inst, RegFile};

    fn add64(d: VReg, a: VReg, k: i64) -> Inst {
        Inst::new(
            Op::IAdd3 { neg_b: false, w64: true },
            vec![Operand::Reg(d)],
            vec![Operand::Reg(a), Operand::Imm(k as u64), Operand::Zero],
        )
    }

    fn ld(d: VReg, a: VReg, space: Space) -> Inst {
        Inst::new(
            Op::Ld { space, bits: 32, signed: false, volatile: false, offset: 0, nc: false },
            vec![Operand::Reg(d)],
            vec![Operand::Reg(a)],
        )
    }

    fn pair(f: &mut Function) -> VReg {
        reg(f, RegFile::R, PairMode::Pair)
    }

    #[test]
    fn chains_of_additions_fold_into_the_offset() {
        let mut f = func(1);
        let (base, a1, a2, v) = (pair(&mut f), pair(&mut f), pair(&mut f), r(&mut f));
        f.blocks[0].insts = vec![add64(a1, base, 64), add64(a2, a1, -4), ld(v, a2, Space::Shared)];
        assert_eq!(fold_offsets(&mut f), 1);
        let i = &f.blocks[0].insts[2];
        assert_eq!(i.srcs[0], Operand::Reg(base));
        assert!(matches!(i.op, Op::Ld { offset: 60, .. }));
    }

    #[test]
    fn offsets_that_cancel_still_move_the_access_to_the_base() {
        let mut f = func(1);
        let (base, a1, a2, v) = (pair(&mut f), pair(&mut f), pair(&mut f), r(&mut f));
        f.blocks[0].insts = vec![add64(a1, base, 4), add64(a2, a1, -4), ld(v, a2, Space::Global)];
        assert_eq!(fold_offsets(&mut f), 1);
        let i = &f.blocks[0].insts[2];
        assert_eq!(i.srcs[0], Operand::Reg(base));
        assert!(matches!(i.op, Op::Ld { offset: 0, .. }));
    }

    #[test]
    fn offsets_stop_at_the_24_bit_immediate() {
        let mut f = func(1);
        let (base, a1, a2, v) = (pair(&mut f), pair(&mut f), pair(&mut f), r(&mut f));
        f.blocks[0].insts = vec![add64(a1, base, 1 << 23), add64(a2, a1, 8), ld(v, a2, Space::Global)];
        assert_eq!(fold_offsets(&mut f), 1);
        let i = &f.blocks[0].insts[2];
        assert_eq!(i.srcs[0], Operand::Reg(a1), "only the +8 fits");
        assert!(matches!(i.op, Op::Ld { offset: 8, .. }));
    }

    #[test]
    fn redefined_bases_and_parameter_slots_are_left_alone() {
        let mut f = func(1);
        let (base, a1, v, w) = (pair(&mut f), pair(&mut f), r(&mut f), r(&mut f));
        let set = |k: u64| Inst::new(Op::Mov { w64: true }, vec![Operand::Reg(base)], vec![Operand::Imm(k)]);
        f.blocks[0].insts = vec![
            set(0x1000),
            add64(a1, base, 16),
            // `base` changes after the addition: [base+16] would read the new value.
            set(0x2000),
            ld(v, a1, Space::Global),
            ld(w, a1, Space::Param),
        ];
        let before = f.clone();
        assert_eq!(fold_offsets(&mut f), 0);
        assert_eq!(f, before);
    }
}
