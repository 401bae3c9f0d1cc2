//! The LLVM-side reference run of `ori check`: the original kernel, compiled for the host by
//! LLVM's MCJIT and run one thread at a time.
//!
//! # Preparing the module
//!
//! The `.ll` is parsed again into its own context and retargeted to the host (triple and data
//! layout of the native target machine; the NVPTX `target-cpu`/`target-features` attributes are
//! dropped and every function and call gets the C calling convention). NVPTX address spaces need
//! no mapping: x86 treats every address space below 256 as the flat host address space and
//! `addrspacecast` between them as a no-op, so pointer parameters simply point at host buffers.
//!
//! - Each `llvm.nvvm.read.ptx.sreg.*` declaration is replaced by a defined function loading its
//!   value from the external array `ori.ref.sregs`, which is mapped to host memory that the driver
//!   fills before each thread with [`crate::ori::interp::sreg_value`] (the interpreter's own
//!   definition of every special register).
//! - Every other `llvm.nvvm.*` declaration the kernel uses is renamed (an intrinsic name cannot be
//!   compiled for x86) and mapped to a Rust function implementing the same semantics as the Ori
//!   opcode the lowering selects for it (`MUFU`, `FFMA.RM`, `PRMT`, ...), through the interpreter's
//!   own semantic functions. An intrinsic without such a function makes the kernel ineligible.
//! - Every `frem` becomes the NVPTX expansion (`llvm/frem.rs`): the GPU does not compute an exact
//!   `fmod`, and the reference must compute what it does.
//! - A wrapper `ori.ref.entry(ptr args)` loads each kernel parameter from an 8-byte slot and calls
//!   the kernel, so the host calls one fixed signature.
//!
//! # Eligibility
//!
//! One thread at a time is a faithful execution only for kernels whose threads do not
//! communicate. The reference refuses (and `ori check` falls back to the pre-allocation Ori run,
//! labelled as such) kernels with shared memory, barriers, shuffles, votes, inline assembly,
//! atomics whose result is used or whose operation does not commute (compare-and-swap, exchange,
//! float add), calls to functions without a body, and LLVM intrinsics outside a list that the x86
//! back end lowers to instructions or C-library calls (an unresolvable symbol would abort the
//! process inside MCJIT, so nothing outside the list is attempted).

use crate::ori::interp::{Launch, ThreadCtx, exec, float, sreg_value};
use crate::ori::lower::ffi::{self, V};
use crate::ori::opcode::{MufuFn, Round};
use crate::sreg::SpecialReg;
use inkwell::OptimizationLevel;
use inkwell::context::Context;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::collections::BTreeMap;
use std::ffi::{CStr, CString};

/// A kernel argument: a buffer (passed as a pointer to a host copy) or a scalar's raw bits.
#[derive(Clone, Debug)]
pub enum RefArg {
    Buffer(Vec<u8>),
    Scalar(u64),
}

/// Memory after the run: the buffers in argument order and the requested module variables.
#[derive(Clone, Debug, Default)]
pub struct RefOutcome {
    pub buffers: Vec<Vec<u8>>,
    pub globals: BTreeMap<String, Vec<u8>>,
}

/// Why there is no reference result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefError {
    /// The kernel is outside what a one-thread-at-a-time run can execute faithfully.
    Ineligible(String),
    /// Preparing or compiling the module failed.
    Failed(String),
}

impl std::fmt::Display for RefError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RefError::Ineligible(s) | RefError::Failed(s) => f.write_str(s),
        }
    }
}

/// LLVM intrinsic families the x86 back end lowers to instructions or libm/libgcc calls.
const SAFE_INTRINSICS: &[&str] = &[
    "llvm.fma.",
    "llvm.fmuladd.",
    "llvm.sqrt.",
    "llvm.fabs.",
    "llvm.minnum.",
    "llvm.maxnum.",
    "llvm.minimum.",
    "llvm.maximum.",
    "llvm.copysign.",
    "llvm.floor.",
    "llvm.ceil.",
    "llvm.trunc.",
    "llvm.rint.",
    "llvm.nearbyint.",
    "llvm.round.",
    "llvm.roundeven.",
    "llvm.exp.",
    "llvm.exp2.",
    "llvm.log.",
    "llvm.log2.",
    "llvm.log10.",
    "llvm.sin.",
    "llvm.cos.",
    "llvm.pow.",
    "llvm.smin.",
    "llvm.smax.",
    "llvm.umin.",
    "llvm.umax.",
    "llvm.abs.",
    "llvm.ctpop.",
    "llvm.ctlz.",
    "llvm.cttz.",
    "llvm.bitreverse.",
    "llvm.bswap.",
    "llvm.fshl.",
    "llvm.fshr.",
    "llvm.sadd.with.overflow.",
    "llvm.uadd.with.overflow.",
    "llvm.ssub.with.overflow.",
    "llvm.usub.with.overflow.",
    "llvm.smul.with.overflow.",
    "llvm.umul.with.overflow.",
    "llvm.lifetime.",
    "llvm.assume",
    "llvm.memcpy.",
    "llvm.memset.",
    "llvm.memmove.",
    "llvm.experimental.noalias.scope.decl",
    "llvm.invariant.",
    "llvm.dbg.",
    "llvm.sideeffect",
];

// ---- Semantic functions the renamed nvvm intrinsics are mapped to --------------------------

fn mufu32(func: MufuFn, x: f32) -> f32 {
    // The reference ignores `.ftz` (approximations are compared with a tolerance).
    f32::from_bits(exec::mufu(func, false, x.to_bits() as u64) as u32)
}
extern "C" fn n_rsqrt_f(x: f32) -> f32 {
    mufu32(MufuFn::Rsq, x)
}
extern "C" fn n_ex2_f(x: f32) -> f32 {
    mufu32(MufuFn::Ex2, x)
}
extern "C" fn n_lg2_f(x: f32) -> f32 {
    mufu32(MufuFn::Lg2, x)
}
extern "C" fn n_sin_f(x: f32) -> f32 {
    mufu32(MufuFn::Sin, x)
}
extern "C" fn n_cos_f(x: f32) -> f32 {
    mufu32(MufuFn::Cos, x)
}
extern "C" fn n_sqrt_approx_f(x: f32) -> f32 {
    mufu32(MufuFn::Sqrt, x)
}
extern "C" fn n_rcp_approx_f(x: f32) -> f32 {
    mufu32(MufuFn::Rcp, x)
}
extern "C" fn n_rcp_approx_d(x: f64) -> f64 {
    f64::from_bits(exec::mufu(MufuFn::Rcp64H, true, x.to_bits()))
}
extern "C" fn n_rsqrt_d(x: f64) -> f64 {
    1.0 / x.sqrt()
}
extern "C" fn n_ex2_d(x: f64) -> f64 {
    x.exp2()
}
extern "C" fn n_lg2_d(x: f64) -> f64 {
    x.log2()
}
extern "C" fn n_sqrt_f(x: f32) -> f32 {
    x.sqrt()
}
extern "C" fn n_sqrt_d(x: f64) -> f64 {
    x.sqrt()
}
extern "C" fn n_div_f(a: f32, b: f32) -> f32 {
    a / b
}
extern "C" fn n_div_d(a: f64, b: f64) -> f64 {
    a / b
}
extern "C" fn n_rcp_f(x: f32) -> f32 {
    1.0 / x
}
extern "C" fn n_rcp_d(x: f64) -> f64 {
    1.0 / x
}
extern "C" fn n_add_f(a: f32, b: f32) -> f32 {
    a + b
}
extern "C" fn n_add_d(a: f64, b: f64) -> f64 {
    a + b
}
extern "C" fn n_mul_f(a: f32, b: f32) -> f32 {
    a * b
}
extern "C" fn n_mul_d(a: f64, b: f64) -> f64 {
    a * b
}
extern "C" fn n_fma_rn_f(a: f32, b: f32, c: f32) -> f32 {
    float::ffma_f32(a, b, c, Round::Rn)
}
extern "C" fn n_fma_rz_f(a: f32, b: f32, c: f32) -> f32 {
    float::ffma_f32(a, b, c, Round::Rz)
}
extern "C" fn n_fma_rm_f(a: f32, b: f32, c: f32) -> f32 {
    float::ffma_f32(a, b, c, Round::Rm)
}
extern "C" fn n_fma_rp_f(a: f32, b: f32, c: f32) -> f32 {
    float::ffma_f32(a, b, c, Round::Rp)
}
extern "C" fn n_fma_rn_d(a: f64, b: f64, c: f64) -> f64 {
    a.mul_add(b, c)
}
extern "C" fn n_saturate_f(x: f32) -> f32 {
    float::fminmax(float::fminmax(x as f64, 0.0, true), 1.0, false) as f32
}
extern "C" fn n_saturate_d(x: f64) -> f64 {
    float::fminmax(float::fminmax(x, 0.0, true), 1.0, false)
}
extern "C" fn n_fmin_f(a: f32, b: f32) -> f32 {
    float::fminmax(a as f64, b as f64, false) as f32
}
extern "C" fn n_fmax_f(a: f32, b: f32) -> f32 {
    float::fminmax(a as f64, b as f64, true) as f32
}
/// `min.NaN` / `max.NaN`: a NaN operand makes the result the canonical NaN.
extern "C" fn n_fmin_nan_f(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() { f32::from_bits(0x7FFF_FFFF) } else { n_fmin_f(a, b) }
}
extern "C" fn n_fmax_nan_f(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() { f32::from_bits(0x7FFF_FFFF) } else { n_fmax_f(a, b) }
}
extern "C" fn n_fmin_d(a: f64, b: f64) -> f64 {
    float::fminmax(a, b, false)
}
extern "C" fn n_fmax_d(a: f64, b: f64) -> f64 {
    float::fminmax(a, b, true)
}
extern "C" fn n_fabs_f(x: f32) -> f32 {
    x.abs()
}
extern "C" fn n_fabs_d(x: f64) -> f64 {
    x.abs()
}
extern "C" fn n_mulhi_i(a: i32, b: i32) -> i32 {
    ((a as i64 * b as i64) >> 32) as i32
}
extern "C" fn n_mulhi_ui(a: u32, b: u32) -> u32 {
    ((a as u64 * b as u64) >> 32) as u32
}
extern "C" fn n_mulhi_ll(a: i64, b: i64) -> i64 {
    ((a as i128 * b as i128) >> 64) as i64
}
extern "C" fn n_mulhi_ull(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}
extern "C" fn n_prmt(a: u32, b: u32, sel: u32) -> u32 {
    exec::prmt(a as u64, sel as u64, b as u64) as u32
}
extern "C" fn n_d2i_lo(x: f64) -> u32 {
    x.to_bits() as u32
}
extern "C" fn n_d2i_hi(x: f64) -> u32 {
    (x.to_bits() >> 32) as u32
}
extern "C" fn n_lohi_i2d(lo: u32, hi: u32) -> f64 {
    f64::from_bits((hi as u64) << 32 | lo as u64)
}
// `ldg` is a plain load here (the reference does not model the non-coherent cache).
extern "C" fn n_ldg_i8(p: *const u8, _align: i32) -> u8 {
    unsafe { p.read_unaligned() }
}
extern "C" fn n_ldg_i16(p: *const u16, _align: i32) -> u16 {
    unsafe { p.read_unaligned() }
}
extern "C" fn n_ldg_i32(p: *const u32, _align: i32) -> u32 {
    unsafe { p.read_unaligned() }
}
extern "C" fn n_ldg_i64(p: *const u64, _align: i32) -> u64 {
    unsafe { p.read_unaligned() }
}
extern "C" fn n_ldg_f32(p: *const f32, _align: i32) -> f32 {
    unsafe { p.read_unaligned() }
}
extern "C" fn n_ldg_f64(p: *const f64, _align: i32) -> f64 {
    unsafe { p.read_unaligned() }
}

/// The host implementation of `llvm.nvvm.<suffix>`: (return type, parameter types, address).
/// `ptr` in a parameter list matches a pointer in any address space.
fn builtin(suffix: &str) -> Option<(&'static str, &'static [&'static str], usize)> {
    const F1: &[&str] = &["float"];
    const F2: &[&str] = &["float", "float"];
    const F3: &[&str] = &["float", "float", "float"];
    const D1: &[&str] = &["double"];
    const D2: &[&str] = &["double", "double"];
    const D3: &[&str] = &["double", "double", "double"];
    const I2: &[&str] = &["i32", "i32"];
    const L2: &[&str] = &["i64", "i64"];
    const LDG: &[&str] = &["ptr", "i32"];
    let approx = |base: &str| suffix == format!("{base}.f") || suffix == format!("{base}.ftz.f");
    let f = |x: extern "C" fn(f32) -> f32| x as usize;
    let d = |x: extern "C" fn(f64) -> f64| x as usize;
    let f2 = |x: extern "C" fn(f32, f32) -> f32| x as usize;
    let d2 = |x: extern "C" fn(f64, f64) -> f64| x as usize;
    let f3 = |x: extern "C" fn(f32, f32, f32) -> f32| x as usize;
    Some(match suffix {
        _ if approx("rsqrt.approx") => ("float", F1, f(n_rsqrt_f)),
        _ if approx("ex2.approx") => ("float", F1, f(n_ex2_f)),
        _ if approx("lg2.approx") => ("float", F1, f(n_lg2_f)),
        _ if approx("sin.approx") => ("float", F1, f(n_sin_f)),
        _ if approx("cos.approx") => ("float", F1, f(n_cos_f)),
        _ if approx("sqrt.approx") => ("float", F1, f(n_sqrt_approx_f)),
        _ if approx("rcp.approx") => ("float", F1, f(n_rcp_approx_f)),
        _ if approx("div.approx") => ("float", F2, f2(n_div_f)),
        _ if approx("fmin.nan") || suffix == "fmin.ftz.nan.f" => ("float", F2, f2(n_fmin_nan_f)),
        _ if approx("fmax.nan") || suffix == "fmax.ftz.nan.f" => ("float", F2, f2(n_fmax_nan_f)),
        _ if approx("fmin") => ("float", F2, f2(n_fmin_f)),
        _ if approx("fmax") => ("float", F2, f2(n_fmax_f)),
        _ if approx("fabs") => ("float", F1, f(n_fabs_f)),
        _ if approx("saturate") => ("float", F1, f(n_saturate_f)),
        "rcp.approx.ftz.d" => ("double", D1, d(n_rcp_approx_d)),
        "rsqrt.approx.d" => ("double", D1, d(n_rsqrt_d)),
        "ex2.approx.d" => ("double", D1, d(n_ex2_d)),
        "lg2.approx.d" => ("double", D1, d(n_lg2_d)),
        "sqrt.rn.f" | "sqrt.f" => ("float", F1, f(n_sqrt_f)),
        "sqrt.rn.d" => ("double", D1, d(n_sqrt_d)),
        "div.rn.f" => ("float", F2, f2(n_div_f)),
        "div.rn.d" => ("double", D2, d2(n_div_d)),
        "rcp.rn.f" => ("float", F1, f(n_rcp_f)),
        "rcp.rn.d" => ("double", D1, d(n_rcp_d)),
        "add.rn.f" => ("float", F2, f2(n_add_f)),
        "add.rn.d" => ("double", D2, d2(n_add_d)),
        "mul.rn.f" => ("float", F2, f2(n_mul_f)),
        "mul.rn.d" => ("double", D2, d2(n_mul_d)),
        "fma.rn.f" => ("float", F3, f3(n_fma_rn_f)),
        "fma.rz.f" => ("float", F3, f3(n_fma_rz_f)),
        "fma.rm.f" => ("float", F3, f3(n_fma_rm_f)),
        "fma.rp.f" => ("float", F3, f3(n_fma_rp_f)),
        "fma.rn.d" => ("double", D3, n_fma_rn_d as extern "C" fn(f64, f64, f64) -> f64 as usize),
        "saturate.d" => ("double", D1, d(n_saturate_d)),
        "fmin.d" => ("double", D2, d2(n_fmin_d)),
        "fmax.d" => ("double", D2, d2(n_fmax_d)),
        "fabs.d" => ("double", D1, d(n_fabs_d)),
        "mulhi.i" => ("i32", I2, n_mulhi_i as extern "C" fn(i32, i32) -> i32 as usize),
        "mulhi.ui" => ("i32", I2, n_mulhi_ui as extern "C" fn(u32, u32) -> u32 as usize),
        "mulhi.ll" => ("i64", L2, n_mulhi_ll as extern "C" fn(i64, i64) -> i64 as usize),
        "mulhi.ull" => ("i64", L2, n_mulhi_ull as extern "C" fn(u64, u64) -> u64 as usize),
        "prmt" => ("i32", &["i32", "i32", "i32"], n_prmt as extern "C" fn(u32, u32, u32) -> u32 as usize),
        "d2i.lo" => ("i32", D1, n_d2i_lo as extern "C" fn(f64) -> u32 as usize),
        "d2i.hi" => ("i32", D1, n_d2i_hi as extern "C" fn(f64) -> u32 as usize),
        "lohi.i2d" => ("double", I2, n_lohi_i2d as extern "C" fn(u32, u32) -> f64 as usize),
        s if s.starts_with("ldg.global.") => {
            let ty = s.split('.').nth(3)?;
            match ty {
                "i8" => ("i8", LDG, n_ldg_i8 as extern "C" fn(*const u8, i32) -> u8 as usize),
                "i16" => ("i16", LDG, n_ldg_i16 as extern "C" fn(*const u16, i32) -> u16 as usize),
                "i32" => ("i32", LDG, n_ldg_i32 as extern "C" fn(*const u32, i32) -> u32 as usize),
                "i64" => ("i64", LDG, n_ldg_i64 as extern "C" fn(*const u64, i32) -> u64 as usize),
                "f32" => ("float", LDG, n_ldg_f32 as extern "C" fn(*const f32, i32) -> f32 as usize),
                "f64" => ("double", LDG, n_ldg_f64 as extern "C" fn(*const f64, i32) -> f64 as usize),
                _ => return None,
            }
        }
        _ => return None,
    })
}

fn type_string(t: LLVMTypeRef) -> String {
    unsafe {
        let p = LLVMPrintTypeToString(t);
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        s
    }
}

/// Whether function type `fty` matches a builtin's signature.
fn signature_matches(fty: LLVMTypeRef, ret: &str, params: &[&str]) -> bool {
    unsafe {
        if type_string(LLVMGetReturnType(fty)) != ret || LLVMCountParamTypes(fty) as usize != params.len() {
            return false;
        }
        let mut ps = vec![std::ptr::null_mut(); params.len()];
        LLVMGetParamTypes(fty, ps.as_mut_ptr());
        ps.iter().zip(params).all(|(&t, &want)| {
            let s = type_string(t);
            if want == "ptr" { s.starts_with("ptr") } else { s == want }
        })
    }
}

fn functions(m: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            out.push(f);
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

fn instructions(f: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    unsafe {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                out.push(i);
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
    }
    out
}

/// `ptr` addresses memory only its own thread sees: local memory (address space 5), or an alloca
/// reached through GEPs and casts. Atomics on it have one outcome whatever the thread order.
fn thread_private(mut ptr: V) -> bool {
    use llvm_sys::LLVMOpcode as O;
    loop {
        if unsafe { LLVMGetPointerAddressSpace(LLVMTypeOf(ptr.0)) } == 5 {
            return true;
        }
        if !ffi::is_instruction(ptr) {
            return false;
        }
        match ffi::opcode(ptr) {
            O::LLVMAlloca => return true,
            O::LLVMGetElementPtr | O::LLVMAddrSpaceCast | O::LLVMBitCast => ptr = ffi::operand(ptr, 0),
            _ => return false,
        }
    }
}

/// Why the kernel's parameters cannot come from the wrapper's 8-byte slots (`None`: they can):
/// a byval parameter (the kernel reads the bytes it points to, which `ori check` does not pass
/// to the Ori side) or a value wider than a slot (`<4 x i32>`, a 16-byte struct).
fn param_ineligibility(
    module: &inkwell::module::Module<'_>,
    kfn: inkwell::values::FunctionValue<'_>,
) -> Option<String> {
    use inkwell::attributes::{Attribute, AttributeLoc};
    use inkwell::types::AsTypeRef;
    let layout = module.get_data_layout();
    let td = inkwell::targets::TargetData::create(layout.as_str().to_str().unwrap_or(""));
    let byval = Attribute::get_named_enum_kind_id("byval");
    for (i, p) in kfn.get_param_iter().enumerate() {
        if kfn.get_enum_attribute(AttributeLoc::Param(i as u32), byval).is_some() {
            return Some("a byval parameter".into());
        }
        let size = unsafe { llvm_sys::target::LLVMABISizeOfType(td.as_mut_ptr(), p.get_type().as_type_ref()) };
        if size > 8 {
            return Some("a parameter passed by value wider than 8 bytes".into());
        }
    }
    None
}

/// Why the module's kernel cannot be run by the reference (`None`: it can).
fn ineligibility(m: LLVMModuleRef) -> Option<String> {
    use llvm_sys::LLVMAtomicRMWBinOp::*;
    use llvm_sys::LLVMOpcode as O;
    unsafe {
        let mut g = LLVMGetFirstGlobal(m);
        while !g.is_null() {
            if LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3 {
                return Some(format!("shared memory (@{})", ffi::name(V(g))));
            }
            g = LLVMGetNextGlobal(g);
        }
    }
    for f in functions(m) {
        for i in instructions(f) {
            let v = V(i);
            match ffi::opcode(v) {
                O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg if thread_private(ffi::operand(v, 0)) => {}
                O::LLVMAtomicRMW => {
                    let used = unsafe { !LLVMGetFirstUse(i).is_null() };
                    let commutes = matches!(
                        ffi::atomic_rmw_op(v),
                        LLVMAtomicRMWBinOpAdd
                            | LLVMAtomicRMWBinOpSub
                            | LLVMAtomicRMWBinOpAnd
                            | LLVMAtomicRMWBinOpOr
                            | LLVMAtomicRMWBinOpXor
                            | LLVMAtomicRMWBinOpMax
                            | LLVMAtomicRMWBinOpMin
                            | LLVMAtomicRMWBinOpUMax
                            | LLVMAtomicRMWBinOpUMin
                    );
                    if used || !commutes {
                        return Some("atomics whose outcome depends on the thread order".into());
                    }
                }
                O::LLVMAtomicCmpXchg => return Some("atomic compare-and-swap".into()),
                O::LLVMCall => {
                    let callee = ffi::called_value(v);
                    if ffi::is_inline_asm(callee) {
                        return Some("inline assembly".into());
                    }
                    if !ffi::is_function(callee) {
                        return Some("an indirect call".into());
                    }
                    let name = ffi::name(callee);
                    if !ffi::is_declaration(callee) {
                        continue;
                    }
                    if let Some(rest) = name.strip_prefix("llvm.nvvm.") {
                        if SpecialReg::from_intrinsic(&name).is_some() {
                            continue;
                        }
                        let what = if rest.starts_with("barrier") || rest.starts_with("bar.") {
                            "barriers"
                        } else if rest.starts_with("shfl.") {
                            "warp shuffles"
                        } else if rest.starts_with("vote.") || rest == "activemask" {
                            "warp votes"
                        } else if rest.starts_with("atomic") {
                            "atomics"
                        } else if rest.starts_with("membar") || rest.starts_with("fence") {
                            continue;
                        } else if builtin(rest).is_none() {
                            return Some(format!("intrinsic @{name} has no host implementation"));
                        } else {
                            continue;
                        };
                        return Some(what.into());
                    }
                    if name.starts_with("llvm.") {
                        if SAFE_INTRINSICS.iter().any(|p| name.starts_with(p)) {
                            continue;
                        }
                        return Some(format!("intrinsic @{name}"));
                    }
                    return Some(format!("call to the external function @{name}"));
                }
                _ => {}
            }
        }
    }
    None
}

/// Host memory for one buffer: `PAD` bytes on each side, the data 256-byte aligned.
struct HostBuffer {
    storage: Vec<u8>,
    offset: usize,
    len: usize,
}

const PAD: usize = 1 << 16;

impl HostBuffer {
    fn new(data: &[u8]) -> HostBuffer {
        let mut storage = vec![0u8; data.len() + 2 * PAD + 256];
        let base = storage.as_ptr() as usize + PAD;
        let offset = base.next_multiple_of(256) - storage.as_ptr() as usize;
        storage[offset..offset + data.len()].copy_from_slice(data);
        HostBuffer { storage, offset, len: data.len() }
    }
    fn ptr(&mut self) -> u64 {
        self.storage[self.offset..].as_mut_ptr() as u64
    }
    fn data(&self) -> Vec<u8> {
        self.storage[self.offset..self.offset + self.len].to_vec()
    }
}

/// Runs `kernel` of the module in `ir` over `launch`, one thread at a time; `globals` lists
/// module variables (name, size) to read back.
pub fn run(
    ir: &[u8],
    kernel: &str,
    args: &[RefArg],
    launch: &Launch,
    globals: &[(String, u64)],
) -> Result<RefOutcome, RefError> {
    let failed = |s: String| RefError::Failed(s);
    let ctx = Context::create();
    let module = crate::llvm::module::parse_module(&ctx, ir, "reference").map_err(|e| failed(e.to_string()))?;
    let m = module.as_mut_ptr();
    let Some(kfn) = module.get_function(kernel) else {
        return Err(failed(format!("no function @{kernel}")));
    };
    if let Some(why) = ineligibility(m) {
        return Err(RefError::Ineligible(why));
    }
    if let Some(why) = param_ineligibility(&module, kfn) {
        return Err(RefError::Ineligible(why));
    }
    // SAFETY: `m` is the live module parsed above.
    unsafe { crate::llvm::frem::expand(m) };
    Target::initialize_native(&InitializationConfig::default()).map_err(failed)?;
    unsafe { llvm_sys::execution_engine::LLVMLinkInMCJIT() };
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| failed(e.to_string()))?;
    let tm = target
        .create_target_machine(&triple, "", "", OptimizationLevel::None, RelocMode::Default, CodeModel::JITDefault)
        .ok_or_else(|| failed("no host target machine".into()))?;
    module.set_triple(&triple);
    module.set_data_layout(&tm.get_target_data().get_data_layout());

    let mut sreg_slots: Vec<SpecialReg> = Vec::new();
    let mut mappings: Vec<(LLVMValueRef, usize)> = Vec::new();
    let entry = unsafe { prepare(m, kfn.as_value_ref_raw(), &mut sreg_slots, &mut mappings)? };
    module.verify().map_err(|e| failed(format!("prepared module does not verify: {e}")))?;

    let ee = module.create_jit_execution_engine(OptimizationLevel::None).map_err(|e| failed(e.to_string()))?;
    let sregs: *mut u64 = Box::into_raw(Box::new([0u64; 64])) as *mut u64;
    let result = (|| -> Result<RefOutcome, RefError> {
        unsafe {
            let sreg_global = LLVMGetNamedGlobal(m, c"ori.ref.sregs".as_ptr());
            llvm_sys::execution_engine::LLVMAddGlobalMapping(ee.as_mut_ptr(), sreg_global, sregs as *mut _);
            for &(f, addr) in &mappings {
                llvm_sys::execution_engine::LLVMAddGlobalMapping(ee.as_mut_ptr(), f, addr as *mut _);
            }
        }
        let addr = ee.get_function_address(&entry).map_err(|e| failed(format!("{e:?}")))?;
        // SAFETY: the wrapper was built with exactly this signature.
        let call: extern "C" fn(*const u64) = unsafe { std::mem::transmute::<usize, extern "C" fn(*const u64)>(addr) };
        let mut bufs: Vec<HostBuffer> = Vec::new();
        let mut slots: Vec<u64> = Vec::new();
        for a in args {
            match a {
                RefArg::Buffer(data) => {
                    bufs.push(HostBuffer::new(data));
                    slots.push(bufs.last_mut().unwrap().ptr());
                }
                RefArg::Scalar(v) => slots.push(*v),
            }
        }
        let (g, b) = (launch.grid, launch.block);
        for cz in 0..g[2] {
            for cy in 0..g[1] {
                for cx in 0..g[0] {
                    for tz in 0..b[2] {
                        for ty in 0..b[1] {
                            for tx in 0..b[0] {
                                let linear = tx + ty * b[0] + tz * b[0] * b[1];
                                let t = ThreadCtx {
                                    tid: [tx, ty, tz],
                                    ntid: b,
                                    ctaid: [cx, cy, cz],
                                    nctaid: g,
                                    lane: linear % 32,
                                    warp: linear / 32,
                                };
                                for (k, r) in sreg_slots.iter().enumerate() {
                                    // SAFETY: 64 slots, at most one per special register kind used.
                                    unsafe { sregs.add(k).write_volatile(sreg_value(*r, &t)) };
                                }
                                call(slots.as_ptr());
                            }
                        }
                    }
                }
            }
        }
        let mut out = RefOutcome { buffers: bufs.iter().map(HostBuffer::data).collect(), ..Default::default() };
        for (name, size) in globals {
            let cname = CString::new(name.as_str()).unwrap();
            let a = unsafe { llvm_sys::execution_engine::LLVMGetGlobalValueAddress(ee.as_mut_ptr(), cname.as_ptr()) };
            if a != 0 {
                // SAFETY: the JIT allocated the variable with its type's size.
                let bytes = unsafe { std::slice::from_raw_parts(a as *const u8, *size as usize) };
                out.globals.insert(name.clone(), bytes.to_vec());
            }
        }
        Ok(out)
    })();
    drop(ee);
    // SAFETY: allocated above with Box::into_raw, no longer referenced by the JIT.
    unsafe { drop(Box::from_raw(sregs as *mut [u64; 64])) };
    result
}

trait RawValue {
    fn as_value_ref_raw(&self) -> LLVMValueRef;
}

impl RawValue for inkwell::values::FunctionValue<'_> {
    fn as_value_ref_raw(&self) -> LLVMValueRef {
        use inkwell::values::AsValueRef;
        self.as_value_ref()
    }
}

/// Rewrites the module for the host (see the module documentation); returns the wrapper's name.
///
/// # Safety
/// `m` and `kernel` must be a live module and one of its functions.
unsafe fn prepare(
    m: LLVMModuleRef,
    kernel: LLVMValueRef,
    sreg_slots: &mut Vec<SpecialReg>,
    mappings: &mut Vec<(LLVMValueRef, usize)>,
) -> Result<String, RefError> {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let i64t = LLVMInt64TypeInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        let ptrt = LLVMPointerTypeInContext(ctx, 0);
        let voidt = LLVMVoidTypeInContext(ctx);
        let arr = LLVMArrayType2(i64t, 64);
        let sregs = LLVMAddGlobal(m, arr, c"ori.ref.sregs".as_ptr());
        let b = LLVMCreateBuilderInContext(ctx);
        for f in functions(m) {
            LLVMSetFunctionCallConv(f, llvm_sys::LLVMCallConv::LLVMCCallConv as u32);
            for key in ["target-cpu", "target-features"] {
                LLVMRemoveStringAttributeAtIndex(
                    f,
                    llvm_sys::LLVMAttributeFunctionIndex,
                    key.as_ptr() as *const _,
                    key.len() as u32,
                );
            }
            for i in instructions(f) {
                if ffi::opcode(V(i)) == llvm_sys::LLVMOpcode::LLVMCall {
                    LLVMSetInstructionCallConv(i, llvm_sys::LLVMCallConv::LLVMCCallConv as u32);
                }
            }
        }
        for f in functions(m) {
            let name = ffi::name(V(f));
            let Some(suffix) = name.strip_prefix("llvm.nvvm.") else { continue };
            if LLVMIsDeclaration(f) == 0 {
                continue;
            }
            let fty = LLVMGlobalGetValueType(f);
            let new_name = CString::new(format!("ori.ref.{suffix}")).unwrap();
            let nf = LLVMAddFunction(m, new_name.as_ptr(), fty);
            if let Some(reg) = SpecialReg::from_intrinsic(&name) {
                let slot = sreg_slots.len();
                if slot >= 64 {
                    LLVMDisposeBuilder(b);
                    return Err(RefError::Failed("too many special registers".into()));
                }
                sreg_slots.push(reg);
                let bb = LLVMAppendBasicBlockInContext(ctx, nf, c"entry".as_ptr());
                LLVMPositionBuilderAtEnd(b, bb);
                let mut idx = [LLVMConstInt(i64t, 0, 0), LLVMConstInt(i64t, slot as u64, 0)];
                let p = LLVMBuildInBoundsGEP2(b, arr, sregs, idx.as_mut_ptr(), 2, c"p".as_ptr());
                let v = LLVMBuildLoad2(b, i64t, p, c"v".as_ptr());
                let rt = LLVMGetReturnType(fty);
                let r = if LLVMGetIntTypeWidth(rt) == 64 { v } else { LLVMBuildTrunc(b, v, rt, c"t".as_ptr()) };
                LLVMBuildRet(b, r);
            } else {
                let spec = builtin(suffix).filter(|(ret, params, _)| signature_matches(fty, ret, params));
                let Some((_, _, addr)) = spec else {
                    LLVMDisposeBuilder(b);
                    return Err(RefError::Ineligible(format!(
                        "intrinsic @{name} ({}) has no host implementation",
                        type_string(fty)
                    )));
                };
                mappings.push((nf, addr));
            }
            LLVMReplaceAllUsesWith(f, nf);
            LLVMDeleteFunction(f);
        }
        // The wrapper: ori.ref.entry(ptr args) { kernel(load(args[0]), load(args[1]), ...) }
        let wty = LLVMFunctionType(voidt, [ptrt].as_mut_ptr(), 1, 0);
        let w = LLVMAddFunction(m, c"ori.ref.entry".as_ptr(), wty);
        let bb = LLVMAppendBasicBlockInContext(ctx, w, c"entry".as_ptr());
        LLVMPositionBuilderAtEnd(b, bb);
        let args = LLVMGetParam(w, 0);
        let kty = LLVMGlobalGetValueType(kernel);
        let n = LLVMCountParams(kernel);
        let mut vals = Vec::with_capacity(n as usize);
        for k in 0..n {
            let pty = LLVMTypeOf(LLVMGetParam(kernel, k));
            let mut idx = [LLVMConstInt(i32t, k as u64, 0)];
            let slot = LLVMBuildInBoundsGEP2(b, i64t, args, idx.as_mut_ptr(), 1, c"slot".as_ptr());
            vals.push(LLVMBuildLoad2(b, pty, slot, c"arg".as_ptr()));
        }
        LLVMBuildCall2(b, kty, kernel, vals.as_mut_ptr(), n, c"".as_ptr());
        LLVMBuildRetVoid(b);
        LLVMDisposeBuilder(b);
        Ok("ori.ref.entry".into())
    }
}
