//! Calls of functions that are not inlined, and the `.param` ABI of device functions (llc-19's).
//!
//! Device functions are inlined into kernels before lowering (`driver::llc`), so a `CALL` remains
//! only for a recursive function, a function defined in another module (`.extern .func`, linked
//! later by nvlink with `-rdc`), `vprintf` (clang's `printf`) and calls through function
//! pointers. Each scalar argument and the result travel in one `.param` ([`ParamAbi`]):
//! i1/i8/i16/i32/float in `.b32` (an i1 as 0 or 1), i64/double/pointers in `.b64`, half and
//! bfloat in `.align 2 .b8 [2]`, a vector of 4 or 8 bytes (`<2 x bfloat>`, `<4 x i8>`,
//! `<2 x float>`; llc's `.align N .b8 [N]`) packed into one register or pair as its memory image
//! (the repacking of `bitcast.rs`). Aggregates, wider vectors, `byval` arguments, wider integers
//! and variadic calls are refused (`unsupported ... in function @<name>`).
//!
//! In the Ori IR:
//! - a direct call is `CALL [@callee, args...] → result`; the PTX emitter finds the callee's
//!   signature ([`CallSig`]) among the module's functions and `Program::externs` and spells the
//!   `.param` marshalling and `call.uni`;
//! - an indirect call is `CALL [@%prototype_<k>, address, args...] → result`, where `%prototype_<k>`
//!   (no module symbol starts with `%`, see `symbols.rs`)
//!   names `Function::prototypes[k]`, the signature the PTX emitter turns into a `.callprototype`;
//! - a device function reads parameter `k` with `LD.PARAM @<name>_param_<k>` at its entry and
//!   leaves its result with `ST.PARAM @func_retval0` before `RET`.
//!
//! An i1 argument is widened to 0/1 with `SEL` before the call, an i1 parameter or result is
//! turned back into a predicate with `ISETP.NE` after the `LD.PARAM`.

use super::FnLowering;
use super::ffi::{self, T, Ty, V};
use crate::ori::ir::{CallSig, Operand, PROTOTYPE_PREFIX, PairMode, Param, ParamAbi, RegFile};
use crate::ori::opcode::{BoolOp, Cmp, Op, Space};
use anyhow::Result;
use llvm_sys::core::*;

/// The `.param` form of a scalar type, `None` for types the ABI does not carry.
pub fn abi_of(t: &Ty) -> Option<ParamAbi> {
    match t {
        Ty::I1 | Ty::Int(8 | 16 | 32) | Ty::F32 => Some(ParamAbi::B32),
        Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => Some(ParamAbi::B64),
        // bfloat travels like half: `.param .align 2 .b8 [2]` (llc-19's form for both).
        Ty::F16 | Ty::BF16 => Some(ParamAbi::Half),
        Ty::Vector(e, n) if *n >= 2 => {
            let w = match **e {
                Ty::Int(b @ (8 | 16 | 32)) => b,
                Ty::F16 | Ty::BF16 => 16,
                Ty::F32 => 32,
                _ => return None,
            };
            matches!(w * n, 32 | 64).then_some(ParamAbi::Vector { bytes: w * n / 8 })
        }
        _ => None,
    }
}

/// The packed register type of a vector ABI (`Int(32)` or `Int(64)`).
fn packed_ty(abi: ParamAbi) -> Option<Ty> {
    match abi {
        ParamAbi::Vector { bytes } => Some(Ty::Int(bytes * 8)),
        ParamAbi::B32 | ParamAbi::B64 | ParamAbi::Half => None,
    }
}

/// The signature of an LLVM function type, or what makes it unsupported.
pub fn signature(fty: T) -> Result<CallSig, String> {
    unsafe {
        if LLVMIsFunctionVarArg(fty.0) != 0 {
            return Err("variadic function type".into());
        }
        let ret = ffi::classify(T(LLVMGetReturnType(fty.0)));
        let ret = match ret {
            Ty::Void => None,
            t => Some(abi_of(&t).ok_or_else(|| format!("return type {}", type_name(fty.ret_type())))?),
        };
        let n = LLVMCountParamTypes(fty.0) as usize;
        let mut tys = vec![std::ptr::null_mut(); n];
        LLVMGetParamTypes(fty.0, tys.as_mut_ptr());
        let mut params = Vec::new();
        for t in tys {
            let a = abi_of(&ffi::classify(T(t))).ok_or_else(|| format!("parameter type {}", type_name(T(t))))?;
            params.push(a);
        }
        Ok(CallSig { ret, params })
    }
}

/// A type as LLVM prints it, a named struct by its name only.
fn type_name(t: T) -> String {
    let s = ffi::type_string(t);
    match s.split_once(" = type") {
        Some((name, _)) => name.to_string(),
        None => s,
    }
}

fn attribute_kind(name: &str) -> u32 {
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

/// Whether parameter `k` (0-based) of a call site or function carries one of the attributes
/// that change how an argument is passed (`byval`, `sret`, `inalloca`, `preallocated`).
fn passed_in_memory(v: V, k: u32, call_site: bool) -> Option<&'static str> {
    ["byval", "sret", "inalloca", "preallocated"].into_iter().find(|a| {
        let kind = attribute_kind(a);
        let attr = unsafe {
            if call_site {
                LLVMGetCallSiteEnumAttribute(v.0, k + 1, kind)
            } else {
                LLVMGetEnumAttributeAtIndex(v.0, k + 1, kind)
            }
        };
        !attr.is_null()
    })
}

impl FnLowering<'_> {
    /// A device function's parameters: `.param`s read at the entry (see the module documentation).
    pub(super) fn lower_func_params(&mut self, func: inkwell::values::FunctionValue<'_>) -> Result<()> {
        use inkwell::types::AsTypeRef;
        use inkwell::values::AsValueRef;
        let fv = V(func.as_value_ref());
        let sig = signature(T(func.get_type().as_type_ref())).map_err(|w| self.err(w))?;
        self.f.ret = sig.ret.map(|a| if a.bits() == 64 { PairMode::Pair } else { PairMode::Single });
        for (i, p) in func.get_param_iter().enumerate() {
            if let Some(a) = passed_in_memory(fv, i as u32, false) {
                return Err(self.err(format!("{a} parameter")));
            }
            let v = V(p.as_value_ref());
            let ty = ffi::classify(ffi::type_of(v));
            let abi = sig.params[i];
            let ptx_type = match abi {
                ParamAbi::B32 => ".b32",
                ParamAbi::B64 => ".b64",
                ParamAbi::Half => ".align 2 .b8",
                ParamAbi::Vector { .. } => ".b8",
            };
            let name = format!("{}_param_{}", self.f.name, i);
            let size = abi.bits().div_ceil(8);
            self.f.params.push(Param { name: name.clone(), size, align: size, cbank_offset: 0, ptx_type });
            let ld = Op::Ld { space: Space::Param, bits: abi.bits(), signed: false, volatile: false, offset: 0 };
            if let Some(pt) = packed_ty(abi) {
                let packed = Operand::Reg(self.reg_for(&pt)?);
                self.op(ld, vec![packed.clone()], vec![Operand::Symbol(name)]);
                let lanes = self.unpack(v, &ty, &pt, packed)?;
                self.vals.insert(v, lanes);
                continue;
            }
            let dst = self.reg_for(&ty)?;
            if ty == Ty::I1 {
                let t = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(ld, vec![Operand::Reg(t)], vec![Operand::Symbol(name)]);
                self.not_zero(dst, t);
            } else {
                self.op(ld, vec![Operand::Reg(dst)], vec![Operand::Symbol(name)]);
            }
            self.vals.insert(v, vec![Operand::Reg(dst)]);
        }
        self.f.sig = sig;
        Ok(())
    }

    /// `ISETP.NE dst, src, 0`: a 0/1 word back into a predicate.
    fn not_zero(&mut self, dst: crate::ori::ir::VReg, src: crate::ori::ir::VReg) {
        self.op(
            Op::ISetp { cmp: Cmp::Ne, signed: false, w64: false, bop: BoolOp::And },
            vec![Operand::Reg(dst)],
            vec![Operand::Reg(src), Operand::Imm(0), Operand::True],
        );
    }

    /// The lanes of vector type `ty` from its packed image `packed` (of type `pt`).
    fn unpack(&mut self, v: V, ty: &Ty, pt: &Ty, packed: Operand) -> Result<Vec<Operand>> {
        let lane_tys = ty.scalars();
        let mut lanes = Vec::new();
        for t in &lane_tys {
            lanes.push(Operand::Reg(self.reg_for(t)?));
        }
        self.lower_repack_bitcast(v, std::slice::from_ref(pt), &lane_tys, &[packed], &lanes)?;
        Ok(lanes)
    }

    /// The packed image (of type `pt`) of vector value `a` of type `ty`.
    fn pack(&mut self, a: V, ty: &Ty, pt: &Ty) -> Result<Operand> {
        let lanes = self.get(a)?;
        let packed = Operand::Reg(self.reg_for(pt)?);
        self.lower_repack_bitcast(a, &ty.scalars(), std::slice::from_ref(pt), &lanes, std::slice::from_ref(&packed))?;
        Ok(packed)
    }

    /// A value as the register a `.param` is written from (an i1 as 0/1, a vector packed).
    fn param_value(&mut self, a: V) -> Result<Operand> {
        let ty = ffi::classify(ffi::type_of(a));
        if let Some(pt) = abi_of(&ty).and_then(packed_ty) {
            return self.pack(a, &ty, &pt);
        }
        let o = self.get1(a)?;
        Ok(match ty {
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
            Ty::Int(64) | Ty::F64 | Ty::Ptr(_) => Operand::Reg(self.in_reg(o, true)),
            _ => Operand::Reg(self.in_reg(o, false)),
        })
    }

    /// `ret`: the result into `func_retval0`, then `RET`.
    pub(super) fn lower_return(&mut self, v: V) -> Result<()> {
        if ffi::num_operands(v) > 0 {
            let bits = self.f.sig.ret.map_or(32, ParamAbi::bits);
            let r = ffi::operand(v, 0);
            // An immediate result is stored as it is (the emitter spells the store).
            let rty = ffi::classify(ffi::type_of(r));
            let val = if rty == Ty::I1 || matches!(rty, Ty::Vector(..)) { self.param_value(r)? } else { self.get1(r)? };
            let st = Op::St { space: Space::Param, bits, volatile: false, offset: 0 };
            self.op(st, vec![], vec![Operand::Symbol("func_retval0".into()), val]);
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
        let sig = signature(fty).map_err(|w| self.err(what(w)))?;
        let nargs = ffi::num_operands(v) - 1;
        for k in 0..nargs {
            if let Some(a) = passed_in_memory(v, k, true) {
                return Err(self.err(what(format!("{a} argument"))));
            }
        }
        let mut srcs = Vec::new();
        if ffi::is_function(callee) {
            srcs.push(Operand::Symbol(self.syms.name(callee)));
        } else {
            let o = self.get1(callee)?;
            let addr = self.in_reg(o, true);
            srcs.push(Operand::Symbol(format!("{PROTOTYPE_PREFIX}{}", self.f.prototypes.len())));
            srcs.push(Operand::Reg(addr));
            self.f.prototypes.push(sig.clone());
        }
        for k in 0..nargs {
            let a = self.param_value(ffi::operand(v, k))?;
            srcs.push(a);
        }
        if let Some(pt) = sig.ret.and_then(packed_ty) {
            // A vector result arrives packed.
            let packed = Operand::Reg(self.reg_for(&pt)?);
            self.op(Op::Call, vec![packed.clone()], srcs);
            let lane_tys = ffi::classify(ffi::type_of(v)).scalars();
            self.lower_repack_bitcast(v, std::slice::from_ref(&pt), &lane_tys, &[packed], d)?;
            return Ok(());
        }
        match d.first() {
            Some(Operand::Reg(p)) if self.f.reg_info(*p).file.is_predicate() => {
                let t = self.f.new_reg(RegFile::R, PairMode::Single);
                self.op(Op::Call, vec![Operand::Reg(t)], srcs);
                self.not_zero(*p, t);
            }
            _ => self.op(Op::Call, d.to_vec(), srcs),
        }
        Ok(())
    }
}
