//! The sm_90 intrinsics in the reference (`ori::lower::intrinsics_sm90` names them): their calls
//! become host functions and IR with the interpreter's semantics (`interp/simt/sm90.rs`, whose
//! mbarrier encoding is shared):
//!
//! - `elect.sync`: a warp collective (`sched::WarpOp::Elect`, the lowest lane of the mask leads);
//! - mbarrier operations: `ori.ref.mbar(op, ptr, a, b)` on the 64-bit object; a `test_wait` that
//!   is false passes the baton to the next thread of the CTA (`sched::spin_current`, in any
//!   warp), so that a thread spinning on it lets the others arrive;
//! - `cp.async.*`: `ori.ref.cp_async(dst, src, n, size)` copies at once (commit / wait are
//!   no-ops, `cp.async.mbarrier.arrive.noinc` an arrive);
//! - clusters of one CTA: `getctarank` 0, `mapa` the address itself, `is_explicit_cluster`
//!   false, `barrier.cluster.arrive` nothing, `barrier.cluster.wait` a CTA barrier;
//! - `fence.proxy.*`: a yield, like every fence.
//!
//! `isspacep.shared::cluster` is not run (the reference has no shared-window test for any
//! `isspacep`).

use super::functions;
use super::sched::{self, BAR_ALL, BAR_PLAIN, WarpOp};
use crate::ori::interp::simt::sm90::{mbar_arrive, mbar_fields, mbar_word};
use crate::ori::lower::ffi::{self, V};
use crate::ori::lower::intrinsics_sm90::classify;
use crate::ori::opcode::Sm90Op;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

const MBAR_INIT: u64 = 0;
const MBAR_INVAL: u64 = 1;
const MBAR_ARRIVE: u64 = 2;
const MBAR_TEST_WAIT: u64 = 3;
const MBAR_PENDING: u64 = 4;

/// The operation of an intrinsic the reference runs (`None`: not one of these).
fn op_of(name: &str) -> Option<Sm90Op> {
    let (op, _) = classify(name.strip_prefix("llvm.nvvm.")?)?;
    (op != Sm90Op::IsSharedCluster).then_some(op)
}

/// Whether the reference runs the intrinsic `name` (see the module documentation).
pub(super) fn handles(name: &str) -> bool {
    op_of(name).is_some()
}

/// `ori.ref.mbar(op, ptr, a, b)`: see the constants; `b` holds the arrive's flags (bit 0
/// `drop`, bit 1 `noComplete`).
extern "C" fn ori_ref_mbar(op: u64, p: *mut u64, a: u64, b: u64) -> u64 {
    if op == MBAR_PENDING {
        return mbar_fields(a).0;
    }
    if p.is_null() {
        return 0;
    }
    // SAFETY: the kernel names its (8-byte aligned) mbarrier object; threads take turns.
    let word = unsafe { p.read_volatile() };
    let write = |v: u64| unsafe { p.write_volatile(v) };
    match op {
        MBAR_INIT => {
            let n = a & ((1 << 21) - 1);
            write(mbar_word(n, n, 0));
            0
        }
        MBAR_INVAL => {
            write(0);
            0
        }
        MBAR_ARRIVE => {
            // An arrive the PTX ISA leaves undefined leaves the object as it is here.
            if let Ok((new, _)) = mbar_arrive(word, a, b & 1 != 0, b & 2 != 0) {
                write(new);
            }
            word
        }
        MBAR_TEST_WAIT => {
            let done = mbar_fields(word).2 != mbar_fields(a).2;
            if !done {
                sched::spin_current();
            }
            done as u64
        }
        _ => 0,
    }
}

/// `ori.ref.cp_async(dst, src, n, size)`: `size` bytes copied, the rest of `n` zeroed.
extern "C" fn ori_ref_cp_async(dst: *mut u8, src: *const u8, n: u32, size: u32) {
    let size = size.min(n) as usize;
    // SAFETY: the kernel names `n` bytes of shared memory and `size` of global memory.
    unsafe {
        std::ptr::copy_nonoverlapping(src, dst, size);
        std::ptr::write_bytes(dst.add(size), 0, n as usize - size);
    }
}

/// Replaces the calls of the intrinsics [`handles`] names; returns the host functions to map.
///
/// # Safety
/// `m` must be a live module in which `ori.ref.warp`, `ori.ref.bar` and `ori.ref.yield` are
/// declared (`rewrite::prepare` declares them first).
pub(super) unsafe fn rewrite(m: LLVMModuleRef) -> Vec<(LLVMValueRef, usize)> {
    unsafe {
        let ctx = LLVMGetModuleContext(m);
        let i1 = LLVMInt1TypeInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        let i64t = LLVMInt64TypeInContext(ctx);
        let ptrt = LLVMPointerTypeInContext(ctx, 0);
        let voidt = LLVMVoidTypeInContext(ctx);
        let fty = |ret: LLVMTypeRef, params: &mut [LLVMTypeRef]| {
            LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0)
        };
        let mbar_ty = fty(i64t, &mut [i64t, ptrt, i64t, i64t]);
        let mbar = LLVMAddFunction(m, c"ori.ref.mbar".as_ptr(), mbar_ty);
        let cp_ty = fty(voidt, &mut [ptrt, ptrt, i32t, i32t]);
        let cp = LLVMAddFunction(m, c"ori.ref.cp_async".as_ptr(), cp_ty);
        let warp_ty = fty(i64t, &mut [i32t, i32t, i32t, i32t, i64t, i32t, i32t]);
        let warp = LLVMGetNamedFunction(m, c"ori.ref.warp".as_ptr());
        let bar_ty = fty(i32t, &mut [i32t, i32t, i32t, i32t]);
        let bar = LLVMGetNamedFunction(m, c"ori.ref.bar".as_ptr());
        let yld_ty = fty(voidt, &mut []);
        let yld = LLVMGetNamedFunction(m, c"ori.ref.yield".as_ptr());
        let b = LLVMCreateBuilderInContext(ctx);
        let n = c"".as_ptr();
        let k32 = |v: u64| LLVMConstInt(i32t, v, 0);
        let k64 = |v: u64| LLVMConstInt(i64t, v, 0);
        let mut site = 0x4000_0000u64;
        for f in functions(m) {
            if LLVMIsDeclaration(f) != 0 {
                continue;
            }
            for i in super::instructions(f) {
                if ffi::opcode(V(i)) != llvm_sys::LLVMOpcode::LLVMCall {
                    continue;
                }
                let callee = ffi::called_value(V(i));
                if !ffi::is_function(callee) {
                    continue;
                }
                let Some(op) = op_of(&ffi::name(callee)) else { continue };
                LLVMPositionBuilderBefore(b, i);
                // Pointers in any address space are host pointers (a no-op cast on x86).
                let arg = |k: u32| {
                    let v = LLVMGetOperand(i, k);
                    let t = LLVMTypeOf(v);
                    let foreign = LLVMGetTypeKind(t) == llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
                        && LLVMGetPointerAddressSpace(t) != 0;
                    if foreign { LLVMBuildAddrSpaceCast(b, v, ptrt, n) } else { v }
                };
                let to64 = |v: LLVMValueRef| LLVMBuildZExtOrBitCast(b, v, i64t, n);
                let call = |f: LLVMValueRef, t: LLVMTypeRef, args: &mut [LLVMValueRef]| {
                    LLVMBuildCall2(b, t, f, args.as_mut_ptr(), args.len() as u32, n)
                };
                let mbar_call = |code: u64, p: LLVMValueRef, a: LLVMValueRef, flags: u64| {
                    call(mbar, mbar_ty, &mut [k64(code), p, a, k64(flags)])
                };
                let new: Option<LLVMValueRef> = match op {
                    Sm90Op::Elect => {
                        site += 1;
                        let args = &mut [k32(WarpOp::Elect as u64), k32(site), k32(1), arg(0), k64(0), k32(0), k32(0)];
                        let r = call(warp, warp_ty, args);
                        let ty = LLVMTypeOf(i);
                        let lane = LLVMBuildTrunc(b, r, i32t, n);
                        let lead = LLVMBuildTrunc(b, LLVMBuildLShr(b, r, k64(32), n), i1, n);
                        let s = LLVMBuildInsertValue(b, LLVMGetPoison(ty), lane, 0, n);
                        Some(LLVMBuildInsertValue(b, s, lead, 1, n))
                    }
                    Sm90Op::MbarInit { .. } => {
                        mbar_call(MBAR_INIT, arg(0), to64(arg(1)), 0);
                        None
                    }
                    Sm90Op::MbarInval { .. } => {
                        mbar_call(MBAR_INVAL, arg(0), k64(0), 0);
                        None
                    }
                    Sm90Op::MbarArrive { drop, no_complete, .. } => {
                        let count = if no_complete { to64(arg(1)) } else { k64(1) };
                        let flags = drop as u64 | (no_complete as u64) << 1;
                        Some(mbar_call(MBAR_ARRIVE, arg(0), count, flags))
                    }
                    Sm90Op::CpAsyncMbarArrive { noinc, .. } => {
                        if noinc {
                            mbar_call(MBAR_ARRIVE, arg(0), k64(1), 0);
                        }
                        None
                    }
                    Sm90Op::MbarTestWait { .. } => {
                        let r = mbar_call(MBAR_TEST_WAIT, arg(0), arg(1), 0);
                        Some(LLVMBuildTrunc(b, r, i1, n))
                    }
                    Sm90Op::MbarPendingCount => {
                        let r = mbar_call(MBAR_PENDING, LLVMConstNull(ptrt), arg(0), 0);
                        Some(LLVMBuildTrunc(b, r, i32t, n))
                    }
                    Sm90Op::CpAsync { bytes, src_size, .. } => {
                        let size = if src_size { arg(2) } else { k32(u64::from(bytes)) };
                        call(cp, cp_ty, &mut [arg(0), arg(1), k32(u64::from(bytes)), size]);
                        None
                    }
                    Sm90Op::CpAsyncCommit | Sm90Op::CpAsyncWait | Sm90Op::CpAsyncWaitAll => None,
                    Sm90Op::ClusterArrive { .. } => None,
                    Sm90Op::GetCtaRank { .. } => Some(k32(0)),
                    Sm90Op::Mapa { .. } => Some(LLVMGetOperand(i, 0)),
                    Sm90Op::IsExplicitCluster => Some(LLVMConstInt(i1, 0, 0)),
                    Sm90Op::ClusterWait { .. } => {
                        call(bar, bar_ty, &mut [k32(BAR_PLAIN as u64), k32(0), k32(BAR_ALL as u64), k32(0)]);
                        None
                    }
                    Sm90Op::FenceProxy { .. } => {
                        call(yld, yld_ty, &mut []);
                        None
                    }
                    Sm90Op::IsSharedCluster => continue,
                };
                if let Some(v) = new {
                    LLVMReplaceAllUsesWith(i, v);
                }
                LLVMInstructionEraseFromParent(i);
            }
        }
        LLVMDisposeBuilder(b);
        vec![
            (mbar, ori_ref_mbar as extern "C" fn(u64, *mut u64, u64, u64) -> u64 as usize),
            (cp, ori_ref_cp_async as extern "C" fn(*mut u8, *const u8, u32, u32) as usize),
        ]
    }
}
