//! Atomics on global, shared and generic memory, as llc-19 compiles them for sm_90 (local
//! memory: `atomics_local.rs`; the compare-and-swap loops: `atomics_cas.rs`).
//!
//! - `atomicrmw` is one `atom` where PTX has the operation at the width: `exch` of any 32/64-bit
//!   value (integers, floats, pointers), integer `add` (`sub` adds the negated operand), `and`,
//!   `or`, `xor`, signed and unsigned `min`/`max`, `inc`/`dec` (`uinc_wrap`/`udec_wrap`, i32
//!   only: PTX's `atom.inc`/`atom.dec` compute exactly LLVM's wrapping operations), `add.f32`,
//!   `add.f64`, `add.noftz.f16` and `add.noftz.bf16`. On i8/i16, `and`/`or`/`xor` are the 32-bit operation on the
//!   aligned word that holds the value, with an operand that leaves the other bytes unchanged
//!   (`and` fills them with ones). Everything else (`nand`, `fsub`, `fmax`, `fmin`, i64
//!   `uinc_wrap`/`udec_wrap`, and every other i8/i16/half operation) is the compare-and-swap loop
//!   of LLVM's AtomicExpand (`atomics_cas.rs`), part-word on the containing 32-bit word below 32
//!   bits. `cmpxchg` is `atom.cas.b32`/`.b64`, or the part-word loop for i8/i16.
//! - Orderings and `syncscope`s of `atomicrmw`/`cmpxchg` are not expressed, as llc-19 does not
//!   express them: every `atom` has PTX's default semantics (`.relaxed` at `.gpu` scope) and no
//!   fence is emitted, whatever the ordering (clang compiles CUDA's `atomicAdd` to a `seq_cst`
//!   system-scope `atomicrmw` and relies on this to get a plain `atom`).
//! - `load atomic` / `store atomic`: `unordered` is a plain access and `monotonic` a `.volatile`
//!   one, as llc-19 writes them; `acquire`/`seq_cst` loads and `release`/`seq_cst` stores, which
//!   llc-19 cannot select, are `ld.acquire.<scope>` / `st.release.<scope>` with `fence.sc.<scope>`
//!   first for `seq_cst` (what LLVM's NVPTX backend writes from LLVM 20 on), the scope from the
//!   `syncscope`: `block` → `.cta`, `cluster` → `.cluster`, `device` → `.gpu`, the default (system)
//!   → `.sys`, `singlethread` → `.cta`. Accesses of thread-private (local), constant and parameter
//!   memory are plain.
//! - Refused (`unsupported ...`): i128 (llc-19 calls `__atomic_*` library functions no PTX
//!   library defines), bfloat (no bf16 type in the lowering yet), atomics on the constant space,
//!   atomics aligned below their size (llc-19: library calls again), and unknown `syncscope`
//!   names on ordered loads and stores.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{int_ty, reg, scalar_bits};
use crate::ori::ir::Operand;
use crate::ori::opcode::{AtomOp, BoolOp, Cmp, MemScope, NumTy, Op, Space};
use anyhow::Result;
use llvm_sys::LLVMAtomicOrdering as Ord;

/// An `atomicrmw` operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rmw {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
}

impl Rmw {
    fn of(op: llvm_sys::LLVMAtomicRMWBinOp) -> Rmw {
        use llvm_sys::LLVMAtomicRMWBinOp::*;
        match op {
            LLVMAtomicRMWBinOpXchg => Rmw::Xchg,
            LLVMAtomicRMWBinOpAdd => Rmw::Add,
            LLVMAtomicRMWBinOpSub => Rmw::Sub,
            LLVMAtomicRMWBinOpAnd => Rmw::And,
            LLVMAtomicRMWBinOpNand => Rmw::Nand,
            LLVMAtomicRMWBinOpOr => Rmw::Or,
            LLVMAtomicRMWBinOpXor => Rmw::Xor,
            LLVMAtomicRMWBinOpMax => Rmw::Max,
            LLVMAtomicRMWBinOpMin => Rmw::Min,
            LLVMAtomicRMWBinOpUMax => Rmw::UMax,
            LLVMAtomicRMWBinOpUMin => Rmw::UMin,
            LLVMAtomicRMWBinOpFAdd => Rmw::FAdd,
            LLVMAtomicRMWBinOpFSub => Rmw::FSub,
            LLVMAtomicRMWBinOpFMax => Rmw::FMax,
            LLVMAtomicRMWBinOpFMin => Rmw::FMin,
            LLVMAtomicRMWBinOpUIncWrap => Rmw::UIncWrap,
            LLVMAtomicRMWBinOpUDecWrap => Rmw::UDecWrap,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Rmw::FAdd | Rmw::FSub | Rmw::FMax | Rmw::FMin)
    }
}

/// The single `atom` that performs `rmw` on a value of type `ty` (`bits` wide), if PTX has one
/// on sm_90: the operation and its type. `Sub` is an `Add` of the negated operand.
pub(super) fn native(rmw: Rmw, ty: &Ty, bits: u32) -> Option<(AtomOp, NumTy)> {
    let wide = bits == 32 || bits == 64;
    let int = matches!(ty, Ty::Int(_));
    Some(match rmw {
        Rmw::Xchg if wide => (AtomOp::Exch, int_ty(bits, false)),
        Rmw::Add | Rmw::Sub if wide && int => (AtomOp::Add, int_ty(bits, false)),
        Rmw::And if wide => (AtomOp::And, int_ty(bits, false)),
        Rmw::Or if wide => (AtomOp::Or, int_ty(bits, false)),
        Rmw::Xor if wide => (AtomOp::Xor, int_ty(bits, false)),
        Rmw::Max if wide => (AtomOp::Max, int_ty(bits, true)),
        Rmw::Min if wide => (AtomOp::Min, int_ty(bits, true)),
        Rmw::UMax if wide => (AtomOp::Max, int_ty(bits, false)),
        Rmw::UMin if wide => (AtomOp::Min, int_ty(bits, false)),
        Rmw::UIncWrap if bits == 32 => (AtomOp::Inc, NumTy::U32),
        Rmw::UDecWrap if bits == 32 => (AtomOp::Dec, NumTy::U32),
        Rmw::FAdd => match ty {
            Ty::F16 => (AtomOp::Add, NumTy::F16),
            Ty::BF16 => (AtomOp::Add, NumTy::BF16),
            Ty::F32 => (AtomOp::Add, NumTy::F32),
            Ty::F64 => (AtomOp::Add, NumTy::F64),
            _ => return None,
        },
        _ => return None,
    })
}

/// The PTX scope of an atomic instruction's `syncscope` (see the module documentation).
fn sync_scope(v: V) -> Result<MemScope, String> {
    // SAFETY: `v` is an atomic load or store.
    if unsafe { llvm_sys::core::LLVMIsAtomicSingleThread(v.0) } != 0 {
        return Ok(MemScope::Cta);
    }
    // The C API of LLVM 19 has no getter for the scope's name: it is read from the printed
    // instruction, where ` syncscope("` can only start the scope (value names print a quote as
    // `\22`).
    let text = ffi::value_string(v);
    let Some(at) = text.find(" syncscope(\"") else { return Ok(MemScope::Sys) };
    let name = text[at + 12..].split('"').next().unwrap_or("");
    match name {
        "block" => Ok(MemScope::Cta),
        "cluster" => Ok(MemScope::Cluster),
        "device" => Ok(MemScope::Gpu),
        "singlethread" => Ok(MemScope::Cta),
        other => Err(format!("syncscope(\"{other}\")")),
    }
}

/// The ordering of a load, store, `atomicrmw` or `cmpxchg` (its success ordering).
pub(super) fn ordering(v: V) -> Ord {
    // SAFETY: `v` is a memory instruction.
    unsafe { llvm_sys::core::LLVMGetOrdering(v.0) }
}

impl FnLowering<'_> {
    /// The width of an atomic access of type `ty` (8 to 64 bits), or why it is refused.
    fn atomic_bits(&self, what: &str, ty: &Ty) -> Result<u32> {
        match ty {
            Ty::Int(b @ (8 | 16 | 32 | 64)) => Ok(*b),
            Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64 | Ty::Ptr(_) => Ok(scalar_bits(ty)),
            Ty::I128 => Err(self.err(format!("{what} of i128 (llc-19 calls an __atomic library function)"))),
            other => Err(self.err(format!("{what} of type {}", ty_name(other)))),
        }
    }

    /// Atomics aligned below their size are refused (llc-19 calls an `__atomic` library
    /// function for them).
    fn check_aligned(&self, what: &str, v: V, bits: u32) -> Result<()> {
        if u64::from(ffi::alignment(v)) * 8 < u64::from(bits) {
            return Err(self.err(format!("misaligned {what} (align {} for {} bytes)", ffi::alignment(v), bits / 8)));
        }
        Ok(())
    }

    /// The space and address of an atomic's pointer operand; the constant space is refused.
    fn atomic_ptr(&mut self, what: &str, ptr: V) -> Result<(Space, Operand)> {
        let (space, addr) = self.mem_ptr(ptr)?;
        if matches!(space, Space::Const | Space::Param) {
            return Err(self.err(format!("{what} on the {} space", space.ptx().trim_start_matches('.'))));
        }
        Ok((space, addr))
    }

    pub(super) fn lower_atomic_rmw(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let ty = ffi::classify(ffi::type_of(v));
        let bits = self.atomic_bits("atomicrmw", &ty)?;
        self.check_aligned("atomicrmw", v, bits)?;
        let rmw = Rmw::of(ffi::atomic_rmw_op(v));
        let ptr = ffi::operand(v, 0);
        let (space, addr) = self.atomic_ptr("atomicrmw", ptr)?;
        let val = self.get1(ffi::operand(v, 1))?;
        let old = match d.first() {
            Some(o) => o.clone(),
            None => reg(self.reg_for(&ty)?),
        };
        if rmw != Rmw::Xchg && rmw.is_float() != matches!(ty, Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64) {
            return Err(self.err(format!("atomicrmw {rmw:?} of type {}", ty_name(&ty))));
        }
        if space != Space::Local
            && let Some((op, nty)) = native(rmw, &ty, bits)
        {
            let val = if rmw == Rmw::Sub {
                let t = reg(self.reg_for(&ty)?);
                self.op(
                    Op::IAdd3 { neg_b: true, w64: bits == 64 },
                    vec![t.clone()],
                    vec![Operand::Zero, val, Operand::Zero],
                );
                t
            } else {
                val
            };
            self.op(Op::Atom { space, op, ty: nty, scope: MemScope::Gpu }, vec![old], vec![addr, val]);
            return Ok(());
        }
        // fsub is a loop computing add.rn with the operand negated once, outside the loop (not
        // the native atom.add: atom.add.f32 flushes subnormals, sub.rn does not).
        let (rmw, val) = match (rmw, super::inst::fty(&ty)) {
            (Rmw::FSub, Some(t)) => {
                let n = reg(self.reg_for(&ty)?);
                self.op(Op::FNeg { ty: t }, vec![n.clone()], vec![val]);
                (Rmw::FAdd, n)
            }
            _ => (rmw, val),
        };
        if space == Space::Local {
            return self.lower_local_atomic(Some(rmw), &ty, addr, &[val], old);
        }
        if bits < 32 {
            let align = ffi::alignment(v);
            return match rmw {
                Rmw::And | Rmw::Or | Rmw::Xor => self.part_word_bitwise(space, addr, align, bits, rmw, val, old),
                _ => self.part_word_rmw(space, addr, align, rmw, &ty, val, old),
            };
        }
        self.cas_loop(space, addr, bits, old, |s, cur| s.rmw_value(rmw, &ty, cur, val.clone()))
    }

    pub(super) fn lower_cmpxchg(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let ty = ffi::classify(ffi::type_of(ffi::operand(v, 1)));
        let bits = self.atomic_bits("cmpxchg", &ty)?;
        self.check_aligned("cmpxchg", v, bits)?;
        let (space, addr) = self.atomic_ptr("cmpxchg", ffi::operand(v, 0))?;
        let cmp = self.get1(ffi::operand(v, 1))?;
        let new = self.get1(ffi::operand(v, 2))?;
        let (Some(old), Some(ok)) = (d.first().cloned(), d.get(1).cloned()) else {
            return Err(self.err("cmpxchg without its {old, success} result"));
        };
        if space == Space::Local {
            self.lower_local_atomic(None, &ty, addr, &[cmp.clone(), new], old.clone())?;
        } else if bits < 32 {
            return self.part_word_cmpxchg(space, addr, ffi::alignment(v), bits, cmp, new, old, ok);
        } else {
            self.op(
                Op::Atom { space, op: AtomOp::Cas, ty: int_ty(bits, false), scope: MemScope::Gpu },
                vec![old.clone()],
                vec![addr, cmp.clone(), new],
            );
        }
        let (x, y) = (self.norm(old, bits, false), self.norm(cmp, bits, false));
        self.op(
            Op::ISetp { cmp: Cmp::Eq, signed: false, w64: bits == 64, bop: BoolOp::And },
            vec![ok],
            vec![x, y, Operand::True],
        );
        Ok(())
    }

    /// The new value of `rmw` applied to the current value `old` and the operand `val` of type
    /// `ty` (narrow integers and halves may carry any high bits; the result may too).
    pub(super) fn rmw_value(&mut self, rmw: Rmw, ty: &Ty, old: Operand, val: Operand) -> Result<Operand> {
        use crate::ori::opcode::lut;
        if rmw == Rmw::Xchg {
            return Ok(val);
        }
        let bits = scalar_bits(ty);
        let w64 = bits == 64;
        let new = reg(self.reg_for(ty)?);
        let zero = Operand::Zero;
        let ft = super::inst::fty(ty);
        let bin = |s: &mut Self, op: Op, a: Operand, b: Operand, c: Option<Operand>| {
            let mut srcs = vec![a, b];
            srcs.extend(c);
            s.op(op, vec![new.clone()], srcs);
        };
        match (rmw, ft) {
            (Rmw::Add, None) => bin(self, Op::IAdd3 { neg_b: false, w64 }, old, val, Some(zero)),
            (Rmw::Sub, None) => bin(self, Op::IAdd3 { neg_b: true, w64 }, old, val, Some(zero)),
            (Rmw::And | Rmw::Or | Rmw::Xor, None) => {
                let l = match rmw {
                    Rmw::And => lut::AND,
                    Rmw::Or => lut::OR,
                    _ => lut::XOR,
                };
                bin(self, Op::Lop3 { lut: l, w64 }, old, val, Some(zero));
            }
            (Rmw::Nand, None) => {
                let t = reg(self.reg_for(ty)?);
                self.op(Op::Lop3 { lut: lut::AND, w64 }, vec![t.clone()], vec![old, val, zero.clone()]);
                bin(self, Op::Lop3 { lut: lut::NOT_A, w64 }, t, zero.clone(), Some(zero));
            }
            (Rmw::Max | Rmw::Min | Rmw::UMax | Rmw::UMin, None) => {
                let signed = matches!(rmw, Rmw::Max | Rmw::Min);
                let max = matches!(rmw, Rmw::Max | Rmw::UMax);
                let (x, y) = (self.norm(old, bits, signed), self.norm(val, bits, signed));
                bin(self, Op::IMnMx { signed, max, w64 }, x, y, None);
            }
            (Rmw::UIncWrap, None) => {
                // old >= val ? 0 : old + 1 (unsigned).
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val, bits, false));
                let p = self.f.new_reg(crate::ori::ir::RegFile::P, crate::ori::ir::PairMode::Single);
                self.op(
                    Op::ISetp { cmp: Cmp::Ge, signed: false, w64, bop: BoolOp::And },
                    vec![reg(p)],
                    vec![x, y, Operand::True],
                );
                let inc = reg(self.reg_for(ty)?);
                self.op(Op::IAdd3 { neg_b: false, w64 }, vec![inc.clone()], vec![old, Operand::Imm(1), zero]);
                bin(self, Op::Sel { w64 }, Operand::Imm(0), inc, Some(reg(p)));
            }
            (Rmw::UDecWrap, None) => {
                // old == 0 || old > val ? val : old - 1 (unsigned).
                let (x, y) = (self.norm(old.clone(), bits, false), self.norm(val.clone(), bits, false));
                let p = self.f.new_reg(crate::ori::ir::RegFile::P, crate::ori::ir::PairMode::Single);
                let q = self.f.new_reg(crate::ori::ir::RegFile::P, crate::ori::ir::PairMode::Single);
                self.op(
                    Op::ISetp { cmp: Cmp::Eq, signed: false, w64, bop: BoolOp::And },
                    vec![reg(p)],
                    vec![x.clone(), Operand::Imm(0), Operand::True],
                );
                self.op(
                    Op::ISetp { cmp: Cmp::Gt, signed: false, w64, bop: BoolOp::Or },
                    vec![reg(q)],
                    vec![x, y, reg(p)],
                );
                let dec = reg(self.reg_for(ty)?);
                self.op(Op::IAdd3 { neg_b: true, w64 }, vec![dec.clone()], vec![old, Operand::Imm(1), zero]);
                bin(self, Op::Sel { w64 }, val, dec, Some(reg(q)));
            }
            (Rmw::FAdd, Some(t)) => bin(self, Op::FAdd { ty: t, ftz: false }, old, val, None),
            (Rmw::FSub, Some(t)) => {
                let n = reg(self.reg_for(ty)?);
                self.op(Op::FNeg { ty: t }, vec![n.clone()], vec![val]);
                bin(self, Op::FAdd { ty: t, ftz: false }, old, n, None);
            }
            (Rmw::FMax | Rmw::FMin, Some(t)) => {
                bin(self, Op::FMnMx { ty: t, max: rmw == Rmw::FMax, nan: false, ftz: false }, old, val, None)
            }
            (rmw, _) => return Err(self.err(format!("atomicrmw {rmw:?} of type {}", ty_name(ty)))),
        }
        Ok(new)
    }

    /// `load atomic` (see the module documentation).
    pub(super) fn lower_atomic_load(&mut self, v: V, d: &[Operand]) -> Result<()> {
        let ty = ffi::classify(ffi::type_of(v));
        let bits = self.atomic_bits("load atomic", &ty)?;
        self.check_aligned("load atomic", v, bits)?;
        // Read-only constant memory needs no ordering: a plain load.
        let (space, addr) = self.mem_ptr(ffi::operand(v, 0))?;
        let dst = d.first().cloned().ok_or_else(|| self.err("load atomic without a result"))?;
        match self.ordered(v, space)? {
            None => {
                let strong = ffi::volatile(v) || ordering(v) != Ord::LLVMAtomicOrderingUnordered;
                let volatile = strong && matches!(space, Space::Global | Space::Shared | Space::Generic);
                self.op(Op::Ld { space, bits, signed: false, volatile, offset: 0, nc: false }, vec![dst], vec![addr]);
            }
            Some((scope, sc)) => {
                let op = AtomOp::Load { sc };
                self.op(Op::Atom { space, op, ty: int_ty(bits, false), scope }, vec![dst], vec![addr]);
            }
        }
        Ok(())
    }

    /// `store atomic` (see the module documentation).
    pub(super) fn lower_atomic_store(&mut self, v: V) -> Result<()> {
        let val = ffi::operand(v, 0);
        let ty = ffi::classify(ffi::type_of(val));
        let bits = self.atomic_bits("store atomic", &ty)?;
        self.check_aligned("store atomic", v, bits)?;
        let (space, addr) = self.atomic_ptr("store atomic", ffi::operand(v, 1))?;
        let x = self.get1(val)?;
        match self.ordered(v, space)? {
            None => {
                let volatile = ffi::volatile(v) || ordering(v) != Ord::LLVMAtomicOrderingUnordered;
                self.op(Op::St { space, bits, volatile, offset: 0 }, vec![], vec![addr, x]);
            }
            Some((scope, sc)) => {
                let op = AtomOp::Store { sc };
                self.op(Op::Atom { space, op, ty: int_ty(bits, false), scope }, vec![], vec![addr, x]);
            }
        }
        Ok(())
    }

    /// The scope of an ordered (acquire, release or seq_cst) atomic load or store and whether it
    /// is seq_cst; `None` for unordered and monotonic accesses and for thread-private and
    /// read-only memory.
    fn ordered(&self, v: V, space: Space) -> Result<Option<(MemScope, bool)>> {
        let ord = ordering(v);
        let private = matches!(space, Space::Local | Space::Const | Space::Param);
        if matches!(ord, Ord::LLVMAtomicOrderingUnordered | Ord::LLVMAtomicOrderingMonotonic) || private {
            return Ok(None);
        }
        let scope = sync_scope(v).map_err(|w| self.err(w))?;
        Ok(Some((scope, ord == Ord::LLVMAtomicOrderingSequentiallyConsistent)))
    }
}

/// A type as LLVM spells it, for messages.
fn ty_name(t: &Ty) -> String {
    match t {
        Ty::Int(b) => format!("i{b}"),
        Ty::I128 => "i128".into(),
        Ty::F16 => "half".into(),
        Ty::F32 => "float".into(),
        Ty::F64 => "double".into(),
        Ty::Ptr(_) => "ptr".into(),
        Ty::Other(s) => s.clone(),
        other => format!("{other:?}"),
    }
}
