//! The LLVM-side reference run of `ori check`: the original kernel, compiled for the host by
//! LLVM's MCJIT from the same IR, each CUDA thread of a CTA an OS thread.
//!
//! It is independent of ori's lowering and SIMT interpreter: it runs LLVM's own code for the
//! kernel; only the NVPTX operations that have no host instruction are host functions written
//! here from the PTX ISA (barriers, warp collectives, a few inline PTX instructions) — the
//! approximate math intrinsics reuse the interpreter's model of the hardware's function unit
//! (compared with a tolerance), and the special registers its launch-environment convention.
//!
//! # Design
//!
//! Threads of a CTA communicate through shared memory, barriers and warp collectives, so the
//! reference runs them as OS threads (`sched`): each executes the JIT-compiled kernel and calls
//! host functions at barriers and collectives, where it waits for the threads it synchronises
//! with. The alternative — splitting the kernel at barriers into per-thread loops ("region" or
//! hierarchical collapsing) — has to re-express every value live across a barrier, loops
//! containing barriers and divergent collectives as an IR transformation; running the unchanged
//! code on real threads needs none of that and supports barriers in loops, calls and
//! divergence as they are. The threads take turns (one holds a baton; see `sched`), which makes
//! the run deterministic and every memory operation atomic. CTAs run one after another, their
//! shared memory zeroed (or set to the variables' initial values) before each; at most
//! [`sched::MAX_THREADS`] threads per CTA.
//!
//! The kernel runs twice, on fresh buffers and module variables: in warp order and in the
//! reversed order. Outputs that differ between the two depend on the schedule — the order of
//! atomics whose results are used, floating-point atomic sums, races — and are reported as such
//! ([`RefOutcome::unstable`]), so that `ori check` does not mistake a second correct outcome for
//! a miscompile.
//!
//! # Preparing the module (`rewrite`)
//!
//! The `.ll` is parsed again into its own context and retargeted to the host (triple and data
//! layout of the native target machine; the NVPTX `target-cpu`/`target-features` attributes are
//! dropped and every function and call gets the C calling convention). x86 treats every address
//! space below 256 as the flat host address space and `addrspacecast` between them as a no-op, so
//! pointer parameters simply point at host buffers and generic pointers to shared memory work.
//!
//! - `llvm.nvvm.read.ptx.sreg.*` become functions calling `ori.ref.sreg(slot)`, which reads the
//!   calling thread's coordinates.
//! - Barriers (`barrier0`, `barrier0.popc/and/or`, `barrier.n`, `barrier`, `barrier.sync{.cnt}`,
//!   `bar.sync`, `barrier.cta.*`) become calls of `ori.ref.bar`; warp collectives (`shfl{.sync}`
//!   in every mode and type, `vote{.sync}`, `match`, `redux.sync`, `activemask`, `bar.warp.sync`)
//!   calls of `ori.ref.warp` carrying a call-site number (non-`.sync` forms act on the lanes at the
//!   same call site).
//! - NVVM atomics (`atomic.load.inc/dec.32`, the scoped `atomic.*.gen.*`) become `atomicrmw` /
//!   `cmpxchg`; after every atomic, volatile access and fence the thread yields (`ori.ref.yield`).
//!   The x86 code of an atomic is a real locked instruction, so atomics in every space are atomic.
//! - `addrspace(3)` variables become external declarations mapped to the CTA's shared memory;
//!   every `extern __shared__` array maps to the one dynamic region, as in CUDA.
//! - Inline PTX that is one instruction of a small set (`ptx`) is translated to IR; any other
//!   template the PTX-subset evaluator shared with the interpreter understands
//!   (`ori::interp::ptx_block`) becomes a call of `ori.ref.asm`, which runs it for the thread
//!   (`ptx_blocks`: the reference is independent of ori for everything but the semantics of
//!   such blocks); any other makes the kernel ineligible, with the template named.
//! - Every other `llvm.nvvm.*` declaration used is renamed and mapped to a host function
//!   (below); a wrapper `ori.ref.entry(ptr args)` loads each kernel parameter from an 8-byte
//!   slot and calls the kernel.
//! - The sm_90 intrinsics (mbarriers, `cp.async`, `elect.sync`, clusters of one CTA) become
//!   host functions and IR with the interpreter's semantics (`sm90`).
//! - `llvm.trap`, `llvm.debugtrap`, `__assertfail` (CUDA's `assert`) and `llvm.nvvm.exit` become
//!   host functions that leave the thread's kernel code (`abort`); a trap stops the run, which
//!   then reports it ([`RefOutcome::trapped`]) instead of memory.
//! - Every `frem` becomes the NVPTX expansion (`llvm/frem.rs`): the GPU does not compute an exact
//!   `fmod`, and the reference must compute what it does.
//! - bfloat (`bf16`): the conversions x86 calls (`__truncsfbf2`, `__truncdfbf2`) are registered
//!   as host functions; `fma` and integer → bf16 conversions, which x86 rounds twice, and the
//!   bf16 `llvm.nvvm.*` intrinsics are rewritten to round once, as the GPU does (`bf16`).
//!
//! # Eligibility
//!
//! Refused (and `ori check` then compares pre- and post-allocation Ori only, saying why): inline
//! PTX outside the set, calls of functions without a body, NVVM intrinsics without a host
//! implementation, LLVM intrinsics outside a list that the x86 back end lowers to instructions
//! or C-library calls (an unresolvable symbol would abort the process inside MCJIT, so nothing
//! outside the list is attempted), and CTAs larger than 1024 threads. A run that deadlocks
//! (threads waiting at a barrier others never reach) or exceeds [`TIME_LIMIT`] is a failure,
//! reported with its reason; a thread stuck in a loop cannot be stopped, so on a timeout its
//! memory is leaked and it keeps running until the process exits.

mod abort;
mod bf16;
mod images;
mod jump;
mod nvvm_round;
mod ptx;
mod ptx_blocks;
mod rewrite;
mod sched;
mod sm90;
#[cfg(test)]
mod tests;

use crate::ori::interp::texture::ImageSpec;
use crate::ori::interp::{Launch, exec, float};
use crate::ori::opcode::{MufuFn, Round};
use inkwell::OptimizationLevel;
use inkwell::context::Context;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::{LLVMABISizeOfType, LLVMGetModuleDataLayout};
use std::collections::BTreeMap;
use std::ffi::{CStr, CString};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long one reference run (all CTAs) may take.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);
/// Stack of each OS thread running a CUDA thread.
const THREAD_STACK: usize = 4 << 20;

/// A kernel argument: a buffer (passed as a pointer to a host copy), a scalar's raw bits, or a
/// texture/surface/sampler handle bound to an image holding `data` (`images.rs`).
#[derive(Clone, Debug)]
pub enum RefArg {
    Buffer(Vec<u8>),
    Scalar(u64),
    Image { handle: u64, spec: ImageSpec, data: Vec<u8> },
}

/// The image of a module `.texref`/`.surfref` variable (by LLVM name): its handle is the
/// variable's address.
#[derive(Clone, Debug)]
pub struct RefImage {
    pub global: String,
    pub spec: ImageSpec,
    pub data: Vec<u8>,
}

/// Memory after the run: the buffers (and images) in argument order and the requested module
/// variables (and the images of module variables).
#[derive(Clone, Debug, Default)]
pub struct RefOutcome {
    pub buffers: Vec<Vec<u8>>,
    pub globals: BTreeMap<String, Vec<u8>>,
    /// Observations worth reporting (a shuffle read a lane that does not take part, ...).
    pub notes: Vec<String>,
    /// Per buffer, per byte: whether a second run with the reversed schedule (warps and lanes
    /// taking turns in decreasing order) wrote a different value. Such outputs depend on the
    /// thread schedule (atomics whose order matters, races): more than one value is correct.
    pub unstable: Vec<Vec<bool>>,
    /// The same for the requested module variables.
    pub unstable_globals: BTreeMap<String, Vec<bool>>,
    /// A thread trapped (`llvm.trap`, a failed `assert`): why. The run stopped there; memory is
    /// not an outcome then (`abort.rs`).
    pub trapped: Option<String>,
}

/// Why there is no reference result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefError {
    /// The kernel uses something the reference cannot run (named).
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
    "llvm.vector.reduce.",
    "llvm.ptrmask.",
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
    "llvm.fptosi.sat.",
    "llvm.fptoui.sat.",
    "llvm.uadd.sat.",
    "llvm.usub.sat.",
    "llvm.sadd.sat.",
    "llvm.ssub.sat.",
    "llvm.lifetime.",
    "llvm.assume",
    "llvm.memcpy.",
    "llvm.memset.",
    "llvm.memmove.",
    "llvm.experimental.noalias.scope.decl",
    "llvm.invariant.",
    "llvm.dbg.",
    "llvm.sideeffect",
    "llvm.stacksave",
    "llvm.stackrestore",
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
extern "C" fn n_tanh_f(x: f32) -> f32 {
    mufu32(MufuFn::Tanh, x)
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
/// `min`/`max[.NaN].xorsign.abs.f32`: the min/max of the magnitudes, its sign bit the XOR of
/// the operands' (a NaN result keeps a NaN).
fn xorsign(m: f32, a: f32, b: f32) -> f32 {
    f32::from_bits(m.to_bits() | ((a.to_bits() ^ b.to_bits()) & 0x8000_0000))
}
extern "C" fn n_xorsign_f<const MAX: bool, const NAN: bool>(a: f32, b: f32) -> f32 {
    let m = match (MAX, NAN) {
        (false, false) => n_fmin_f(a.abs(), b.abs()),
        (true, false) => n_fmax_f(a.abs(), b.abs()),
        (false, true) => n_fmin_nan_f(a.abs(), b.abs()),
        (true, true) => n_fmax_nan_f(a.abs(), b.abs()),
    };
    xorsign(m, a, b)
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
type Dp4 = extern "C" fn(u32, u32, u32) -> u32;
type Dp2 = extern "C" fn(u32, u32, bool, u32) -> u32;
/// `bfind[.shiftamt]` (`llvm.nvvm.flo.*`), written from the PTX ISA: the most significant bit
/// that is set (signed: that differs from the sign bit), searched from the top; 0xFFFFFFFF for
/// none; `shiftamt`: how far left that bit must move to become the top bit.
fn bfind(x: u64, bits: u32, signed: bool, shiftamt: bool) -> u32 {
    let negative = signed && (x >> (bits - 1)) & 1 == 1;
    let pos = (0..bits).rev().find(|&k| ((x >> k) & 1 == 1) != negative);
    match pos {
        None => u32::MAX,
        Some(p) if shiftamt => bits - 1 - p,
        Some(p) => p,
    }
}
extern "C" fn n_flo32<const SIGNED: bool>(x: u32, shiftamt: bool) -> u32 {
    bfind(x as u64, 32, SIGNED, shiftamt)
}
extern "C" fn n_flo64<const SIGNED: bool>(x: u64, shiftamt: bool) -> u32 {
    bfind(x, 64, SIGNED, shiftamt)
}
type Flo32 = extern "C" fn(u32, bool) -> u32;
type Flo64 = extern "C" fn(u64, bool) -> u32;
/// f32 → TF32 in a 32-bit container (`f2tf32.*`), computed on values: `x` divided by the ulp of a
/// 10-bit fraction in its binade (exact in f64), rounded to an integer by `mode` (0 `rn` ties to
/// even, 1 `rna` ties away, 2 `rz`), multiplied back; 4 added: `.relu` (negative → +0). The low
/// 13 bits of the result are zero; infinities and NaNs keep their upper bits.
fn f2tf32(x: f32, mode: u32) -> u32 {
    let r = if x.is_finite() {
        // The binade's exponent (subnormals and zeros share the smallest normal one's ulp).
        let e = ((x.to_bits() >> 23) & 0xFF) as i32 - 127;
        let e = e.max(-126);
        let ulp = 2f64.powi(e - 10);
        let q = x as f64 / ulp;
        let n = match mode & 3 {
            0 => q.round_ties_even(),
            1 => q.round(),
            _ => q.trunc(),
        };
        ((n * ulp) as f32).to_bits()
    } else {
        x.to_bits()
    };
    let negative = r & 0x8000_0000 != 0 && !f32::from_bits(r).is_nan();
    let r = if mode & 4 != 0 && negative {
        0
    } else if mode & 4 != 0 && f32::from_bits(r).is_nan() {
        0x7FFF_FFFF
    } else {
        r
    };
    r & 0xFFFF_E000
}
/// `f2tf32.*` by its `MODE` (see [`f2tf32`]).
extern "C" fn n_f2tf32<const MODE: u32>(x: f32) -> u32 {
    f2tf32(x, MODE)
}
type Tf32 = extern "C" fn(f32) -> u32;
/// `dp4a` / `dp2a`, written from the PTX ISA's definition (independent of the interpreter's
/// `exec::dot`): each field extended, the products summed into `c` modulo 2^32.
extern "C" fn n_dp4a<const AS: bool, const BS: bool>(a: u32, b: u32, c: u32) -> u32 {
    let byte =
        |x: u32, k: u32, s: bool| if s { (x >> (8 * k)) as u8 as i8 as i32 } else { (x >> (8 * k)) as u8 as i32 };
    (0..4).fold(c, |acc, k| acc.wrapping_add(byte(a, k, AS).wrapping_mul(byte(b, k, BS)) as u32))
}
extern "C" fn n_dp2a<const AS: bool, const BS: bool>(a: u32, b: u32, hi: bool, c: u32) -> u32 {
    let half = |k: u32| if AS { (a >> (16 * k)) as u16 as i16 as i32 } else { (a >> (16 * k)) as u16 as i32 };
    let byte = |k: u32| if BS { (b >> (8 * k)) as u8 as i8 as i32 } else { (b >> (8 * k)) as u8 as i32 };
    let base = if hi { 2 } else { 0 };
    (0..2).fold(c, |acc, k| acc.wrapping_add(half(k).wrapping_mul(byte(base + k)) as u32))
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
extern "C" fn n_rotate_b32(x: u32, n: u32) -> u32 {
    x.rotate_left(n & 31)
}
extern "C" fn n_rotate_b64(x: u64, n: u32) -> u64 {
    x.rotate_left(n & 63)
}
extern "C" fn n_rotate_right_b64(x: u64, n: u32) -> u64 {
    x.rotate_right(n & 63)
}
// `sad`: |a - b| + c, the difference taken in the operands' signedness, the sum wrapping.
extern "C" fn n_sad_i(a: i32, b: i32, c: i32) -> i32 {
    (a.abs_diff(b) as i32).wrapping_add(c)
}
extern "C" fn n_sad_ui(a: u32, b: u32, c: u32) -> u32 {
    a.abs_diff(b).wrapping_add(c)
}
extern "C" fn n_sad_s(a: i16, b: i16, c: i16) -> i16 {
    (a.abs_diff(b) as i16).wrapping_add(c)
}
extern "C" fn n_sad_us(a: u16, b: u16, c: u16) -> u16 {
    a.abs_diff(b).wrapping_add(c)
}
extern "C" fn n_sad_ll(a: i64, b: i64, c: i64) -> i64 {
    (a.abs_diff(b) as i64).wrapping_add(c)
}
extern "C" fn n_sad_ull(a: u64, b: u64, c: u64) -> u64 {
    a.abs_diff(b).wrapping_add(c)
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

/// `fns.b32` by masks (the interpreter walks the bits): the set bits at or above `base` (below,
/// for a negative `offset`), the `|offset| - 1` nearest to `base` cleared, then the nearest one.
extern "C" fn n_fns(mask: u32, base: u32, offset: i32) -> u32 {
    if base > 31 {
        return u32::MAX;
    }
    if offset == 0 {
        return if mask & (1 << base) != 0 { base } else { u32::MAX };
    }
    let up = offset > 0;
    let mut m = if up { mask & (u32::MAX << base) } else { mask & (u32::MAX >> (31 - base)) };
    for _ in 1..offset.unsigned_abs() {
        if m == 0 {
            break;
        }
        m &= if up { m - 1 } else { !(1 << (31 - m.leading_zeros())) };
    }
    match (m, up) {
        (0, _) => u32::MAX,
        (m, true) => m.trailing_zeros(),
        (m, false) => 31 - m.leading_zeros(),
    }
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
    // The approximations' `.ftz` forms share their host function (compared with a tolerance);
    // exact operations' `.ftz` forms are flushed around theirs (`host_builtin`).
    let approx = |base: &str| suffix == format!("{base}.f") || suffix == format!("{base}.ftz.f");
    let exact = |base: &str| suffix == format!("{base}.f");
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
        "fmin.xorsign.abs.f" => ("float", F2, f2(n_xorsign_f::<false, false>)),
        "fmax.xorsign.abs.f" => ("float", F2, f2(n_xorsign_f::<true, false>)),
        "fmin.nan.xorsign.abs.f" => ("float", F2, f2(n_xorsign_f::<false, true>)),
        "fmax.nan.xorsign.abs.f" => ("float", F2, f2(n_xorsign_f::<true, true>)),
        _ if exact("fmin.nan") => ("float", F2, f2(n_fmin_nan_f)),
        _ if exact("fmax.nan") => ("float", F2, f2(n_fmax_nan_f)),
        _ if exact("fmin") => ("float", F2, f2(n_fmin_f)),
        _ if exact("fmax") => ("float", F2, f2(n_fmax_f)),
        _ if exact("fabs") => ("float", F1, f(n_fabs_f)),
        _ if exact("saturate") => ("float", F1, f(n_saturate_f)),
        "tanh.approx.f32" => ("float", F1, f(n_tanh_f)),
        "rcp.approx.ftz.d" => ("double", D1, d(n_rcp_approx_d)),
        "rsqrt.approx.d" | "rsqrt.approx.ftz.d" => ("double", D1, d(n_rsqrt_d)),
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
        "sad.i" => ("i32", &["i32", "i32", "i32"], n_sad_i as extern "C" fn(i32, i32, i32) -> i32 as usize),
        "sad.ui" => ("i32", &["i32", "i32", "i32"], n_sad_ui as extern "C" fn(u32, u32, u32) -> u32 as usize),
        "sad.s" => ("i16", &["i16", "i16", "i16"], n_sad_s as extern "C" fn(i16, i16, i16) -> i16 as usize),
        "sad.us" => ("i16", &["i16", "i16", "i16"], n_sad_us as extern "C" fn(u16, u16, u16) -> u16 as usize),
        "sad.ll" => ("i64", &["i64", "i64", "i64"], n_sad_ll as extern "C" fn(i64, i64, i64) -> i64 as usize),
        "sad.ull" => ("i64", &["i64", "i64", "i64"], n_sad_ull as extern "C" fn(u64, u64, u64) -> u64 as usize),
        "prmt" => ("i32", &["i32", "i32", "i32"], n_prmt as extern "C" fn(u32, u32, u32) -> u32 as usize),
        "idp4a.s.s" => ("i32", &["i32", "i32", "i32"], n_dp4a::<true, true> as Dp4 as usize),
        "idp4a.s.u" => ("i32", &["i32", "i32", "i32"], n_dp4a::<true, false> as Dp4 as usize),
        "idp4a.u.s" => ("i32", &["i32", "i32", "i32"], n_dp4a::<false, true> as Dp4 as usize),
        "idp4a.u.u" => ("i32", &["i32", "i32", "i32"], n_dp4a::<false, false> as Dp4 as usize),
        "idp2a.s.s" => ("i32", &["i32", "i32", "i1", "i32"], n_dp2a::<true, true> as Dp2 as usize),
        "idp2a.s.u" => ("i32", &["i32", "i32", "i1", "i32"], n_dp2a::<true, false> as Dp2 as usize),
        "idp2a.u.s" => ("i32", &["i32", "i32", "i1", "i32"], n_dp2a::<false, true> as Dp2 as usize),
        "idp2a.u.u" => ("i32", &["i32", "i32", "i1", "i32"], n_dp2a::<false, false> as Dp2 as usize),
        "f2tf32.rn" => ("i32", F1, n_f2tf32::<0> as Tf32 as usize),
        "f2tf32.rna" => ("i32", F1, n_f2tf32::<1> as Tf32 as usize),
        "f2tf32.rz" => ("i32", F1, n_f2tf32::<2> as Tf32 as usize),
        "f2tf32.rn.relu" => ("i32", F1, n_f2tf32::<4> as Tf32 as usize),
        "f2tf32.rz.relu" => ("i32", F1, n_f2tf32::<6> as Tf32 as usize),
        "flo.u.i32" => ("i32", &["i32", "i1"], n_flo32::<false> as Flo32 as usize),
        "flo.s.i32" => ("i32", &["i32", "i1"], n_flo32::<true> as Flo32 as usize),
        "flo.u.i64" => ("i32", &["i64", "i1"], n_flo64::<false> as Flo64 as usize),
        "flo.s.i64" => ("i32", &["i64", "i1"], n_flo64::<true> as Flo64 as usize),
        "d2i.lo" => ("i32", D1, n_d2i_lo as extern "C" fn(f64) -> u32 as usize),
        "d2i.hi" => ("i32", D1, n_d2i_hi as extern "C" fn(f64) -> u32 as usize),
        "lohi.i2d" => ("double", I2, n_lohi_i2d as extern "C" fn(u32, u32) -> f64 as usize),
        "rotate.b32" => ("i32", I2, n_rotate_b32 as extern "C" fn(u32, u32) -> u32 as usize),
        "fns" => ("i32", &["i32", "i32", "i32"], n_fns as extern "C" fn(u32, u32, i32) -> u32 as usize),
        "rotate.b64" => ("i64", &["i64", "i32"], n_rotate_b64 as extern "C" fn(u64, u32) -> u64 as usize),
        "rotate.right.b64" => ("i64", &["i64", "i32"], n_rotate_right_b64 as extern "C" fn(u64, u32) -> u64 as usize),
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
        _ => return nvvm_round::builtin(suffix),
    })
}

/// The host implementation of `llvm.nvvm.<suffix>`, and whether it is the `.ftz` form of an
/// exact f32 operation with a [`builtin`] of its own (`add.rn.ftz.f` → `add.rn.f`, `f2i.rz.ftz`
/// → `f2i.rz`, `fmin.ftz.nan.f` → `fmin.nan.f`): the reference then calls that one on flushed
/// f32 operands and flushes an f32 result (`rewrite::replace_declarations`), PTX's `.ftz`.
fn host_builtin(suffix: &str) -> Option<(&'static str, &'static [&'static str], usize, bool)> {
    if let Some((r, p, a)) = builtin(suffix) {
        return Some((r, p, a, false));
    }
    let parts: Vec<&str> = suffix.split('.').collect();
    if parts.iter().filter(|p| **p == "ftz").count() != 1 || parts.contains(&"approx") {
        return None;
    }
    let base = parts.into_iter().filter(|p| *p != "ftz").collect::<Vec<_>>().join(".");
    let (r, p, a) = builtin(&base)?;
    // Flush-to-zero is an f32 matter: an f32 operand or result.
    (r == "float" || p.contains(&"float")).then_some((r, p, a, true))
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

/// Why the kernel's parameters cannot come from the wrapper's 8-byte slots (`None`: they can):
/// a value wider than a slot (`<4 x i32>`, a 16-byte struct). A byval parameter gets a copy
/// holding the slot's value, as the Ori side's constant bank does.
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
            // The wrapper passes a copy (`rewrite.rs::wrapper`).
            continue;
        }
        let size = unsafe { llvm_sys::target::LLVMABISizeOfType(td.as_mut_ptr(), p.get_type().as_type_ref()) };
        if size > 8 {
            return Some("a parameter passed by value wider than 8 bytes".into());
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

/// The buffers and requested module variables after a run.
type Memory = (Vec<Vec<u8>>, BTreeMap<String, Vec<u8>>);

/// Shared memory of one CTA: the static variables, then the dynamic region.
struct SharedMemory {
    buf: HostBuffer,
    /// (offset, initial value) of each variable with one.
    inits: Vec<(usize, Vec<u8>)>,
}

impl SharedMemory {
    /// Zeroes the memory and writes the initial values: the state at the start of a CTA.
    fn reset(&mut self) {
        let (o, n) = (self.buf.offset, self.buf.len);
        self.buf.storage[o..o + n].fill(0);
        for (off, bytes) in &self.inits {
            self.buf.storage[o + off..o + off + bytes.len()].copy_from_slice(bytes);
        }
    }
}

/// Whether the reference can run `kernel` of the module in `ir` (what [`run`] checks before
/// compiling anything).
pub fn eligibility(ir: &[u8], kernel: &str) -> Result<(), RefError> {
    use inkwell::values::AsValueRef;
    let ctx = Context::create();
    let module =
        crate::llvm::module::parse_module(&ctx, ir, "reference").map_err(|e| RefError::Failed(e.to_string()))?;
    let Some(kfn) = module.get_function(kernel) else {
        return Err(RefError::Failed(format!("no function @{kernel}")));
    };
    crate::llvm::nvvm_reflect::run(&module, REFLECT_SM);
    rewrite::prune(module.as_mut_ptr(), kfn.as_value_ref());
    rewrite::check(module.as_mut_ptr()).map_err(RefError::Ineligible)
}

/// The SM that `__nvvm_reflect("__CUDA_ARCH")` names in the reference: sm_90, the target
/// `ori check` compiles for.
const REFLECT_SM: u32 = 90;

/// Runs `kernel` of the module in `ir` over `launch`; `globals` lists module variables (name,
/// size) to read back, `images` the images bound to module variables (read back by name).
pub fn run(
    ir: &[u8],
    kernel: &str,
    args: &[RefArg],
    launch: &Launch,
    globals: &[(String, u64)],
    images: &[RefImage],
) -> Result<RefOutcome, RefError> {
    let failed = |s: String| RefError::Failed(s);
    let ctx = Context::create();
    let module = crate::llvm::module::parse_module(&ctx, ir, "reference").map_err(|e| failed(e.to_string()))?;
    let m = module.as_mut_ptr();
    let Some(kfn) = module.get_function(kernel) else {
        return Err(failed(format!("no function @{kernel}")));
    };
    crate::llvm::nvvm_reflect::run(&module, REFLECT_SM);
    {
        use inkwell::values::AsValueRef;
        rewrite::prune(m, kfn.as_value_ref());
    }
    rewrite::check(m).map_err(RefError::Ineligible)?;
    let threads: u64 = launch.block.iter().map(|&d| d as u64).product();
    if threads as usize > sched::MAX_THREADS {
        return Err(RefError::Ineligible(format!("{threads} threads per CTA (at most {})", sched::MAX_THREADS)));
    }
    if let Some(why) = param_ineligibility(&module, kfn) {
        return Err(RefError::Ineligible(why));
    }
    // SAFETY: `m` is the live module parsed above.
    unsafe { crate::llvm::frem::expand(m) };
    // SAFETY: as above.
    let bf16_mappings = unsafe { bf16::rewrite(m)? };
    bf16::register_libcalls();
    Target::initialize_native(&InitializationConfig::default()).map_err(failed)?;
    unsafe { llvm_sys::execution_engine::LLVMLinkInMCJIT() };
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| failed(e.to_string()))?;
    let tm = target
        .create_target_machine(&triple, "", "", OptimizationLevel::None, RelocMode::Default, CodeModel::JITDefault)
        .ok_or_else(|| failed("no host target machine".into()))?;
    module.set_triple(&triple);
    module.set_data_layout(&tm.get_target_data().get_data_layout());

    let prepared = unsafe {
        use inkwell::values::AsValueRef;
        rewrite::prepare(m, kfn.as_value_ref())?
    };
    module.verify().map_err(|e| failed(format!("prepared module does not verify: {e}")))?;

    // Shared memory layout: static variables at aligned offsets, then the dynamic region.
    let td = unsafe { LLVMGetModuleDataLayout(m) };
    let mut offsets = Vec::new();
    let mut end = 0u64;
    for v in prepared.shared.iter().filter(|v| !v.dynamic) {
        let off = end.next_multiple_of(v.align as u64);
        end = off + unsafe { LLVMABISizeOfType(td, v.ty) };
        offsets.push(off);
    }
    let dynamic_base = end.next_multiple_of(256);
    let shared_len = dynamic_base + launch.dynamic_shared as u64;
    let mut shared = SharedMemory { buf: HostBuffer::new(&vec![0u8; shared_len as usize]), inits: Vec::new() };

    let ee = module.create_jit_execution_engine(OptimizationLevel::None).map_err(|e| failed(e.to_string()))?;
    let eeref = ee.as_mut_ptr();
    unsafe {
        for &(f, addr) in prepared.mappings.iter().chain(&bf16_mappings) {
            llvm_sys::execution_engine::LLVMAddGlobalMapping(eeref, f, addr as *mut _);
        }
        let base = shared.buf.ptr();
        let mut statics = offsets.iter();
        for v in &prepared.shared {
            let off = if v.dynamic { dynamic_base } else { statics.next().copied().unwrap_or(0) };
            llvm_sys::execution_engine::LLVMAddGlobalMapping(eeref, v.global, (base + off) as *mut _);
        }
    }
    let addr = ee.get_function_address(&prepared.entry).map_err(|e| failed(format!("{e:?}")))?;
    let mut statics = offsets.iter();
    for v in &prepared.shared {
        let off = if v.dynamic { dynamic_base } else { statics.next().copied().unwrap_or(0) };
        if let Some(name) = &v.init {
            let a = unsafe { llvm_sys::execution_engine::LLVMGetGlobalValueAddress(eeref, name.as_ptr()) };
            if a == 0 {
                return Err(failed("the initial value of a shared variable has no address".into()));
            }
            let size = unsafe { LLVMABISizeOfType(td, v.ty) } as usize;
            // SAFETY: the JIT allocated the constant with its type's size.
            let bytes = unsafe { std::slice::from_raw_parts(a as *const u8, size) };
            shared.inits.push((off as usize, bytes.to_vec()));
        }
    }
    // Module variables change during a run: their initial bytes, restored before the second.
    let mut vars: Vec<(usize, Vec<u8>)> = Vec::new();
    for (name, ty) in &prepared.vars {
        let a = unsafe { llvm_sys::execution_engine::LLVMGetGlobalValueAddress(eeref, name.as_ptr()) } as usize;
        if a != 0 {
            let size = unsafe { LLVMABISizeOfType(td, *ty) } as usize;
            // SAFETY: the JIT allocated the variable with its type's size.
            vars.push((a, unsafe { std::slice::from_raw_parts(a as *const u8, size) }.to_vec()));
        }
    }
    let deadline = Instant::now() + TIME_LIMIT;
    let mut notes = std::collections::BTreeSet::new();
    let mut runs: Vec<Memory> = Vec::new();
    for reversed in [false, true] {
        for (a, bytes) in &vars {
            // SAFETY: as above; no thread of an earlier run is alive.
            unsafe { std::slice::from_raw_parts_mut(*a as *mut u8, bytes.len()) }.copy_from_slice(bytes);
        }
        let mut bufs: Vec<HostBuffer> = Vec::new();
        let mut slots: Vec<u64> = Vec::new();
        let mut host_images = images::HostImages::default();
        for a in args {
            match a {
                RefArg::Buffer(data) => {
                    let mut b = HostBuffer::new(data);
                    slots.push(b.ptr());
                    bufs.push(b);
                }
                RefArg::Scalar(v) => slots.push(*v),
                RefArg::Image { handle, spec, data } => {
                    host_images.bind(*handle, *spec, data.clone());
                    slots.push(*handle);
                }
            }
        }
        let mut image_globals = Vec::new();
        for img in images {
            let Ok(cname) = CString::new(img.global.as_str()) else { continue };
            let a = unsafe { llvm_sys::execution_engine::LLVMGetGlobalValueAddress(eeref, cname.as_ptr()) };
            if a == 0 {
                return Err(failed(format!("the texture/surface variable @{} has no address", img.global)));
            }
            host_images.bind(a, img.spec, img.data.clone());
            image_globals.push((img.global.clone(), a));
        }
        let host_images = Arc::new(host_images);
        let slots = Arc::new(slots);
        let (g, b) = (launch.grid, launch.block);
        for cz in 0..g[2] {
            for cy in 0..g[1] {
                for cx in 0..g[0] {
                    shared.reset();
                    let blk = sched::Block::new(b, [cx, cy, cz], g, prepared.sregs.clone(), reversed);
                    let blk = Arc::new(blk.with_asm(prepared.asm.clone()));
                    match run_block(&blk, addr, &slots, &host_images, deadline) {
                        Some(r) => {
                            notes.extend(r.notes);
                            if let Some(why) = r.failed {
                                return Err(failed(why));
                            }
                            if let Some(why) = r.trapped {
                                let notes = notes.into_iter().collect();
                                return Ok(RefOutcome { trapped: Some(why), notes, ..Default::default() });
                            }
                        }
                        None => {
                            // A thread is still running JIT code that uses this memory: leak it.
                            std::mem::forget(bufs);
                            std::mem::forget(shared);
                            std::mem::forget(ee);
                            std::mem::forget(module);
                            std::mem::forget(ctx);
                            return Err(failed(format!(
                                "the run took longer than {} s (a thread waiting for another without a barrier?)",
                                TIME_LIMIT.as_secs()
                            )));
                        }
                    }
                }
            }
        }
        let mut gl = BTreeMap::new();
        for (name, size) in globals {
            let Ok(cname) = CString::new(name.as_str()) else { continue };
            let a = unsafe { llvm_sys::execution_engine::LLVMGetGlobalValueAddress(eeref, cname.as_ptr()) };
            if a != 0 {
                // SAFETY: the JIT allocated the variable with its type's size.
                let bytes = unsafe { std::slice::from_raw_parts(a as *const u8, *size as usize) };
                gl.insert(name.clone(), bytes.to_vec());
            }
        }
        for (name, handle) in &image_globals {
            gl.insert(name.clone(), host_images.data(*handle));
        }
        // Buffers and images in argument order.
        let mut hb = bufs.iter();
        let outs = args
            .iter()
            .filter_map(|a| match a {
                RefArg::Buffer(_) => hb.next().map(HostBuffer::data),
                RefArg::Image { handle, .. } => Some(host_images.data(*handle)),
                RefArg::Scalar(_) => None,
            })
            .collect();
        runs.push((outs, gl));
    }
    drop(ee);
    let (second_bufs, second_globals) = runs.pop().unwrap_or_default();
    let (buffers, globals) = runs.pop().unwrap_or_default();
    let differ = |a: &[u8], b: &[u8]| -> Vec<bool> { a.iter().zip(b).map(|(x, y)| x != y).collect() };
    let unstable = buffers.iter().zip(&second_bufs).map(|(a, b)| differ(a, b)).collect();
    let unstable_globals =
        globals.iter().filter_map(|(n, a)| second_globals.get(n).map(|b| (n.clone(), differ(a, b)))).collect();
    Ok(RefOutcome { buffers, globals, notes: notes.into_iter().collect(), unstable, unstable_globals, trapped: None })
}

/// Runs one CTA: an OS thread per CUDA thread, calling the entry at `addr` with `slots`.
/// `None` when it does not finish by `deadline`.
fn run_block(
    blk: &Arc<sched::Block>,
    addr: usize,
    slots: &Arc<Vec<u64>>,
    host_images: &Arc<images::HostImages>,
    deadline: Instant,
) -> Option<sched::BlockResult> {
    let n = blk.threads();
    let mut handles = Vec::with_capacity(n);
    for i in 0..n {
        let (blk2, slots2, images2) = (Arc::clone(blk), Arc::clone(slots), Arc::clone(host_images));
        let spawned = std::thread::Builder::new().stack_size(THREAD_STACK).spawn(move || {
            // SAFETY: the wrapper was built with exactly this signature.
            let call = unsafe { std::mem::transmute::<usize, extern "C" fn(*const u64)>(addr) };
            images::with_images(images2, || blk2.thread_main(i, || call(slots2.as_ptr())));
        });
        match spawned {
            Ok(h) => handles.push(h),
            Err(e) => {
                blk.abandon_from(i, format!("could not start thread {i} of a CTA: {e}"));
                break;
            }
        }
    }
    blk.start(handles.iter().map(|h| h.thread().clone()).collect());
    let r = blk.wait(deadline.saturating_duration_since(Instant::now()))?;
    for h in handles {
        let _ = h.join();
    }
    Some(r)
}
