; llvm.sin / llvm.cos in a function with "unsafe-fp-math"="true" (llc's allowUnsafeFPMath):
; sin.approx.f32 / cos.approx.f32, f16 and bf16 (scalars and vector lanes) widened exactly and
; rounded back. Without the attribute llc-19 needs a libcall and refuses (`Cannot select`);
; ori refuses cleanly (exit 1, no output). `ori check` runs the kernel against LLVM's JIT, whose
; precise sinf/cosf the approximations meet within the checker's tolerance for MUFU results.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: rm -f %t.no.ptx
; RUN: not ori llc %S/Inputs/trig-no-unsafe.ll -o %t.no.ptx 2>&1 | FileCheck %s --check-prefix=REFUSE
; RUN: not ls %t.no.ptx
; REQUIRES: ptxas
; EXEC: trig: ok (jit
; REFUSE: ori: error: unsupported intrinsic llvm.cos.f32 in function @k

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare half @llvm.sin.f16(half)
declare <2 x half> @llvm.cos.v2f16(<2 x half>)
declare bfloat @llvm.sin.bf16(bfloat)

; CHECK-LABEL: .entry trig
; CHECK: sin.approx.f32
; CHECK: cos.approx.f32
; CHECK: cvt.f32.f16
; CHECK: sin.approx.f32
; CHECK: cvt.rn.f16.f32
; CHECK: cos.approx.f32
; CHECK: cos.approx.f32
; CHECK: cvt.f32.bf16
; CHECK: sin.approx.f32
; CHECK: cvt.rn.bf16.f32
define ptx_kernel void @trig(ptr addrspace(1) %p, ptr addrspace(1) %h, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %cta, 6
  %i = add i32 %cb, %tid
  %pa = getelementptr float, ptr addrspace(1) %p, i32 %i
  %a0 = load float, ptr addrspace(1) %pa
  ; keep the argument in [-4, 4): the approximations' absolute error is bounded there
  %a1 = call float @llvm.nvvm.fmin.f(float %a0, float 3.5)
  %a = call float @llvm.nvvm.fmax.f(float %a1, float -3.5)
  %s = call float @llvm.sin.f32(float %a)
  %c = call float @llvm.cos.f32(float %a)
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i
  %sc = fadd float %s, %c
  store float %sc, ptr addrspace(1) %po
  %ah = fptrunc float %a to half
  %sh = call half @llvm.sin.f16(half %ah)
  %v0 = insertelement <2 x half> undef, half %sh, i32 0
  %v = insertelement <2 x half> %v0, half %ah, i32 1
  %cv = call <2 x half> @llvm.cos.v2f16(<2 x half> %v)
  %ph = getelementptr <2 x half>, ptr addrspace(1) %h, i32 %i
  store <2 x half> %cv, ptr addrspace(1) %ph
  %ab = fptrunc float %a to bfloat
  %sb = call bfloat @llvm.sin.bf16(bfloat %ab)
  %pb = getelementptr bfloat, ptr addrspace(1) %out, i32 %i
  %pb2 = getelementptr bfloat, ptr addrspace(1) %pb, i32 1024
  store bfloat %sb, ptr addrspace(1) %pb2
  ret void
}

declare float @llvm.nvvm.fmin.f(float, float)
declare float @llvm.nvvm.fmax.f(float, float)

attributes #0 = { "unsafe-fp-math"="true" }
