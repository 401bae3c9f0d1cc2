//! PTX of the sm_90 instructions (`Op::Sm90`), as llc-19 spells them (PTX ISA 8.0):
//!
//! | Ori | PTX |
//! |---|---|
//! | `ELECT` | `elect.sync %r\|%p, mask` |
//! | `SYNCS.INIT` / `.INVAL` | `mbarrier.init[.shared].b64 [a], n` / `mbarrier.inval[.shared].b64 [a]` |
//! | `SYNCS.ARRIVE[.DROP][.NOCOMPLETE]` | `mbarrier.arrive[_drop][.noComplete][.shared].b64 s, [a][, n]` |
//! | `SYNCS.TEST_WAIT` / `.PENDING_COUNT` | `mbarrier.test_wait[.shared].b64 p, [a], s` / `mbarrier.pending_count.b64 d, s` |
//! | `LDGSTS.{CA,CG}.n` | `cp.async.{ca,cg}.shared.global [d], [s], n[, size]` |
//! | `LDGDEPBAR`, `DEPBAR` | `cp.async.commit_group`, `cp.async.wait_group n`, `cp.async.wait_all` |
//! | `ARRIVES.LDGSTSBAR` | `cp.async.mbarrier.arrive[.noinc][.shared].b64 [a]` |
//! | `GETCTARANK`, `MAPA` | `getctarank[.shared::cluster].u64 d, a`, `mapa[.shared::cluster].u64 d, a, r` |
//! | `ISSPACEP.SHARED_CLUSTER`, `S2R.IS_EXPLICIT_CLUSTER` | `isspacep.shared::cluster p, a`, `mov.pred p, %is_explicit_cluster` |
//! | `UCGABAR_ARV`, `UCGABAR_WAIT` | `barrier.cluster.arrive[.relaxed][.aligned]`, `barrier.cluster.wait[.aligned]` |
//! | `FENCE.PROXY` | `fence.proxy.alias`, `fence.proxy.async[.global\|.shared::{cluster,cta}]` |

use super::Printer;
use crate::ori::ir::{Inst, Operand};
use crate::ori::opcode::{ProxyKind, Sm90Op};
use anyhow::Result;

impl Printer<'_> {
    pub(super) fn sm90(&mut self, i: &Inst, op: Sm90Op) -> Result<()> {
        let g = i.guard;
        let s = |k: usize| i.srcs.get(k).cloned().unwrap_or(Operand::Zero);
        let d = |k: usize| i.dsts.get(k).cloned().unwrap_or(Operand::Zero);
        let sh = |shared: bool| if shared { ".shared" } else { "" };
        let text = match op {
            Sm90Op::Elect => {
                let (r, p, m) = (self.dst(&d(0))?, self.dst(&d(1))?, self.int_src(&s(0))?);
                format!("elect.sync {r}|{p}, {m}")
            }
            Sm90Op::MbarInit { shared } => {
                let (a, n) = (self.int_src(&s(0))?, self.int_src(&s(1))?);
                format!("mbarrier.init{}.b64 [{a}], {n}", sh(shared))
            }
            Sm90Op::MbarInval { shared } => format!("mbarrier.inval{}.b64 [{}]", sh(shared), self.int_src(&s(0))?),
            Sm90Op::MbarArrive { shared, drop, no_complete } => {
                let (st, a) = (self.dst(&d(0))?, self.int_src(&s(0))?);
                let base = if drop { "arrive_drop" } else { "arrive" };
                let nc = if no_complete { ".noComplete" } else { "" };
                let count = if no_complete { format!(", {}", self.int_src(&s(1))?) } else { String::new() };
                format!("mbarrier.{base}{nc}{}.b64 {st}, [{a}]{count}", sh(shared))
            }
            Sm90Op::MbarTestWait { shared } => {
                let (p, a, st) = (self.dst(&d(0))?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                format!("mbarrier.test_wait{}.b64 {p}, [{a}], {st}", sh(shared))
            }
            Sm90Op::MbarPendingCount => {
                format!("mbarrier.pending_count.b64 {}, {}", self.dst(&d(0))?, self.int_src(&s(0))?)
            }
            Sm90Op::CpAsync { bytes, cg, src_size } => {
                let (dst, src) = (self.int_src(&s(0))?, self.int_src(&s(1))?);
                let size = if src_size { format!(", {}", self.int_src(&s(2))?) } else { String::new() };
                format!("cp.async.{}.shared.global [{dst}], [{src}], {bytes}{size}", if cg { "cg" } else { "ca" })
            }
            Sm90Op::CpAsyncCommit => "cp.async.commit_group".into(),
            Sm90Op::CpAsyncWait => format!("cp.async.wait_group {}", self.int_src(&s(0))?),
            Sm90Op::CpAsyncWaitAll => "cp.async.wait_all".into(),
            Sm90Op::CpAsyncMbarArrive { shared, noinc } => format!(
                "cp.async.mbarrier.arrive{}{}.b64 [{}]",
                if noinc { ".noinc" } else { "" },
                sh(shared),
                self.int_src(&s(0))?
            ),
            Sm90Op::GetCtaRank { shared } => {
                let c = if shared { ".shared::cluster" } else { "" };
                format!("getctarank{c}.u64 {}, {}", self.dst(&d(0))?, self.int_src(&s(0))?)
            }
            Sm90Op::Mapa { shared } => {
                let c = if shared { ".shared::cluster" } else { "" };
                let (r, a, k) = (self.dst(&d(0))?, self.int_src(&s(0))?, self.int_src(&s(1))?);
                format!("mapa{c}.u64 {r}, {a}, {k}")
            }
            Sm90Op::IsSharedCluster => {
                format!("isspacep.shared::cluster {}, {}", self.dst(&d(0))?, self.int_src(&s(0))?)
            }
            Sm90Op::IsExplicitCluster => format!("mov.pred {}, %is_explicit_cluster", self.dst(&d(0))?),
            Sm90Op::ClusterArrive { relaxed, aligned } => format!(
                "barrier.cluster.arrive{}{}",
                if relaxed { ".relaxed" } else { "" },
                if aligned { ".aligned" } else { "" }
            ),
            Sm90Op::ClusterWait { aligned } => format!("barrier.cluster.wait{}", if aligned { ".aligned" } else { "" }),
            Sm90Op::FenceProxy { kind } => match kind {
                ProxyKind::Alias => "fence.proxy.alias".into(),
                ProxyKind::Async => "fence.proxy.async".into(),
                ProxyKind::AsyncGlobal => "fence.proxy.async.global".into(),
                ProxyKind::AsyncSharedCluster => "fence.proxy.async.shared::cluster".into(),
                ProxyKind::AsyncSharedCta => "fence.proxy.async.shared::cta".into(),
            },
        };
        self.line(&g, text);
        Ok(())
    }
}
