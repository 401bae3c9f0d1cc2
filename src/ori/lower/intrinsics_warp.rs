//! Warp- and CTA-level intrinsics beyond shuffles and votes: `llvm.nvvm.match.{any,all}.sync.*`
//! (`MATCH`), `llvm.nvvm.redux.sync.*` (`REDUX`), `llvm.nvvm.nanosleep`, `llvm.nvvm.bar.warp.sync`
//! (`WARPSYNC`) and the numbered barriers `llvm.nvvm.barrier.sync[.cnt]` / `bar.sync` /
//! `barrier[.n]` / `barrier.cta.sync[.aligned][.all|.count]` (`BAR.SYNC id[, count]`; barrier 0 of
//! the whole CTA keeps the plain `bar.sync 0` form) and `barrier.cta.arrive[.aligned].count`
//! (`BAR.ARV id, count`).

use super::FnLowering;
use super::ffi::{self, V};
use crate::ori::ir::Operand;
use crate::ori::opcode::{Op, ReduxOp};
use anyhow::Result;

impl FnLowering<'_> {
    /// Lowers the intrinsic when it is one of this file's; `Ok(false)` leaves it to the caller.
    pub(super) fn lower_warp_intrinsic(&mut self, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else { return Ok(false) };
        let arity = |s: &Self, n: usize, nd: usize| -> Result<()> {
            if args.len() == n && d.len() == nd {
                Ok(())
            } else {
                Err(s.err(format!("intrinsic {name} with {} arguments", args.len())))
            }
        };
        if let Some(ty) = rest.strip_prefix("match.any.sync.").or_else(|| rest.strip_prefix("match.all.sync.")) {
            let all = rest.starts_with("match.all");
            // (mask, value) → MATCH d[, p], value, mask
            arity(self, 2, if all { 2 } else { 1 })?;
            let w64 = match ty {
                "i32" | "i32p" => false,
                "i64" | "i64p" => true,
                _ => return Err(self.err(format!("intrinsic {name}"))),
            };
            let (mask, v) = (self.get1(args[0])?, self.get1(args[1])?);
            self.op(Op::Match { all, w64 }, d.to_vec(), vec![v, mask]);
            return Ok(true);
        }
        if let Some(op) = rest.strip_prefix("redux.sync.") {
            let op = match op {
                "add" => ReduxOp::Add,
                "min" => ReduxOp::Min,
                "max" => ReduxOp::Max,
                "umin" => ReduxOp::UMin,
                "umax" => ReduxOp::UMax,
                "and" => ReduxOp::And,
                "or" => ReduxOp::Or,
                "xor" => ReduxOp::Xor,
                _ => return Err(self.err(format!("intrinsic {name}"))),
            };
            // (value, mask) → REDUX d, value, mask
            arity(self, 2, 1)?;
            let (v, mask) = (self.get1(args[0])?, self.get1(args[1])?);
            self.op(Op::Redux { op }, d.to_vec(), vec![v, mask]);
            return Ok(true);
        }
        match rest {
            "nanosleep" | "bar.warp.sync" => {
                arity(self, 1, 0)?;
                let a = self.get1(args[0])?;
                let op = if rest == "nanosleep" { Op::Nanosleep } else { Op::WarpSync };
                self.op(op, vec![], vec![a]);
                Ok(true)
            }
            "barrier.sync" | "bar.sync" | "barrier.n" | "barrier.cta.sync.aligned.all" | "barrier.cta.sync.all" => {
                arity(self, 1, 0)?;
                self.barrier(args[0], None)?;
                Ok(true)
            }
            "barrier.sync.cnt"
            | "barrier"
            | "barrier.cta.sync.aligned"
            | "barrier.cta.sync"
            | "barrier.cta.sync.aligned.count"
            | "barrier.cta.sync.count" => {
                arity(self, 2, 0)?;
                self.barrier(args[0], Some(args[1]))?;
                Ok(true)
            }
            "barrier.cta.arrive.count" | "barrier.cta.arrive.aligned.count" => {
                // (id, count) → BAR.ARV id, count; PTX requires the count.
                arity(self, 2, 0)?;
                let (id, count) = (self.get1(args[0])?, self.get1(args[1])?);
                self.op(Op::BarArrive, vec![], vec![id, count]);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// `BAR.SYNC` on barrier `id` for `count` threads (all of the CTA without one).
    fn barrier(&mut self, id: V, count: Option<V>) -> Result<()> {
        if count.is_none() && ffi::is_constant_int(id) && ffi::const_int(id) == 0 {
            self.op(Op::Bar, vec![], vec![]);
            return Ok(());
        }
        let mut srcs = vec![self.get1(id)?];
        if let Some(c) = count {
            srcs.push(self.get1(c)?);
        }
        self.op(Op::Bar, vec![], srcs);
        Ok(())
    }
}
