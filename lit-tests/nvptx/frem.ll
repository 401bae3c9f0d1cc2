; frem as llc expands it: div.rn, cvt.rzi to integral, fma.rn(-t, b, a) (llc's mul/sub pair,
; which ptxas contracts), and a select of `a` where |b| is infinite unless `ninf`; half in f32;
; vectors lane by lane. `ori check` runs the kernels against LLVM's JIT with the same expansion.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: rem_f32: ok (jit
; EXEC: rem_f64_half: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry rem_f32
; CHECK: div.rn.f32 [[Q:%r[0-9]+]], [[A:%r[0-9]+]], [[B:%r[0-9]+]];
; CHECK-NEXT: cvt.rzi.f32.f32 [[T:%r[0-9]+]], [[Q]];
; CHECK-NEXT: neg.f32 [[N:%r[0-9]+]], [[T]];
; CHECK-NEXT: fma.rn.f32 {{%r[0-9]+}}, [[N]], [[B]], [[A]];
; CHECK-NEXT: abs.f32
; CHECK-NEXT: setp.eq.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f7F800000;
; CHECK-NEXT: selp.b32
; The ninf form has no infinity test.
; CHECK: fma.rn.f32
; CHECK-NOT: 0f7F800000
; CHECK: ret;
define ptx_kernel void @rem_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  %t1 = add i32 %t, 1
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %t1
  %b = load float, ptr addrspace(1) %pb
  %bs = fmul float %b, 0x3FB99999A0000000
  %r = frem float %a, %bs
  %r2 = frem ninf float %r, 0.75
  %s = fadd float %r, %r2
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %s, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry rem_f64_half
; CHECK: div.rn.f64
; CHECK: cvt.rzi.f64.f64
; CHECK: fma.rn.f64
; CHECK: setp.eq.f64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0d7FF0000000000000;
; CHECK: cvt.f32.f16
; CHECK: cvt.rzi.f32.f32
; CHECK: cvt.rn.f16.f32
define ptx_kernel void @rem_f64_half(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %t
  %a = load double, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 5
  %pb = getelementptr double, ptr addrspace(1) %in, i32 %t1
  %b = load double, ptr addrspace(1) %pb
  %r = frem double %a, %b
  %v0 = insertelement <2 x double> poison, double %a, i32 0
  %v1 = insertelement <2 x double> %v0, double %b, i32 1
  %vr = frem <2 x double> %v1, <double 0x7FF0000000000000, double 0.3>
  %e0 = extractelement <2 x double> %vr, i32 0
  %e1 = extractelement <2 x double> %vr, i32 1
  %ha = fptrunc double %a to half
  %hb = fptrunc double %e1 to half
  %hr = frem half %ha, %hb
  %hd = fpext half %hr to double
  %s0 = fadd double %r, %e0
  %s1 = fadd double %s0, %e1
  %s2 = fadd double %s1, %hd
  %po = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %s2, ptr addrspace(1) %po
  ret void
}
