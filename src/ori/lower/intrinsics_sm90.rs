//! The sm_90 intrinsics CUDA code reaches (LLVM 19's names; `elect.sync` and `fence.proxy.*` by
//! the names later LLVMs give them, which llc-19 does not know and compiles to calls of
//! undefined functions): `Op::Sm90` (`opcode.rs`), spelled as llc spells them.
//!
//! - `llvm.nvvm.elect.sync(mask)` → `{lane, leader}`;
//! - `llvm.nvvm.mbarrier.{init,inval,arrive,arrive.noComplete,arrive.drop,arrive.drop.noComplete,
//!   test.wait}[.shared]`, `llvm.nvvm.mbarrier.pending.count`;
//! - `llvm.nvvm.cp.async.{ca,cg}.shared.global.{4,8,16}[.s]`, `cp.async.commit.group`,
//!   `cp.async.wait.group`, `cp.async.wait.all`, `cp.async.mbarrier.arrive[.noinc][.shared]`;
//! - `llvm.nvvm.getctarank[.shared.cluster]`, `llvm.nvvm.mapa[.shared.cluster]`,
//!   `llvm.nvvm.isspacep.shared.cluster`, `llvm.nvvm.is_explicit_cluster` (the cluster special
//!   registers are `sreg.rs`'s), `llvm.nvvm.barrier.cluster.{arrive,arrive.relaxed,wait}[.aligned]`;
//! - `llvm.nvvm.fence.proxy.alias`, `fence.proxy.async[.global|.shared_cluster|.shared_cta]`.
//!
//! Refused: `mbarrier.try_wait` (no LLVM 19 intrinsic; the PTX instruction needs an
//! intrinsic name this lowering does not guess), `fence.proxy.tensormap_generic.*` (PTX ISA 8.3;
//! ori writes 8.0), `cp.async.bulk.*` and the other TMA forms.

use super::FnLowering;
use super::ffi::V;
use crate::ori::ir::Operand;
use crate::ori::opcode::{Op, ProxyKind, Sm90Op};
use anyhow::Result;

/// The operation an intrinsic name (without `llvm.nvvm.`) is, and its argument count.
pub fn classify(rest: &str) -> Option<(Sm90Op, usize)> {
    let (base, shared) = match rest.strip_suffix(".shared") {
        Some(b) => (b, true),
        None => (rest, false),
    };
    Some(match base {
        "elect.sync" => (Sm90Op::Elect, 1),
        "mbarrier.init" => (Sm90Op::MbarInit { shared }, 2),
        "mbarrier.inval" => (Sm90Op::MbarInval { shared }, 1),
        "mbarrier.arrive" => (Sm90Op::MbarArrive { shared, drop: false, no_complete: false }, 1),
        "mbarrier.arrive.noComplete" => (Sm90Op::MbarArrive { shared, drop: false, no_complete: true }, 2),
        "mbarrier.arrive.drop" => (Sm90Op::MbarArrive { shared, drop: true, no_complete: false }, 1),
        "mbarrier.arrive.drop.noComplete" => (Sm90Op::MbarArrive { shared, drop: true, no_complete: true }, 2),
        "mbarrier.test.wait" => (Sm90Op::MbarTestWait { shared }, 2),
        "mbarrier.pending.count" if !shared => (Sm90Op::MbarPendingCount, 1),
        "cp.async.commit.group" if !shared => (Sm90Op::CpAsyncCommit, 0),
        "cp.async.wait.group" if !shared => (Sm90Op::CpAsyncWait, 1),
        "cp.async.wait.all" if !shared => (Sm90Op::CpAsyncWaitAll, 0),
        "cp.async.mbarrier.arrive" => (Sm90Op::CpAsyncMbarArrive { shared, noinc: false }, 1),
        "cp.async.mbarrier.arrive.noinc" => (Sm90Op::CpAsyncMbarArrive { shared, noinc: true }, 1),
        _ if shared => return None,
        "getctarank" => (Sm90Op::GetCtaRank { shared: false }, 1),
        "getctarank.shared.cluster" => (Sm90Op::GetCtaRank { shared: true }, 1),
        "mapa" => (Sm90Op::Mapa { shared: false }, 2),
        "mapa.shared.cluster" => (Sm90Op::Mapa { shared: true }, 2),
        "isspacep.shared.cluster" => (Sm90Op::IsSharedCluster, 1),
        "is_explicit_cluster" => (Sm90Op::IsExplicitCluster, 0),
        "barrier.cluster.arrive" => (Sm90Op::ClusterArrive { relaxed: false, aligned: false }, 0),
        "barrier.cluster.arrive.aligned" => (Sm90Op::ClusterArrive { relaxed: false, aligned: true }, 0),
        "barrier.cluster.arrive.relaxed" => (Sm90Op::ClusterArrive { relaxed: true, aligned: false }, 0),
        "barrier.cluster.arrive.relaxed.aligned" => (Sm90Op::ClusterArrive { relaxed: true, aligned: true }, 0),
        "barrier.cluster.wait" => (Sm90Op::ClusterWait { aligned: false }, 0),
        "barrier.cluster.wait.aligned" => (Sm90Op::ClusterWait { aligned: true }, 0),
        "fence.proxy.alias" => (Sm90Op::FenceProxy { kind: ProxyKind::Alias }, 0),
        "fence.proxy.async" => (Sm90Op::FenceProxy { kind: ProxyKind::Async }, 0),
        "fence.proxy.async.global" => (Sm90Op::FenceProxy { kind: ProxyKind::AsyncGlobal }, 0),
        "fence.proxy.async.shared_cluster" => (Sm90Op::FenceProxy { kind: ProxyKind::AsyncSharedCluster }, 0),
        "fence.proxy.async.shared_cta" => (Sm90Op::FenceProxy { kind: ProxyKind::AsyncSharedCta }, 0),
        _ => {
            // cp.async.{ca,cg}.shared.global.{4,8,16}[.s]
            let cp = base.strip_prefix("cp.async.")?;
            let (kind, rest) = cp.split_once(".shared.global.")?;
            let (bytes, src_size) = match rest.strip_suffix(".s") {
                Some(b) => (b, true),
                None => (rest, false),
            };
            let bytes: u8 = bytes.parse().ok()?;
            let cg = match kind {
                "ca" if matches!(bytes, 4 | 8 | 16) => false,
                "cg" if bytes == 16 => true,
                _ => return None,
            };
            (Sm90Op::CpAsync { bytes, cg, src_size }, 2 + src_size as usize)
        }
    })
}

/// Whether `name` is an intrinsic this file lowers (the JIT reference asks too).
pub fn handles(name: &str) -> bool {
    name.strip_prefix("llvm.nvvm.").and_then(classify).is_some()
}

impl FnLowering<'_> {
    /// Lowers the intrinsic when it is one of this file's; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_sm90_intrinsic(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(false) };
        if rest.starts_with("mbarrier.try_wait") || rest.starts_with("fence.proxy.tensormap") {
            return Err(self.err(format!("intrinsic {name} (not an LLVM 19 intrinsic; see intrinsics_sm90.rs)")));
        }
        let Some((op, arity)) = classify(rest) else { return Ok(false) };
        if args.len() != arity {
            return Err(self.err(format!("intrinsic {name} with {} arguments", args.len())));
        }
        let mut srcs = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            let o = self.get1(a)?;
            // Addresses, masks, counts and states in registers (the wait_group count stays an
            // immediate, which PTX requires).
            let o = match (op, o) {
                (Sm90Op::CpAsyncWait, o) => o,
                (_, o @ Operand::Imm(_)) if k == 0 || matches!(op, Sm90Op::MbarTestWait { .. }) => {
                    let w64 = !matches!(op, Sm90Op::Elect);
                    Operand::Reg(self.in_reg(o, w64))
                }
                (_, o) => o,
            };
            srcs.push(o);
        }
        self.op(Op::Sm90 { op }, d.to_vec(), srcs);
        Ok(true)
    }
}
