; Floating point: exact division and square root stay IEEE (div.rn / sqrt.rn), fsub is FADD of
; an FNEG, conversions pick their rounding (I2F round-to-nearest, F2I toward zero), fcmp
; ordered/unordered predicates map to FSETP conditions, f64 uses the D forms on pairs.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: FDIV.RN [[Q:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}} ;
; CHECK: FSQRT.RN
; CHECK: FNEG [[N:%r[0-9]+]],
; CHECK-NEXT: FADD {{%r[0-9]+}}, {{%r[0-9]+}}, [[N]] ;
; CHECK: FSETP.GTU.AND
; CHECK: I2F.F64.S32 [[D:%rd[0-9]+]],
; CHECK: DFMA
; CHECK: F2I.S32.F64.TRUNC
; PTX: div.rn.f32
; PTX: sqrt.rn.f32
; PTX: setp.gtu.f32
; PTX: cvt.rn.f64.s32
; PTX: fma.rn.f64
; PTX: cvt.rzi.s32.f64
define ptx_kernel void @fp(ptr addrspace(1) %out, float %a, float %b, i32 %i) {
  %q = fdiv float %a, %b
  %r = call float @llvm.sqrt.f32(float %q)
  %s = fsub float %r, %b
  %c = fcmp ugt float %s, 0.0
  %m = select i1 %c, float %s, float %a
  store float %m, ptr addrspace(1) %out
  %d = sitofp i32 %i to double
  %f = call double @llvm.fma.f64(double %d, double 2.0, double 0.5)
  %t = fptosi double %f to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %t, ptr addrspace(1) %p
  ret void
}

declare float @llvm.sqrt.f32(float)
declare double @llvm.fma.f64(double, double, double)
