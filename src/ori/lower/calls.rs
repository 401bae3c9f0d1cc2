//! Calls of functions that are not inlined, and the `.param` ABI of device functions (llc-19's).
//!
//! Device functions are inlined into kernels before lowering (`driver::llc`), so a `CALL` remains
//! only for a recursive function, a function defined in another module (`.extern .func`, linked
//! later by nvlink with `-rdc`), `vprintf` (clang's `printf`) and calls through function
//! pointers. Each argument and the result travel in one `.param` whose form `call_abi.rs` gives
//! ([`ParamAbi`]): scalars in `.b32` / `.b64` / `.align 2 .b8 [2]`, vectors, structs, arrays and
//! i128 in an aligned byte array holding their scalars at their offsets, a `byval` pointer as a
//! byte array holding a copy of the pointed-to bytes. Variadic calls, `inalloca` and
//! `preallocated` arguments are refused (`unsupported ... in function @<name>`).
//!
//! In the Ori IR:
//! - a direct call is `CALL [@callee, pieces...] → result pieces`: one operand per piece of each
//!   parameter (`ParamAbi::pieces`, in order; a scalar is one piece) and one destination per
//!   piece of the result; the PTX emitter finds the callee's signature ([`CallSig`]) among the
//!   module's functions and `Program::externs` and spells the `.param` marshalling and
//!   `call.uni`;
//! - an indirect call is `CALL [@%prototype_<k>, address, pieces...] → result pieces`, where
//!   `%prototype_<k>` (no module symbol starts with `%`, see `symbols.rs`) names
//!   `Function::prototypes[k]`, the signature the PTX emitter turns into a `.callprototype`;
//! - a device function reads piece `p` of parameter `k` with `LD.PARAM [@<name>_param_<k>+off]`
//!   at its entry (a `byval` parameter is copied into a local-frame slot, whose address is the
//!   parameter's value) and leaves its result with `ST.PARAM [@func_retval0+off]` before `RET`.
//!
//! An i1 (alone or inside an aggregate) is written as 0/1 (`SEL`) and turned back into a
//! predicate with `ISETP.NE` after the `LD.PARAM`. The operands of a direct call must match the
//! callee's own signature (a `byval` the call site and the function disagree on is refused).

use super::FnLowering;
use super::call_abi::{self, type_name};
use super::ffi::{self, T, Ty, V};
use crate::ori::ir::{CallSig, Operand, PROTOTYPE_PREFIX, PairMode, Param, ParamAbi, RegFile, VReg};
use crate::ori::opcode::{BoolOp, Cmp, Op, Space};
use anyhow::Result;
use llvm_sys::core::*;

/// The signature of an LLVM function type whose parameter `k` is `byval(T) align N` when
/// `byval(k)` says so, or what makes it unsupported.
pub fn signature(
    td: &inkwell::targets::TargetData,
    fty: T,
    byval: impl Fn(u32) -> Option<(T, u32)>,
) -> Result<CallSig, String> {
    unsafe {
        if LLVMIsFunctionVarArg(fty.0) != 0 {
            return Err("variadic function type".into());
        }
        let rt = T(LLVMGetReturnType(fty.0));
        let ret = match ffi::classify(rt) {
            Ty::Void => None,
            _ => Some(call_abi::abi_of(td, rt).map_err(|w| format!("return {w}"))?),
        };
        let n = LLVMCountParamTypes(fty.0) as usize;
        let mut tys = vec![std::ptr::null_mut(); n];
        LLVMGetParamTypes(fty.0, tys.as_mut_ptr());
        let mut params = Vec::new();
        for (k, t) in tys.into_iter().enumerate() {
            let a = match byval(k as u32) {
                Some((bt, align)) => call_abi::byval_abi(td, bt, align),
                None => call_abi::abi_of(td, T(t)).map_err(|w| format!("parameter {w}"))?,
            };
            params.push(a);
        }
        Ok(CallSig { ret, params })
    }
}

fn attribute_kind(name: &str) -> u32 {
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

/// The attribute `name` on parameter `k` (0-based) of a call site or function.
fn param_attribute(v: V, k: u32, name: &str, call_site: bool) -> llvm_sys::prelude::LLVMAttributeRef {
    let kind = attribute_kind(name);
    unsafe {
        if call_site {
            LLVMGetCallSiteEnumAttribute(v.0, k + 1, kind)
        } else {
            LLVMGetEnumAttributeAtIndex(v.0, k + 1, kind)
        }
    }
}

/// `byval(T) align N` on parameter `k` of a call site or function: `(T, N)` (N 0 when absent).
pub(super) fn byval_param(v: V, k: u32, call_site: bool) -> Option<(T, u32)> {
    let attr = param_attribute(v, k, "byval", call_site);
    if attr.is_null() {
        return None;
    }
    let ty = T(unsafe { LLVMGetTypeAttributeValue(attr) });
    let align = param_attribute(v, k, "align", call_site);
    let align = if align.is_null() { 0 } else { unsafe { LLVMGetEnumAttributeValue(align) as u32 } };
    Some((ty, align))
}

/// An attribute of parameter `k` that changes how an argument is passed and that the ABI here
/// does not implement (`inalloca`, `preallocated`).
fn unsupported_passing(v: V, k: u32, call_site: bool) -> Option<&'static str> {
    ["inalloca", "preallocated"].into_iter().find(|a| !param_attribute(v, k, a, call_site).is_null())
}

/// The scalars of a non-byval argument or result of type `t`, in the order of its pieces.
fn leaves(t: T) -> Vec<Ty> {
    ffi::classify(t).scalars()
}

impl FnLowering<'_> {
    /// A device function's parameters: `.param`s read at the entry (see the module documentation).
    pub(super) fn lower_func_params(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        use inkwell::types::AsTypeRef;
        use inkwell::values::AsValueRef;
        let fv = V(func.as_value_ref());
        let fty = T(func.get_type().as_type_ref());
        let sig = signature(self.td, fty, |k| byval_param(fv, k, false)).map_err(|w| self.err(w))?;
        self.f.ret = match &sig.ret {
            None => None,
            Some(ParamAbi::B64) => Some(PairMode::Pair),
            Some(_) => Some(PairMode::Single),
        };
        for (i, p) in func.get_param_iter().enumerate() {
            if let Some(a) = unsupported_passing(fv, i as u32, false) {
                return Err(self.err(format!("{a} parameter")));
            }
            let v = V(p.as_value_ref());
            let abi = &sig.params[i];
            let name = format!("{}_param_{}", self.f.name, i);
            let (ptx_type, align) = match abi {
                ParamAbi::B32 => (".b32", 4),
                ParamAbi::B64 => (".b64", 8),
                ParamAbi::Half => (".align 2 .b8", 2),
                ParamAbi::Bytes { align, .. } => (".b8", *align),
            };
            let size = abi.size();
            self.f.params.push(Param { name: name.clone(), size, align, cbank_offset: 0, ptx_type });
            if byval_param(fv, i as u32, false).is_some() {
                // Copied into a frame slot by `lower_allocas`, which gives the value.
                self.byvals.push(super::params::ByvalParam {
                    param: v,
                    cbank_offset: 0,
                    size,
                    align,
                    symbol: Some(name),
                });
                continue;
            }
            let mut ops = Vec::new();
            for (piece, leaf) in abi.pieces().into_iter().zip(leaves(ffi::type_of(v))) {
                let offset = piece.offset as i32;
                let ld =
                    Op::Ld { space: Space::Param, bits: piece.bits, signed: false, volatile: false, offset, nc: false };
                let dst = self.reg_for(&leaf)?;
                if leaf == Ty::I1 {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    self.op(ld, vec![Operand::Reg(t)], vec![Operand::Symbol(name.clone())]);
                    self.not_zero(dst, t);
                } else {
                    self.op(ld, vec![Operand::Reg(dst)], vec![Operand::Symbol(name.clone())]);
                }
                ops.push(Operand::Reg(dst));
            }
            self.vals.insert(v, ops);
        }
        self.f.sig = sig;
        Ok(())
    }

    /// `ISETP.NE dst, src, 0`: a 0/1 word back into a predicate.
    fn not_zero(&mut self, dst: VReg, src: VReg) {
        self.op(
            Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
            vec![Operand::Reg(dst)],
            vec![Operand::Reg(src), Operand::Imm(0), Operand::True],
        );
    }

    /// A scalar of type `leaf` as the register a `.param` piece is written from (an i1 as 0/1).
    fn piece_value(&mut self, o: Operand, leaf: &Ty) -> Operand {
        match leaf {
            Ty::I1 => {
                let p = self.pred(o);
                let r = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(
                    Op::Sel { w64: false },
                    vec![Operand::Reg(r)],
                    vec![Operand::Imm(1), Operand::Imm(0), Operand::Reg(p)],
                );
                Operand::Reg(r)
            }
            Ty::Int(b) if *b > 32 => Operand::Reg(self.in_reg(o, true)),
            Ty::F64 | Ty::Ptr(_) => Operand::Reg(self.in_reg(o, true)),
            _ => Operand::Reg(self.in_reg(o, false)),
        }
    }

    /// The pieces of argument `a` for a `.param` of form `abi` (`byval`: the bytes it points to).
    fn argument_pieces(&mut self, a: V, abi: &ParamAbi, byval: bool) -> Result<Vec<Operand>> {
        if byval {
            let (space, addr) = self.mem_ptr(a)?;
            let addr = match addr {
                Operand::Imm(_) => Operand::Reg(self.in_reg(addr, true)),
                a => a,
            };
            let mut out = Vec::new();
            for p in abi.pieces() {
                let r = self.f.new_reg(RegFile::R, if p.bits == 64 { PairMode::Pair } else { PairMode::Single });
                let ld =
                    Op::Ld { space, bits: p.bits, signed: false, volatile: false, offset: p.offset as i32, nc: false };
                self.op(ld, vec![Operand::Reg(r)], vec![addr.clone()]);
                out.push(Operand::Reg(r));
            }
            return Ok(out);
        }
        let ops = self.get(a)?;
        let mut out = Vec::new();
        for (o, leaf) in ops.into_iter().zip(leaves(ffi::type_of(a))) {
            out.push(self.piece_value(o, &leaf));
        }
        Ok(out)
    }

    /// `ret`: the result into `func_retval0` piece by piece, then `RET`.
    pub(super) fn lower_return(&mut self, v: V) -> Result<()> {
        if ffi::num_operands(v) > 0 {
            let Some(abi) = self.f.sig.ret.clone() else { return Err(self.err("return value of a void function")) };
            let r = ffi::operand(v, 0);
            let ops = self.get(r)?;
            for ((piece, o), leaf) in abi.pieces().into_iter().zip(ops).zip(leaves(ffi::type_of(r))) {
                // An immediate is stored as it is (the emitter spells the store).
                let val = if leaf == Ty::I1 { self.piece_value(o, &leaf) } else { o };
                let st = Op::St { space: Space::Param, bits: piece.bits, volatile: false, offset: piece.offset as i32 };
                self.op(st, vec![], vec![Operand::Symbol("func_retval0".into()), val]);
            }
        }
        self.op(Op::Ret, vec![], vec![]);
        Ok(())
    }

    /// A call of a function that is not an intrinsic: direct (defined here or declared) or
    /// through a pointer.
    pub(super) fn lower_user_call(&mut self, v: V, callee: V, d: &[Operand]) -> Result<()> {
        let fty = T(unsafe { LLVMGetCalledFunctionType(v.0) });
        let what = |w: String| {
            if ffi::is_function(callee) { format!("{w} in a call of @{}", ffi::name(callee)) } else { w }
        };
        // `byval` on the call site, else on a direct callee's declaration (LLVM's
        // `CallBase::paramHasAttr`, which llc's call lowering asks).
        let byval_at = |k: u32| {
            byval_param(v, k, true)
                .or_else(|| if ffi::is_function(callee) { byval_param(callee, k, false) } else { None })
        };
        let sig = signature(self.td, fty, byval_at).map_err(|w| self.err(what(w)))?;
        let nargs = ffi::num_operands(v) - 1;
        for k in 0..nargs {
            if let Some(a) = unsupported_passing(v, k, true) {
                return Err(self.err(what(format!("{a} argument"))));
            }
        }
        // A call whose arguments or result are passed differently from the callee's own
        // parameters (another function type, `byval` on one side only) goes through a
        // prototype of the call site, on the function's address, as llc-19 lowers it.
        // (A callee whose own signature has no `.param` form is called directly; its
        // declaration reports that.)
        let direct = ffi::is_function(callee)
            && !signature(self.td, ffi::global_type(callee), |k| byval_param(callee, k, false))
                .as_ref()
                .is_ok_and(|own| *own != sig);
        let mut srcs = Vec::new();
        if direct {
            srcs.push(Operand::Symbol(self.syms.name(callee)));
        } else {
            let o = self.get1(callee)?;
            let addr = self.in_reg(o, true);
            srcs.push(Operand::Symbol(format!("{PROTOTYPE_PREFIX}{}", self.f.prototypes.len())));
            srcs.push(Operand::Reg(addr));
            self.f.prototypes.push(sig.clone());
        }
        for k in 0..nargs {
            let byval = byval_at(k).is_some();
            let pieces = self.argument_pieces(ffi::operand(v, k), &sig.params[k as usize], byval)?;
            srcs.extend(pieces);
        }
        // Results: an i1 piece arrives as a 0/1 word.
        let mut dsts = Vec::new();
        let mut preds = Vec::new();
        for o in d {
            match o {
                Operand::Reg(p) if self.f.reg_info(*p).file.is_predicate() => {
                    let t = self.f.new_reg(RegFile::R, PairMode::Single);
                    dsts.push(Operand::Reg(t));
                    preds.push((*p, t));
                }
                o => dsts.push(o.clone()),
            }
        }
        let ret_pieces = sig.ret.as_ref().map_or(0, |r| r.pieces().len());
        if ret_pieces != dsts.len() {
            let t = type_name(ffi::type_of(v));
            return Err(self.err(what(format!("return type {t} (its registers do not match its .param pieces)"))));
        }
        self.op(Op::Call, dsts, srcs);
        for (p, t) in preds {
            self.not_zero(p, t);
        }
        Ok(())
    }
}
