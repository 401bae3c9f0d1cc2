//! `ori check` executes what `ori llc` emits: both call the one compile entry
//! (`compile::compile`), and for the same flags the post-allocation function `ori check` runs
//! is, byte for byte in the Ori text form, the function `ori llc` prints its PTX from (the
//! middle end with nv-known-bits and fma-contract, lowering, every phase, the post-allocation
//! fixups).

use crate::compile;
use crate::driver::check::{CheckOptions, prepare};
use crate::driver::llc::{self, LlcArgs};
use crate::ori::{print, regalloc};
use clap::Parser;
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

/// `ori llc k.ll [--maxrregcount=N]`: its options, as its flags map them; the function its
/// PTX is printed from, and the PTX.
fn llc_path(budget: Option<u32>) -> (String, String) {
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        llc: LlcArgs,
    }
    let mut argv = vec!["ori".to_string(), "k.ll".to_string()];
    argv.extend(budget.map(|b| format!("--maxrregcount={b}")));
    let opts = llc::options(&Cli::parse_from(argv).llc).unwrap();
    let ctx = Context::create();
    let m = crate::llvm::module::parse_module(&ctx, KERNEL.as_bytes(), "k.ll").unwrap();
    let c = compile::compile(&m, &opts).unwrap();
    let f = &c.program.functions[0];
    assert!(f.assignment.is_some());
    (print::function_text(f), c.text)
}

fn checked(budget: Option<u32>) -> String {
    let opts = CheckOptions { maxrregcount: budget, ..Default::default() };
    let c = prepare(KERNEL.as_bytes(), "k.ll", &opts).unwrap();
    let (f, _): &(crate::ori::ir::Function, regalloc::Allocation) = c.kernels[0].post.as_ref().unwrap();
    assert!(f.assignment.is_some());
    print::function_text(f)
}

#[test]
fn check_runs_the_code_llc_emits() {
    for budget in [None, Some(24)] {
        let ((a, ptx), b) = (llc_path(budget), checked(budget));
        assert_eq!(a, b, "budget {budget:?}");
        // The shared path really ran the middle end: the FMA is there, in the PTX too.
        assert!(a.contains("FFMA"), "{a}");
        assert!(ptx.contains("fma.rn.f32"), "{ptx}");
    }
}
