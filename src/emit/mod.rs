//! Emission: PTX text (and, later, a cuobjdump-style SASS listing).

pub mod ptx;
pub mod sass;
