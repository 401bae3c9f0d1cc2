//! Dynamic allocas and `llvm.stacksave` / `llvm.stackrestore`: the per-thread stack of PTX ISA
//! 7.3 (`alloca`, `stacksave`, `stackrestore`, sm_52+), which ptxas implements by moving the
//! stack pointer R1.
//!
//! - An `alloca` with a constant element count gets a slot in the static frame wherever it is
//!   (`mod.rs::lower_allocas`), as llc-19 does (one slot even in a loop).
//! - An `alloca` with a variable count (a C VLA) becomes `ALLOCA` (`alloca.u64 d, size, align`):
//!   the size is the count, zero-extended to 64 bits (LLVM's rule), times the allocation size of
//!   the element type; the alignment is the alloca's, at least 8 (the minimum PTX guarantees).
//!   The result is a local address, converted with `CVTA.LOCAL` to the generic pointer LLVM's
//!   `alloca` returns; it is also a local-space root for `spaces.rs`, whose accesses use the
//!   local address (the *twin*) directly. llc-19 writes the same `alloca.u64` + `cvta.local`,
//!   but with alignment 0 when the alloca asks for 8 or less, which ptxas 13.0 rejects
//!   ("Alignment must be a power of two"); ori writes the real alignment.
//! - `llvm.stacksave` is `STACKSAVE` (`stacksave.u64`, a local address; `CVTA.LOCAL` for the
//!   generic pointer of `llvm.stacksave.p0`), `llvm.stackrestore` `CVTA.TO.LOCAL` +
//!   `STACKRESTORE`. llc-19 cannot select either; the meaning is LLVM's (the allocations made
//!   since the save are released).
//!
//! The interpreter models the stack per lane (`interp/simt/stack.rs`).

use super::FnLowering;
use super::ffi::{self, Ty, V};
use crate::ori::ir::{Operand, PairMode, RegFile};
use crate::ori::opcode::{MadKind, Op, Space, StackOp};
use anyhow::Result;

/// Whether `v` is an `alloca` with a variable element count.
pub(super) fn is_dynamic_alloca(v: V) -> bool {
    ffi::opcode(v) == llvm_sys::LLVMOpcode::LLVMAlloca && !ffi::is_constant_int(ffi::operand(v, 0))
}

impl FnLowering<'_> {
    /// Before lowering: the twin (local-address) register of every generic dynamic alloca whose
    /// twin is used, so that phis lowered before the alloca (a loop) can name it.
    pub(super) fn prepare_dynamic_alloca(&mut self, v: V) {
        if ffi::classify(ffi::type_of(v)) == Ty::Ptr(0) && self.spaces.twin_used.contains(&v) {
            let t = self.f.new_reg(RegFile::R, PairMode::Pair);
            self.twins.insert(v, Operand::Reg(t));
        }
    }

    /// A dynamic alloca `v` with result registers `d`.
    pub(super) fn lower_dynamic_alloca(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let [dst] = d else { return Err(self.err("alloca without a result register")) };
        let count = ffi::operand(v, 0);
        let elem = super::abi_size(self.td, ffi::allocated_type(v));
        let n = self.get1(count)?;
        let size = self.f.new_reg(RegFile::R, PairMode::Pair);
        match ffi::classify(ffi::type_of(count)) {
            Ty::Int(64) => self.op(
                Op::IMad { kind: MadKind::Lo, w64: true },
                vec![Operand::Reg(size)],
                vec![n, Operand::Imm(elem), Operand::Zero],
            ),
            Ty::Int(b) if b <= 32 && elem <= u64::from(u32::MAX) => {
                let n = self.norm(n, b, false);
                self.op(
                    Op::IMad { kind: MadKind::Wide { signed: false }, w64: false },
                    vec![Operand::Reg(size)],
                    vec![n, Operand::Imm(elem), Operand::Zero],
                );
            }
            other => return Err(self.err(format!("alloca with an element count of type {other:?}"))),
        }
        let align = ffi::alignment(v).max(8);
        let local = match ffi::classify(ffi::type_of(v)) {
            Ty::Ptr(5) => match dst {
                Operand::Reg(r) => *r,
                _ => return Err(self.err("alloca without a result register")),
            },
            Ty::Ptr(0) => match self.twins.get(&v) {
                Some(Operand::Reg(t)) => *t,
                _ => self.f.new_reg(RegFile::R, PairMode::Pair),
            },
            other => return Err(self.err(format!("alloca of type {other:?}"))),
        };
        self.op(Op::Stack { op: StackOp::Alloca { align } }, vec![Operand::Reg(local)], vec![Operand::Reg(size)]);
        if Operand::Reg(local) != *dst {
            self.op(Op::Cvta { space: Space::Local, to_generic: true }, vec![dst.clone()], vec![Operand::Reg(local)]);
        }
        Ok(())
    }

    /// `llvm.stacksave` / `llvm.stackrestore`; false for other intrinsics.
    pub(super) fn lower_stack_intrinsic(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
        match base.as_str() {
            "llvm.stacksave" => {
                let [dst] = d else { return Err(self.err(format!("{name} without a result"))) };
                if ffi::classify(ffi::type_of(v)) != Ty::Ptr(5) {
                    let local = self.f.new_reg(RegFile::R, PairMode::Pair);
                    self.op(Op::Stack { op: StackOp::Save }, vec![Operand::Reg(local)], vec![]);
                    self.op(
                        Op::Cvta { space: Space::Local, to_generic: true },
                        vec![dst.clone()],
                        vec![Operand::Reg(local)],
                    );
                } else {
                    self.op(Op::Stack { op: StackOp::Save }, vec![dst.clone()], vec![]);
                }
                Ok(true)
            }
            "llvm.stackrestore" => {
                let [p] = args else { return Err(self.err(format!("{name} with {} arguments", args.len()))) };
                let a = self.get1(*p)?;
                let a = Operand::Reg(self.in_reg(a, true));
                let local = if ffi::classify(ffi::type_of(*p)) == Ty::Ptr(5) {
                    a
                } else {
                    let l = self.f.new_reg(RegFile::R, PairMode::Pair);
                    self.op(Op::Cvta { space: Space::Local, to_generic: false }, vec![Operand::Reg(l)], vec![a]);
                    Operand::Reg(l)
                };
                self.op(Op::Stack { op: StackOp::Restore }, vec![], vec![local]);
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}
