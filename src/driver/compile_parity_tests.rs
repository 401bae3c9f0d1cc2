//! `ori check` executes what `ori llc` emits: its post-allocation function is, byte for byte in
//! the Ori text form, the one the shared compile path (`compile.rs`: the middle end with
//! nv-known-bits and fma-contract, lowering, every phase, the post-allocation fixups) produces,
//! which is the path `ori llc` prints its PTX from.

use crate::driver::check::{CheckOptions, compile};
use crate::ori::phase_context::PhaseContext;
use crate::ori::{lower, print, regalloc};
use inkwell::context::Context;

/// A kernel with work for every stage: known bits (a masked special register), contraction
/// (contract fmul + fadd), a loop with phis (copies the allocator can coalesce into identity
/// copies), shared memory and a barrier.
const KERNEL: &str = r#"
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [64 x float] undef, align 4
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i32 %t, 63
  %hi = lshr i32 %m, 8
  %i = add i32 %m, %hi
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %p
  %s = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %i
  store float %x, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %q = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %j
  %y = load float, ptr addrspace(3) %q
  %mul = fmul contract float %x, %y
  %acc1 = fadd contract float %acc, %mul
  %j1 = add i32 %j, 1
  %c = icmp slt i32 %j1, %n
  br i1 %c, label %loop, label %done
done:
  %o = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %acc1, ptr addrspace(1) %o
  ret void
}
"#;

fn shared_path(budget: Option<u32>) -> String {
    let ctx = Context::create();
    let m = crate::llvm::module::parse_module(&ctx, KERNEL.as_bytes(), "k.ll").unwrap();
    crate::llvm::module::name_unnamed_globals(&m);
    let me = crate::compile::middle_end(&m, 90, true, &mut |_| {}).unwrap();
    let mut prog = lower::lower_module(&m, &me.bounds).unwrap();
    let mut cx = PhaseContext::default();
    cx.regalloc.max_reg_count = budget;
    cx.regalloc.bounds = me.bounds.clone();
    let f = &mut prog.functions[0];
    crate::compile::run_phases(f, &mut cx, &[], &mut |_, _, _| {}).unwrap();
    crate::compile::post_allocation_fixups(f);
    assert!(f.assignment.is_some());
    print::function_text(f)
}

fn checked(budget: Option<u32>) -> String {
    let opts = CheckOptions { maxrregcount: budget, ..Default::default() };
    let c = compile(KERNEL.as_bytes(), "k.ll", &opts).unwrap();
    let (f, _): &(crate::ori::ir::Function, regalloc::Allocation) = c.kernels[0].post.as_ref().unwrap();
    assert!(f.assignment.is_some());
    print::function_text(f)
}

#[test]
fn check_runs_the_code_llc_emits() {
    for budget in [None, Some(24)] {
        let (a, b) = (shared_path(budget), checked(budget));
        assert_eq!(a, b, "budget {budget:?}");
        // The shared path really ran the middle end and the fixups: the FMA is there.
        assert!(a.contains("FFMA"), "{a}");
    }
}
