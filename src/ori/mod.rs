//! The back end: the Ori IR and every ptxas phase, one module per phase.

pub mod ir;
pub mod opcode;
pub mod print;
