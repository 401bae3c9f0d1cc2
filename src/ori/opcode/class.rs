//! The instruction classes: what kind of instruction an opcode is (the `class` column of the
//! opcode table, `table.rs`). The PTX emitter dispatches on the class
//! (`emit/ptx/{int,float,memory,warp}.rs`), and the passes' per-opcode rules start from it (a
//! pure integer or float operation is a GvnCse candidate).

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
    /// This opcode's [`OpClass`] (its row of the opcode table, `table.rs`).
    pub fn class(&self) -> OpClass {
        self.info().class
    }
}
