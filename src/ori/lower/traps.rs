//! Intrinsics that stop a thread or the kernel, as llc-19 lowers them:
//!
//! - `llvm.trap` → `TRAP` (PTX `trap;`; llc writes `trap; exit;`, and the `unreachable` that
//!   follows the call is an `EXIT` here too);
//! - `llvm.debugtrap` → `BPT.PAUSE` (PTX `brkpt;`, a breakpoint). llc-19 writes `trap; exit;`
//!   for it; without a debugger attached `brkpt` aborts the kernel as well, and the interpreter
//!   and the JIT reference treat both as a trap;
//! - `llvm.nvvm.exit` → `EXIT` (PTX `exit;`; `ret` in a kernel): the thread ends, wherever it is
//!   (in a device function too). Code after it in the block is unreachable (phase 6 cuts it
//!   off).
//!
//! CUDA's `assert` is a call of the declared `__assertfail` (an ordinary `.extern .func` call,
//! `calls.rs`) followed by `unreachable`; the interpreter runs that call as a trap. CUDA's
//! `__trap()` and `asm("exit;")` are inline PTX without operands (`asm sideeffect "trap;", ""`):
//! the same instructions, lowered the same way ([`inline`]).

use super::FnLowering;
use crate::ori::opcode::Op;
use anyhow::Result;

/// The instruction an operand-less inline-asm template is, when it is exactly `trap;`, `brkpt;`
/// or `exit;` (blanks and the `;` optional).
pub fn inline(template: &str, constraints: &str) -> Option<Op> {
    if constraints.split(',').any(|c| !c.trim().is_empty() && !c.starts_with("~{")) {
        return None;
    }
    let t = template.trim();
    match t.strip_suffix(';').unwrap_or(t).trim() {
        "trap" => Some(Op::Trap { brkpt: false }),
        "brkpt" => Some(Op::Trap { brkpt: true }),
        "exit" => Some(Op::Exit),
        _ => None,
    }
}

impl FnLowering<'_> {
    /// `llvm.trap` / `llvm.debugtrap` / `llvm.nvvm.exit`; false for other intrinsics.
    pub(super) fn lower_trap_intrinsic(&mut self, name: &str) -> Result<bool> {
        match name {
            "llvm.trap" => self.op(Op::Trap { brkpt: false }, vec![], vec![]),
            "llvm.debugtrap" => self.op(Op::Trap { brkpt: true }, vec![], vec![]),
            "llvm.nvvm.exit" => self.op(Op::Exit, vec![], vec![]),
            _ => return Ok(false),
        }
        Ok(true)
    }
}
