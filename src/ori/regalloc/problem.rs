//! The problem of one register class as the fat-point allocator sees it: its registers
//! ([`Node`]), what is known about each ([`ClassProblem`]) and the number of register slots
//! ([`SLOTS`]). `fatpoint.rs` builds it (`ClassProblem::build`) and runs the allocation rounds
//! on it; `tuples.rs` places register tuples in it; `spill.rs` and `guidance.rs` read it.

use super::constraints::PhysReg;
use crate::ori::ir::{RegFile, VReg};

/// Entries of each histogram (the seed's two 512-DWORD arrays).
pub const SLOTS: usize = 512;

/// A register of one class problem: the dense per-file index of the shared liveness numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node(pub u32);

impl Node {
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Everything the fat-point rounds need about one register class.
#[derive(Clone, Debug)]
pub struct ClassProblem {
    pub file: RegFile,
    /// Node → virtual register.
    pub vregs: Vec<VReg>,
    /// Registers occupied (pair 2, quad 4).
    pub width: Vec<u32>,
    /// Whether the register appears in the code at all (others need no register).
    pub occurs: Vec<bool>,
    /// Interference lists, sorted and without duplicates.
    pub adj: Vec<Vec<Node>>,
    /// Copy partners with the number of copies between the two.
    pub affinity: Vec<Vec<(Node, u32)>>,
    /// Σ 10^loop_depth over the definitions and uses.
    pub weight: Vec<f64>,
    /// Instruction points at which the register is live (or being written).
    pub range_len: Vec<u32>,
    /// Position of the first definition (first use when never defined) in reverse post-order.
    pub first_pos: Vec<u32>,
    /// Spill temporaries: tiny ranges that spilling again would not help.
    pub unspillable: Vec<bool>,
    /// Registers with a fixed assignment: the stack pointer (`Function::stack_pointer`) is R1,
    /// which is excluded for every other register (seed 003 "exclude-one").
    pub precolored: Vec<Option<PhysReg>>,
    /// Register tuples of vector loads and stores (`tuples.rs`), and per node the tuples it is
    /// in with its position.
    pub tuples: Vec<Vec<Node>>,
    pub tuple_of: Vec<Vec<(usize, u32)>>,
}
