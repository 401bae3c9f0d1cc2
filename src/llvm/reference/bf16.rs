//! bfloat16 in the host reference: what the x86 back end cannot run, or runs differently from the
//! GPU, and the bf16 `llvm.nvvm.*` intrinsics.
//!
//! x86 (without AVX512-BF16) promotes bf16 arithmetic to f32 and rounds back with the compiler
//! runtime's `__truncsfbf2` / `__truncdfbf2`, which the process does not have (libgcc 12 has
//! none; an unresolved symbol crashes MCJIT). They are registered here ([`register_libcalls`])
//! as host functions written from IEEE 754 alone (not the interpreter's `float.rs`): round to
//! nearest even by the bias trick on the f32 bits, f64 through an f32 rounded to odd (exact
//! for any narrower target: 24 ≥ 8 + 2 bits). With them, `fadd`/`fsub`/`fmul`/`fdiv`/`sqrt`
//! of bf16 are correctly rounded on the host too (f32's 24 bits ≥ 2·8 + 2: the double rounding
//! is innocuous), as `add.rn.bf16` and the f32 paths of llc are on the GPU.
//!
//! Where the promotion rounds twice in a way that differs from the GPU's single rounding, the
//! module is rewritten before compiling ([`rewrite`]):
//! - `llvm.fma.bf16` / `llvm.fmuladd.bf16` (x86: `fmaf`, then to bf16) → the host `fma`, exact
//!   through an f64 sum rounded to odd (`fma.rn.bf16` rounds once);
//! - `sitofp` / `uitofp` to bfloat (x86: through f32, which rounds integers above 2^24) → through
//!   double (exact up to 53 bits) and `fptrunc`; wider integers (up to 64 bits) → a host
//!   conversion (the integer rounded to odd in f64);
//! - the half-precision `llvm.nvvm.*` intrinsics on bf16 and f16 lanes (`fmin`/`fmax` with
//!   `.ftz`, `.nan` and `.xorsign.abs`, `fma.rn[.ftz][.relu|.sat]`, `neg`, `abs`, `f2bf16.*`,
//!   `ff2bf16x2.*`, `ff2f16x2.*`; names as in `ori/lower/half_math.rs`) → host functions on the
//!   bits (`i32` arguments: no bf16 in the host ABI), lane by lane, with the PTX semantics:
//!   minNum / `.NaN` (canonical NaN 0x7FFF) with −0 below +0, `.xorsign.abs` the min/max of the
//!   magnitudes with the XOR of the signs, `.relu` negative → +0 (NaN → canonical NaN), `.sat`
//!   clamped to [+0, 1] (NaN → +0), `.ftz` subnormal f16 operands and results → zeros of their
//!   sign, `ff2bf16x2(a, b)` = `{lo: b, hi: a}`. The f16 results are rounded from an f64 rounded
//!   to odd, then to f32 rounded to odd (24 ≥ 11 + 2 bits: one rounding in effect).

use super::{RefError, functions, instructions};
use crate::ori::lower::ffi::{self, V};
use crate::ori::lower::half_math::{HalfIntrinsic, HalfOp, parse};
use crate::ori::opcode::Round;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::collections::BTreeMap;
use std::ffi::CString;

/// The canonical NaN of the PTX bf16 instructions.
const CANONICAL_NAN: u16 = 0x7FFF;

// ---- Rounding (IEEE 754 only; independent of the interpreter) ------------------------------

/// f32 → bf16 bits, round to nearest even (a NaN stays a NaN, made quiet).
pub(super) fn bf16_rne(x: f32) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return ((b >> 16) | 0x40) as u16;
    }
    // Adding just under half an ulp, plus the ulp's parity bit, carries exactly when the dropped
    // half word is above half, or equal to it with an odd kept part.
    ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) as u16
}

/// `x` rounded to odd in f32: the f32 value when exact, else the neighbour of the RNE value on
/// `x`'s side when that one's last bit is 0 (values beyond f32's range: the largest finite).
fn f32_odd(x: f64) -> f32 {
    let f = x as f32;
    if f.is_infinite() && x.is_finite() {
        return f32::MAX.copysign(f);
    }
    if f.is_infinite() || f as f64 == x || f.to_bits() & 1 == 1 {
        return f;
    }
    let away = x.abs() > (f as f64).abs();
    f32::from_bits(if away { f.to_bits() + 1 } else { f.to_bits() - 1 })
}

/// f64 → bf16 bits, round to nearest even.
pub(super) fn bf16_from_f64(x: f64) -> u16 {
    if x.is_nan() {
        return bf16_rne(x as f32);
    }
    bf16_rne(f32_odd(x))
}

fn bf16_value(h: u16) -> f32 {
    f32::from_bits((h as u32) << 16)
}

fn is_nan(h: u16) -> bool {
    h & 0x7FFF > 0x7F80
}

/// `p + c` rounded to odd in f64 (TwoSum gives the rounding error of the nearest sum).
fn f64_odd_sum(p: f64, c: f64) -> f64 {
    let s = p + c;
    if !s.is_finite() {
        return s;
    }
    let bp = s - p;
    let err = (p - (s - bp)) + (c - bp);
    if err == 0.0 || s.to_bits() & 1 == 1 {
        return s;
    }
    let away = (err > 0.0) == (s > 0.0);
    f64::from_bits(if away { s.to_bits() + 1 } else { s.to_bits() - 1 })
}

/// `.relu`: negative (−0 included) → +0, NaN → the canonical NaN.
fn relu(h: u16) -> u16 {
    if is_nan(h) {
        CANONICAL_NAN
    } else if h & 0x8000 != 0 {
        0
    } else {
        h
    }
}

// ---- Host functions -------------------------------------------------------------------------

extern "C" fn trunc_sf_bf2(x: f32) -> f32 {
    // The bf16 result travels in the low 16 bits of the return register.
    f32::from_bits(bf16_rne(x) as u32)
}

extern "C" fn trunc_df_bf2(x: f64) -> f32 {
    f32::from_bits(bf16_from_f64(x) as u32)
}

/// The value of f16 bits (IEEE 754 binary16: 5 exponent bits, bias 15, 10 fraction bits).
fn f16_value(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let (e, m) = ((h >> 10) & 0x1F, (h & 0x3FF) as f32);
    sign * match e {
        0 => m * 2f32.powi(-24),
        0x1F if m == 0.0 => f32::INFINITY,
        0x1F => f32::NAN,
        e => (1.0 + m / 1024.0) * 2f32.powi(e as i32 - 15),
    }
}

/// The value of the lane bits `h`: f16 when `f16`, else bf16.
fn half_value(h: u16, f16: bool) -> f32 {
    if f16 { f16_value(h) } else { bf16_value(h) }
}

fn half_is_nan(h: u16, f16: bool) -> bool {
    if f16 { h & 0x7FFF > 0x7C00 } else { is_nan(h) }
}

/// `.ftz` on f16 bits: a subnormal becomes the zero of its sign.
fn flush_f16(h: u16) -> u16 {
    if h & 0x7C00 == 0 { h & 0x8000 } else { h }
}

/// Lane-operation flags of the host functions below.
const MAX: u32 = 1;
const NAN: u32 = 2;
const XORSIGN: u32 = 4;
const F16: u32 = 8;
const FTZ: u32 = 16;
const RELU: u32 = 32;
const SAT: u32 = 64;

/// `fma.rn[.ftz][.relu|.sat].{bf16,f16}` on bits (`flags`: `F16`, `FTZ`, `RELU`, `SAT`): the
/// product is exact in f64 (8 + 8 or 11 + 11 bits), the sum rounded once.
extern "C" fn host_fma(a: u32, b: u32, c: u32, flags: u32) -> u32 {
    let f16 = flags & F16 != 0;
    let ftz = |h: u32| if f16 && flags & FTZ != 0 { flush_f16(h as u16) } else { h as u16 };
    let v = |h: u32| half_value(ftz(h), f16) as f64;
    let sum = f64_odd_sum(v(a) * v(b), v(c));
    let r = if f16 {
        if sum.is_nan() { CANONICAL_NAN } else { ftz(f16_from_f32(f32_odd(sum), false) as u32) }
    } else {
        bf16_from_f64(sum)
    };
    let r = if half_is_nan(r, f16) { CANONICAL_NAN } else { r };
    let r = if flags & RELU != 0 {
        relu(r)
    } else if flags & SAT != 0 {
        let one = if f16 { 0x3C00 } else { 0x3F80 };
        if half_is_nan(r, f16) || r & 0x8000 != 0 {
            0
        } else if half_value(r, f16) > 1.0 {
            one
        } else {
            r
        }
    } else {
        r
    };
    r as u32
}

/// `min`/`max` `[.ftz][.NaN][.xorsign.abs].{bf16,f16}` on bits; `flags`: `MAX`, `NAN`,
/// `XORSIGN`, `F16`, `FTZ`.
extern "C" fn host_min_max(a: u32, b: u32, flags: u32) -> u32 {
    let (max, nan, xorsign, f16) = (flags & MAX != 0, flags & NAN != 0, flags & XORSIGN != 0, flags & F16 != 0);
    let ftz = |h: u32| if f16 && flags & FTZ != 0 { flush_f16(h as u16) } else { h as u16 };
    let (ha, hb) = (ftz(a), ftz(b));
    let (xa, xb) = if xorsign { (ha & 0x7FFF, hb & 0x7FFF) } else { (ha, hb) };
    let (fa, fb) = (half_value(xa, f16), half_value(xb, f16));
    let m = if fa.is_nan() || fb.is_nan() {
        if nan || (fa.is_nan() && fb.is_nan()) {
            CANONICAL_NAN
        } else if fa.is_nan() {
            xb
        } else {
            xa
        }
    } else if fa == fb {
        // Equal: only zeros of different signs differ (−0 below +0).
        if (xa & 0x8000 != 0) == max { xb } else { xa }
    } else if (fa < fb) != max {
        xa
    } else {
        xb
    };
    (if xorsign { m | ((ha ^ hb) & 0x8000) } else { m }) as u32
}

/// `cvt.{rn,rz}[.relu].{bf16,f16}.f32`; `mode`: 1 toward zero, 2 relu, 4 f16 (else bf16).
extern "C" fn host_from_f32(x: f32, mode: u32) -> u32 {
    let rz = mode & 1 != 0;
    let r = if x.is_nan() {
        CANONICAL_NAN
    } else if mode & 4 != 0 {
        f16_from_f32(x, rz)
    } else if rz {
        (x.to_bits() >> 16) as u16
    } else {
        bf16_rne(x)
    };
    (if mode & 2 != 0 { relu(r) } else { r }) as u32
}

/// A finite or infinite f32 → f16 bits, to nearest even or toward zero: the magnitude in units of
/// the f16 ulp of its binade (2^-24 below 2^-14), rounded to an integer (exact in f64), then
/// re-encoded; beyond the largest finite (65504) infinity, or 65504 toward zero.
fn f16_from_f32(x: f32, rz: bool) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = (x as f64).abs();
    if a.is_infinite() {
        return sign | 0x7C00;
    }
    let e = if a < 2f64.powi(-14) { -14 } else { a.log2().floor() as i32 };
    // log2 may round at a binade's edge: settle e so that 2^e <= a < 2^(e+1).
    let e = if a >= 2f64.powi(e + 1) {
        e + 1
    } else if a < 2f64.powi(e) && e > -14 {
        e - 1
    } else {
        e
    };
    let ulp = 2f64.powi(e - 10);
    let n = a / ulp;
    let m = if rz {
        n.trunc()
    } else {
        let f = n.floor();
        let d = n - f;
        if d > 0.5 || (d == 0.5 && f % 2.0 == 1.0) { f + 1.0 } else { f }
    };
    let v = m * ulp;
    if v >= 65520.0 || (rz && v > 65504.0) {
        return sign | if rz { 0x7BFF } else { 0x7C00 };
    }
    if v < 2f64.powi(-14) {
        return sign | (v / 2f64.powi(-24)) as u16;
    }
    let ve = v.log2().floor() as i32;
    let ve = if v >= 2f64.powi(ve + 1) {
        ve + 1
    } else if v < 2f64.powi(ve) {
        ve - 1
    } else {
        ve
    };
    let mant = (v / 2f64.powi(ve - 10)) as u16 - 1024;
    sign | (((ve + 15) as u16) << 10) | mant
}

/// A 64-bit integer (signed when `signed` is non-zero) → bf16, round to nearest even: the
/// integer rounded to odd in f64, then to bf16.
extern "C" fn host_from_i64(x: u64, signed: u32) -> u32 {
    let v: i128 = if signed != 0 { x as i64 as i128 } else { x as i128 };
    let f = v as f64;
    let back = f as i128;
    let f = if back == v || f.to_bits() & 1 == 1 {
        f
    } else {
        let away = v.unsigned_abs() > back.unsigned_abs();
        f64::from_bits(if away { f.to_bits() + 1 } else { f.to_bits() - 1 })
    };
    bf16_from_f64(f) as u32
}

/// Makes the compiler-runtime conversions x86 calls for bf16 resolvable in the JIT.
pub(super) fn register_libcalls() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe {
        llvm_sys::support::LLVMAddSymbol(
            c"__truncsfbf2".as_ptr(),
            trunc_sf_bf2 as extern "C" fn(f32) -> f32 as *mut std::ffi::c_void,
        );
        llvm_sys::support::LLVMAddSymbol(
            c"__truncdfbf2".as_ptr(),
            trunc_df_bf2 as extern "C" fn(f64) -> f32 as *mut std::ffi::c_void,
        );
    });
}

/// Whether `name` is a bf16 `llvm.nvvm.*` intrinsic [`rewrite`] replaces.
pub(super) fn is_host_intrinsic(name: &str) -> bool {
    name.strip_prefix("llvm.nvvm.").and_then(parse).is_some()
}

// ---- The rewrite ----------------------------------------------------------------------------

/// Builder state: types and the host functions declared so far (name → declaration, type).
struct Rw {
    ctx: LLVMContextRef,
    m: LLVMModuleRef,
    b: LLVMBuilderRef,
    i16: LLVMTypeRef,
    i32: LLVMTypeRef,
    i64: LLVMTypeRef,
    bf: LLVMTypeRef,
    hosts: BTreeMap<&'static str, (LLVMValueRef, LLVMTypeRef)>,
    mappings: Vec<(LLVMValueRef, usize)>,
}

impl Rw {
    /// The declaration of host function `name` (declared and mapped on first use).
    unsafe fn host(
        &mut self,
        name: &'static str,
        params: &mut [LLVMTypeRef],
        addr: usize,
    ) -> (LLVMValueRef, LLVMTypeRef) {
        if let Some(&h) = self.hosts.get(name) {
            return h;
        }
        unsafe {
            let fty = LLVMFunctionType(self.i32, params.as_mut_ptr(), params.len() as u32, 0);
            let cname = CString::new(name).unwrap_or_default();
            let f = LLVMAddFunction(self.m, cname.as_ptr(), fty);
            self.mappings.push((f, addr));
            self.hosts.insert(name, (f, fty));
            (f, fty)
        }
    }

    unsafe fn call(&self, f: (LLVMValueRef, LLVMTypeRef), args: &mut [LLVMValueRef]) -> LLVMValueRef {
        unsafe { LLVMBuildCall2(self.b, f.1, f.0, args.as_mut_ptr(), args.len() as u32, c"".as_ptr()) }
    }

    fn c32(&self, v: u64) -> LLVMValueRef {
        unsafe { LLVMConstInt(self.i32, v, 0) }
    }

    /// A bfloat lane's bits as an i32.
    unsafe fn bits(&self, x: LLVMValueRef) -> LLVMValueRef {
        unsafe {
            let h = LLVMBuildBitCast(self.b, x, self.i16, c"".as_ptr());
            LLVMBuildZExt(self.b, h, self.i32, c"".as_ptr())
        }
    }

    /// An i32 holding f16 bits as a half.
    unsafe fn half(&self, r: LLVMValueRef) -> LLVMValueRef {
        unsafe {
            let h = LLVMBuildTrunc(self.b, r, self.i16, c"".as_ptr());
            LLVMBuildBitCast(self.b, h, LLVMHalfTypeInContext(self.ctx), c"".as_ptr())
        }
    }

    /// An i32 holding bf16 bits as a bfloat.
    unsafe fn bfloat(&self, r: LLVMValueRef) -> LLVMValueRef {
        unsafe {
            let h = LLVMBuildTrunc(self.b, r, self.i16, c"".as_ptr());
            LLVMBuildBitCast(self.b, h, self.bf, c"".as_ptr())
        }
    }

    /// The lanes of `v` (itself when it is no vector).
    unsafe fn lanes(&self, v: LLVMValueRef) -> Vec<LLVMValueRef> {
        unsafe {
            let t = LLVMTypeOf(v);
            if LLVMGetTypeKind(t) != LLVMTypeKind::LLVMVectorTypeKind {
                return vec![v];
            }
            (0..LLVMGetVectorSize(t))
                .map(|k| LLVMBuildExtractElement(self.b, v, self.c32(k as u64), c"".as_ptr()))
                .collect()
        }
    }

    /// A value of type `ty` from its lanes.
    unsafe fn join(&self, ty: LLVMTypeRef, lanes: Vec<LLVMValueRef>) -> LLVMValueRef {
        unsafe {
            if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
                return lanes[0];
            }
            let mut v = LLVMGetPoison(ty);
            for (k, x) in lanes.into_iter().enumerate() {
                v = LLVMBuildInsertElement(self.b, v, x, self.c32(k as u64), c"".as_ptr());
            }
            v
        }
    }

    /// Lane by lane, `f(lane operands)` → the bfloat result of type `ty`.
    unsafe fn per_lane(
        &mut self,
        ty: LLVMTypeRef,
        ops: &[LLVMValueRef],
        mut f: impl FnMut(&mut Self, &[LLVMValueRef]) -> LLVMValueRef,
    ) -> LLVMValueRef {
        unsafe {
            let lanes: Vec<Vec<LLVMValueRef>> = ops.iter().map(|&o| self.lanes(o)).collect();
            let n = lanes.first().map_or(0, Vec::len);
            let out = (0..n)
                .map(|k| {
                    let args: Vec<LLVMValueRef> = lanes.iter().map(|l| l[k]).collect();
                    f(self, &args)
                })
                .collect();
            self.join(ty, out)
        }
    }
}

/// The element type kind of a (vector) type.
unsafe fn elem_kind(t: LLVMTypeRef) -> LLVMTypeKind {
    unsafe {
        let t = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVectorTypeKind { LLVMGetElementType(t) } else { t };
        LLVMGetTypeKind(t)
    }
}

/// Rewrites the module's bf16 code for the host (see the module documentation); returns the
/// host functions to map.
///
/// # Safety
/// `m` must be a live module.
pub(super) unsafe fn rewrite(m: LLVMModuleRef) -> Result<Vec<(LLVMValueRef, usize)>, RefError> {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let mut todo = Vec::new();
        for f in functions(m) {
            for i in instructions(f) {
                let v = V(i);
                let bf_result = elem_kind(LLVMTypeOf(i)) == LLVMTypeKind::LLVMBFloatTypeKind;
                match ffi::opcode(v) {
                    O::LLVMSIToFP | O::LLVMUIToFP if bf_result => todo.push(i),
                    O::LLVMCall => {
                        let callee = ffi::called_value(v);
                        if !ffi::is_function(callee) {
                            continue;
                        }
                        let name = ffi::name(callee);
                        let fma = name.starts_with("llvm.fma.") || name.starts_with("llvm.fmuladd.");
                        if (fma && bf_result) || is_host_intrinsic(&name) {
                            todo.push(i);
                        }
                    }
                    _ => {}
                }
            }
        }
        if todo.is_empty() {
            return Ok(Vec::new());
        }
        let b = LLVMCreateBuilderInContext(ctx);
        let mut rw = Rw {
            ctx,
            m,
            b,
            i16: LLVMInt16TypeInContext(ctx),
            i32: LLVMInt32TypeInContext(ctx),
            i64: LLVMInt64TypeInContext(ctx),
            bf: LLVMBFloatTypeInContext(ctx),
            hosts: BTreeMap::new(),
            mappings: Vec::new(),
        };
        let result = todo.into_iter().try_for_each(|i| {
            LLVMPositionBuilderBefore(b, i);
            if let Some(new) = rewrite_one(&mut rw, i)? {
                LLVMReplaceAllUsesWith(i, new);
                LLVMInstructionEraseFromParent(i);
            }
            Ok(())
        });
        LLVMDisposeBuilder(b);
        result?;
        // The replaced intrinsics' declarations.
        for f in functions(m) {
            let name = ffi::name(V(f));
            let bf16_fma =
                (name.starts_with("llvm.fma.") || name.starts_with("llvm.fmuladd.")) && name.contains("bf16");
            if LLVMIsDeclaration(f) != 0 && LLVMGetFirstUse(f).is_null() && (is_host_intrinsic(&name) || bf16_fma) {
                LLVMDeleteFunction(f);
            }
        }
        let _ = rw.ctx;
        Ok(rw.mappings)
    }
}

/// The replacement of instruction `i` (the builder is before it); `None`: left as it is (an
/// intrinsic call of the wrong arity, which the reference then refuses).
unsafe fn rewrite_one(rw: &mut Rw, i: LLVMValueRef) -> Result<Option<LLVMValueRef>, RefError> {
    unsafe {
        let ty = LLVMTypeOf(i);
        let opc = ffi::opcode(V(i));
        if matches!(opc, O::LLVMSIToFP | O::LLVMUIToFP) {
            return int_to_bf16(rw, i, opc == O::LLVMSIToFP).map(Some);
        }
        let nargs = LLVMGetNumArgOperands(i) as usize;
        let args: Vec<LLVMValueRef> = (0..nargs as u32).map(|k| LLVMGetOperand(i, k)).collect();
        let name = ffi::name(ffi::called_value(V(i)));
        let fma = |rw: &mut Rw, flags: u32| {
            let h = rw.host(
                "ori.ref.half.fma",
                &mut [rw.i32; 4],
                host_fma as extern "C" fn(u32, u32, u32, u32) -> u32 as usize,
            );
            move |rw: &mut Rw, l: &[LLVMValueRef]| {
                let mut a = [rw.bits(l[0]), rw.bits(l[1]), rw.bits(l[2]), rw.c32(flags as u64)];
                let r = rw.call(h, &mut a);
                if flags & F16 != 0 { rw.half(r) } else { rw.bfloat(r) }
            }
        };
        let Some(rest) = name.strip_prefix("llvm.nvvm.") else {
            // llvm.fma / llvm.fmuladd on bfloat.
            if nargs != 3 {
                return Ok(None);
            }
            let f = fma(rw, 0);
            return Ok(Some(rw.per_lane(ty, &args, f)));
        };
        let Some(HalfIntrinsic { op, arity, f16, .. }) = parse(rest) else { return Ok(None) };
        if nargs != arity {
            return Ok(None);
        }
        let f16_flag = if f16 { F16 } else { 0 };
        Ok(Some(match op {
            HalfOp::Fma { relu, sat, ftz } => {
                let flags =
                    f16_flag | if relu { RELU } else { 0 } | if sat { SAT } else { 0 } | if ftz { FTZ } else { 0 };
                let f = fma(rw, flags);
                rw.per_lane(ty, &args, f)
            }
            HalfOp::MinMax { max, nan, xorsign, ftz } => {
                let addr = host_min_max as extern "C" fn(u32, u32, u32) -> u32 as usize;
                let h = rw.host("ori.ref.half.min_max", &mut [rw.i32; 3], addr);
                let flag = |set: bool, f: u32| if set { f } else { 0 };
                let flags = f16_flag | flag(max, MAX) | flag(nan, NAN) | flag(xorsign, XORSIGN) | flag(ftz, FTZ);
                rw.per_lane(ty, &args, |rw, l| {
                    let mut a = [rw.bits(l[0]), rw.bits(l[1]), rw.c32(flags as u64)];
                    let r = rw.call(h, &mut a);
                    if f16 { rw.half(r) } else { rw.bfloat(r) }
                })
            }
            HalfOp::Neg | HalfOp::Abs => rw.per_lane(ty, &args, |rw, l| {
                let x = LLVMBuildBitCast(rw.b, l[0], rw.i16, c"".as_ptr());
                let r = if op == HalfOp::Neg {
                    LLVMBuildXor(rw.b, x, LLVMConstInt(rw.i16, 0x8000, 0), c"".as_ptr())
                } else {
                    LLVMBuildAnd(rw.b, x, LLVMConstInt(rw.i16, 0x7FFF, 0), c"".as_ptr())
                };
                LLVMBuildBitCast(rw.b, r, rw.bf, c"".as_ptr())
            }),
            HalfOp::FromF32 { round, relu, pair } => {
                let f32t = LLVMFloatTypeInContext(rw.ctx);
                let mut params = [f32t, rw.i32];
                let h = rw.host(
                    "ori.ref.bf16.from_f32",
                    &mut params,
                    host_from_f32 as extern "C" fn(f32, u32) -> u32 as usize,
                );
                let mode = (round == Round::Rz) as u64 | (relu as u64) << 1 | (f16 as u64) << 2;
                // ff2bf16x2(a, b): lane 0 from b, lane 1 from a.
                let srcs = if pair { vec![args[1], args[0]] } else { vec![args[0]] };
                let lanes = srcs
                    .into_iter()
                    .map(|x| {
                        let r = rw.call(h, &mut [x, rw.c32(mode)]);
                        if f16 { rw.half(r) } else { rw.bfloat(r) }
                    })
                    .collect();
                rw.join(ty, lanes)
            }
        }))
    }
}

/// `sitofp` / `uitofp` to bfloat (see the module documentation).
unsafe fn int_to_bf16(rw: &mut Rw, i: LLVMValueRef, signed: bool) -> Result<LLVMValueRef, RefError> {
    unsafe {
        let ty = LLVMTypeOf(i);
        let x = LLVMGetOperand(i, 0);
        let xt = LLVMTypeOf(x);
        let et = if LLVMGetTypeKind(xt) == LLVMTypeKind::LLVMVectorTypeKind { LLVMGetElementType(xt) } else { xt };
        let w = LLVMGetIntTypeWidth(et);
        if w <= 53 {
            let dt = LLVMDoubleTypeInContext(rw.ctx);
            let dt = if LLVMGetTypeKind(xt) == LLVMTypeKind::LLVMVectorTypeKind {
                LLVMVectorType(dt, LLVMGetVectorSize(xt))
            } else {
                dt
            };
            let d = if signed {
                LLVMBuildSIToFP(rw.b, x, dt, c"".as_ptr())
            } else {
                LLVMBuildUIToFP(rw.b, x, dt, c"".as_ptr())
            };
            return Ok(LLVMBuildFPTrunc(rw.b, d, ty, c"".as_ptr()));
        }
        if w > 64 {
            return Err(RefError::Ineligible(format!("a conversion of an i{w} to bfloat")));
        }
        let addr = host_from_i64 as extern "C" fn(u64, u32) -> u32 as usize;
        let mut params = [rw.i64, rw.i32];
        let h = rw.host("ori.ref.bf16.from_i64", &mut params, addr);
        Ok(rw.per_lane(ty, &[x], |rw, l| {
            let wide = if signed {
                LLVMBuildSExt(rw.b, l[0], rw.i64, c"".as_ptr())
            } else {
                LLVMBuildZExt(rw.b, l[0], rw.i64, c"".as_ptr())
            };
            let r = rw.call(h, &mut [wide, rw.c32(signed as u64)]);
            rw.bfloat(r)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ori::interp::float;

    /// The reference's rounding against the interpreter's (two independent implementations).
    #[test]
    fn rounding_to_bf16_agrees_with_the_interpreter() {
        let mut x = 0x1234_5678u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for k in 0..400_000u64 {
            let bits = next();
            let f = f32::from_bits(bits as u32);
            let r = bf16_rne(f);
            let i = float::f64_to_bf16(f as f64);
            assert!(r == i || (is_nan(r) && is_nan(i)), "{f:e}: {r:#x} vs {i:#x}");
            // Doubles: random bits, and values near bf16 halfway points.
            let d =
                if k % 2 == 0 { f64::from_bits(bits) } else { f as f64 * (1.0 + (bits >> 40) as f64 * 2f64.powi(-40)) };
            let r = bf16_from_f64(d);
            let i = float::f64_to_bf16(d);
            assert!(r == i || (is_nan(r) && is_nan(i)), "{d:e}: {r:#x} vs {i:#x}");
        }
        // Ties to even, overflow, subnormals.
        assert_eq!(bf16_rne(f32::from_bits(0x3F80_8000)), 0x3F80);
        assert_eq!(bf16_rne(f32::from_bits(0x3F81_8000)), 0x3F82);
        assert_eq!(bf16_rne(f32::MAX), 0x7F80);
        assert_eq!(bf16_rne(f32::from_bits(0x0000_8001)), 0x0001);
        assert_eq!(bf16_from_f64(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3F81);
        assert_eq!(bf16_from_f64(1.0 + 2f64.powi(-8)), 0x3F80);
    }

    /// The interpreter's bf16 arithmetic against the host's (f32 operations rounded by
    /// `bf16_rne`, exact by the double-rounding bound; the fma through `host_fma`), on random
    /// operands of every magnitude (NaN results compared as NaNs).
    #[test]
    fn interpreter_arithmetic_agrees_with_the_host() {
        use crate::ori::interp::exec::alu;
        use crate::ori::opcode::{FTy, Op};
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let same = |r: u64, h: u16| r as u16 == h || (is_nan(r as u16) && is_nan(h));
        for _ in 0..200_000 {
            let r = next();
            let (a, b, c) = (r as u16, (r >> 16) as u16, (r >> 32) as u16);
            let (fa, fb) = (bf16_value(a), bf16_value(b));
            let ty = FTy::BF16;
            let add = alu(&Op::FAdd { ty, ftz: false }, &[a as u64, b as u64]).unwrap();
            assert!(same(add, bf16_rne(fa + fb)), "{a:#x} + {b:#x}");
            let mul = alu(&Op::FMul { ty, ftz: false }, &[a as u64, b as u64]).unwrap();
            assert!(same(mul, bf16_rne(fa * fb)), "{a:#x} * {b:#x}");
            let div = alu(&Op::FDiv { ty, exact: true, round: crate::ori::opcode::Round::Rn }, &[a as u64, b as u64])
                .unwrap();
            assert!(same(div, bf16_rne(fa / fb)), "{a:#x} / {b:#x}");
            let fma = alu(&Op::FFma { ty, round: Round::Rn, ftz: false }, &[a as u64, b as u64, c as u64]).unwrap();
            assert!(same(fma, host_fma(a as u32, b as u32, c as u32, 0) as u16), "fma({a:#x}, {b:#x}, {c:#x})");
            let sqrt = alu(&Op::FSqrt { ty, round: crate::ori::opcode::Round::Rn }, &[a as u64]).unwrap();
            assert!(same(sqrt, bf16_rne(fa.sqrt())), "sqrt({a:#x})");
        }
    }

    /// The interpreter's f16 `fma`, `min`/`max` (with and without `.ftz`), `.relu` and `.sat`
    /// against the host functions (f16 decoding and rounding written independently), on random
    /// bits of every magnitude, subnormals included.
    #[test]
    fn interpreter_f16_operations_agree_with_the_host() {
        use crate::ori::interp::exec::alu;
        use crate::ori::opcode::{FTy, Op};
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let nan16 = |h: u16| h & 0x7FFF > 0x7C00;
        let same = |r: u64, h: u32| r as u16 == h as u16 || (nan16(r as u16) && nan16(h as u16));
        let ty = FTy::F16;
        for k in 0..200_000 {
            let r = next();
            // Every fourth operand triple subnormal-heavy: the exponent field cleared.
            let m = if k % 4 == 0 { 0x83FF } else { 0xFFFF };
            let (a, b, c) = ((r as u16 & m) as u64, ((r >> 16) as u16 & m) as u64, ((r >> 32) as u16) as u64);
            for ftz in [false, true] {
                let f = if ftz { F16 | FTZ } else { F16 };
                let fma = alu(&Op::FFma { ty, round: Round::Rn, ftz }, &[a, b, c]).unwrap();
                assert!(same(fma, host_fma(a as u32, b as u32, c as u32, f)), "fma({a:#x}, {b:#x}, {c:#x}) ftz {ftz}");
                for (max, nan) in [(false, false), (true, false), (false, true), (true, true)] {
                    let mm = alu(&Op::FMnMx { ty, max, nan, ftz }, &[a, b]).unwrap();
                    let flags = f | if max { MAX } else { 0 } | if nan { NAN } else { 0 };
                    assert!(same(mm, host_min_max(a as u32, b as u32, flags)), "min/max({a:#x}, {b:#x}) {flags:#x}");
                }
            }
        }
        // f16 flush-to-zero, saturation and relu.
        assert_eq!(host_fma(0x0001, 0x3C00, 0x0000, F16), 0x0001); // 2^-24 · 1 + 0
        assert_eq!(host_fma(0x0001, 0x3C00, 0x0000, F16 | FTZ), 0x0000);
        assert_eq!(host_fma(0x8001, 0x3C00, 0x8000, F16 | FTZ), 0x8000);
        assert_eq!(host_fma(0x4000, 0x4000, 0x0000, F16 | SAT), 0x3C00); // 4 → 1
        assert_eq!(host_fma(0xC000, 0x3C00, 0x0000, F16 | SAT), 0x0000); // -2 → +0
        assert_eq!(host_fma(0x7E00, 0x3C00, 0x0000, F16 | SAT), 0x0000); // NaN → +0
        assert_eq!(host_fma(0x3800, 0x3C00, 0x0000, F16 | SAT), 0x3800); // 0.5 stays
        assert_eq!(host_fma(0xC000, 0x3C00, 0x0000, F16 | RELU), 0x0000);
        assert_eq!(host_min_max(0x0001, 0x0002, F16 | FTZ), 0x0000);
        assert_eq!(host_min_max(0x0001, 0x0002, F16), 0x0001);
    }

    #[test]
    fn host_operations_follow_the_ptx_semantics() {
        let one = 0x3F80u32;
        // 7 · 37 − 2^-20 = 259 − 2^-20: 259 is a bf16 tie (between 258 and 260), so fmaf's f32
        // result 259 would round to even (260); the exact value is below the tie: 258.
        assert_eq!(host_fma(0x40E0, 0x4214, 0xB580, 0), 0x4381);
        assert_eq!(float::ffma_bf16(0x40E0, 0x4214, 0xB580, Round::Rn), 0x4381);
        assert_eq!(host_fma(0x3F80, 0x3F80, 0x3B80, 0), 0x3F80); // 1 + 2^-8: a tie, to even
        assert_eq!(host_fma(0xBF80, one, 0, RELU), 0); // relu(-1) = +0
        assert_eq!(host_fma(0x7FC0, one, one, 0), CANONICAL_NAN as u32);
        // min/max: NaN handling, signed zeros, xorsign.
        assert_eq!(host_min_max(0x7FC0, one, 0), one);
        assert_eq!(host_min_max(0x7FC0, one, 2), CANONICAL_NAN as u32);
        assert_eq!(host_min_max(0x8000, 0x0000, 0), 0x8000);
        assert_eq!(host_min_max(0x8000, 0x0000, 1), 0x0000);
        assert_eq!(host_min_max(0xC000, 0x3F80, 4), 0xBF80); // min(|-2|, |1|) with sign - ^ + = -1
        // Conversions.
        assert_eq!(host_from_f32(1.0 + 2f32.powi(-8) + 2f32.powi(-20), 0), 0x3F81);
        assert_eq!(host_from_f32(1.0 + 2f32.powi(-8) + 2f32.powi(-20), 1), 0x3F80);
        assert_eq!(host_from_f32(-3.0, 2), 0);
        // f16: 1 + 2^-11 is a tie (to even 1.0), 1 + 3·2^-11 rounds up; toward zero truncates;
        // the subnormal 2^-24, overflow, relu.
        assert_eq!(host_from_f32(1.0 + 2f32.powi(-11), 4), 0x3C00);
        assert_eq!(host_from_f32(1.0 + 3.0 * 2f32.powi(-11), 4), 0x3C02);
        assert_eq!(host_from_f32(1.0 + 3.0 * 2f32.powi(-11), 5), 0x3C01);
        assert_eq!(host_from_f32(2f32.powi(-24), 4), 0x0001);
        assert_eq!(host_from_f32(-70000.0, 4), 0xFC00);
        assert_eq!(host_from_f32(70000.0, 5), 0x7BFF);
        assert_eq!(host_from_f32(65504.0, 4), 0x7BFF);
        assert_eq!(host_from_f32(-1.5, 6), 0);
        assert_eq!(host_from_f32(-1.5, 4), 0xBE00);
        assert_eq!(host_from_i64((1u64 << 24) + (1 << 16) + 1, 0), 0x4B81);
        assert_eq!(
            host_from_i64((1u64 << 60) + (1 << 52) + 1, 0),
            float::from_int((1i128 << 60) + (1 << 52) + 1, float::BFLOAT, Round::Rn) as u32
        );
        assert_eq!(host_from_i64(-1i64 as u64, 1), 0xBF80);
        assert_eq!(host_from_i64(u64::MAX, 0), 0x5F80);
    }
}
