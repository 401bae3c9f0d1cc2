//! The instruction classes: the one place that sorts every opcode by what kind of instruction it
//! is. The PTX emitter dispatches on the class (`emit/ptx/{int,float,memory,warp}.rs`), and the
//! passes' per-opcode rules start from it (a pure integer or float operation is a GvnCse
//! candidate, has no side effects, ...).

use super::Op;

/// What kind of instruction an opcode is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// A pure function of its operands on integers, bits and predicates: add/sub, multiply-add,
    /// LOP3, shifts, compares, predicate logic, select, abs, min/max, bit counts, `fns`, dot
    /// products, PRMT, division.
    Int,
    /// A pure function of its operands on floats: arithmetic, compares, MUFU approximations and
    /// every conversion.
    Float,
    /// Register moves: `MOV`, the virtual `COPY` and `MovPhi`.
    Move,
    /// Memory and the state around it: special-register reads, loads, stores, address-space
    /// conversions and tests, cache hints.
    Memory,
    /// Atomic read-modify-writes.
    Atomic,
    /// Warp and CTA instructions: shuffles, votes, barriers, `match`, `redux`, `nanosleep`, warp
    /// sync, fences.
    Warp,
    /// Control flow, calls and the stack: branches, exits, returns, calls, stack save/restore and
    /// allocation, traps.
    Control,
    /// Families with their own emitters: textures and surfaces, the sm_90 instructions, inline
    /// assembly.
    Special,
}

impl Op {
    /// This opcode's [`OpClass`].
    pub fn class(&self) -> OpClass {
        match self {
            Op::IAdd3 { .. }
            | Op::IMad { .. }
            | Op::Lop3 { .. }
            | Op::Shf { .. }
            | Op::Funnel { .. }
            | Op::ISetp { .. }
            | Op::PLop3 { .. }
            | Op::Sel { .. }
            | Op::IAbs { .. }
            | Op::IMnMx { .. }
            | Op::Popc { .. }
            | Op::Brev { .. }
            | Op::Flo { .. }
            | Op::Fns
            | Op::Dp { .. }
            | Op::Prmt
            | Op::IDiv { .. } => OpClass::Int,
            Op::FSetp { .. }
            | Op::FAdd { .. }
            | Op::FMul { .. }
            | Op::FFma { .. }
            | Op::FMnMx { .. }
            | Op::FNeg { .. }
            | Op::FAbs { .. }
            | Op::FDiv { .. }
            | Op::FSqrt { .. }
            | Op::Cvt { .. }
            | Op::Mufu { .. } => OpClass::Float,
            Op::Mov { .. } | Op::Copy | Op::Phi => OpClass::Move,
            Op::S2R | Op::Ld { .. } | Op::St { .. } | Op::Cvta { .. } | Op::CacheHint { .. } | Op::IsSpace { .. } => {
                OpClass::Memory
            }
            Op::Atom { .. } => OpClass::Atomic,
            Op::Shfl { .. }
            | Op::Vote { .. }
            | Op::Bar
            | Op::BarPopc
            | Op::BarArrive
            | Op::Match { .. }
            | Op::Redux { .. }
            | Op::Nanosleep
            | Op::WarpSync
            | Op::Membar { .. } => OpClass::Warp,
            Op::Bra | Op::Exit | Op::Ret | Op::Call | Op::Stack { .. } | Op::Trap { .. } => OpClass::Control,
            Op::TexSurf { .. } | Op::Sm90 { .. } | Op::Asm { .. } => OpClass::Special,
        }
    }
}
