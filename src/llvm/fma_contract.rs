//! `fma-contract`: floating-point contraction in the IR. An `fadd`/`fsub` of an `fmul` becomes a
//! call of `llvm.fma.*` when LLVM's fast-math flags allow it; the back end lowers that call to
//! `FFMA` / `DFMA` / `HFMA2` (PTX `fma.rn`).
//!
//! The rule is the one llc-19's DAG combiner applies for NVPTX (`visitFADDForFMACombine` /
//! `visitFSUBForFMACombine`, with the target's aggressive FMA fusion), restated here:
//!
//! - both the add/sub and the multiply carry `contract` (`fast` implies it); without the flags
//!   nothing is fused, so IEEE results stay bit-exact;
//! - the multiply is in the same basic block as the add (the combiner sees one block at a time);
//! - the multiply may have other uses (aggressive fusion): it then stays for them, and it is
//!   erased when the fusion took its last use;
//! - `fadd (fmul x, y), z` and `fadd z, (fmul x, y)` → `fma(x, y, z)`; when both operands are
//!   multiplies, the one with fewer uses is folded (the first on a tie);
//! - `fsub (fmul x, y), z` → `fma(x, y, -z)`; `fsub z, (fmul x, y)` → `fma(-x, y, z)` (the
//!   multiply with fewer uses first when both qualify); `fsub (fneg (fmul x, y)), z` →
//!   `fma(-x, y, -z)`.
//!
//! Scalars and vectors of `half`, `bfloat`, `float` and `double` are fused (vectors lane by
//! lane; llc-19 fuses bfloat into `fma.rn.bf16` on sm_90 too).
//! Instructions are visited in program order and each decision sees the use counts left by the
//! earlier ones, as the combiner's rewrites do.
//!
//! Where it runs: `ori llc` and `ori check` run it after inlining, before lowering, unless
//! `--fmad=false` (ptxas's switch of the same name). `ori check`'s LLVM-JIT reference runs it on
//! its own copy of the module too: contraction is a choice the IR permits, not a fact of the
//! program, so the reference must make the same choice to be comparable — the fused arithmetic
//! itself is then computed by LLVM's JIT, independently of ori's lowering and interpreter.

use super::pass_api::{PassContext, PassParams};
use anyhow::Result;
use inkwell::module::Module;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The pass entry (registry name `fma-contract`).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, _params: &PassParams) -> Result<()> {
    let n = run(module);
    cx.stat("fma-contract", "NumFused", "Number of fmul+fadd/fsub pairs fused into llvm.fma", n);
    Ok(())
}

/// Contracts every eligible pair in `module`; returns how many `llvm.fma` calls it made.
pub fn run(module: &Module<'_>) -> u64 {
    let m = module.as_mut_ptr();
    let mut fused = 0;
    // SAFETY: every handle comes from `module`, which outlives the pass; instructions are erased
    // only after the walk that could still reach them.
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            let mut bb = LLVMGetFirstBasicBlock(f);
            while !bb.is_null() {
                fused += contract_block(m, builder, bb);
                bb = LLVMGetNextBasicBlock(bb);
            }
            f = LLVMGetNextFunction(f);
        }
        LLVMDisposeBuilder(builder);
    }
    fused
}

/// Which multiply to fold, and how the product and the addend are signed.
struct Plan {
    mul: LLVMValueRef,
    /// The multiply seen through an `fneg` (`fsub (fneg (fmul x, y)), z`), erased with it when
    /// dead.
    through_neg: Option<LLVMValueRef>,
    neg_product: bool,
    addend: LLVMValueRef,
    neg_addend: bool,
}

unsafe fn contract_block(m: LLVMModuleRef, builder: LLVMBuilderRef, bb: LLVMBasicBlockRef) -> u64 {
    let mut insts = Vec::new();
    let mut i = unsafe { LLVMGetFirstInstruction(bb) };
    while !i.is_null() {
        insts.push(i);
        i = unsafe { LLVMGetNextInstruction(i) };
    }
    let mut fused = 0;
    let mut maybe_dead = Vec::new();
    for v in insts {
        let Some(p) = (unsafe { plan(v) }) else { continue };
        unsafe {
            LLVMPositionBuilderBefore(builder, v);
            let x = LLVMGetOperand(p.mul, 0);
            let y = LLVMGetOperand(p.mul, 1);
            let x = if p.neg_product { LLVMBuildFNeg(builder, x, c"".as_ptr()) } else { x };
            let z = if p.neg_addend { LLVMBuildFNeg(builder, p.addend, c"".as_ptr()) } else { p.addend };
            let call = build_fma(m, builder, LLVMTypeOf(v), [x, y, z], LLVMGetFastMathFlags(v));
            // The fused value takes the add's name, so dumps by LLVM name still find it.
            let mut len = 0;
            let old = LLVMGetValueName2(v, &mut len);
            let old = std::slice::from_raw_parts(old as *const u8, len).to_vec();
            LLVMReplaceAllUsesWith(v, call);
            LLVMInstructionEraseFromParent(v);
            LLVMSetValueName2(call, old.as_ptr() as *const _, old.len());
        }
        for dead in p.through_neg.into_iter().chain([p.mul]) {
            if !maybe_dead.contains(&dead) {
                maybe_dead.push(dead);
            }
        }
        fused += 1;
    }
    // Each candidate once (an erased value must not be looked at again); an fneg comes before
    // the multiply it negates, so that its erasure can free the multiply.
    for v in maybe_dead {
        unsafe {
            if LLVMGetFirstUse(v).is_null() {
                LLVMInstructionEraseFromParent(v);
            }
        }
    }
    fused
}

/// `llvm.fma` of `args` at the builder's position. A vector is fused element by element
/// (`extractelement`, scalar `llvm.fma`, `insertelement`), which is what the back end makes of a
/// vector `fma` anyway — except `<2 x half>`, which stays one `llvm.fma.v2f16`: the back end
/// keeps it packed (`fma.rn.f16x2`, `ori::lower::half2`), as llc does.
unsafe fn build_fma(
    m: LLVMModuleRef,
    builder: LLVMBuilderRef,
    ty: LLVMTypeRef,
    args: [LLVMValueRef; 3],
    flags: llvm_sys::LLVMFastMathFlags,
) -> LLVMValueRef {
    unsafe {
        let name = c"llvm.fma";
        let id = LLVMLookupIntrinsicID(name.as_ptr(), name.count_bytes());
        let scalar = |t: LLVMTypeRef, mut a: [LLVMValueRef; 3]| {
            let mut tys = [t];
            let decl = LLVMGetIntrinsicDeclaration(m, id, tys.as_mut_ptr(), 1);
            let call = LLVMBuildCall2(builder, LLVMGlobalGetValueType(decl), decl, a.as_mut_ptr(), 3, c"".as_ptr());
            LLVMSetFastMathFlags(call, flags);
            call
        };
        if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return scalar(ty, args);
        }
        let et = LLVMGetElementType(ty);
        if LLVMGetTypeKind(et) == LLVMTypeKind::LLVMHalfTypeKind && LLVMGetVectorSize(ty) == 2 {
            return scalar(ty, args);
        }
        let i32t = LLVMInt32TypeInContext(LLVMGetModuleContext(m));
        let mut out = LLVMGetPoison(ty);
        for i in 0..LLVMGetVectorSize(ty) {
            let idx = LLVMConstInt(i32t, u64::from(i), 0);
            let lane = args.map(|a| LLVMBuildExtractElement(builder, a, idx, c"".as_ptr()));
            out = LLVMBuildInsertElement(builder, out, scalar(et, lane), idx, c"".as_ptr());
        }
        out
    }
}

/// The contraction of `v`, when `v` is an `fadd`/`fsub` the rule allows one for.
unsafe fn plan(v: LLVMValueRef) -> Option<Plan> {
    let opc = unsafe { LLVMGetInstructionOpcode(v) };
    if !matches!(opc, O::LLVMFAdd | O::LLVMFSub) || !unsafe { allows_contract(v) } || !unsafe { is_fma_type(v) } {
        return None;
    }
    let (n0, n1) = unsafe { (LLVMGetOperand(v, 0), LLVMGetOperand(v, 1)) };
    let (c0, c1) = unsafe { (contractable_fmul(n0, v), contractable_fmul(n1, v)) };
    let sub = opc == O::LLVMFSub;
    let fold0 = Plan { mul: n0, through_neg: None, neg_product: false, addend: n1, neg_addend: sub };
    let fold1 = Plan { mul: n1, through_neg: None, neg_product: sub, addend: n0, neg_addend: false };
    match (c0, c1) {
        (true, true) if unsafe { use_count(n0) > use_count(n1) } => return Some(fold1),
        (true, _) => return Some(fold0),
        (false, true) => return Some(fold1),
        (false, false) => {}
    }
    // fsub (fneg (fmul x, y)), z → fma(-x, y, -z)
    if sub && unsafe { !LLVMIsAInstruction(n0).is_null() && LLVMGetInstructionOpcode(n0) == O::LLVMFNeg } {
        let mul = unsafe { LLVMGetOperand(n0, 0) };
        if unsafe { contractable_fmul(mul, v) } {
            return Some(Plan { mul, through_neg: Some(n0), neg_product: true, addend: n1, neg_addend: true });
        }
    }
    None
}

/// `contract` is set (LLVM's `fast` sets every flag, this one included).
unsafe fn allows_contract(v: LLVMValueRef) -> bool {
    unsafe {
        LLVMCanValueUseFastMathFlags(v) != 0 && LLVMGetFastMathFlags(v) & llvm_sys::LLVMFastMathAllowContract != 0
    }
}

/// `m` is an `fmul` that may be fused into `user`: flags, and the same block.
unsafe fn contractable_fmul(m: LLVMValueRef, user: LLVMValueRef) -> bool {
    unsafe {
        !LLVMIsAInstruction(m).is_null()
            && LLVMGetInstructionOpcode(m) == O::LLVMFMul
            && allows_contract(m)
            && LLVMGetInstructionParent(m) == LLVMGetInstructionParent(user)
    }
}

/// `half`, `bfloat`, `float`, `double` or a vector of them.
unsafe fn is_fma_type(v: LLVMValueRef) -> bool {
    let mut t = unsafe { LLVMTypeOf(v) };
    if unsafe { LLVMGetTypeKind(t) } == LLVMTypeKind::LLVMVectorTypeKind {
        t = unsafe { LLVMGetElementType(t) };
    }
    matches!(
        unsafe { LLVMGetTypeKind(t) },
        LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMBFloatTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
    )
}

/// How many operand slots name `v`.
unsafe fn use_count(v: LLVMValueRef) -> usize {
    let mut n = 0;
    let mut u = unsafe { LLVMGetFirstUse(v) };
    while !u.is_null() {
        n += 1;
        u = unsafe { LLVMGetNextUse(u) };
    }
    n
}
