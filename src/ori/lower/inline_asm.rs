//! Inline PTX assembly (`call asm`): kept as an opaque `ASM` instruction whose destinations are
//! the outputs (a struct return gives several) and whose sources are the inputs, in template
//! order (`$0..` the outputs, then the inputs).
//!
//! Constraints, as llc's NVPTX back end accepts them: `r` (32-bit), `l` (64-bit), `f` (f32), `d`
//! (f64), `b` (a predicate), `h` (16-bit), `c` (8-bit, in a 16-bit register), `q` (an i128 in a
//! `.b128` register, PTX 8.3), `n` / `i` (an
//! immediate), a digit (an input tied to that output), `~{...}` clobbers (nothing to do: the ASM
//! instruction is never moved across memory operations when it has side effects, and registers
//! are per function in PTX). Early-clobber outputs (`=&r`) are plain outputs here: every source
//! of an `ASM` is already kept apart from its destinations by the allocator. Memory operands
//! (`m`) are refused.
//!
//! The template is rewritten where PTX's register types need it, and only there (a template of
//! `r`/`l`/`f`/`d`/`b`/`n` operands stays as written, so the interpreter can still recognize it):
//! - `h` / `c` operands live in 32-bit registers in the Ori IR but PTX instructions on 16-bit
//!   types want `.b16` registers: the template gets a scope with `.b16` temporaries `%asm_hN`,
//!   converted from the input registers before the template and into the output registers after;
//! - a tied input is copied into its output before the template, and both its `$` names refer to
//!   the output;
//! - a `q` operand is an i128, two 64-bit registers (low, high) in the Ori IR, so it takes two
//!   operand slots of the `ASM` instruction: the template gets a `.b128` temporary `%asm_qN`,
//!   packed with `mov.b128 %asm_qN, {lo, hi}` before the template (inputs) and unpacked with
//!   `mov.b128 {lo, hi}, %asm_qN` after it (outputs); every `$` is renumbered to its slot.

use super::FnLowering;
use super::ffi::{self, V};
use super::inst::reg;
use crate::ori::ir::Operand;
use crate::ori::opcode::Op;
use anyhow::Result;

/// One operand's constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A register of 1 (`b`), 16 (`h`, `c`), 32, 64 or 128 (`q`) bits.
    Reg(u32),
    Imm,
    /// An input tied to output `n`.
    Tied(usize),
}

fn reg_kind(letter: &str) -> Option<Kind> {
    Some(match letter {
        "r" | "f" => Kind::Reg(32),
        "l" | "d" => Kind::Reg(64),
        "h" | "c" => Kind::Reg(16),
        "q" => Kind::Reg(128),
        "b" => Kind::Reg(1),
        "n" | "i" => Kind::Imm,
        _ => return None,
    })
}

/// Replaces each `$N` of `template` by `name(N)` (keeping `$$`); `None` for a malformed one.
fn rename(template: &str, name: impl Fn(usize) -> String) -> Option<String> {
    crate::ori::ir::substitute_asm_operands(template, "$$", |n| Some(name(n)))
}

impl FnLowering<'_> {
    pub(super) fn lower_inline_asm(&mut self, v: V, callee: V, d: &[Operand]) -> Result<()> {
        let (text, cons, side_effects) = ffi::inline_asm(callee);
        if let Some(op) = super::traps::inline(&text, &cons) {
            // CUDA's `__trap()`, `asm("exit;")` (`traps.rs`).
            self.op(op, vec![], vec![]);
            return Ok(());
        }
        let mut outs = Vec::new();
        let mut ins = Vec::new();
        for c in cons.split(',') {
            if c.starts_with("~{") || c.is_empty() {
                continue;
            }
            if let Some(o) = c.strip_prefix('=') {
                let o = o.strip_prefix('&').unwrap_or(o);
                match reg_kind(o) {
                    Some(k @ Kind::Reg(_)) => outs.push(k),
                    _ => return Err(self.err(format!("inline asm constraint '{c}'"))),
                }
            } else if let Ok(n) = c.parse::<usize>() {
                ins.push(Kind::Tied(n));
            } else {
                match reg_kind(c) {
                    Some(k) => ins.push(k),
                    None => return Err(self.err(format!("inline asm constraint '{c}'"))),
                }
            }
        }
        // Operand slots of the ASM instruction: two for a `q` operand (an i128's halves).
        let width = |k: &Kind| if *k == Kind::Reg(128) { 2 } else { 1 };
        if outs.iter().map(width).sum::<usize>() != d.len() {
            return Err(self.err("inline asm whose outputs do not match its result type"));
        }
        let nargs = (ffi::num_operands(v) - 1) as usize;
        if nargs != ins.len() {
            return Err(self.err("inline asm operand count"));
        }
        let nout = outs.len();
        let mut srcs = Vec::new();
        for (k, &kind) in ins.iter().enumerate() {
            let kind = match kind {
                Kind::Tied(n) => *outs.get(n).ok_or_else(|| self.err(format!("inline asm tied to output {n}")))?,
                k => k,
            };
            if kind == Kind::Reg(128) {
                let halves = self.get(ffi::operand(v, k as u32))?;
                if halves.len() != 2 {
                    return Err(self.err("inline asm 'q' operand that is not an i128"));
                }
                for h in halves {
                    srcs.push(reg(self.in_reg(h, true)));
                }
                continue;
            }
            let o = self.get1(ffi::operand(v, k as u32))?;
            srcs.push(match kind {
                Kind::Imm if matches!(o, Operand::Imm(_)) => o,
                Kind::Imm => return Err(self.err("inline asm immediate operand that is not a constant")),
                Kind::Reg(1) => reg(self.pred(o)),
                Kind::Reg(bits) => reg(self.in_reg(o, bits == 64)),
                Kind::Tied(_) => unreachable!(),
            });
        }
        let kind_of = |n: usize| if n < nout { outs[n] } else { ins[n - nout] };
        let resolved = |n: usize| match kind_of(n) {
            Kind::Tied(t) => outs[t],
            k => k,
        };
        // The first ASM operand slot of template operand `n`.
        let slots: Vec<usize> = (0..nout + ins.len())
            .scan(0, |next, n| {
                let at = *next;
                *next += width(&resolved(n));
                Some(at)
            })
            .collect();
        let slot = |n: usize| slots[n];
        let wide = |n: usize| resolved(n) == Kind::Reg(128);
        let any_wide = (0..nout + ins.len()).any(wide);
        let narrow =
            |n: usize| kind_of(n) == Kind::Reg(16) || matches!(kind_of(n), Kind::Tied(t) if outs[t] == Kind::Reg(16));
        let tied: Vec<(usize, usize)> = ins
            .iter()
            .enumerate()
            .filter_map(|(k, x)| if let Kind::Tied(t) = x { Some((*t, nout + k)) } else { None })
            .collect();
        let any_narrow = (0..nout + ins.len()).any(narrow);
        let template = if !any_narrow && tied.is_empty() && !any_wide {
            text
        } else {
            // `$N` → the output's name for a tied input; `%asm_hN` for a 16-bit operand.
            let target = |n: usize| match kind_of(n) {
                Kind::Tied(t) => t,
                _ => n,
            };
            let name = |n: usize| {
                let t = target(n);
                if narrow(t) {
                    format!("%asm_h{t}")
                } else if wide(t) {
                    format!("%asm_q{t}")
                } else {
                    format!("${}", slot(t))
                }
            };
            let body = rename(&text, name).ok_or_else(|| self.err(format!("inline asm template '{text}'")))?;
            let mut pre = Vec::new();
            let mut post = Vec::new();
            if any_narrow {
                pre.push(format!(".reg .b16 %asm_h<{}>;", nout + ins.len()));
            }
            if any_wide {
                pre.push(format!(".reg .b128 %asm_q<{}>;", nout + ins.len()));
            }
            for n in nout..nout + ins.len() {
                if matches!(kind_of(n), Kind::Tied(_)) {
                    continue;
                }
                let s = slot(n);
                if narrow(n) {
                    pre.push(format!("cvt.u16.u32 %asm_h{n}, ${s};"));
                } else if wide(n) {
                    pre.push(format!("mov.b128 %asm_q{n}, {{${s}, ${}}};", s + 1));
                }
            }
            for &(t, n) in &tied {
                let (st, sn) = (slot(t), slot(n));
                pre.push(match outs[t] {
                    Kind::Reg(16) => format!("cvt.u16.u32 %asm_h{t}, ${sn};"),
                    Kind::Reg(128) => format!("mov.b128 %asm_q{t}, {{${sn}, ${}}};", sn + 1),
                    Kind::Reg(1) => format!("mov.pred ${st}, ${sn};"),
                    Kind::Reg(64) => format!("mov.b64 ${st}, ${sn};"),
                    _ => format!("mov.b32 ${st}, ${sn};"),
                });
            }
            for n in 0..nout {
                let s = slot(n);
                if narrow(n) {
                    post.push(format!("cvt.u32.u16 ${s}, %asm_h{n};"));
                } else if wide(n) {
                    post.push(format!("mov.b128 {{${s}, ${}}}, %asm_q{n};", s + 1));
                }
            }
            let mut lines = pre;
            lines.push(body);
            lines.extend(post);
            lines.join("\n\t")
        };
        self.f.asm.push(template);
        let id = self.f.asm.len() as u32 - 1;
        self.op(Op::Asm { id, side_effects }, d.to_vec(), srcs);
        Ok(())
    }
}
