//! `llvm.vector.reduce.*`: a vector folded into one scalar, lane by lane as llc-19 expands the
//! reductions NVPTX has no instruction for.
//!
//! - `add`, `mul`, `and`, `or`, `xor` (integers, `i1` included: `and`/`or`/`xor` are predicate
//!   logic there), `smin`, `smax`, `umin`, `umax`: any order gives the same value; lanes are
//!   folded from the first;
//! - `fadd(start, v)` / `fmul(start, v)`: LLVM defines the ordered fold
//!   `((start ⊕ v0) ⊕ v1) ⊕ …`, one rounding per step; a `reassoc` call over a power-of-two
//!   vector may reassociate, and gets LLVM's halving tree (lane k ⊕ lane k + n/2, halved until
//!   one lane is left) then `start ⊕ tree`, the order llc and the host reference use;
//! - `fmax` / `fmin`: `maxNum` / `minNum` folded (`max`/`min` without `.NaN`);
//!   `fmaximum` / `fminimum`: the NaN-propagating forms (`max.NaN`; f64 through a NaN test).
//!
//! Each step goes through the scalar lowering of the matching instruction or intrinsic, so every
//! element type those lower (i8..i64, f16, bf16, f32, f64) reduces.

use super::FnLowering;
use super::ffi::{self, Ty, V};
use super::inst::{fty, reg};
use super::intrinsics_lanes::int_bits;
use crate::ori::ir::Operand;
use crate::ori::opcode::{FTy, Op};
use anyhow::Result;
use llvm_sys::LLVMOpcode as O;

/// The widest vector reduced (llc-19 itself fails on `<65536 x float>`).
const MAX_LANES: usize = 1024;

impl FnLowering<'_> {
    /// Lowers `llvm.vector.reduce.<kind>.<type>`; `Ok(false)` for other names.
    pub(super) fn lower_vector_reduce(&mut self, v: V, name: &str, args: &[V], d: &[Operand]) -> Result<bool> {
        let Some(rest) = name.strip_prefix("llvm.vector.reduce.") else { return Ok(false) };
        let kind = rest.split('.').next().unwrap_or("");
        let bad = |s: &Self| s.err(format!("intrinsic {name} with {} arguments", args.len()));
        let (start, vector) = match (kind, args) {
            ("fadd" | "fmul", [s, x]) => (Some(*s), *x),
            ("fadd" | "fmul", _) => return Err(bad(self)),
            (_, [x]) => (None, *x),
            _ => return Err(bad(self)),
        };
        let Ty::Vector(et, _) = ffi::classify(ffi::type_of(vector)) else { return Err(bad(self)) };
        let et = *et;
        let lanes = self.get(vector)?;
        if d.len() != 1 || lanes.is_empty() {
            return Err(bad(self));
        }
        if lanes.len() > MAX_LANES {
            // Every lane would be live at once: refused rather than compiled for minutes.
            return Err(
                self.err(format!("intrinsic {name} on a vector of {} lanes (at most {MAX_LANES})", lanes.len()))
            );
        }
        // SAFETY: `v` is a call instruction.
        let reassoc = unsafe {
            llvm_sys::core::LLVMCanValueUseFastMathFlags(v.0) != 0
                && llvm_sys::core::LLVMGetFastMathFlags(v.0) & llvm_sys::LLVMFastMathAllowReassoc != 0
        };
        let lanes = if reassoc && start.is_some() && lanes.len() > 1 && lanes.len().is_power_of_two() {
            // `reassoc`: the halving tree LLVM expands (lane k with lane k + n/2, n halved until
            // one is left), then the start value — the order llc and the host reference use.
            let mut level = lanes;
            while level.len() > 1 {
                let half = level.len() / 2;
                let mut next = Vec::with_capacity(half);
                for k in 0..half {
                    let out = reg(self.reg_for(&et)?);
                    self.reduce_step(v, name, kind, &et, level[k].clone(), level[k + half].clone(), out.clone())?;
                    next.push(out);
                }
                level = next;
            }
            level
        } else {
            lanes
        };
        let (mut acc, folded) = match start {
            Some(s) => (self.get1(s)?, &lanes[..]),
            None => (lanes[0].clone(), &lanes[1..]),
        };
        if folded.is_empty() {
            self.copy_all(d, &[acc], &et);
            return Ok(true);
        }
        for (k, x) in folded.iter().enumerate() {
            let out = if k + 1 == folded.len() { d[0].clone() } else { reg(self.reg_for(&et)?) };
            self.reduce_step(v, name, kind, &et, acc, x.clone(), out.clone())?;
            acc = out;
        }
        Ok(true)
    }

    /// `out = acc ⊕ x` for reduction `kind` on element type `et`.
    #[allow(clippy::too_many_arguments)]
    fn reduce_step(
        &mut self,
        v: V,
        name: &str,
        kind: &str,
        et: &Ty,
        acc: Operand,
        x: Operand,
        out: Operand,
    ) -> Result<()> {
        let unsupported = |s: &Self| s.err(format!("intrinsic {name}"));
        let binop = match kind {
            "add" => Some(O::LLVMAdd),
            "mul" => Some(O::LLVMMul),
            "and" => Some(O::LLVMAnd),
            "or" => Some(O::LLVMOr),
            "xor" => Some(O::LLVMXor),
            "fadd" => Some(O::LLVMFAdd),
            "fmul" => Some(O::LLVMFMul),
            _ => None,
        };
        if let Some(opc) = binop {
            return self.lower_scalar(v, opc, et, et, acc, Some(x), out);
        }
        match kind {
            "smin" | "smax" | "umin" | "umax" => {
                let bits = int_bits(et).ok_or_else(|| unsupported(self))?;
                let signed = kind.starts_with('s');
                let (a, b) = (self.norm(acc, bits, signed), self.norm(x, bits, signed));
                self.op(Op::IMnMx { signed, max: kind.ends_with("max"), w64: bits == 64 }, vec![out], vec![a, b]);
            }
            "fmax" | "fmin" => {
                let ty = fty(et).ok_or_else(|| unsupported(self))?;
                self.op(Op::FMnMx { ty, max: kind == "fmax", nan: false, ftz: false }, vec![out], vec![acc, x]);
            }
            "fmaximum" | "fminimum" => {
                let ty: FTy = fty(et).ok_or_else(|| unsupported(self))?;
                self.lower_min_max_nan(ty, kind == "fmaximum", acc, x, &[out])?;
            }
            _ => return Err(unsupported(self)),
        }
        Ok(())
    }
}
