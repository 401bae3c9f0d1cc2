//! The dynamic part of a thread's local stack (`Op::Stack`: PTX `alloca`, `stacksave`,
//! `stackrestore`) and the instructions that abort the kernel (`Op::Trap`).
//!
//! Each activation (`Frame`) keeps, per lane, the top of its dynamic allocations, which starts at
//! the end of its static frame (`Function::local_frame` bytes from the frame's base, rounded up to
//! 16). `alloca` rounds the lane's top up to the alignment (at least 8, the minimum PTX
//! guarantees), returns that address and moves the top past the size; `stacksave` reads the top
//! and `stackrestore` sets it. The stack grows upwards here, where the hardware's grows down from
//! R1: only the addresses differ, which no program may rely on. A callee's frame starts above
//! every lane's top, and returning discards the callee's allocations with its frame, as leaving a
//! PTX function releases what its `alloca`s took. A thread's local memory grows to hold its
//! allocations, up to [`MAX_LOCAL`] bytes (the hardware's limit of local memory per thread);
//! beyond that an `alloca` faults (a stack overflow).
//!
//! `trap` stops the whole run with [`super::super::ErrorKind::Trap`]; so does `brkpt`, which on a
//! machine without a debugger attached aborts the kernel too (llc-19 lowers `llvm.debugtrap`
//! to `trap`), and a call of `__assertfail` (CUDA's failed `assert`, which prints the message and
//! traps; the message is read from the strings the call names, for the first calling lane).

use super::super::Error;
use super::super::memory::LOCAL_FRAME_BASE;
use super::super::regs::cells_of;
use super::{Sim, Warp, lanes};
use crate::ori::ir::Operand;
use crate::ori::ir::{Function, Inst};
use crate::ori::opcode::Space;
use crate::ori::opcode::StackOp;

/// The most local memory one thread may use, in bytes (static frames and dynamic allocations).
pub(super) const MAX_LOCAL: u64 = 512 * 1024;

/// Where the dynamic allocations of an activation of `f` whose frame starts at `local_base` begin.
pub(super) fn dynamic_base(local_base: u64, f: &Function) -> u64 {
    (local_base + f.local_frame as u64).next_multiple_of(16)
}

/// The error a `trap` (or `brkpt`) stops the run with.
pub(super) fn trap(brkpt: bool) -> Error {
    Error::trap(if brkpt {
        "brkpt (llvm.debugtrap): a breakpoint with no debugger attached aborts the kernel"
    } else {
        "trap (llvm.trap)"
    })
}

impl Sim<'_> {
    /// The trap of a call of `__assertfail(message, file, line, function, size)` by `active`.
    pub(super) fn assert_fail(&mut self, w: &Warp, args: &[Operand], active: u32) -> Error {
        let Some(l) = lanes(active).next() else { return trap(false) };
        let mut string = |k: usize| -> String {
            let Some(addr) = args.get(k).and_then(|a| self.operand(w, l, a).ok()) else { return "?".into() };
            let mut view = Self::view(self.machine, &mut self.shared, &mut self.local, w.index * 32 + l);
            let mut bytes = Vec::new();
            while bytes.len() < 200 {
                match view.load(Space::Generic, addr + bytes.len() as u64, 1) {
                    Ok(0) | Err(_) => break,
                    Ok(b) => bytes.push(b as u8),
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        };
        let (msg, file, func) = (string(0), string(1), string(3));
        let line = args.get(2).and_then(|a| self.operand(w, l, a).ok()).unwrap_or(0) as u32;
        Error::trap(super::super::assert_message(&msg, &file, line, &func))
    }

    /// `alloca` / `stacksave` / `stackrestore` for the lanes of `active`.
    pub(super) fn stack(
        &mut self,
        w: &mut Warp,
        inst: &Inst,
        op: StackOp,
        active: u32,
        results: &mut [Vec<(u32, [u32; 4])>],
    ) -> Result<(), Error> {
        let floor = dynamic_base(w.frame().local_base, self.k.code[w.frame().func].f);
        for l in lanes(active) {
            let top = w.frame().dyn_top[l as usize];
            let (value, new_top) = match op {
                StackOp::Alloca { align } => {
                    let size = self.operand(w, l, inst.srcs.first().unwrap_or(&crate::ori::ir::Operand::Zero))?;
                    let addr = top.next_multiple_of(u64::from(align.max(8)));
                    let end =
                        addr.checked_add(size).filter(|&e| e - LOCAL_FRAME_BASE <= MAX_LOCAL).ok_or_else(|| {
                            Error::fault(format!(
                                "alloca of {size} bytes overflows the {MAX_LOCAL} bytes of local memory of a thread"
                            ))
                        })?;
                    (Some(addr), end)
                }
                StackOp::Save => (Some(top), top),
                StackOp::Restore => {
                    let to = self.operand(w, l, inst.srcs.first().unwrap_or(&crate::ori::ir::Operand::Zero))?;
                    if to < floor || to - LOCAL_FRAME_BASE > MAX_LOCAL {
                        return Err(Error::fault(format!(
                            "stackrestore to {to:#x}, which is no stack pointer of this activation"
                        )));
                    }
                    (None, to)
                }
            };
            let used = (new_top - LOCAL_FRAME_BASE) as usize;
            if let Some(mem) = self.local.get_mut((w.index * 32 + l) as usize)
                && mem.len() < used
            {
                mem.resize(used, 0);
            }
            w.frame_mut().dyn_top[l as usize] = new_top;
            if let (Some(v), Some(r)) = (value, results.first_mut()) {
                r.push((l, cells_of(v)));
            }
        }
        Ok(())
    }
}
