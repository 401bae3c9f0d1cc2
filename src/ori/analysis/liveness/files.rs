//! The per-register-file data structures of liveness (see the module documentation of
//! [`super`], section *Register files*): the tracked files and their slots, the dense per-file
//! numbering of the virtual registers, the sparse sorted register sets of the solver, and the
//! solved liveness of one file.

use crate::ori::ir::{Function, RegFile, VReg};

/// The register files with liveness sets, in the order of [`super::Liveness::files`] and of the
/// report.
pub const TRACKED_FILES: [RegFile; 4] = [RegFile::R, RegFile::UR, RegFile::P, RegFile::UP];

/// The slot of a register file in [`TRACKED_FILES`]; `None` for barrier registers.
pub fn file_slot(file: RegFile) -> Option<usize> {
    match file {
        RegFile::R => Some(0),
        RegFile::UR => Some(1),
        RegFile::P => Some(2),
        RegFile::UP => Some(3),
        RegFile::B => None,
    }
}

/// A dense numbering of the virtual registers of each tracked file: the bit index of a register
/// in its file's bitvectors.
#[derive(Clone, Debug, Default)]
pub struct RegNumbering {
    /// VReg index → (file slot, dense index within the file); `None` for B.
    dense: Vec<Option<(u8, u32)>>,
    /// Per tracked file: dense index → VReg.
    regs: [Vec<VReg>; 4],
    /// Per tracked file: dense index → register slots (pair = 2, quad = 4, predicates 1).
    slots: [Vec<u32>; 4],
}

impl RegNumbering {
    /// Numbers the registers of `f` in VReg order within each file.
    pub fn new(f: &Function) -> Self {
        let mut n = RegNumbering { dense: Vec::with_capacity(f.regs.len()), ..Default::default() };
        for (i, info) in f.regs.iter().enumerate() {
            let Some(slot) = file_slot(info.file) else {
                n.dense.push(None);
                continue;
            };
            n.dense.push(Some((slot as u8, n.regs[slot].len() as u32)));
            n.regs[slot].push(VReg(i as u32));
            let width = match info.file {
                RegFile::R | RegFile::UR => info.pair.slots(),
                RegFile::P | RegFile::UP | RegFile::B => 1,
            };
            n.slots[slot].push(width);
        }
        n
    }

    /// `(file slot, dense index)` of `r`; `None` for barrier registers.
    pub fn lookup(&self, r: VReg) -> Option<(usize, usize)> {
        let (s, i) = (*self.dense.get(r.idx())?)?;
        Some((s as usize, i as usize))
    }

    /// Number of registers of the tracked file in slot `file`.
    pub fn len(&self, file: usize) -> usize {
        self.regs[file].len()
    }

    /// Whether no register is tracked at all.
    pub fn is_empty(&self) -> bool {
        self.regs.iter().all(Vec::is_empty)
    }

    /// The register with dense index `i` in file slot `file`.
    pub fn vreg(&self, file: usize, i: usize) -> VReg {
        self.regs[file][i]
    }

    /// Register slots occupied by dense register `i` of file slot `file`.
    pub fn slots(&self, file: usize, i: usize) -> u32 {
        self.slots[file][i]
    }
}

/// A set of registers of one file: their dense indices ([`RegNumbering`]), ascending, each once.
///
/// The block-level sets of the solver are kept in this sparse form rather than as bitvectors
/// over every register of the file: a block's sets hold the few registers live across its
/// boundaries, while the file may have hundreds of thousands of registers (most of them
/// block-local), so a dense vector per block would make every computation
/// `O(blocks × registers)`. Sorted vectors make the solver's meet and transfer linear merges
/// in the sizes of the sets, and iteration yields VReg order.
pub type RegSet = Vec<u32>;

/// The liveness of one register file.
#[derive(Clone, Debug)]
pub struct FileLiveness {
    pub file: RegFile,
    /// Upward-exposed uses per block.
    pub gen_: Vec<RegSet>,
    /// Registers certainly (unguardedly) defined per block, phi results included.
    pub kill: Vec<RegSet>,
    /// Registers used by the phis of successors, at the end of each block.
    pub phi_uses: Vec<RegSet>,
    pub live_in: Vec<RegSet>,
    pub live_out: Vec<RegSet>,
    /// Passes over the blocks until one changed nothing (that one included).
    pub sweeps: u32,
    /// Peak live register slots per block.
    pub block_peak: Vec<u32>,
    /// Peak live register slots of the function.
    pub peak: u32,
}
