//! `loop-count-down`: a loop counter that only counts, `i = start; ...; i += s; exit when
//! i == N`, becomes a count-down `k = N - start; ...; k -= s; exit when k == 0`.
//!
//! This is the choice llc's loop strength reduction makes for NVPTX when an induction variable's
//! only use is the exit test (it prefers a compare with zero): the counter then starts from the
//! bound, which is usually a kernel parameter, so ptxas keeps it in a uniform register (`UIADD3`
//! on `UR`), and the bound itself is no longer live in the loop. Counting up from a constant, the
//! counter is an ordinary register and every iteration spends vector-ALU instructions on it.
//!
//! Exactness: with `k = N - i` (wrapping), `i == N ⟺ k == 0` and `i + s == N ⟺ k - s == 0` in
//! modular arithmetic, whatever the values; only equality tests (`icmp eq` / `ne`) are rewritten,
//! so no trip-count reasoning is needed. A counter qualifies when
//!
//! - it is a two-input phi `i = phi [start, P], [i.next, L]` with `i.next = add i, C` (or
//!   `add C, i`, `sub i, C`) for a constant `C`;
//! - `i` is used only by `i.next` and by the test, `i.next` only by the phi and the test;
//! - the test is `icmp eq|ne` of `i` or `i.next` with `N`, where `N` is a constant, an argument,
//!   or an instruction in a block that strictly dominates the phi's block (loop-invariant).
//!
//! The new phi starts at `N - start` (just `N` when `start` is 0), computed at the end of `P`.
//!
//! Where it runs: in every compile after `gep-reassociate` (`compile::middle_end`), and as
//! `ori opt -passes=loop-count-down`.

use super::known_bits::analysis::Dominators;
use super::known_bits::ir::{self, V};
use super::pass_api::{PassContext, PassParams};
use anyhow::Result;
use inkwell::module::Module;
use llvm_sys::LLVMIntPredicate;
use llvm_sys::LLVMOpcode as O;
use llvm_sys::LLVMTypeKind;
use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// The pass entry (registry name `loop-count-down`).
pub fn run_pass(module: &Module<'_>, cx: &mut PassContext, _params: &PassParams) -> Result<()> {
    let n = run(module);
    cx.stat("loop-count-down", "NumCountDown", "Number of counting loops rewritten to count down to zero", n);
    Ok(())
}

/// Rewrites every qualifying counter in `module`; returns how many.
pub fn run(module: &Module<'_>) -> u64 {
    let m = module.as_mut_ptr();
    let mut done = 0;
    // SAFETY: every handle comes from `module`, which outlives the pass; an instruction is
    // erased only after its uses were replaced, and no handle to it is used afterwards.
    unsafe {
        let builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            if LLVMCountBasicBlocks(f) > 0 {
                let dom = Dominators::compute(V(f));
                let phis: Vec<V> =
                    ir::instructions(V(f)).into_iter().filter(|i| i.opcode() == Some(O::LLVMPHI)).collect();
                for phi in phis {
                    if let Some(plan) = counter(&dom, phi) {
                        rewrite(builder, &plan);
                        done += 1;
                    }
                }
            }
            f = LLVMGetNextFunction(f);
        }
        LLVMDisposeBuilder(builder);
    }
    done
}

/// A counter and its exit test.
struct Plan {
    phi: V,
    next: V,
    /// The step `s` of `i.next = i + s` (as a constant of the counter's type).
    step: LLVMValueRef,
    /// `i.next = i - s` rather than `i + s`.
    sub: bool,
    start: V,
    /// The block `start` comes from (where `N - start` is computed).
    pre: LLVMBasicBlockRef,
    latch: LLVMBasicBlockRef,
    test: V,
    /// The test compares `i.next` (else `i`).
    tests_next: bool,
    bound: V,
}

unsafe fn counter(dom: &Dominators, phi: V) -> Option<Plan> {
    unsafe {
        if LLVMGetTypeKind(LLVMTypeOf(phi.0)) != LLVMTypeKind::LLVMIntegerTypeKind || LLVMCountIncoming(phi.0) != 2 {
            return None;
        }
        let header = LLVMGetInstructionParent(phi.0);
        // Which incoming value is the step.
        let (k, next) = (0..2).find_map(|k| {
            let v = V(LLVMGetIncomingValue(phi.0, k));
            step_of(v, phi).map(|_| (k, v))
        })?;
        let (step, sub) = step_of(next, phi)?;
        let start = V(LLVMGetIncomingValue(phi.0, 1 - k));
        let pre = LLVMGetIncomingBlock(phi.0, 1 - k);
        let latch = LLVMGetIncomingBlock(phi.0, k);
        // The one test, and nothing else using the counter.
        let mut test = None;
        for u in phi.users() {
            if u == next {
                continue;
            }
            if test.replace(u).is_some() {
                return None;
            }
        }
        for u in next.users() {
            if u == phi {
                continue;
            }
            if test.is_some_and(|t| t != u) {
                return None;
            }
            test = Some(u);
        }
        let test = test?;
        if test.opcode() != Some(O::LLVMICmp)
            || !matches!(LLVMGetICmpPredicate(test.0), LLVMIntPredicate::LLVMIntEQ | LLVMIntPredicate::LLVMIntNE)
        {
            return None;
        }
        let (a, b) = (test.operand(0), test.operand(1));
        let (x, bound) = if a == phi || a == next { (a, b) } else { (b, a) };
        if !(x == phi || x == next) || bound == phi || bound == next {
            return None;
        }
        // A test that uses both (i == i.next) is not a bound test.
        if phi.users().len() + next.users().len() != 3 {
            return None;
        }
        let invariant = !LLVMIsAConstant(bound.0).is_null()
            || !LLVMIsAArgument(bound.0).is_null()
            || (bound.is_instruction() && {
                let bb = LLVMGetInstructionParent(bound.0);
                bb != header && dom.dominates(bb, header)
            });
        if !invariant {
            return None;
        }
        Some(Plan { phi, next, step, sub, start, pre, latch, test, tests_next: x == next, bound })
    }
}

/// `Some((s, sub))` when `v` is `phi + s`, `s + phi` or `phi - s` for a constant `s`.
fn step_of(v: V, phi: V) -> Option<(LLVMValueRef, bool)> {
    let op = v.opcode()?;
    let (a, b) = (v.operand(0), v.operand(1));
    // SAFETY: operands of a live instruction.
    let constant = |x: V| unsafe { !LLVMIsAConstantInt(x.0).is_null() };
    match op {
        O::LLVMAdd if a == phi && constant(b) => Some((b.0, false)),
        O::LLVMAdd if b == phi && constant(a) => Some((a.0, false)),
        O::LLVMSub if a == phi && constant(b) => Some((b.0, true)),
        _ => None,
    }
}

unsafe fn rewrite(builder: LLVMBuilderRef, p: &Plan) {
    unsafe {
        let ty = LLVMTypeOf(p.phi.0);
        // k0 = N - start, at the end of the block start comes from.
        LLVMPositionBuilderBefore(builder, LLVMGetBasicBlockTerminator(p.pre));
        let zero_start = !LLVMIsAConstantInt(p.start.0).is_null() && LLVMConstIntGetZExtValue(p.start.0) == 0;
        let k0 = if zero_start { p.bound.0 } else { LLVMBuildSub(builder, p.bound.0, p.start.0, c"count".as_ptr()) };
        // k = phi [k0, pre], [k.next, latch]; k.next = k ∓ s (the opposite direction).
        LLVMPositionBuilderBefore(builder, p.phi.0);
        let k = LLVMBuildPhi(builder, ty, c"count".as_ptr());
        LLVMPositionBuilderBefore(builder, p.next.0);
        let k_next = if p.sub {
            LLVMBuildAdd(builder, k, p.step, c"count.next".as_ptr())
        } else {
            LLVMBuildSub(builder, k, p.step, c"count.next".as_ptr())
        };
        let mut values = [k0, k_next];
        let mut blocks = [p.pre, p.latch];
        LLVMAddIncoming(k, values.as_mut_ptr(), blocks.as_mut_ptr(), 2);
        // The test: i(.next) == N  ⟺  k(.next) == 0.
        let tested = if p.tests_next { k_next } else { k };
        LLVMSetOperand(p.test.0, 0, tested);
        LLVMSetOperand(p.test.0, 1, LLVMConstNull(ty));
        // The old counter now only feeds itself: break the cycle, then erase both.
        LLVMReplaceAllUsesWith(p.next.0, LLVMGetPoison(ty));
        ir::erase(p.next);
        ir::erase(p.phi);
    }
}
