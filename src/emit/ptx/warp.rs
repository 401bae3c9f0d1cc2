//! PTX of the warp and CTA instructions: shuffles, votes, barriers (with reductions and
//! arrive-only forms), `match`, `redux`, `nanosleep`, `bar.warp.sync` and `membar`.

use super::*;

impl Printer<'_> {
    pub(super) fn warp_inst(&mut self, i: &Inst) -> Result<()> {
        let g = i.guard;
        let d0 = || i.dsts.first().cloned().unwrap_or(Operand::Zero);
        let s = |k: usize| i.srcs.get(k).cloned().unwrap_or(Operand::Zero);
        let mask = i.member_mask().cloned().unwrap_or(Operand::Zero);
        let pred = || i.pred_source().cloned().unwrap_or(Operand::True);
        match i.op {
            Op::Shfl { mode } => {
                let m = match mode {
                    ShflMode::Idx => "idx",
                    ShflMode::Up => "up",
                    ShflMode::Down => "down",
                    ShflMode::Bfly => "bfly",
                };
                let mut d = self.dst(&d0())?;
                if let Some(p) = i.pred_dst() {
                    d = format!("{d}|{}", self.dst(p)?);
                }
                let (a, b, c, mask) =
                    (self.int_src(&s(0))?, self.int_src(&s(1))?, self.int_src(&s(2))?, self.int_src(&mask)?);
                self.line(&g, format!("shfl.sync.{m}.b32 {d}, {a}, {b}, {c}, {mask}"));
            }
            Op::Vote { mode: VoteMode::Ballot } if i.member_mask().is_none() => {
                // A ballot of PT over the active lanes without a member mask: `activemask`.
                let d = self.dst(&d0())?;
                self.line(&g, format!("activemask.b32 {d}"));
            }
            Op::Vote { mode } => {
                let (d, p, mask) = (self.dst(&d0())?, self.int_src(&pred())?, self.int_src(&mask)?);
                let m = match mode {
                    VoteMode::All => "all.pred",
                    VoteMode::Any => "any.pred",
                    VoteMode::Uni => "uni.pred",
                    VoteMode::Ballot => "ballot.b32",
                };
                self.line(&g, format!("vote.sync.{m} {d}, {p}, {mask}"));
            }
            Op::Bar if i.srcs.is_empty() => self.line(&g, "bar.sync 0".into()),
            Op::BarPopc => {
                let (d, p) = (self.dst(&d0())?, self.int_src(&pred())?);
                self.line(&g, format!("bar.red.popc.u32 {d}, 0, {p}"));
            }
            Op::Bar | Op::BarArrive => {
                let ops: Vec<String> = i.srcs.iter().map(|o| self.int_src(o)).collect::<Result<_>>()?;
                let kind = if i.op == Op::Bar { "sync" } else { "arrive" };
                self.line(&g, format!("barrier.{kind} {}", ops.join(", ")));
            }
            Op::Match { all, w64 } => {
                let mut d = self.dst(&d0())?;
                if let Some(p) = i.pred_dst() {
                    d = format!("{d}|{}", self.dst(p)?);
                }
                let (a, mask) = (self.int_src(&s(0))?, self.int_src(&mask)?);
                let m = if all { "all" } else { "any" };
                self.line(&g, format!("match.{m}.sync.b{} {d}, {a}, {mask}", if w64 { 64 } else { 32 }));
            }
            Op::Redux { op } => {
                let name = match op {
                    ReduxOp::Add => "add.s32",
                    ReduxOp::Min => "min.s32",
                    ReduxOp::Max => "max.s32",
                    ReduxOp::UMin => "min.u32",
                    ReduxOp::UMax => "max.u32",
                    ReduxOp::And => "and.b32",
                    ReduxOp::Or => "or.b32",
                    ReduxOp::Xor => "xor.b32",
                };
                let (d, a, mask) = (self.dst(&d0())?, self.int_src(&s(0))?, self.int_src(&mask)?);
                self.line(&g, format!("redux.sync.{name} {d}, {a}, {mask}"));
            }
            Op::Nanosleep => {
                let a = self.int_src(&s(0))?;
                self.line(&g, format!("nanosleep.u32 {a}"));
            }
            Op::WarpSync => {
                let a = self.int_src(&mask)?;
                self.line(&g, format!("bar.warp.sync {a}"));
            }
            Op::Membar { gpu } => self.line(&g, format!("membar.{}", if gpu { "gl" } else { "cta" })),
            op => bail!("{op} is not a warp or CTA instruction"),
        }
        Ok(())
    }
}
