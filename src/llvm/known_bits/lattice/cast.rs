//! Width-changing transfer functions of the known-bits lattice: `zext`, `sext` and `trunc`.

use super::{ApInt, KnownBits};

impl KnownBits {
    // -- width changes ------------------------------------------------------

    /// `zext` to `width`: the new high bits are known 0. Exact.
    pub fn zext(&self, width: u32) -> KnownBits {
        let old = self.width();
        KnownBits { zero: self.zero.zext(width).or(&ApInt::bits_set(width, old, width)), one: self.one.zext(width) }
    }

    /// `sext` to `width`: the new high bits copy the sign bit's fact. Exact.
    pub fn sext(&self, width: u32) -> KnownBits {
        KnownBits { zero: self.zero.sext(width), one: self.one.sext(width) }
    }

    /// `trunc` to `width`: the low bits' facts. Exact.
    pub fn trunc(&self, width: u32) -> KnownBits {
        KnownBits { zero: self.zero.trunc(width), one: self.one.trunc(width) }
    }
}
