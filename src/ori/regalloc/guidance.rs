//! `--debug-regalloc`: the allocator's `REGALLOC GUIDANCE` dump, modelled on ptxas's debug
//! output (seed 003 "Entry Point": `debug("\nREGALLOC GUIDANCE:\n")` before the per-class loop;
//! "Per-Class Driver": the NOSPILL phase's `"-CLASS NOSPILL REGALLOC: attemp "` string, typo
//! included, then the SPILL phase driven by spill guidance).
//!
//! ```text
//! REGALLOC GUIDANCE:
//! function @k: budget 24 registers (maxrregcount): R0..R21 (R1 is the stack pointer)
//! P-CLASS: 3 virtual registers, budget 7 (P0..P6)
//! P-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): ok, highest P2
//! P-CLASS RESULT: 3 virtual registers in P0..P2, 0 spilled
//! P-CLASS REGISTERS: %p4=P0 %p9=P1 %p12=P2
//! R-CLASS: 40 virtual registers, budget 22 (R0..R21)
//! R-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): 18 failed: %r40 %r41 …
//! R-CLASS NOSPILL REGALLOC: attemp 2 (definition): 18 failed: …
//! R-CLASS NOSPILL REGALLOC: attemp 3 (spill-cost): 18 failed: …
//! R-CLASS SPILL REGALLOC: attemp 3: 18 spill candidates: %r5 (cost 0.0263 = weight 2 / 76 points) …
//! R-CLASS: 72 virtual registers, budget 22 (R0..R21)
//! R-CLASS NOSPILL REGALLOC: attemp 4 (wide-first): ok, highest R21
//! R-CLASS RESULT: 72 virtual registers in R0..R21, 18 spilled (to local memory): %r5 …
//! R-CLASS REGISTERS: %r0=R2 …
//! ```
//!
//! One `CLASS:` line per round of the class (the first, and one after each spill, when the code
//! has new temporaries), one `NOSPILL` line per fat-point round (`attemp N` counts the rounds of
//! the class), one `SPILL` line per spill with the candidates chosen and their spill cost (the
//! `ClassProblem::priority` (`fatpoint.rs`): `Σ 10^loop_depth` over the occurrences per live point,
//! the lower the cheaper), and the result: the registers used, what was spilled and where, and
//! the assignment of every virtual register of the class. Everything follows the allocator's
//! deterministic order, so the dump is deterministic.

use super::Budget;
use super::constraints::{self, PhysReg};
use super::fatpoint::{Order, Trial};
use super::problem::{ClassProblem, Node};
use crate::ori::ir::{Function, RegFile, VReg};
use crate::ori::print::Names;
use std::fmt::Write;

/// Where the dump goes (nothing when off).
pub struct Log<'a>(pub Option<&'a mut String>);

impl Log<'_> {
    fn line(&mut self, make: impl FnOnce() -> String) {
        if let Some(out) = self.0.as_mut() {
            out.push_str(&make());
            out.push('\n');
        }
    }

    /// The title and the budget.
    pub fn header(&mut self, f: &Function, budget: &Budget) {
        self.line(|| {
            let mut s = String::from("\nREGALLOC GUIDANCE:\n");
            let limit = budget.r_limit();
            let raised = budget.raised_from.map(|n| format!(", raised from {n}")).unwrap_or_default();
            let _ = write!(
                s,
                "function @{}: budget {} registers ({}{raised}): R0..R{} (R{} is the stack pointer)",
                f.name,
                budget.registers,
                budget.source,
                limit.saturating_sub(1),
                constraints::STACK_POINTER.0
            );
            s
        });
    }

    /// A round of a class starts: its virtual registers and budget.
    pub fn class(&mut self, p: &ClassProblem, limit: u32) {
        self.line(|| {
            let n = p.occurs.iter().filter(|o| **o).count();
            let top = limit.min(constraints::capacity(p.file));
            format!(
                "{}-CLASS: {n} virtual registers, budget {top} ({}0..{}{})",
                p.file.prefix(),
                p.file.prefix(),
                p.file.prefix(),
                top.saturating_sub(1)
            )
        });
    }

    /// A class with nothing to allocate.
    pub fn empty_class(&mut self, file: RegFile) {
        self.line(|| format!("{}-CLASS: no virtual registers", file.prefix()));
    }

    /// One fat-point round (NOSPILL phase).
    pub fn attempt(&mut self, f: &Function, p: &ClassProblem, attempt: u32, trial: &Trial) {
        self.line(|| {
            let order = match trial.order {
                Order::WideFirst => "wide-first",
                Order::Definition => "definition",
                Order::SpillCost => "spill-cost",
            };
            let mut s = format!("{}-CLASS NOSPILL REGALLOC: attemp {attempt} ({order}): ", p.file.prefix());
            if trial.failed.is_empty() {
                match trial.highest(p) {
                    Some(h) => {
                        let _ = write!(s, "ok, highest {}{h}", p.file.prefix());
                    }
                    None => s.push_str("ok"),
                }
            } else {
                let _ = write!(s, "{} failed:", trial.failed.len());
                for v in &trial.failed {
                    let _ = write!(s, " {}", name(f, p.vregs[v.idx()]));
                }
            }
            s
        });
    }

    /// The SPILL phase: the candidates chosen after `attempt`, with their costs.
    pub fn spill(&mut self, f: &Function, p: &ClassProblem, attempt: u32, victims: &[VReg]) {
        self.line(|| {
            let mut s = format!(
                "{}-CLASS SPILL REGALLOC: attemp {attempt}: {} spill candidates:",
                p.file.prefix(),
                victims.len()
            );
            for &v in victims {
                let Some(k) = p.vregs.iter().position(|&x| x == v) else { continue };
                let node = Node(k as u32);
                let _ = write!(
                    s,
                    " {} (cost {:.4} = weight {} / {} points)",
                    name(f, v),
                    p.priority(node),
                    p.weight[k],
                    p.range_len[k].max(1)
                );
            }
            s
        });
    }

    /// The class is done: the registers used, the spills of the class, the assignment.
    pub fn result(&mut self, f: &Function, p: &ClassProblem, trial: &Trial, spilled: &[VReg]) {
        self.line(|| {
            let prefix = p.file.prefix();
            let n = trial.assign.iter().filter(|a| a.is_some()).count();
            let range = match trial.highest(p) {
                Some(h) => format!("{prefix}0..{prefix}{h}"),
                None => "no registers".into(),
            };
            let mut s = format!("{prefix}-CLASS RESULT: {n} virtual registers in {range}, {} spilled", spilled.len());
            if !spilled.is_empty() {
                let _ = write!(s, " ({}):", spill_target(p.file));
                for &v in spilled {
                    let _ = write!(s, " {}", name(f, v));
                }
            }
            let _ = write!(s, "\n{prefix}-CLASS REGISTERS:");
            for (k, a) in trial.assign.iter().enumerate() {
                if let Some(PhysReg(r)) = a {
                    let _ = write!(s, " {}={prefix}{r}", name(f, p.vregs[k]));
                }
            }
            s
        });
    }

    /// The barrier registers (no liveness: one register each).
    pub fn barriers(&mut self, f: &Function, assigned: &[(VReg, u32)]) {
        self.line(|| {
            if assigned.is_empty() {
                return "B-CLASS: no virtual registers".to_string();
            }
            let mut s = format!("B-CLASS: {} virtual registers, one register each\nB-CLASS REGISTERS:", assigned.len());
            for (v, r) in assigned {
                let _ = write!(s, " {}=B{r}", name(f, *v));
            }
            s
        });
    }
}

fn name(f: &Function, v: VReg) -> String {
    Names::virtual_regs(f).reg(v)
}

/// Where a spilled register of `file` goes (`spill.rs`).
fn spill_target(file: RegFile) -> &'static str {
    match file {
        RegFile::R => "to local memory",
        RegFile::UR | RegFile::P => "into R",
        RegFile::UP => "into UR",
        RegFile::B => "never",
    }
}
