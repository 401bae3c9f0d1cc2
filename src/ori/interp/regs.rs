//! The register model: every register file is an array of 32-bit *cells* (predicates: one bit),
//! per lane for the vector files (R, P) and per warp for the uniform files (UR, UP).
//!
//! A virtual register is a [`Loc`]: its file, first cell and cell count (1 for a single register
//! or a predicate, 2 for a pair with the low word in the first cell, 4 for a quad). Before
//! allocation every virtual register gets cells of its own (allocated densely per file); after
//! allocation the first cell is the physical register number from the assignment, so two virtual
//! registers given overlapping physical registers really share storage (a pair `R4:R5` and a
//! single `R5` alias). In the physical model `RZ` (R255), `URZ` (UR63) read zero and discard
//! writes, `PT`/`UPT` (P7, UP7) read true.

use super::Error;
use crate::ori::ir::{Function, RegFile, VReg};

/// Where a register lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: RegFile,
    pub cell: u32,
    pub cells: u32,
}

/// The cell layout of a function's registers.
#[derive(Clone, Debug)]
pub struct RegMap {
    pub locs: Vec<Loc>,
    /// Cells per file: R, UR, P, UP, B.
    pub sizes: [u32; 5],
    /// Physical numbering (RZ/PT/URZ/UPT are special).
    pub physical: bool,
}

fn file_index(f: RegFile) -> usize {
    match f {
        RegFile::R => 0,
        RegFile::UR => 1,
        RegFile::P => 2,
        RegFile::UP => 3,
        RegFile::B => 4,
    }
}

const RZ: u32 = 255;
const URZ: u32 = 63;
const PT: u32 = 7;

impl RegMap {
    /// Virtual cells before allocation, or the cells of the function's assignment
    /// (`Function::assignment`, `phys[v]` per register).
    pub fn new(f: &Function) -> Result<RegMap, Error> {
        let phys = f.assignment.as_deref();
        let mut sizes = [0u32; 5];
        let mut locs = Vec::with_capacity(f.regs.len());
        if let Some(p) = phys
            && p.len() < f.regs.len()
        {
            return Err(Error::internal(format!(
                "the allocation names {} registers, the function has {}",
                p.len(),
                f.regs.len()
            )));
        }
        for (i, info) in f.regs.iter().enumerate() {
            let cells = match info.file {
                RegFile::R | RegFile::UR => info.pair.slots(),
                RegFile::P | RegFile::UP | RegFile::B => 1,
            };
            let k = file_index(info.file);
            let cell = match phys {
                Some(p) => p[i],
                None => sizes[k],
            };
            sizes[k] = sizes[k].max(cell + cells);
            locs.push(Loc { file: info.file, cell, cells });
        }
        if phys.is_some() && (sizes[0] > 256 || sizes[1] > 64 || sizes[2] > 8 || sizes[3] > 8) {
            return Err(Error::internal(format!("physical register out of range (cells per file {sizes:?})")));
        }
        Ok(RegMap { locs, sizes, physical: phys.is_some() })
    }

    pub fn loc(&self, v: VReg) -> Loc {
        self.locs[v.idx()]
    }
}

/// The registers of one warp.
#[derive(Clone, Debug)]
pub struct WarpRegs {
    physical: bool,
    /// `r[cell * 32 + lane]`.
    r: Vec<u32>,
    /// Lane bit masks, one per predicate.
    p: Vec<u32>,
    ur: Vec<u32>,
    up: Vec<bool>,
}

impl WarpRegs {
    pub fn new(map: &RegMap) -> WarpRegs {
        WarpRegs {
            physical: map.physical,
            r: vec![0; map.sizes[0] as usize * 32],
            p: vec![0; map.sizes[2] as usize],
            ur: vec![0; map.sizes[1] as usize],
            up: vec![false; map.sizes[3] as usize],
        }
    }

    fn r_cell(&self, cell: u32, lane: u32) -> u32 {
        if self.physical && cell == RZ { 0 } else { self.r[(cell * 32 + lane) as usize] }
    }

    fn ur_cell(&self, cell: u32) -> u32 {
        if self.physical && cell == URZ { 0 } else { self.ur[cell as usize] }
    }

    /// The cells of `loc` for `lane` (up to four; predicates as 0/1).
    pub fn read_cells(&self, loc: Loc, lane: u32) -> [u32; 4] {
        let mut out = [0u32; 4];
        match loc.file {
            RegFile::R => {
                for (k, o) in out.iter_mut().enumerate().take(loc.cells as usize) {
                    *o = self.r_cell(loc.cell + k as u32, lane);
                }
            }
            RegFile::UR => {
                for (k, o) in out.iter_mut().enumerate().take(loc.cells as usize) {
                    *o = self.ur_cell(loc.cell + k as u32);
                }
            }
            RegFile::P => {
                out[0] = if self.physical && loc.cell == PT { 1 } else { self.p[loc.cell as usize] >> lane & 1 };
            }
            RegFile::UP => out[0] = (self.physical && loc.cell == PT || self.up[loc.cell as usize]) as u32,
            RegFile::B => {}
        }
        out
    }

    /// The value of `loc` for `lane`: the low two cells as a 64-bit value.
    pub fn read(&self, loc: Loc, lane: u32) -> u64 {
        let c = self.read_cells(loc, lane);
        if loc.cells >= 2 { (c[1] as u64) << 32 | c[0] as u64 } else { c[0] as u64 }
    }

    /// Writes cells of a vector-file register (R, P) for one lane; uniform files are written per
    /// warp through [`WarpRegs::write_uniform_cells`].
    pub fn write_cells(&mut self, loc: Loc, lane: u32, cells: [u32; 4]) {
        match loc.file {
            RegFile::R => {
                for (k, c) in cells.iter().enumerate().take(loc.cells as usize) {
                    let cell = loc.cell + k as u32;
                    if !(self.physical && cell == RZ) {
                        self.r[(cell * 32 + lane) as usize] = *c;
                    }
                }
            }
            RegFile::P => {
                if !(self.physical && loc.cell == PT) {
                    let m = &mut self.p[loc.cell as usize];
                    *m = (*m & !(1 << lane)) | ((cells[0] != 0) as u32) << lane;
                }
            }
            RegFile::UR | RegFile::UP => self.write_uniform_cells(loc, cells),
            RegFile::B => {}
        }
    }

    /// Writes the warp's copy of a uniform register.
    pub fn write_uniform_cells(&mut self, loc: Loc, cells: [u32; 4]) {
        match loc.file {
            RegFile::UR => {
                for (k, c) in cells.iter().enumerate().take(loc.cells as usize) {
                    let cell = loc.cell + k as u32;
                    if !(self.physical && cell == URZ) {
                        self.ur[cell as usize] = *c;
                    }
                }
            }
            RegFile::UP => {
                if !(self.physical && loc.cell == PT) {
                    self.up[loc.cell as usize] = cells[0] != 0;
                }
            }
            RegFile::R | RegFile::P | RegFile::B => {}
        }
    }
}

/// A 64-bit value as cells (the low word first).
pub fn cells_of(v: u64) -> [u32; 4] {
    [v as u32, (v >> 32) as u32, 0, 0]
}
