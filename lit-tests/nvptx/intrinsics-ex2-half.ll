; llvm.nvvm.ex2.approx.f16 / .f16x2: per half, ex2.approx.f32 of the exactly widened value,
; rounded back to half. ori check runs it before and after allocation (the JIT reference has no
; half approximation and says so).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: ex2_half: ok (pre-RA vs post-RA only
; CHECK-LABEL: .entry ex2_half
; CHECK: cvt.f32.f16
; CHECK: ex2.approx.f32
; CHECK: cvt.rn.f16.f32

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare half @llvm.nvvm.ex2.approx.f16(half)
declare <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half>)

define ptx_kernel void @ex2_half(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr <2 x half>, ptr addrspace(1) %in, i32 %t
  %v = load <2 x half>, ptr addrspace(1) %p
  %h = extractelement <2 x half> %v, i32 0
  %e = call half @llvm.nvvm.ex2.approx.f16(half %h)
  %w = call <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half> %v)
  %w2 = insertelement <2 x half> %w, half %e, i32 0
  %q = getelementptr <2 x half>, ptr addrspace(1) %out, i32 %t
  store <2 x half> %w2, ptr addrspace(1) %q
  ret void
}
