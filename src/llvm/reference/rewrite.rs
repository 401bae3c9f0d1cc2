//! Rewriting the kernel's module for the host: which calls the reference can run
//! ([`check`]) and the rewrite itself ([`prepare`]), as described in the parent module.

mod defined;
mod texsurf;

use super::ptx::{self, PtxOp};
use super::ptx_blocks;
use super::sched::{self, BAR_ALL, BAR_AND, BAR_ARRIVE, BAR_OR, BAR_PLAIN, BAR_POPC, WarpOp};
use super::{RefError, functions, instructions, signature_matches, type_string};
use super::{SAFE_INTRINSICS, host_builtin};
use crate::ori::lower::ffi::{self, V};
use crate::sreg::SpecialReg;
use llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingSequentiallyConsistent as SEQ_CST;
use llvm_sys::LLVMAtomicRMWBinOp::{self, *};
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::ffi::CString;

/// What a call of an `llvm.nvvm.*` function becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Special {
    Sreg(SpecialReg),
    /// A host function from [`builtin`].
    Math,
    /// `ori.ref.bar(kind, id, count, pred)`; operand indices of the call (none: 0 / all).
    Bar {
        kind: u32,
        id: Option<u32>,
        count: Option<u32>,
        pred: Option<u32>,
    },
    /// `ori.ref.warp(op, site, sync, mask, value, b, c)`; operand indices of the call.
    Warp {
        op: WarpOp,
        sync: bool,
        mask: Option<u32>,
        value: Option<u32>,
        b: Option<u32>,
        c: Option<u32>,
    },
    /// An `atomicrmw` (`None`: `cmpxchg`), then a yield.
    Atomic(Option<LLVMAtomicRMWBinOp>),
    /// A fence: a yield.
    Fence,
    /// `ldg` / `ldu` (`ld.global.nc`, `ldu.global`): a plain load of the result type from
    /// operand 0 (read-only data; the non-coherent path changes nothing for the reference).
    Load,
    /// A texture/surface instruction: a call of `ori.ref.image` (`rewrite/texsurf.rs`).
    Image(crate::ori::texsurf::TexOp),
    /// `texsurf.handle.internal(@var)`: the variable's address.
    Handle,
    /// `fshl.clamp` / `fshr.clamp(hi, lo, amount)`: PTX's `shf.{l,r}.clamp` (the inline-PTX
    /// translation, with the operands in PTX's order).
    FunnelClamp {
        left: bool,
    },
    /// `fabs[.ftz].<t>`: `llvm.fabs`; `.ftz` then flushes a subnormal result to +0.
    Fabs {
        ftz: bool,
    },
    /// `vprintf(format, args)`: prints nothing and returns 0, as the interpreter executes it
    /// (`ori/interp/simt/calls.rs`); the kernel's other effects are compared.
    Printf,
}

fn classify(name: &str) -> Option<Special> {
    if let Some(r) = SpecialReg::from_intrinsic(name) {
        return Some(Special::Sreg(r));
    }
    if name == "vprintf" {
        return Some(Special::Printf);
    }
    let s = name.strip_prefix("llvm.nvvm.")?;
    let bar = |kind, id, count, pred| Some(Special::Bar { kind, id, count, pred });
    let warp = |op, sync, mask, value, b, c| Some(Special::Warp { op, sync, mask, value, b, c });
    match s {
        "barrier0" => return bar(BAR_PLAIN, None, None, None),
        "barrier0.popc" => return bar(BAR_POPC, None, None, Some(0)),
        "barrier0.and" => return bar(BAR_AND, None, None, Some(0)),
        "barrier0.or" => return bar(BAR_OR, None, None, Some(0)),
        "barrier.n" | "bar.sync" | "barrier.sync" | "barrier.cta.sync.aligned.all" | "barrier.cta.sync.all" => {
            return bar(BAR_PLAIN, Some(0), None, None);
        }
        "barrier" | "barrier.sync.cnt" | "barrier.cta.sync.aligned.count" | "barrier.cta.sync.count" => {
            return bar(BAR_PLAIN, Some(0), Some(1), None);
        }
        "barrier.cta.arrive.aligned.count" | "barrier.cta.arrive.count" => {
            return bar(BAR_ARRIVE, Some(0), Some(1), None);
        }
        "activemask" => return warp(WarpOp::ActiveMask, false, None, None, None, None),
        "bar.warp.sync" => return warp(WarpOp::SyncWarp, true, Some(0), None, None, None),
        // Ordering points and `nanosleep`: the thread yields.
        "membar.cta" | "membar.gl" | "membar.sys" | "fence.sc.cluster" | "nanosleep" => return Some(Special::Fence),
        "fshl.clamp.i32" => return Some(Special::FunnelClamp { left: true }),
        f if f.starts_with("fabs.") => return Some(Special::Fabs { ftz: f.starts_with("fabs.ftz.") }),
        "fshr.clamp.i32" => return Some(Special::FunnelClamp { left: false }),
        // Cache hints (prefetch, applypriority, discard) change no value: a yield as well.
        h if h.starts_with("prefetch") || h.starts_with("applypriority.") || h.starts_with("discard.") => {
            return Some(Special::Fence);
        }
        _ => {}
    }
    if s.starts_with("ldg.global.") || s.starts_with("ldu.global.") {
        return Some(Special::Load);
    }
    if s.starts_with("texsurf.handle.internal.") {
        return Some(Special::Handle);
    }
    if let Ok(Some(op)) = crate::ori::texsurf::TexOp::parse(name) {
        return Some(Special::Image(op));
    }
    if let Some(rest) = s.strip_prefix("shfl.") {
        let (sync, rest) = match rest.strip_prefix("sync.") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (mode, ty) = rest.split_once('.')?;
        let op = match mode {
            "idx" => WarpOp::ShflIdx,
            "up" => WarpOp::ShflUp,
            "down" => WarpOp::ShflDown,
            "bfly" => WarpOp::ShflBfly,
            _ => return None,
        };
        if !matches!(ty, "i32" | "f32" | "i32p" | "f32p") {
            return None;
        }
        let k = sync as u32;
        return warp(op, sync, sync.then_some(0), Some(k), Some(k + 1), Some(k + 2));
    }
    if let Some(rest) = s.strip_prefix("vote.") {
        let (kind, sync) = match rest.strip_suffix(".sync") {
            Some(k) => (k, true),
            None => (rest, false),
        };
        let op = match kind {
            "all" => WarpOp::VoteAll,
            "any" => WarpOp::VoteAny,
            "uni" => WarpOp::VoteUni,
            "ballot" => WarpOp::VoteBallot,
            _ => return None,
        };
        return warp(op, sync, sync.then_some(0), Some(sync as u32), None, None);
    }
    match s {
        "match.any.sync.i32" | "match.any.sync.i64" => {
            return warp(WarpOp::MatchAny, true, Some(0), Some(1), None, None);
        }
        "match.all.sync.i32p" | "match.all.sync.i64p" => {
            return warp(WarpOp::MatchAll, true, Some(0), Some(1), None, None);
        }
        _ => {}
    }
    if let Some(kind) = s.strip_prefix("redux.sync.") {
        let op = match kind {
            "add" => WarpOp::ReduxAdd,
            "min" => WarpOp::ReduxMin,
            "max" => WarpOp::ReduxMax,
            "umin" => WarpOp::ReduxUmin,
            "umax" => WarpOp::ReduxUmax,
            "and" => WarpOp::ReduxAnd,
            "or" => WarpOp::ReduxOr,
            "xor" => WarpOp::ReduxXor,
            _ => return None,
        };
        return warp(op, true, Some(1), Some(0), None, None);
    }
    if s.starts_with("atomic.load.inc.32.") {
        return Some(Special::Atomic(Some(LLVMAtomicRMWBinOpUIncWrap)));
    }
    if s.starts_with("atomic.load.dec.32.") {
        return Some(Special::Atomic(Some(LLVMAtomicRMWBinOpUDecWrap)));
    }
    if let Some(rest) = s.strip_prefix("atomic.") {
        // atomic.<op>.gen.<i|f>.<cta|sys>.<types>
        let parts: Vec<&str> = rest.split('.').collect();
        if parts.len() < 4 || parts[1] != "gen" || !matches!(parts[3], "cta" | "sys") {
            return None;
        }
        let op = match (parts[0], parts[2]) {
            ("add", "i") => LLVMAtomicRMWBinOpAdd,
            ("add", "f") => LLVMAtomicRMWBinOpFAdd,
            ("exch", "i") => LLVMAtomicRMWBinOpXchg,
            ("max", "i") => LLVMAtomicRMWBinOpMax,
            ("min", "i") => LLVMAtomicRMWBinOpMin,
            ("inc", "i") => LLVMAtomicRMWBinOpUIncWrap,
            ("dec", "i") => LLVMAtomicRMWBinOpUDecWrap,
            ("and", "i") => LLVMAtomicRMWBinOpAnd,
            ("or", "i") => LLVMAtomicRMWBinOpOr,
            ("xor", "i") => LLVMAtomicRMWBinOpXor,
            ("cas", "i") => return Some(Special::Atomic(None)),
            _ => return None,
        };
        return Some(Special::Atomic(Some(op)));
    }
    host_builtin(s).map(|_| Special::Math)
}

fn has_uses(v: LLVMValueRef) -> bool {
    unsafe { !LLVMGetFirstUse(v).is_null() }
}

/// An inline-asm template on one line, for messages.
fn one_line(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Deletes the functions the kernel cannot reach (other kernels, unused device functions), so
/// that what they use does not make the kernel ineligible. A function referenced from outside a
/// function body (a global's initializer, a constant expression) counts as reachable.
pub(super) fn prune(m: LLVMModuleRef, kernel: LLVMValueRef) {
    use std::collections::HashSet;
    let defined: Vec<LLVMValueRef> = functions(m).into_iter().filter(|&f| !ffi::is_declaration(V(f))).collect();
    let mut roots = vec![kernel];
    let reach = loop {
        let mut reach: HashSet<LLVMValueRef> = HashSet::new();
        let mut work = roots.clone();
        while let Some(f) = work.pop() {
            if !reach.insert(f) {
                continue;
            }
            for i in instructions(f) {
                for k in 0..ffi::num_operands(V(i)) {
                    let o = ffi::operand(V(i), k);
                    if ffi::is_function(o) && !ffi::is_declaration(o) {
                        work.push(o.0);
                    }
                }
            }
        }
        let before = roots.len();
        for &f in defined.iter().filter(|f| !reach.contains(f)) {
            let mut u = unsafe { LLVMGetFirstUse(f) };
            while !u.is_null() {
                let user = unsafe { LLVMGetUser(u) };
                u = unsafe { LLVMGetNextUse(u) };
                if !ffi::is_instruction(V(user)) {
                    roots.push(f);
                    break;
                }
            }
        }
        if roots.len() == before {
            break reach;
        }
    };
    let dead: Vec<LLVMValueRef> = defined.into_iter().filter(|f| !reach.contains(f)).collect();
    unsafe {
        // Empty the bodies (values used only inside dead bodies become poison), then delete.
        for &f in &dead {
            let insts = instructions(f);
            for &i in &insts {
                if !LLVMGetFirstUse(i).is_null() {
                    LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
                }
            }
            for i in insts {
                LLVMInstructionEraseFromParent(i);
            }
            let mut bb = LLVMGetFirstBasicBlock(f);
            while !bb.is_null() {
                let next = LLVMGetNextBasicBlock(bb);
                LLVMDeleteBasicBlock(bb);
                bb = next;
            }
        }
        for f in dead {
            if LLVMGetFirstUse(f).is_null() {
                LLVMDeleteFunction(f);
            }
        }
    }
}

/// Why the reference cannot run the module (`Err`), or `Ok` when it can.
pub(super) fn check(m: LLVMModuleRef) -> Result<(), String> {
    for f in functions(m) {
        let v = V(f);
        if !ffi::is_declaration(v) {
            for i in instructions(f) {
                if ffi::opcode(V(i)) != O::LLVMCall {
                    continue;
                }
                let callee = ffi::called_value(V(i));
                if ffi::is_inline_asm(callee) {
                    let (text, cons, _) = ffi::inline_asm(callee);
                    let texsurf = crate::ori::texsurf::TexOp::from_inline_asm(&text, &cons);
                    if ptx::parse(&text, &cons).is_none()
                        && texsurf.is_none()
                        && !super::abort::handles_inline(&text, &cons)
                        && ptx_blocks::block(i, &text, &cons).is_err()
                    {
                        return Err(format!("inline PTX \"{}\"", one_line(&text)));
                    }
                }
            }
            continue;
        }
        if !has_uses(f) {
            continue;
        }
        let name = ffi::name(v);
        if super::abort::handles(&name) || super::sm90::handles(&name) {
            // Traps, exits and CUDA's assert (`abort.rs`); sm_90 intrinsics (`sm90.rs`).
            continue;
        }
        if SpecialReg::from_intrinsic(&name).is_some() {
            // Special registers under any of their names (`llvm.ptx.read.*` too).
            continue;
        }
        if let Some(suffix) = name.strip_prefix("llvm.nvvm.") {
            if super::bf16::is_host_intrinsic(&name) {
                // Replaced by host functions before compiling (`bf16.rs`).
                continue;
            }
            match classify(&name) {
                None => return Err(format!("intrinsic @{name} (no host implementation)")),
                Some(Special::Math) => {
                    let fty = unsafe { LLVMGlobalGetValueType(f) };
                    if !host_builtin(suffix).is_some_and(|(r, p, _, _)| signature_matches(fty, r, p)) {
                        return Err(format!("intrinsic @{name} ({}; no host implementation)", type_string(fty)));
                    }
                }
                Some(_) => {}
            }
        } else if name.starts_with("llvm.") {
            if !SAFE_INTRINSICS.iter().any(|p| name.starts_with(p)) {
                return Err(format!("intrinsic @{name}"));
            }
        } else if name != "vprintf" {
            return Err(format!("a call of the external function @{name}"));
        }
    }
    Ok(())
}

/// A `__shared__` variable: its replacement declaration, value type and alignment, whether it is
/// the dynamic region (`extern __shared__`), and the name of the constant holding its initial
/// value when it has one.
pub(super) struct SharedVar {
    pub global: LLVMValueRef,
    pub ty: LLVMTypeRef,
    pub align: u32,
    pub dynamic: bool,
    pub init: Option<CString>,
}

/// The rewritten module's interface to the driver.
pub(super) struct Prepared {
    pub entry: String,
    /// Special registers by the slot `ori.ref.sreg` takes.
    pub sregs: Vec<SpecialReg>,
    /// The inline PTX programs `ori.ref.asm` runs, by number.
    pub asm: std::sync::Arc<Vec<crate::ori::interp::ptx_block::Program>>,
    /// Declarations to map to host addresses.
    pub mappings: Vec<(LLVMValueRef, usize)>,
    pub shared: Vec<SharedVar>,
    /// Module variables that a run may change (not shared, not constant): name and type.
    pub vars: Vec<(CString, LLVMTypeRef)>,
}

/// Types and runtime declarations used while rewriting.
struct Cx {
    ctx: LLVMContextRef,
    b: LLVMBuilderRef,
    i1: LLVMTypeRef,
    i32: LLVMTypeRef,
    i64: LLVMTypeRef,
    sreg: (LLVMValueRef, LLVMTypeRef),
    bar: (LLVMValueRef, LLVMTypeRef),
    warp: (LLVMValueRef, LLVMTypeRef),
    yld: (LLVMValueRef, LLVMTypeRef),
    /// `ori.ref.image`, declared at the first texture/surface call.
    image: Option<(LLVMValueRef, LLVMTypeRef)>,
    sregs: Vec<SpecialReg>,
    site: u32,
    /// `ori.ref.asm` and the inline PTX programs it runs, by number.
    asm_fn: (LLVMValueRef, LLVMTypeRef),
    asm: Vec<crate::ori::interp::ptx_block::Program>,
}

impl Cx {
    unsafe fn c32(&self, v: u64) -> LLVMValueRef {
        unsafe { LLVMConstInt(self.i32, v, 0) }
    }
    unsafe fn call(&self, f: (LLVMValueRef, LLVMTypeRef), args: &mut [LLVMValueRef]) -> LLVMValueRef {
        unsafe { LLVMBuildCall2(self.b, f.1, f.0, args.as_mut_ptr(), args.len() as u32, c"".as_ptr()) }
    }
    /// An integer or float operand as `ty` (integer resize, float bits).
    unsafe fn to_int(&self, v: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        unsafe {
            let t = LLVMTypeOf(v);
            let v = match LLVMGetTypeKind(t) {
                LLVMTypeKind::LLVMFloatTypeKind => LLVMBuildBitCast(self.b, v, self.i32, c"".as_ptr()),
                LLVMTypeKind::LLVMDoubleTypeKind => LLVMBuildBitCast(self.b, v, self.i64, c"".as_ptr()),
                _ => v,
            };
            LLVMBuildIntCast2(self.b, v, ty, 0, c"".as_ptr())
        }
    }
    fn slot(&mut self, r: SpecialReg) -> u32 {
        match self.sregs.iter().position(|&x| x == r) {
            Some(k) => k as u32,
            None => {
                self.sregs.push(r);
                self.sregs.len() as u32 - 1
            }
        }
    }
    /// The value of type `ty` a helper result `r` (value in bits 0..32, predicate in bit 32)
    /// stands for; `None` for `void`.
    unsafe fn result_as(&self, r: LLVMValueRef, ty: LLVMTypeRef) -> Option<LLVMValueRef> {
        unsafe {
            let lo = |t: LLVMTypeRef| -> LLVMValueRef {
                let x = LLVMBuildTrunc(self.b, r, self.i32, c"".as_ptr());
                match LLVMGetTypeKind(t) {
                    LLVMTypeKind::LLVMFloatTypeKind => LLVMBuildBitCast(self.b, x, t, c"".as_ptr()),
                    _ => LLVMBuildIntCast2(self.b, x, t, 0, c"".as_ptr()),
                }
            };
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMVoidTypeKind => None,
                LLVMTypeKind::LLVMStructTypeKind => {
                    let hi = LLVMBuildLShr(self.b, r, LLVMConstInt(self.i64, 32, 0), c"".as_ptr());
                    let p = LLVMBuildTrunc(self.b, hi, self.i1, c"".as_ptr());
                    let v0 = lo(LLVMStructGetTypeAtIndex(ty, 0));
                    let s = LLVMBuildInsertValue(self.b, LLVMGetPoison(ty), v0, 0, c"".as_ptr());
                    Some(LLVMBuildInsertValue(self.b, s, p, 1, c"".as_ptr()))
                }
                _ => Some(lo(ty)),
            }
        }
    }
}

unsafe fn declare(
    m: LLVMModuleRef,
    name: &std::ffi::CStr,
    ret: LLVMTypeRef,
    params: &mut [LLVMTypeRef],
) -> (LLVMValueRef, LLVMTypeRef) {
    unsafe {
        let fty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
        (LLVMAddFunction(m, name.as_ptr(), fty), fty)
    }
}

/// Rewrites the module for the host (see the module documentation).
///
/// # Safety
/// `m` and `kernel` must be a live module and one of its functions; [`check`] accepted `m`.
pub(super) unsafe fn prepare(m: LLVMModuleRef, kernel: LLVMValueRef) -> Result<Prepared, RefError> {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let i1 = LLVMInt1TypeInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let ptrt = LLVMPointerTypeInContext(ctx, 0);
        let voidt = LLVMVoidTypeInContext(ctx);
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
                if ffi::opcode(V(i)) == O::LLVMCall {
                    LLVMSetInstructionCallConv(i, llvm_sys::LLVMCallConv::LLVMCCallConv as u32);
                }
            }
        }
        let b = LLVMCreateBuilderInContext(ctx);
        let mut cx = Cx {
            ctx,
            b,
            i1,
            i32: i32t,
            i64: i64t,
            sreg: declare(m, c"ori.ref.sreg", i64t, &mut [i32t]),
            bar: declare(m, c"ori.ref.bar", i32t, &mut [i32t, i32t, i32t, i32t]),
            warp: declare(m, c"ori.ref.warp", i64t, &mut [i32t, i32t, i32t, i32t, i64t, i32t, i32t]),
            yld: declare(m, c"ori.ref.yield", voidt, &mut []),
            image: None,
            sregs: Vec::new(),
            site: 0,
            asm_fn: declare(m, c"ori.ref.asm", voidt, &mut [i32t, ptrt]),
            asm: Vec::new(),
        };
        let mut mappings = vec![
            (cx.sreg.0, sched::ori_ref_sreg as extern "C" fn(u32) -> u64 as usize),
            (cx.bar.0, sched::ori_ref_bar as extern "C" fn(u32, u32, u32, u32) -> u32 as usize),
            (cx.warp.0, sched::ori_ref_warp as extern "C" fn(u32, u32, u32, u32, u64, u32, u32) -> u64 as usize),
            (cx.yld.0, sched::ori_ref_yield as extern "C" fn() as usize),
            (cx.asm_fn.0, ptx_blocks::ori_ref_asm as extern "C" fn(u32, *mut u64) as usize),
        ];
        defined::define_poison(m, b);
        mappings.extend(super::abort::rewrite(m));
        mappings.extend(super::sm90::rewrite(m));
        let result = rewrite_calls(m, &mut cx).and_then(|()| {
            if let Some((f, _)) = cx.image {
                mappings
                    .push((f, super::images::ori_ref_image as extern "C" fn(u32, *const u64, u32, *mut u64) as usize));
            }
            replace_declarations(m, &mut cx, &mut mappings)?;
            let shared = shared_variables(m);
            let vars = module_variables(m);
            let entry = wrapper(m, &cx, kernel, ptrt, voidt, &mut mappings);
            let asm = std::sync::Arc::new(std::mem::take(&mut cx.asm));
            Ok(Prepared { entry, sregs: std::mem::take(&mut cx.sregs), asm, mappings, shared, vars })
        });
        LLVMDisposeBuilder(b);
        result
    }
}

/// Yields after atomics (atomic loads and stores included), volatile accesses and fences; call sites of barriers, collectives,
/// NVVM atomics and fences, and inline PTX, replaced.
unsafe fn rewrite_calls(m: LLVMModuleRef, cx: &mut Cx) -> Result<(), RefError> {
    unsafe {
        let mut yields = Vec::new();
        let mut calls = Vec::new();
        for f in functions(m) {
            for i in instructions(f) {
                let v = V(i);
                match ffi::opcode(v) {
                    O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg | O::LLVMFence => yields.push(i),
                    // Atomic loads and stores too: a thread spinning on a flag lets the others run.
                    O::LLVMLoad | O::LLVMStore if ffi::volatile(v) || LLVMGetOrdering(i) as u32 != 0 => yields.push(i),
                    O::LLVMCall => calls.push(i),
                    _ => {}
                }
            }
        }
        for i in yields {
            LLVMPositionBuilderBefore(cx.b, LLVMGetNextInstruction(i));
            cx.call(cx.yld, &mut []);
        }
        for i in calls {
            let callee = ffi::called_value(V(i));
            if ffi::is_inline_asm(callee) {
                let (text, cons, _) = ffi::inline_asm(callee);
                if let Some(op) = crate::ori::texsurf::TexOp::from_inline_asm(&text, &cons) {
                    replace(i, texsurf::image_call(cx, m, i, op));
                    continue;
                }
                let Some(op) = ptx::parse(&text, &cons) else {
                    let blk = ptx_blocks::block(i, &text, &cons)
                        .map_err(|_| RefError::Ineligible(format!("inline PTX \"{}\"", one_line(&text))))?;
                    ptx_blocks::lower(cx.ctx, cx.b, cx.asm_fn, i, &blk, cx.asm.len() as u32);
                    cx.asm.push(blk.program);
                    continue;
                };
                LLVMPositionBuilderBefore(cx.b, i);
                replace(i, inline_ptx(cx, m, i, &op));
                continue;
            }
            if !ffi::is_function(callee) {
                continue;
            }
            let name = ffi::name(callee);
            let Some(special) = classify(&name) else { continue };
            let arg = |k: Option<u32>| k.map(|k| LLVMGetOperand(i, k));
            let ret = LLVMGetReturnType(LLVMGlobalGetValueType(callee.0));
            LLVMPositionBuilderBefore(cx.b, i);
            let new = match special {
                Special::Sreg(_) | Special::Math => continue,
                Special::Bar { kind, id, count, pred } => {
                    let id = arg(id).map_or(cx.c32(0), |v| cx.to_int(v, cx.i32));
                    let count = arg(count).map_or(cx.c32(BAR_ALL as u64), |v| cx.to_int(v, cx.i32));
                    let pred = arg(pred).map_or(cx.c32(0), |v| cx.to_int(v, cx.i32));
                    let r = cx.call(cx.bar, &mut [cx.c32(kind as u64), id, count, pred]);
                    (LLVMGetTypeKind(ret) != LLVMTypeKind::LLVMVoidTypeKind).then(|| cx.to_int(r, ret))
                }
                Special::Warp { op, sync, mask, value, b, c } => {
                    cx.site += 1;
                    let mask = arg(mask).map_or(cx.c32(u32::MAX as u64), |v| cx.to_int(v, cx.i32));
                    let value = arg(value).map_or(LLVMConstInt(cx.i64, 0, 0), |v| {
                        let t = LLVMTypeOf(v);
                        let v = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMFloatTypeKind {
                            cx.to_int(v, cx.i32)
                        } else {
                            v
                        };
                        LLVMBuildZExt(cx.b, v, cx.i64, c"".as_ptr())
                    });
                    let b = arg(b).map_or(cx.c32(0), |v| cx.to_int(v, cx.i32));
                    let c = arg(c).map_or(cx.c32(0), |v| cx.to_int(v, cx.i32));
                    let mut args = [cx.c32(op as u64), cx.c32(cx.site as u64), cx.c32(sync as u64), mask, value, b, c];
                    let r = cx.call(cx.warp, &mut args);
                    cx.result_as(r, ret)
                }
                Special::Atomic(op) => {
                    let (p, x) = (LLVMGetOperand(i, 0), LLVMGetOperand(i, 1));
                    let r = match op {
                        Some(op) => LLVMBuildAtomicRMW(cx.b, op, p, x, SEQ_CST, 0),
                        None => {
                            let cas = LLVMBuildAtomicCmpXchg(cx.b, p, x, LLVMGetOperand(i, 2), SEQ_CST, SEQ_CST, 0);
                            LLVMBuildExtractValue(cx.b, cas, 0, c"".as_ptr())
                        }
                    };
                    cx.call(cx.yld, &mut []);
                    Some(r)
                }
                Special::Fence => {
                    cx.call(cx.yld, &mut []);
                    None
                }
                Special::Load => Some(LLVMBuildLoad2(cx.b, ret, LLVMGetOperand(i, 0), c"".as_ptr())),
                Special::Handle => texsurf::handle(cx, i),
                Special::Fabs { ftz } => Some(fabs(cx, m, i, ftz)),
                Special::FunnelClamp { left } => {
                    // `shf d, lo, hi, amount` reads (lo, hi): swap the intrinsic's (hi, lo).
                    let (hi, lo) = (LLVMGetOperand(i, 0), LLVMGetOperand(i, 1));
                    LLVMSetOperand(i, 0, lo);
                    LLVMSetOperand(i, 1, hi);
                    inline_ptx(cx, m, i, &PtxOp::Shf { left, clamp: true })
                }
                Special::Image(op) => texsurf::image_call(cx, m, i, op),
                Special::Printf => Some(LLVMConstInt(ret, 0, 0)),
            };
            replace(i, new);
        }
        Ok(())
    }
}

/// Replaces call `i` by `new` (or removes it when it has no value).
unsafe fn replace(i: LLVMValueRef, new: Option<LLVMValueRef>) {
    unsafe {
        if let Some(n) = new {
            LLVMReplaceAllUsesWith(i, n);
        }
        LLVMInstructionEraseFromParent(i);
    }
}

/// The IR for one inline PTX instruction at call `i` (the builder is placed before it).
/// `llvm.fabs` of the call's operand; with `ftz`, a result below the smallest normal number
/// of its (element) type becomes +0.
unsafe fn fabs(cx: &mut Cx, m: LLVMModuleRef, i: LLVMValueRef, ftz: bool) -> LLVMValueRef {
    unsafe {
        let x = LLVMGetOperand(i, 0);
        let t = LLVMTypeOf(x);
        let name = "llvm.fabs";
        let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
        let mut tys = [t];
        let f = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 1);
        let fty = LLVMIntrinsicGetType(cx.ctx, id, tys.as_mut_ptr(), 1);
        let a = cx.call((f, fty), &mut [x]);
        if !ftz {
            return a;
        }
        let vector = LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVectorTypeKind;
        let et = if vector { LLVMGetElementType(t) } else { t };
        let half = LLVMGetTypeKind(et) == LLVMTypeKind::LLVMHalfTypeKind;
        let smallest = if half { 6.103515625e-5 } else { 1.1754943508222875e-38 };
        let splat = |c: LLVMValueRef| {
            if vector {
                let mut lanes = vec![c; LLVMGetVectorSize(t) as usize];
                LLVMConstVector(lanes.as_mut_ptr(), lanes.len() as u32)
            } else {
                c
            }
        };
        let n = c"".as_ptr();
        let limit = splat(LLVMConstReal(et, smallest));
        let small = LLVMBuildFCmp(cx.b, llvm_sys::LLVMRealPredicate::LLVMRealOLT, a, limit, n);
        LLVMBuildSelect(cx.b, small, splat(LLVMConstReal(et, 0.0)), a, n)
    }
}

unsafe fn inline_ptx(cx: &mut Cx, m: LLVMModuleRef, i: LLVMValueRef, op: &PtxOp) -> Option<LLVMValueRef> {
    unsafe {
        let arg = |k: u32| LLVMGetOperand(i, k);
        let ret = LLVMTypeOf(i);
        let intrinsic = |name: &str, ty: LLVMTypeRef| -> (LLVMValueRef, LLVMTypeRef) {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            let mut tys = [ty];
            let f = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 1);
            (f, LLVMIntrinsicGetType(cx.ctx, id, tys.as_mut_ptr(), 1))
        };
        let int = |w: u32| LLVMIntTypeInContext(cx.ctx, w);
        let k = |t: LLVMTypeRef, v: u64| LLVMConstInt(t, v, 0);
        let b = cx.b;
        let n = c"".as_ptr();
        match *op {
            PtxOp::Bfind { signed, width, shiftamt } => {
                let t = int(width);
                let a = cx.to_int(arg(0), t);
                let x = if signed {
                    let neg = LLVMBuildICmp(b, llvm_sys::LLVMIntPredicate::LLVMIntSLT, a, k(t, 0), n);
                    LLVMBuildSelect(b, neg, LLVMBuildNot(b, a, n), a, n)
                } else {
                    a
                };
                let ctlz = intrinsic("llvm.ctlz", t);
                let lz = cx.call(ctlz, &mut [x, k(cx.i1, 0)]);
                let pos = LLVMBuildSub(b, k(t, width as u64 - 1), lz, n);
                let r = if shiftamt { lz } else { pos };
                let zero = LLVMBuildICmp(b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, x, k(t, 0), n);
                let r = LLVMBuildIntCast2(b, r, cx.i32, 0, n);
                Some(cx.to_int(LLVMBuildSelect(b, zero, cx.c32(u32::MAX as u64), r, n), ret))
            }
            PtxOp::Shf { left, clamp } => {
                let (a, hi, c) = (cx.to_int(arg(0), cx.i32), cx.to_int(arg(1), cx.i32), cx.to_int(arg(2), cx.i32));
                let amount = if clamp {
                    let umin = intrinsic("llvm.umin", cx.i32);
                    cx.call(umin, &mut [c, cx.c32(32)])
                } else {
                    LLVMBuildAnd(b, c, cx.c32(31), n)
                };
                let f = intrinsic(if left { "llvm.fshl" } else { "llvm.fshr" }, cx.i32);
                let r = cx.call(f, &mut [hi, a, amount]);
                // A shift by 32 (clamp only) moves one word wholly into the other.
                let full = LLVMBuildICmp(b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, amount, cx.c32(32), n);
                let r = LLVMBuildSelect(b, full, if left { a } else { hi }, r, n);
                Some(cx.to_int(r, ret))
            }
            PtxOp::Brev(w) | PtxOp::Popc(w) | PtxOp::Clz(w) => {
                let t = int(w);
                let a = cx.to_int(arg(0), t);
                let r = match *op {
                    PtxOp::Brev(_) => cx.call(intrinsic("llvm.bitreverse", t), &mut [a]),
                    PtxOp::Popc(_) => cx.call(intrinsic("llvm.ctpop", t), &mut [a]),
                    _ => cx.call(intrinsic("llvm.ctlz", t), &mut [a, k(cx.i1, 0)]),
                };
                Some(cx.to_int(r, ret))
            }
            PtxOp::Sreg(r) => {
                let slot = cx.slot(r);
                let v = cx.call(cx.sreg, &mut [cx.c32(slot as u64)]);
                Some(cx.to_int(v, ret))
            }
            PtxOp::Bar { arrive, id, count } => {
                let opnd = |o: ptx::Operand| match o {
                    ptx::Operand::Imm(v) => cx.c32(v as u64),
                    ptx::Operand::Input(j) => cx.to_int(arg(j), cx.i32),
                };
                let id = opnd(id);
                let count = count.map_or(cx.c32(BAR_ALL as u64), opnd);
                let kind = if arrive { BAR_ARRIVE } else { BAR_PLAIN };
                cx.call(cx.bar, &mut [cx.c32(kind as u64), id, count, cx.c32(0)]);
                None
            }
            PtxOp::Fence => {
                cx.call(cx.yld, &mut []);
                None
            }
        }
    }
}

/// Replaces the remaining `llvm.nvvm.*` declarations: special registers by functions calling
/// `ori.ref.sreg`, math intrinsics by renamed declarations mapped to [`builtin`]s; rewritten
/// intrinsics (no uses left) are deleted.
unsafe fn replace_declarations(
    m: LLVMModuleRef,
    cx: &mut Cx,
    mappings: &mut Vec<(LLVMValueRef, usize)>,
) -> Result<(), RefError> {
    unsafe {
        for f in functions(m) {
            let name = ffi::name(V(f));
            // Special registers also go by their old `llvm.ptx.read.*` names.
            let suffix = match name.strip_prefix("llvm.nvvm.") {
                Some(s) => s.to_string(),
                None if SpecialReg::from_intrinsic(&name).is_some() => name.trim_start_matches("llvm.").to_string(),
                None => continue,
            };
            let suffix = suffix.as_str();
            if LLVMIsDeclaration(f) == 0 {
                continue;
            }
            if !has_uses(f) {
                LLVMDeleteFunction(f);
                continue;
            }
            let fty = LLVMGlobalGetValueType(f);
            let new_name = CString::new(format!("ori.ref.{suffix}")).unwrap_or_default();
            let nf = LLVMAddFunction(m, new_name.as_ptr(), fty);
            if let Some(reg) = SpecialReg::from_intrinsic(&name) {
                let slot = cx.slot(reg);
                let bb = LLVMAppendBasicBlockInContext(cx.ctx, nf, c"entry".as_ptr());
                LLVMPositionBuilderAtEnd(cx.b, bb);
                let v = cx.call(cx.sreg, &mut [cx.c32(slot as u64)]);
                let rt = LLVMGetReturnType(fty);
                let r = if LLVMGetIntTypeWidth(rt) == 64 { v } else { LLVMBuildTrunc(cx.b, v, rt, c"t".as_ptr()) };
                LLVMBuildRet(cx.b, r);
            } else {
                let spec = host_builtin(suffix).filter(|(ret, params, _, _)| signature_matches(fty, ret, params));
                let Some((_, _, addr, ftz)) = spec else {
                    return Err(RefError::Ineligible(format!(
                        "intrinsic @{name} ({}; no host implementation)",
                        type_string(fty)
                    )));
                };
                if ftz {
                    let host_name = CString::new(format!("ori.ref.{suffix}.host")).unwrap_or_default();
                    let host = LLVMAddFunction(m, host_name.as_ptr(), fty);
                    mappings.push((host, addr));
                    flushing_wrapper(cx, nf, (host, fty));
                } else {
                    mappings.push((nf, addr));
                }
            }
            LLVMReplaceAllUsesWith(f, nf);
            LLVMDeleteFunction(f);
        }
        Ok(())
    }
}

/// Defines `f` as PTX's `.ftz` around `host` (same type): its f32 parameters flushed (a
/// subnormal becomes the zero of its sign), `host` called, an f32 result flushed.
unsafe fn flushing_wrapper(cx: &Cx, f: LLVMValueRef, host: (LLVMValueRef, LLVMTypeRef)) {
    unsafe {
        let f32t = LLVMFloatTypeInContext(cx.ctx);
        let flush = |x: LLVMValueRef| {
            if LLVMTypeOf(x) != f32t {
                return x;
            }
            let bits = LLVMBuildBitCast(cx.b, x, cx.i32, c"".as_ptr());
            let exp = LLVMBuildAnd(cx.b, bits, cx.c32(0x7F80_0000), c"".as_ptr());
            let sub = LLVMBuildICmp(cx.b, llvm_sys::LLVMIntPredicate::LLVMIntEQ, exp, cx.c32(0), c"".as_ptr());
            let zero = LLVMBuildAnd(cx.b, bits, cx.c32(0x8000_0000), c"".as_ptr());
            let r = LLVMBuildSelect(cx.b, sub, zero, bits, c"".as_ptr());
            LLVMBuildBitCast(cx.b, r, f32t, c"".as_ptr())
        };
        let bb = LLVMAppendBasicBlockInContext(cx.ctx, f, c"entry".as_ptr());
        LLVMPositionBuilderAtEnd(cx.b, bb);
        let mut args: Vec<LLVMValueRef> = (0..LLVMCountParams(f)).map(|k| flush(LLVMGetParam(f, k))).collect();
        let r = cx.call(host, &mut args);
        LLVMBuildRet(cx.b, flush(r));
    }
}

/// Turns every `addrspace(3)` variable into an external declaration the driver maps to the
/// CTA's shared memory; an initial value other than undef/zero moves to a constant
/// `ori.ref.shinit.<k>` the driver copies from at the start of each CTA.
unsafe fn shared_variables(m: LLVMModuleRef) -> Vec<SharedVar> {
    unsafe {
        let mut out = Vec::new();
        let mut g = LLVMGetFirstGlobal(m);
        let mut list = Vec::new();
        while !g.is_null() {
            if LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3 {
                list.push(g);
            }
            g = LLVMGetNextGlobal(g);
        }
        for (k, g) in list.into_iter().enumerate() {
            let ty = LLVMGlobalGetValueType(g);
            let dynamic = LLVMIsDeclaration(g) != 0;
            let mut init = None;
            if !dynamic {
                let iv = LLVMGetInitializer(g);
                let trivial = iv.is_null() || LLVMIsUndef(iv) != 0 || LLVMIsNull(iv) != 0;
                if !trivial {
                    let name = CString::new(format!("ori.ref.shinit.{k}")).unwrap_or_default();
                    let c = LLVMAddGlobal(m, ty, name.as_ptr());
                    LLVMSetInitializer(c, iv);
                    LLVMSetGlobalConstant(c, 1);
                    init = Some(name);
                }
                LLVMSetInitializer(g, std::ptr::null_mut());
            }
            // A declaration may not be in a comdat (template `__shared__` variables are
            // `linkonce_odr ... comdat`).
            llvm_sys::comdat::LLVMSetComdat(g, std::ptr::null_mut());
            LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMExternalLinkage);
            LLVMSetThreadLocal(g, 0);
            let name = CString::new(format!("ori.ref.shared.{k}")).unwrap_or_default();
            LLVMSetValueName2(g, name.as_ptr(), name.as_bytes().len());
            out.push(SharedVar { global: g, ty, align: LLVMGetAlignment(g).max(16), dynamic, init });
        }
        out
    }
}

/// The defined, writable variables outside shared memory (unnamed ones get a name, so that the
/// driver can find them in the JIT).
unsafe fn module_variables(m: LLVMModuleRef) -> Vec<(CString, LLVMTypeRef)> {
    unsafe {
        let mut out = Vec::new();
        let mut g = LLVMGetFirstGlobal(m);
        let mut k = 0;
        while !g.is_null() {
            let shared = LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3;
            let special = ffi::name(V(g)).starts_with("llvm.");
            if !shared && !special && LLVMIsDeclaration(g) == 0 && LLVMIsGlobalConstant(g) == 0 {
                if ffi::name(V(g)).is_empty() {
                    let n = CString::new(format!("ori.ref.global.{k}")).unwrap_or_default();
                    LLVMSetValueName2(g, n.as_ptr(), n.as_bytes().len());
                    k += 1;
                }
                // Internal variables may be renamed or dropped by the JIT's symbol lookup; make
                // them visible.
                LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMExternalLinkage);
                let name = CString::new(ffi::name(V(g))).unwrap_or_default();
                out.push((name, LLVMGlobalGetValueType(g)));
            }
            g = LLVMGetNextGlobal(g);
        }
        out
    }
}

/// The wrapper `ori.ref.entry(ptr args) { kernel(load(args[0]), load(args[1]), ...) }`, which a
/// trap or an exit leaves through `setjmp`/`longjmp` (`abort.rs`).
unsafe fn wrapper(
    m: LLVMModuleRef,
    cx: &Cx,
    kernel: LLVMValueRef,
    ptrt: LLVMTypeRef,
    voidt: LLVMTypeRef,
    mappings: &mut Vec<(LLVMValueRef, usize)>,
) -> String {
    unsafe {
        let b = cx.b;
        let wty = LLVMFunctionType(voidt, [ptrt].as_mut_ptr(), 1, 0);
        let w = LLVMAddFunction(m, c"ori.ref.entry".as_ptr(), wty);
        let bb = LLVMAppendBasicBlockInContext(cx.ctx, w, c"entry".as_ptr());
        LLVMPositionBuilderAtEnd(b, bb);
        super::jump::guard_entry(m, b, w, mappings);
        let args = LLVMGetParam(w, 0);
        let kty = LLVMGlobalGetValueType(kernel);
        let n = LLVMCountParams(kernel);
        let mut vals = Vec::with_capacity(n as usize);
        let byval_kind = LLVMGetEnumAttributeKindForName(c"byval".as_ptr(), 5);
        let td = llvm_sys::target::LLVMGetModuleDataLayout(m);
        for k in 0..n {
            let pty = LLVMTypeOf(LLVMGetParam(kernel, k));
            let mut idx = [LLVMConstInt(cx.i32, k as u64, 0)];
            let slot = LLVMBuildInBoundsGEP2(b, cx.i64, args, idx.as_mut_ptr(), 1, c"slot".as_ptr());
            let byval = LLVMGetEnumAttributeAtIndex(kernel, k + 1, byval_kind);
            if byval.is_null() {
                vals.push(LLVMBuildLoad2(b, pty, slot, c"arg".as_ptr()));
                continue;
            }
            // A byval struct: the thread's own copy holds what the interpreter's constant bank
            // holds for it (`interp/simt/prepare.rs`): the slot's value in the first 8 bytes
            // (fewer for a smaller struct), zeros after.
            let ty = LLVMGetTypeAttributeValue(byval);
            let size = llvm_sys::target::LLVMABISizeOfType(td, ty);
            let copy = LLVMBuildAlloca(b, ty, c"byval".as_ptr());
            LLVMSetAlignment(copy, 16);
            LLVMBuildMemSet(
                b,
                copy,
                LLVMConstInt(LLVMInt8TypeInContext(cx.ctx), 0, 0),
                LLVMConstInt(cx.i64, size, 0),
                16,
            );
            let bits = (size.min(8) * 8) as u32;
            if bits > 0 {
                let v = LLVMBuildLoad2(b, cx.i64, slot, c"arg".as_ptr());
                let narrow = LLVMIntTypeInContext(cx.ctx, bits);
                let v = if bits < 64 { LLVMBuildTrunc(b, v, narrow, c"".as_ptr()) } else { v };
                LLVMBuildStore(b, v, copy);
            }
            vals.push(copy);
        }
        LLVMBuildCall2(b, kty, kernel, vals.as_mut_ptr(), n, c"".as_ptr());
        LLVMBuildRetVoid(b);
        "ori.ref.entry".into()
    }
}
