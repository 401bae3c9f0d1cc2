//! The special-register table shared by every stage: nvvm-intr-range (seed 004 "Special Register
//! Range Table"), the known-bits oracle, lowering (S2R / S2UR / constant-bank reads) and divergence
//! (seed 002 roots). One place, so the stages never disagree.
//!
//! Where the numbers come from:
//! - tid/ntid/ctaid/nctaid: the architectural defaults, which are the CUDA limits for
//!   compute capability ≥ 3.0 (block ≤ 1024 threads, z ≤ 64; grid x < 2^31, y/z ≤ 65535).
//! - warpsize 32 and laneid < 32: PTX ISA (`WARP_SZ`, `%laneid`).
//! - cluster registers: thread block clusters exist from sm_90; the largest (non-portable)
//!   cluster is 16 CTAs, so every per-cluster index is < 16 and the counts ≤ 16. A grid has at most
//!   as many clusters as CTAs, so clusterid/nclusterid take ctaid/nctaid's limits.
//! - warpid/nwarpid: the maximum number of resident warps per SM from the CUDA C Programming Guide's
//!   per-compute-capability table (see [`max_warps_per_sm`]); `%warpid` < that, `%nwarpid` ≤ that.
//! - smid/nsmid: the SM count is a property of the chip, not of the SM version, and the PTX ISA says
//!   SM ids need not be contiguous, so no sound bound is known for any SM: no range.
//! - `.w` components, gridid, clock, clock64, lanemask_*, globaltimer, pm*, envreg*: no range.

/// A vector component of `%tid`, `%ntid`, ... .
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dim {
    X,
    Y,
    Z,
    W,
}

impl Dim {
    pub fn name(self) -> &'static str {
        match self {
            Dim::X => "x",
            Dim::Y => "y",
            Dim::Z => "z",
            Dim::W => "w",
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    fn parse(s: &str) -> Option<Dim> {
        Some(match s {
            "x" => Dim::X,
            "y" => Dim::Y,
            "z" => Dim::Z,
            "w" => Dim::W,
            _ => return None,
        })
    }
}

/// Every PTX special register LLVM 19 exposes as `llvm.nvvm.read.ptx.sreg.*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecialReg {
    Tid(Dim),
    Ntid(Dim),
    Ctaid(Dim),
    Nctaid(Dim),
    ClusterId(Dim),
    NclusterId(Dim),
    ClusterCtaid(Dim),
    ClusterNctaid(Dim),
    ClusterCtarank,
    ClusterNctarank,
    Warpsize,
    Laneid,
    Warpid,
    Nwarpid,
    Smid,
    Nsmid,
    Gridid,
    Clock,
    Clock64,
    LanemaskEq,
    LanemaskLe,
    LanemaskLt,
    LanemaskGe,
    LanemaskGt,
    Globaltimer,
    Pm(u8),
    Envreg(u8),
}

/// Where the hardware value comes from in SASS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SassSource {
    /// `S2R Rd, SR_*` (or `S2UR` / `CS2R` for the uniform and 64-bit clocks).
    Sr(&'static str),
    /// A word of constant bank 0 (`c[0x0][off]`): block and grid dimensions on sm_90.
    ConstBank(u32),
    /// A compile-time constant (`%warpsize` is 32).
    Imm(u32),
}

/// Limits that launch bounds impose on one kernel (see `llvm::launch_bounds`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadLimits {
    /// Exact block size per dimension (`reqntid`), absent dimensions are 1.
    pub reqntid: Option<[u32; 3]>,
    /// Upper bound on the total threads per block (`maxntid` product).
    pub maxntid_total: Option<u64>,
    /// Exact cluster shape (`cluster_dim`).
    pub cluster_dim: Option<[u32; 3]>,
    /// Upper bound on CTAs per cluster (`maxclusterrank`).
    pub max_cluster_rank: Option<u64>,
}

/// Largest cluster (in CTAs) the hardware allows (non-portable size on sm_90).
pub const MAX_CLUSTER_CTAS: u64 = 16;

/// Maximum resident warps per SM by SM version (CUDA C Programming Guide, "Technical
/// Specifications per Compute Capability"); `None` for versions we have no number for.
pub fn max_warps_per_sm(sm: u32) -> Option<u64> {
    match sm {
        50 | 52 | 53 | 60 | 61 | 62 | 70 | 72 | 80 | 90 => Some(64),
        75 => Some(32),
        86 | 87 | 89 => Some(48),
        _ => None,
    }
}

impl SpecialReg {
    /// Every register, in a fixed order (for tables and tests).
    pub fn all() -> Vec<SpecialReg> {
        use SpecialReg::*;
        let mut v = Vec::new();
        for d in [Dim::X, Dim::Y, Dim::Z, Dim::W] {
            v.extend([
                Tid(d),
                Ntid(d),
                Ctaid(d),
                Nctaid(d),
                ClusterId(d),
                NclusterId(d),
                ClusterCtaid(d),
                ClusterNctaid(d),
            ]);
        }
        v.extend([
            ClusterCtarank,
            ClusterNctarank,
            Warpsize,
            Laneid,
            Warpid,
            Nwarpid,
            Smid,
            Nsmid,
            Gridid,
            Clock,
            Clock64,
            LanemaskEq,
            LanemaskLe,
            LanemaskLt,
            LanemaskGe,
            LanemaskGt,
            Globaltimer,
        ]);
        v.extend((0..4).map(Pm));
        v.extend((0..32).map(Envreg));
        v
    }

    /// Parses an intrinsic name `llvm.nvvm.read.ptx.sreg.<suffix>`.
    pub fn from_intrinsic(name: &str) -> Option<SpecialReg> {
        // LLVM's target-independent counters, which NVPTX reads from %clock64 / %globaltimer.
        match name {
            "llvm.readcyclecounter" => return Some(SpecialReg::Clock64),
            "llvm.readsteadycounter" => return Some(SpecialReg::Globaltimer),
            _ => {}
        }
        // `llvm.ptx.read.*`: the names of LLVM 3.0's PTX back end for the same registers.
        let suffix = name.strip_prefix("llvm.nvvm.read.ptx.sreg.").or_else(|| name.strip_prefix("llvm.ptx.read."))?;
        Self::from_suffix(suffix)
    }

    fn from_suffix(s: &str) -> Option<SpecialReg> {
        use SpecialReg::*;
        if let Some((base, d)) = s.rsplit_once('.')
            && let Some(d) = Dim::parse(d)
        {
            let reg = match base {
                "tid" => Tid(d),
                "ntid" => Ntid(d),
                "ctaid" => Ctaid(d),
                "nctaid" => Nctaid(d),
                "clusterid" => ClusterId(d),
                "nclusterid" => NclusterId(d),
                "cluster.ctaid" => ClusterCtaid(d),
                "cluster.nctaid" => ClusterNctaid(d),
                _ => return None,
            };
            return Some(reg);
        }
        Self::from_suffix_nodim(s)
    }

    fn from_suffix_nodim(s: &str) -> Option<SpecialReg> {
        use SpecialReg::*;
        Some(match s {
            "cluster.ctarank" => ClusterCtarank,
            "cluster.nctarank" => ClusterNctarank,
            "warpsize" => Warpsize,
            "laneid" => Laneid,
            "warpid" => Warpid,
            "nwarpid" => Nwarpid,
            "smid" => Smid,
            "nsmid" => Nsmid,
            "gridid" => Gridid,
            "clock" => Clock,
            "clock64" => Clock64,
            "lanemask.eq" => LanemaskEq,
            "lanemask.le" => LanemaskLe,
            "lanemask.lt" => LanemaskLt,
            "lanemask.ge" => LanemaskGe,
            "lanemask.gt" => LanemaskGt,
            "globaltimer" => Globaltimer,
            _ => {
                if let Some(n) = s.strip_prefix("pm").and_then(|n| n.parse::<u8>().ok()).filter(|n| *n < 4) {
                    Pm(n)
                } else if let Some(n) = s.strip_prefix("envreg").and_then(|n| n.parse::<u8>().ok()).filter(|n| *n < 32)
                {
                    Envreg(n)
                } else {
                    return None;
                }
            }
        })
    }

    /// The PTX spelling (`%tid.x`, `%cluster_ctarank`, `WARP_SZ`).
    pub fn ptx_name(self) -> String {
        use SpecialReg::*;
        match self {
            Tid(d) => format!("%tid.{}", d.name()),
            Ntid(d) => format!("%ntid.{}", d.name()),
            Ctaid(d) => format!("%ctaid.{}", d.name()),
            Nctaid(d) => format!("%nctaid.{}", d.name()),
            ClusterId(d) => format!("%clusterid.{}", d.name()),
            NclusterId(d) => format!("%nclusterid.{}", d.name()),
            ClusterCtaid(d) => format!("%cluster_ctaid.{}", d.name()),
            ClusterNctaid(d) => format!("%cluster_nctaid.{}", d.name()),
            ClusterCtarank => "%cluster_ctarank".into(),
            ClusterNctarank => "%cluster_nctarank".into(),
            Warpsize => "WARP_SZ".into(),
            Laneid => "%laneid".into(),
            Warpid => "%warpid".into(),
            Nwarpid => "%nwarpid".into(),
            Smid => "%smid".into(),
            Nsmid => "%nsmid".into(),
            Gridid => "%gridid".into(),
            Clock => "%clock".into(),
            Clock64 => "%clock64".into(),
            LanemaskEq => "%lanemask_eq".into(),
            LanemaskLe => "%lanemask_le".into(),
            LanemaskLt => "%lanemask_lt".into(),
            LanemaskGe => "%lanemask_ge".into(),
            LanemaskGt => "%lanemask_gt".into(),
            Globaltimer => "%globaltimer".into(),
            Pm(n) => format!("%pm{n}"),
            Envreg(n) => format!("%envreg{n}"),
        }
    }

    /// The value width in bits of the LLVM 19 intrinsic (64 for clock64 and globaltimer; LLVM
    /// declares `gridid` as i32 although PTX's `%gridid` is .u64).
    pub fn bits(self) -> u32 {
        match self {
            SpecialReg::Clock64 | SpecialReg::Globaltimer => 64,
            _ => 32,
        }
    }

    /// Whether lanes of one warp may read different values (a divergence root, seed 002):
    /// thread and lane identities, lane masks and free-running clocks.
    pub fn is_varying(self) -> bool {
        use SpecialReg::*;
        match self {
            Tid(_) | Laneid | LanemaskEq | LanemaskLe | LanemaskLt | LanemaskGe | LanemaskGt => true,
            Clock | Clock64 | Globaltimer | Pm(_) => true,
            Ntid(_) | Ctaid(_) | Nctaid(_) | ClusterId(_) | NclusterId(_) | ClusterCtaid(_) | ClusterNctaid(_) => false,
            ClusterCtarank | ClusterNctarank | Warpsize | Warpid | Nwarpid | Smid | Nsmid | Gridid | Envreg(_) => false,
        }
    }

    /// The SASS source of the value on sm_90 (ntid / nctaid are read from constant bank 0).
    pub fn sass_source(self) -> SassSource {
        use SassSource::*;
        use SpecialReg::*;
        let dim3 = |base: u32, d: Dim| match d {
            Dim::W => Imm(0),
            d => ConstBank(base + 4 * d.index() as u32),
        };
        match self {
            Tid(Dim::X) => Sr("SR_TID.X"),
            Tid(Dim::Y) => Sr("SR_TID.Y"),
            Tid(Dim::Z) => Sr("SR_TID.Z"),
            Ctaid(Dim::X) => Sr("SR_CTAID.X"),
            Ctaid(Dim::Y) => Sr("SR_CTAID.Y"),
            Ctaid(Dim::Z) => Sr("SR_CTAID.Z"),
            Tid(Dim::W) | Ctaid(Dim::W) => Imm(0),
            Ntid(d) => dim3(0x0, d),
            Nctaid(d) => dim3(0xc, d),
            ClusterId(Dim::X) => Sr("SR_CLUSTERID.X"),
            ClusterId(Dim::Y) => Sr("SR_CLUSTERID.Y"),
            ClusterId(Dim::Z) => Sr("SR_CLUSTERID.Z"),
            ClusterCtaid(Dim::X) => Sr("SR_CgaCtaId.X"),
            ClusterCtaid(Dim::Y) => Sr("SR_CgaCtaId.Y"),
            ClusterCtaid(Dim::Z) => Sr("SR_CgaCtaId.Z"),
            ClusterId(Dim::W) | ClusterCtaid(Dim::W) => Imm(0),
            NclusterId(_) | ClusterNctaid(_) | ClusterNctarank => Sr("SR_CgaSize"),
            ClusterCtarank => Sr("SR_CTAID_IN_CGA"),
            Warpsize => Imm(32),
            Laneid => Sr("SR_LANEID"),
            Warpid => Sr("SR_VIRTID"),
            Nwarpid => Sr("SR_NWARPID"),
            Smid => Sr("SR_VIRTUALSMID"),
            Nsmid => Sr("SR_NSMID"),
            Gridid => Sr("SR_GRIDID"),
            Clock => Sr("SR_CLOCKLO"),
            Clock64 => Sr("SR_CLOCKLO"),
            LanemaskEq => Sr("SR_EQMASK"),
            LanemaskLe => Sr("SR_LEMASK"),
            LanemaskLt => Sr("SR_LTMASK"),
            LanemaskGe => Sr("SR_GEMASK"),
            LanemaskGt => Sr("SR_GTMASK"),
            Globaltimer => Sr("SR_GLOBALTIMERLO"),
            Pm(0) => Sr("SR_PM0"),
            Pm(1) => Sr("SR_PM1"),
            Pm(2) => Sr("SR_PM2"),
            Pm(_) => Sr("SR_PM3"),
            Envreg(_) => Sr("SR_ENVREG"),
        }
    }

    /// The half-open unsigned range `[lo, hi)` of the register's value for a function with the
    /// given launch limits (`None` for device functions or kernels without bounds) on `sm`.
    /// `None` means no sound bound is known (full range).
    pub fn range(self, sm: u32, limits: Option<&ThreadLimits>) -> Option<(u64, u64)> {
        use SpecialReg::*;
        let lim = limits.copied().unwrap_or_default();
        let dim_max = |d: Dim| -> u64 { if d == Dim::Z { 64 } else { 1024 } };
        // The largest block extent along `d` the launch bounds allow.
        let block_extent = |d: Dim| -> u64 {
            let mut m = dim_max(d);
            if let Some(n) = lim.maxntid_total {
                m = m.min(n);
            }
            if let Some(r) = lim.reqntid {
                m = m.min(r[d.index()] as u64);
            }
            m
        };
        let cluster_extent = |d: Dim| -> u64 {
            let mut m = MAX_CLUSTER_CTAS;
            if let Some(n) = lim.max_cluster_rank {
                m = m.min(n);
            }
            if let Some(c) = lim.cluster_dim {
                m = m.min(c[d.index()] as u64);
            }
            m
        };
        let grid_max = |d: Dim| -> u64 { if d == Dim::X { (1 << 31) - 1 } else { 65535 } };
        match self {
            Tid(Dim::W) | Ntid(Dim::W) | Ctaid(Dim::W) | Nctaid(Dim::W) => None,
            ClusterId(Dim::W) | NclusterId(Dim::W) | ClusterCtaid(Dim::W) | ClusterNctaid(Dim::W) => None,
            Tid(d) => Some((0, block_extent(d))),
            Ntid(d) => {
                let hi = block_extent(d);
                let lo = lim.reqntid.map_or(1, |r| r[d.index()] as u64);
                Some((lo, hi + 1))
            }
            Ctaid(d) | ClusterId(d) => Some((0, grid_max(d))),
            Nctaid(d) | NclusterId(d) => Some((1, grid_max(d) + 1)),
            ClusterCtaid(d) => Some((0, cluster_extent(d))),
            ClusterNctaid(d) => {
                let hi = cluster_extent(d);
                let lo = lim.cluster_dim.map_or(1, |c| c[d.index()] as u64);
                Some((lo, hi + 1))
            }
            ClusterCtarank | ClusterNctarank => {
                let mut total = MAX_CLUSTER_CTAS;
                if let Some(n) = lim.max_cluster_rank {
                    total = total.min(n);
                }
                if let Some(c) = lim.cluster_dim {
                    total = total.min(c.iter().map(|&v| v as u64).product());
                }
                if self == ClusterCtarank {
                    Some((0, total))
                } else {
                    let lo = lim.cluster_dim.map_or(1, |c| c.iter().map(|&v| v as u64).product());
                    Some((lo, total + 1))
                }
            }
            Warpsize => Some((32, 33)),
            Laneid => Some((0, 32)),
            Warpid => max_warps_per_sm(sm).map(|w| (0, w)),
            Nwarpid => max_warps_per_sm(sm).map(|w| (1, w + 1)),
            Smid | Nsmid => None,
            Gridid | Clock | Clock64 | LanemaskEq | LanemaskLe | LanemaskLt | LanemaskGe | LanemaskGt => None,
            Globaltimer | Pm(_) | Envreg(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_register_round_trips_through_its_intrinsic_name() {
        for r in SpecialReg::all() {
            let ptx = r.ptx_name();
            let suffix = match r {
                SpecialReg::Warpsize => "warpsize".to_string(),
                _ => ptx.trim_start_matches('%').replace('_', "."),
            };
            let name = format!("llvm.nvvm.read.ptx.sreg.{suffix}");
            assert_eq!(SpecialReg::from_intrinsic(&name), Some(r), "{name}");
        }
        assert_eq!(SpecialReg::from_intrinsic("llvm.nvvm.read.ptx.sreg.tid.q"), None);
        assert_eq!(SpecialReg::from_intrinsic("llvm.nvvm.read.ptx.sreg.pm9"), None);
    }

    #[test]
    fn defaults_match_the_architectural_limits() {
        use SpecialReg::*;
        assert_eq!(Tid(Dim::X).range(90, None), Some((0, 1024)));
        assert_eq!(Tid(Dim::Z).range(90, None), Some((0, 64)));
        assert_eq!(Ntid(Dim::Z).range(90, None), Some((1, 65)));
        assert_eq!(Ctaid(Dim::X).range(90, None), Some((0, (1 << 31) - 1)));
        assert_eq!(Nctaid(Dim::Y).range(90, None), Some((1, 65536)));
        assert_eq!(Warpid.range(90, None), Some((0, 64)));
        assert_eq!(Warpid.range(75, None), Some((0, 32)));
        assert_eq!(Warpid.range(91, None), None);
        assert_eq!(Smid.range(90, None), None);
        assert_eq!(Clock64.range(90, None), None);
    }

    #[test]
    fn reqntid_fixes_dimensions_and_maxntid_bounds_the_product() {
        use SpecialReg::*;
        let req = ThreadLimits { reqntid: Some([128, 2, 1]), ..Default::default() };
        assert_eq!(Ntid(Dim::X).range(90, Some(&req)), Some((128, 129)));
        assert_eq!(Tid(Dim::Y).range(90, Some(&req)), Some((0, 2)));
        let max = ThreadLimits { maxntid_total: Some(256), ..Default::default() };
        assert_eq!(Tid(Dim::X).range(90, Some(&max)), Some((0, 256)));
        assert_eq!(Tid(Dim::Z).range(90, Some(&max)), Some((0, 64)));
        assert_eq!(Ntid(Dim::Y).range(90, Some(&max)), Some((1, 257)));
    }
}
