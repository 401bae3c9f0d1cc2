//! Register-level helpers that the instruction expansions (`expand.rs`) and the ptxas macros
//! (`macros.rs`) share: the two words of a 64-bit operand, and a 16-bit float widened to f32.

use super::Emitter;
use crate::ori::ir::Operand;
use crate::ori::opcode::NumTy;

/// The two words of a 64-bit operand in registers (an immediate is moved into a scratch pair).
pub(super) fn pair_words(em: &mut Emitter, o: &Operand) -> (String, String) {
    match o {
        Operand::Reg(_) => (em.word(o, 0), em.word(o, 1)),
        _ => {
            let (t, n) = em.tmp_pair();
            let hi = format!("R{}", n + 1);
            em.emit(format!("MOV {t}, {}", em.word(o, 0)));
            em.emit(format!("MOV {hi}, {}", em.word(o, 1)));
            (t, hi)
        }
    }
}

/// An f16 (`HADD2.F32`) or bf16 (the bits moved to the high half: `IMAD.U32 … 0x10000`) value
/// widened to f32, exactly.
pub(super) fn half_to_f32(em: &mut Emitter, from: NumTy, d: &str, a: &str) {
    if from == NumTy::BF16 {
        em.emit(format!("IMAD.U32 {d}, {a}, 0x10000, RZ"));
    } else {
        em.emit(format!("HADD2.F32 {d}, -RZ, {a}.H0_H0"));
    }
}
