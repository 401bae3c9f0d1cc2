; llvm.nvvm.fabs[.ftz].* (later LLVMs' names of PTX's abs): abs lane by lane; the .ftz forms
; flush a subnormal to +0. ori check compares with LLVM's JIT on inputs made subnormal half of
; the time (the exponent bits cleared).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: fabs_forms: ok (jit
; CHECK-LABEL: .entry fabs_forms
; CHECK-DAG: abs.f32
; CHECK-DAG: abs.f64
; CHECK-DAG: abs.f16
; CHECK-DAG: setp.lt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f00800000;

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @llvm.nvvm.fabs.f32(float)
declare float @llvm.nvvm.fabs.ftz.f32(float)
declare double @llvm.nvvm.fabs.f64(double)
declare half @llvm.nvvm.fabs.f16(half)
declare half @llvm.nvvm.fabs.ftz.f16(half)
declare <2 x half> @llvm.nvvm.fabs.ftz.v2f16(<2 x half>)

define ptx_kernel void @fabs_forms(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c64 = mul i32 %c, 64
  %g = add i32 %c64, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %w = load i32, ptr addrspace(1) %p
  ; Odd threads clear the exponent: a subnormal (or zero) of either sign.
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  %sub = and i32 %w, -2139095041
  %bits = select i1 %isodd, i32 %sub, i32 %w
  %x = bitcast i32 %bits to float
  %a = call float @llvm.nvvm.fabs.f32(float %x)
  %b = call float @llvm.nvvm.fabs.ftz.f32(float %x)
  %xd = fpext float %x to double
  %cd = call double @llvm.nvvm.fabs.f64(double %xd)
  %h16 = trunc i32 %bits to i16
  %hsub = and i16 %h16, -31745
  %hb = select i1 %isodd, i16 %hsub, i16 %h16
  %h = bitcast i16 %hb to half
  %e = call half @llvm.nvvm.fabs.f16(half %h)
  %f = call half @llvm.nvvm.fabs.ftz.f16(half %h)
  %v0 = insertelement <2 x half> undef, half %h, i32 0
  %v1 = insertelement <2 x half> %v0, half %e, i32 1
  %v = call <2 x half> @llvm.nvvm.fabs.ftz.v2f16(<2 x half> %v1)
  %k = mul i32 %g, 8
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %k
  store float %a, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store float %b, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store double %cd, ptr addrspace(1) %o2
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store half %e, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store half %f, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store <2 x half> %v, ptr addrspace(1) %o6
  ret void
}
