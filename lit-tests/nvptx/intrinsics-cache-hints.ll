; Cache hints: prefetch (global/local/generic, L1/L2, L2 eviction priorities, the uniform
; prefetchu, tensor maps), applypriority and discard, as the PTX ISA spells them. They change no value:
; ori check runs the kernel (which reads what it prefetched) against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: hints: ok (jit
; CHECK-LABEL: .entry hints
; CHECK-DAG: prefetch.global.L1 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.global.L2 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.global.L2::evict_last [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.global.L2::evict_normal [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.L1 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.L2 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetchu.L1 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.local.L1 [%rd{{[0-9]+}}];
; CHECK-DAG: prefetch.local.L2 [%rd{{[0-9]+}}];
; CHECK-DAG: applypriority.global.L2::evict_normal [%rd{{[0-9]+}}], 128;
; CHECK-DAG: discard.L2 [%rd{{[0-9]+}}], 128;
; CHECK-DAG: prefetch.tensormap [%rd{{[0-9]+}}];

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.prefetch.global.L1(ptr addrspace(1))
declare void @llvm.nvvm.prefetch.global.L2(ptr addrspace(1))
declare void @llvm.nvvm.prefetch.global.L2.evict.last(ptr addrspace(1))
declare void @llvm.nvvm.prefetch.global.L2.evict.normal(ptr addrspace(1))
declare void @llvm.nvvm.prefetch.L1(ptr)
declare void @llvm.nvvm.prefetch.L2(ptr)
declare void @llvm.nvvm.prefetchu.L1(ptr)
declare void @llvm.nvvm.prefetch.local.L1(ptr addrspace(5))
declare void @llvm.nvvm.prefetch.local.L2(ptr addrspace(5))
declare void @llvm.nvvm.applypriority.global.L2.evict.normal(ptr addrspace(1), i64)
declare void @llvm.nvvm.discard.L2(ptr, i64)
declare void @llvm.nvvm.prefetch.tensormap.p0(ptr)

define ptx_kernel void @hints(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %scratch) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  call void @llvm.nvvm.prefetch.global.L1(ptr addrspace(1) %p)
  call void @llvm.nvvm.prefetch.global.L2(ptr addrspace(1) %p)
  call void @llvm.nvvm.prefetch.global.L2.evict.last(ptr addrspace(1) %p)
  call void @llvm.nvvm.prefetch.global.L2.evict.normal(ptr addrspace(1) %p)
  %g = addrspacecast ptr addrspace(1) %p to ptr
  call void @llvm.nvvm.prefetch.L1(ptr %g)
  call void @llvm.nvvm.prefetch.L2(ptr %g)
  call void @llvm.nvvm.prefetchu.L1(ptr %g)
  call void @llvm.nvvm.prefetch.tensormap.p0(ptr %g)
  %buf = alloca [4 x i32], align 4, addrspace(5)
  call void @llvm.nvvm.prefetch.local.L1(ptr addrspace(5) %buf)
  call void @llvm.nvvm.prefetch.local.L2(ptr addrspace(5) %buf)
  call void @llvm.nvvm.applypriority.global.L2.evict.normal(ptr addrspace(1) %p, i64 128)
  %x = load i32, ptr addrspace(1) %p
  %y = mul i32 %x, 3
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %q
  ; A line nobody reads again may be discarded.
  %s = getelementptr i8, ptr addrspace(1) %scratch, i32 0
  %sg = addrspacecast ptr addrspace(1) %s to ptr
  call void @llvm.nvvm.discard.L2(ptr %sg, i64 128)
  ret void
}
