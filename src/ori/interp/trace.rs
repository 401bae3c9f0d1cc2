//! Trace comparison: where a run after register allocation first departs from the run before it.
//!
//! Both runs follow the same schedule (see `simt.rs`), so the sequence of register definitions of
//! the original program is the same in both — except for what allocation adds: spill stores and
//! reloads, and moves between a spilled predicate and its carrier. The caller's `origin` maps a
//! post-allocation event to the original register it defines, or drops it (spill code); the
//! remaining events are compared one by one: same warp, register, active mask and lane values.

use super::TraceEvent;
use crate::ori::ir::VReg;

/// The first difference between two traces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The events at the point of difference (`None`: that trace ended first).
    pub pre: Option<TraceEvent>,
    pub post: Option<TraceEvent>,
    /// The first lane whose value differs, when the events agree otherwise.
    pub lane: Option<u32>,
    pub reason: String,
}

/// Compares `pre` with the events of `post` that `origin` keeps (mapped to original registers).
pub fn first_divergence(
    pre: &[TraceEvent],
    post: &[TraceEvent],
    origin: impl Fn(&TraceEvent) -> Option<VReg>,
) -> Option<Divergence> {
    let mut post_iter = post.iter().filter_map(|e| origin(e).map(|v| (e, v)));
    for a in pre {
        let Some((b, vb)) = post_iter.next() else {
            return Some(Divergence {
                pre: Some(a.clone()),
                post: None,
                lane: None,
                reason: "the post-allocation trace ends early".into(),
            });
        };
        let mk = |reason: String, lane: Option<u32>| Divergence {
            pre: Some(a.clone()),
            post: Some(b.clone()),
            lane,
            reason,
        };
        if a.warp != b.warp || a.func != b.func || a.vreg != vb {
            let what = |f: u32, v: VReg, w: u32| format!("%{} of function {f} in warp {w}", v.0);
            let reason =
                format!("different definitions ({} vs {})", what(a.func, a.vreg, a.warp), what(b.func, vb, b.warp));
            return Some(mk(reason, None));
        }
        if a.mask != b.mask {
            return Some(mk(format!("different active lanes ({:#010x} vs {:#010x})", a.mask, b.mask), None));
        }
        if let Some(k) = a.values.iter().zip(&b.values).position(|(x, y)| x != y) {
            let lane = (0..32).filter(|l| a.mask >> l & 1 == 1).nth(k);
            return Some(mk(format!("value {:#x} vs {:#x}", a.values[k], b.values[k]), lane));
        }
    }
    post_iter.next().map(|(b, _)| Divergence {
        pre: None,
        post: Some(b.clone()),
        lane: None,
        reason: "the post-allocation trace has extra definitions".into(),
    })
}
