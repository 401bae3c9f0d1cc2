//! Emission: PTX text (and, later, a cuobjdump-style SASS listing).

mod plop3;
pub mod ptx;
pub mod ptx_module;
pub mod sass;
