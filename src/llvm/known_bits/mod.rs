//! Known bits (seed 004): the KnownBits lattice over arbitrary-width integers.

pub mod apint;
pub mod lattice;
