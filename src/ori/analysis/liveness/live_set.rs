//! [`LiveSet`]: the running live set of backward walks through a block (pressure, dead-code
//! elimination, interference), a sparse set per register file.

use super::{BitVector, Liveness, RegNumbering};
use crate::ori::ir::{Bix, Inst, VReg};
use crate::ori::opcode::Op;

/// A running live set over every tracked file, for backward walks through a block (pressure,
/// dead-code elimination, interference). It keeps the live register slots per file up to date.
///
/// Each file is a sparse set (Briggs and Torczon): `members` lists the live dense indices in no
/// particular order and `pos[i]` is the position of `i` in `members`, meaningful only when it
/// points back at `i`. Membership, insertion and removal are O(1), iterating costs the number of
/// members, and [`LiveSet::clear`] is O(1) because stale `pos` entries need no reset. So one set
/// allocated per function and reloaded per block ([`LiveSet::load_live_out`]) walks a block in
/// O(block size + |LiveOut|), independent of the number of registers.
#[derive(Clone, Debug)]
pub struct LiveSet<'a> {
    num: &'a RegNumbering,
    /// Per file: the live dense indices, unordered.
    members: [Vec<u32>; 4],
    /// Per file: dense index → position in `members` (see the type documentation).
    pos: [Vec<u32>; 4],
    /// Live register slots per file.
    pub weights: [u32; 4],
}

impl<'a> LiveSet<'a> {
    /// An empty set.
    pub fn empty(num: &'a RegNumbering) -> Self {
        LiveSet { num, members: Default::default(), pos: std::array::from_fn(|s| vec![0; num.len(s)]), weights: [0; 4] }
    }

    /// The set from per-file bitvectors over the dense numbering of `num`.
    pub fn from_sets(num: &'a RegNumbering, sets: [BitVector; 4]) -> Self {
        let mut set = Self::empty(num);
        for (s, bits) in sets.iter().enumerate() {
            for i in bits.iter() {
                set.insert_dense(s, i);
            }
        }
        set
    }

    /// `LiveOut(b)` of every file (allocates; a walk over many blocks should reuse one set
    /// with [`LiveSet::load_live_out`]).
    pub fn live_out(live: &'a Liveness, b: Bix) -> Self {
        let mut set = Self::empty(&live.numbering);
        set.load_live_out(live, b);
        set
    }

    /// Makes the set `LiveOut(b)` of every file. `live` must have been computed with the
    /// numbering this set was made for.
    pub fn load_live_out(&mut self, live: &Liveness, b: Bix) {
        self.clear();
        for (s, fl) in live.files.iter().enumerate() {
            for &i in &fl.live_out[b.idx()] {
                self.insert_dense(s, i as usize);
            }
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        for m in &mut self.members {
            m.clear();
        }
        self.weights = [0; 4];
    }

    /// Whether dense register `i` of file slot `s` is live.
    #[inline]
    pub fn test(&self, s: usize, i: usize) -> bool {
        self.members[s].get(self.pos[s][i] as usize) == Some(&(i as u32))
    }

    /// The live dense registers of file slot `s`, in no particular order.
    pub fn members(&self, s: usize) -> &[u32] {
        &self.members[s]
    }

    fn insert_dense(&mut self, s: usize, i: usize) {
        if !self.test(s, i) {
            self.pos[s][i] = self.members[s].len() as u32;
            self.members[s].push(i as u32);
            self.weights[s] += self.num.slots(s, i);
        }
    }

    fn remove_dense(&mut self, s: usize, i: usize) {
        if self.test(s, i) {
            let p = self.pos[s][i] as usize;
            self.members[s].swap_remove(p);
            if let Some(&moved) = self.members[s].get(p) {
                self.pos[s][moved as usize] = p as u32;
            }
            self.weights[s] -= self.num.slots(s, i);
        }
    }

    /// Whether `r` is live. Barrier registers are always reported live: they are outside the
    /// liveness lattice, so nothing may conclude that a barrier definition is dead.
    pub fn contains(&self, r: VReg) -> bool {
        match self.num.lookup(r) {
            Some((s, i)) => self.test(s, i),
            None => true,
        }
    }

    /// Makes `r` live (no effect on barrier registers).
    pub fn insert(&mut self, r: VReg) {
        if let Some((s, i)) = self.num.lookup(r) {
            self.insert_dense(s, i);
        }
    }

    /// Makes `r` dead (no effect on barrier registers).
    pub fn remove(&mut self, r: VReg) {
        if let Some((s, i)) = self.num.lookup(r) {
            self.remove_dense(s, i);
        }
    }

    /// The backward transfer over one instruction: its unguarded definitions die, then its
    /// sources (guard included) become live. A phi's definition dies and its operands are not
    /// made live here: they are live out of the predecessors.
    pub fn step(&mut self, inst: &Inst) {
        let is_phi = matches!(inst.op, Op::Phi);
        if inst.guard.is_none() || is_phi {
            for d in inst.defs() {
                self.remove(d);
            }
        }
        if !is_phi {
            for u in inst.uses() {
                self.insert(u);
            }
        }
    }
}
