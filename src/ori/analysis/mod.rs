//! The analyses the phases read (and the CFG phases that reshape the graph they describe): the
//! control-flow graph, dominators and loops (seed 001), register liveness (seed 000),
//! divergence (seed 002's `OriPropagateVarying`), reconvergence points for the emitters, and the
//! bit vectors they are built on.

pub mod bitvec;
pub mod cfg;
pub mod liveness;
pub mod reconverge;
pub mod varying;
