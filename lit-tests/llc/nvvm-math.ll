; libdevice-style llvm.nvvm math: the f32 approximations map to MUFU and keep their .ftz form in
; PTX; IEEE forms map to the exact operations, NaN-propagating min/max to min.NaN, and their
; flush-to-zero forms keep PTX's .ftz (min.ftz.NaN; nvptx/intrinsics-ftz.ll runs them); rcp64h and
; rsqrt.approx.f64 are supported.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc %S/Inputs/fmin-nan.ll -o - | FileCheck %s --check-prefix=NAN
; RUN: ori llc %S/Inputs/fmin-ftz-nan.ll -o - | FileCheck %s --check-prefix=FTZNAN
; RUN: ori llc %S/Inputs/rsqrt-d.ll | FileCheck %s --check-prefix=RSQD
; RUN: ori check %s | FileCheck %s --check-prefix=CHECKRUN
; REQUIRES: ptxas
; NAN: min.NaN.f32
; FTZNAN: min.ftz.NaN.f32
; rsqrt.approx.d is supported now (nvptx/intrinsics-approx-f64.ll).
; RSQD: rsqrt.approx.f64
; CHECKRUN: m: ok

target triple = "nvptx64-nvidia-cuda"

; CHECK: ex2.approx.ftz.f32
; CHECK: rsqrt.approx.f32
; CHECK: div.rn.f32
; CHECK: min.f32
; CHECK: rcp.approx.ftz.f64
define ptx_kernel void @m(ptr addrspace(1) %out, float %x, double %y) {
  %e = call float @llvm.nvvm.ex2.approx.ftz.f(float %x)
  %r = call float @llvm.nvvm.rsqrt.approx.f(float %e)
  %d = call float @llvm.nvvm.div.full.f(float %r, float %x)
  %m = call float @llvm.nvvm.fmin.f(float %d, float %x)
  store float %m, ptr addrspace(1) %out
  %q = call double @llvm.nvvm.rcp.approx.ftz.d(double %y)
  %p = getelementptr double, ptr addrspace(1) %out, i32 1
  store double %q, ptr addrspace(1) %p
  ret void
}

declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.div.full.f(float, float)
declare float @llvm.nvvm.fmin.f(float, float)
declare double @llvm.nvvm.rcp.approx.ftz.d(double)
