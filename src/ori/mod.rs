//! The back end: the Ori IR and every ptxas phase, one module per phase.

pub mod analysis;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod opcode;
pub mod operands;
pub mod opt;
pub mod phase_context;
pub mod pipeline;
pub mod print;
pub mod regalloc;
pub mod texsurf;
pub mod verify;
