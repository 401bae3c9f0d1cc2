//! The GPU known-bits oracle (seed 004, "GPU-Specific Known-Bits Sources": the NVIDIA intrinsic
//! oracle `sub_F0C4B0` and "Address Space Known Bits").
//!
//! Special registers: a call to `llvm.nvvm.read.ptx.sreg.*` gets the known bits of the register's
//! value range from the one shared table (`crate::sreg::SpecialReg::range`), for the calling
//! function's launch bounds (`llvm::launch_bounds`). This works with no `!range` metadata at all:
//! warpsize is exactly 32, laneid < 32, tid.x < 1024, and `reqntid` makes `ntid` a constant. The
//! range `[lo, hi)` becomes known bits through `KnownBits::from_range`, which keeps the common
//! high-bit prefix of `lo` and `hi - 1` (e.g. `[0, 1024)` gives bits 10..31 known zero).
//!
//! Address spaces: shared (3) and local (5) addresses are 32 bits wide on the hardware, so the
//! bits 32..63 of an offset that only addresses them are never used (see `rewrite.rs`).

use super::lattice::{ApInt, KnownBits};
use crate::sreg::{SpecialReg, ThreadLimits};

/// What the oracle needs to know about the function being analysed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FnEnv {
    /// The SM whose architectural limits apply (warpid/nwarpid).
    pub sm: u32,
    /// The kernel's launch limits (`None` for device functions and unbounded kernels).
    pub limits: Option<ThreadLimits>,
}

/// The PTX shared address space.
pub(crate) const ADDRSPACE_SHARED: u32 = 3;
/// The PTX local address space.
pub(crate) const ADDRSPACE_LOCAL: u32 = 5;

/// Whether addresses of this space are 32 bits wide on the hardware.
pub(crate) fn is_32bit_addr_space(addr_space: u32) -> bool {
    addr_space == ADDRSPACE_SHARED || addr_space == ADDRSPACE_LOCAL
}

/// The value range `[lo, hi)` of a special-register read (`None` for other callees and for
/// registers with no sound bound).
pub(crate) fn sreg_range(callee: &str, env: &FnEnv) -> Option<(u64, u64)> {
    SpecialReg::from_intrinsic(callee)?.range(env.sm, env.limits.as_ref())
}

/// Known bits of a `width`-bit read of the special register `callee`; `None` when `callee` is not
/// a special register. Registers without a bound give unknown bits.
pub(crate) fn sreg_known_bits(callee: &str, width: u32, env: &FnEnv) -> Option<KnownBits> {
    SpecialReg::from_intrinsic(callee)?;
    Some(match sreg_range(callee, env) {
        Some((lo, hi)) => range_known_bits(width, lo as u128, hi as u128),
        None => KnownBits::unknown(width),
    })
}

/// Known bits of every value in the non-wrapping `[lo, hi)` (`hi` may be `2^width`), at `width`.
pub(crate) fn range_known_bits(width: u32, lo: u128, hi: u128) -> KnownBits {
    let top = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
    if lo >= hi || lo > top {
        return KnownBits::unknown(width);
    }
    let last = (hi - 1).min(top);
    KnownBits::from_unsigned_bounds(&ApInt::from_u128(width, lo), &ApInt::from_u128(width, last))
}

/// Known bits of a union of non-wrapping intervals (the merge of each interval's facts).
pub(crate) fn intervals_known_bits(width: u32, set: &[(u128, u128)]) -> Option<KnownBits> {
    let parts: Vec<KnownBits> = set.iter().map(|&(lo, hi)| range_known_bits(width, lo, hi)).collect();
    KnownBits::merge_all(parts.iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sreg::ThreadLimits;

    fn bits(kb: &KnownBits) -> String {
        format!("{kb}")
    }

    #[test]
    fn warpsize_is_exactly_32_and_laneid_below_32() {
        let env = FnEnv { sm: 90, limits: None };
        let ws = sreg_known_bits("llvm.nvvm.read.ptx.sreg.warpsize", 32, &env).unwrap();
        assert_eq!(ws.constant().and_then(|c| c.to_u64()), Some(32));
        let lane = sreg_known_bits("llvm.nvvm.read.ptx.sreg.laneid", 32, &env).unwrap();
        assert_eq!(lane.count_min_leading_zeros(), 27);
        let tid = sreg_known_bits("llvm.nvvm.read.ptx.sreg.tid.x", 32, &env).unwrap();
        assert_eq!(bits(&tid), "KnownBits(i32 0000000000000000000000??????????)");
        assert!(sreg_known_bits("llvm.nvvm.read.ptx.sreg.clock", 32, &env).unwrap().is_unknown());
        assert!(sreg_known_bits("llvm.ctpop.i32", 32, &env).is_none());
    }

    #[test]
    fn reqntid_makes_ntid_constant() {
        let limits = ThreadLimits { reqntid: Some([128, 2, 1]), ..Default::default() };
        let env = FnEnv { sm: 90, limits: Some(limits) };
        let n = sreg_known_bits("llvm.nvvm.read.ptx.sreg.ntid.x", 32, &env).unwrap();
        assert_eq!(n.constant().and_then(|c| c.to_u64()), Some(128));
        let t = sreg_known_bits("llvm.nvvm.read.ptx.sreg.tid.y", 32, &env).unwrap();
        assert_eq!(t.count_min_leading_zeros(), 31);
    }

    #[test]
    fn interval_unions_merge() {
        let kb = intervals_known_bits(8, &[(0, 4), (8, 12)]).unwrap();
        assert_eq!(bits(&kb), "KnownBits(i8 0000?0??)");
        assert!(range_known_bits(32, 0, 1 << 32).is_unknown());
        assert!(intervals_known_bits(8, &[]).is_none());
    }
}
