//! Cache hints: `llvm.nvvm.prefetch.{global,local}.{L1,L2}`, `prefetch.{L1,L2}` (generic),
//! `prefetchu.L1`, `prefetch.global.L2.evict.{last,normal}`, `prefetch.tensormap.p{0,4,101}`,
//! `applypriority[.global].L2.evict.normal(a, size)` and `discard[.global].L2(a, size)`
//! (`size` an immediate, 128 in the PTX ISA) → one `Op::CacheHint` each, spelled as the PTX ISA
//! spells them. LLVM 19 has no intrinsics by these names (llc-19 compiles calls of them into
//! calls of undefined functions that ptxas cannot resolve); their meaning is the PTX
//! instruction's. `prefetch.tensormap.p{0,4,101}` → `prefetch[.const|.param].tensormap`.

use super::FnLowering;
use super::ffi::{self, V};
use crate::ori::ir::Operand;
use crate::ori::opcode::{CacheHint, Op, Space};
use anyhow::Result;

/// The hint an intrinsic name (without `llvm.nvvm.`) asks for, and whether it takes a size.
fn classify(rest: &str) -> Option<(CacheHint, bool)> {
    let prefetch = |space, l2| Some((CacheHint::Prefetch { space, l2 }, false));
    match rest {
        "prefetch.global.L1" => prefetch(Space::Global, false),
        "prefetch.global.L2" => prefetch(Space::Global, true),
        "prefetch.local.L1" => prefetch(Space::Local, false),
        "prefetch.local.L2" => prefetch(Space::Local, true),
        "prefetch.L1" => prefetch(Space::Generic, false),
        "prefetch.L2" => prefetch(Space::Generic, true),
        "prefetchu.L1" => Some((CacheHint::PrefetchUniform, false)),
        "prefetch.global.L2.evict.last" => Some((CacheHint::PrefetchEvict { last: true }, false)),
        "prefetch.global.L2.evict.normal" => Some((CacheHint::PrefetchEvict { last: false }, false)),
        "applypriority.global.L2.evict.normal" => Some((CacheHint::ApplyPriority { global: true }, true)),
        "applypriority.L2.evict.normal" => Some((CacheHint::ApplyPriority { global: false }, true)),
        "discard.global.L2" => Some((CacheHint::Discard { global: true }, true)),
        "discard.L2" => Some((CacheHint::Discard { global: false }, true)),
        "prefetch.tensormap.p0" => Some((CacheHint::Tensormap { space: Space::Generic }, false)),
        "prefetch.tensormap.p4" => Some((CacheHint::Tensormap { space: Space::Const }, false)),
        "prefetch.tensormap.p101" => Some((CacheHint::Tensormap { space: Space::Param }, false)),
        _ => None,
    }
}

impl FnLowering<'_> {
    /// Lowers the intrinsic when it is a cache hint; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_cache_hint(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some((hint, sized)) = name.strip_prefix("llvm.nvvm.").and_then(classify) else { return Ok(false) };
        if args.len() != 1 + sized as usize || !d.is_empty() {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let mut srcs = vec![self.get1(args[0])?];
        if sized {
            if !ffi::is_constant_int(args[1]) {
                return Err(self.err(format!("intrinsic {name} with a size that is not a constant")));
            }
            srcs.push(Operand::Imm(ffi::const_int(args[1])));
        }
        self.op(Op::CacheHint { hint }, vec![], srcs);
        Ok(true)
    }
}
