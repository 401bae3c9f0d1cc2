; Division, reciprocal and square root in every IEEE rounding mode (libdevice's __fdiv_rz,
; __dsqrt_ru, __frcp_rd...: llvm.nvvm.{div,rcp,sqrt}.r{n,z,m,p}.{f,d}) are PTX's div/rcp/sqrt
; with that mode; rcp is a division of 1, printed as PTX's rcp (as llc selects a division of
; 1). ori check compares them with LLVM's JIT, whose host
; functions compute the directed results from a residual by FMA; the interpreter rounds the
; exact quotient and root of the significands once.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc --emit=sass %s -o - | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; EXEC-DAG: directed_f32: ok (jit
; EXEC-DAG: directed_f64: ok (jit
; CHECK-LABEL: .entry directed_f32
; CHECK-DAG: div.rz.f32
; CHECK-DAG: div.rm.f32
; CHECK-DAG: div.rp.f32
; CHECK-DAG: div.rn.f32
; CHECK-DAG: sqrt.rz.f32
; CHECK-DAG: sqrt.rp.f32
; CHECK-DAG: sqrt.rm.f32
; CHECK-DAG: rcp.rz.f32
; CHECK-DAG: rcp.rp.f32
; CHECK-LABEL: .entry directed_f64
; CHECK-DAG: div.rp.f64
; CHECK-DAG: div.rm.f64
; CHECK-DAG: div.rz.f64
; CHECK-DAG: sqrt.rp.f64
; CHECK-DAG: sqrt.rm.f64
; CHECK-DAG: sqrt.rz.f64
; CHECK-DAG: rcp.rm.f64
; CHECK-DAG: rcp.rp.f64
; SASS: __internal_fdiv_rz_f32
; SASS: __internal_fsqrt_rp_f64

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare float @llvm.nvvm.div.rz.f(float, float)
declare float @llvm.nvvm.div.rm.f(float, float)
declare float @llvm.nvvm.div.rp.f(float, float)
declare float @llvm.nvvm.div.rn.f(float, float)
declare float @llvm.nvvm.rcp.rz.f(float)
declare float @llvm.nvvm.rcp.rp.f(float)
declare float @llvm.nvvm.sqrt.rz.f(float)
declare float @llvm.nvvm.sqrt.rm.f(float)
declare float @llvm.nvvm.sqrt.rp.f(float)
declare double @llvm.nvvm.div.rz.d(double, double)
declare double @llvm.nvvm.div.rm.d(double, double)
declare double @llvm.nvvm.div.rp.d(double, double)
declare double @llvm.nvvm.rcp.rm.d(double)
declare double @llvm.nvvm.rcp.rp.d(double)
declare double @llvm.nvvm.sqrt.rz.d(double)
declare double @llvm.nvvm.sqrt.rm.d(double)
declare double @llvm.nvvm.sqrt.rp.d(double)

; Each thread stores every result: a wrong ulp in any mode shows in the output.
define ptx_kernel void @directed_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c0 = mul i32 %cta, %ntid
  %t = add i32 %c0, %tid
  %t2 = shl i32 %t, 1
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t2
  %a = load float, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %b0 = load float, ptr addrspace(1) %pb
  %b = fadd float %b0, 3.0
  %aa = call float @llvm.fabs.f32(float %a)
  %r0 = call float @llvm.nvvm.div.rz.f(float %a, float %b)
  %r1 = call float @llvm.nvvm.div.rm.f(float %a, float %b)
  %r2 = call float @llvm.nvvm.div.rp.f(float %a, float %b)
  %r3 = call float @llvm.nvvm.div.rn.f(float %a, float %b)
  %r4 = call float @llvm.nvvm.rcp.rz.f(float %b)
  %r5 = call float @llvm.nvvm.rcp.rp.f(float %b)
  %r6 = call float @llvm.nvvm.sqrt.rz.f(float %aa)
  %r7 = call float @llvm.nvvm.sqrt.rm.f(float %aa)
  %r8 = call float @llvm.nvvm.sqrt.rp.f(float %aa)
  %base = mul i32 %t, 9
  %o0 = getelementptr float, ptr addrspace(1) %out, i32 %base
  store float %r0, ptr addrspace(1) %o0
  %o1 = getelementptr float, ptr addrspace(1) %o0, i32 1
  store float %r1, ptr addrspace(1) %o1
  %o2 = getelementptr float, ptr addrspace(1) %o0, i32 2
  store float %r2, ptr addrspace(1) %o2
  %o3 = getelementptr float, ptr addrspace(1) %o0, i32 3
  store float %r3, ptr addrspace(1) %o3
  %o4 = getelementptr float, ptr addrspace(1) %o0, i32 4
  store float %r4, ptr addrspace(1) %o4
  %o5 = getelementptr float, ptr addrspace(1) %o0, i32 5
  store float %r5, ptr addrspace(1) %o5
  %o6 = getelementptr float, ptr addrspace(1) %o0, i32 6
  store float %r6, ptr addrspace(1) %o6
  %o7 = getelementptr float, ptr addrspace(1) %o0, i32 7
  store float %r7, ptr addrspace(1) %o7
  %o8 = getelementptr float, ptr addrspace(1) %o0, i32 8
  store float %r8, ptr addrspace(1) %o8
  ret void
}

define ptx_kernel void @directed_f64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c0 = mul i32 %cta, %ntid
  %t = add i32 %c0, %tid
  %t2 = shl i32 %t, 1
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %t2
  %a = load double, ptr addrspace(1) %pa
  %pb = getelementptr double, ptr addrspace(1) %pa, i32 1
  %b0 = load double, ptr addrspace(1) %pb
  %b = fadd double %b0, 7.0
  %aa = call double @llvm.fabs.f64(double %a)
  %r0 = call double @llvm.nvvm.div.rz.d(double %a, double %b)
  %r1 = call double @llvm.nvvm.div.rm.d(double %a, double %b)
  %r2 = call double @llvm.nvvm.div.rp.d(double %a, double %b)
  %r3 = call double @llvm.nvvm.rcp.rm.d(double %b)
  %r4 = call double @llvm.nvvm.rcp.rp.d(double %b)
  %r5 = call double @llvm.nvvm.sqrt.rz.d(double %aa)
  %r6 = call double @llvm.nvvm.sqrt.rm.d(double %aa)
  %r7 = call double @llvm.nvvm.sqrt.rp.d(double %aa)
  %base = mul i32 %t, 8
  %o0 = getelementptr double, ptr addrspace(1) %out, i32 %base
  store double %r0, ptr addrspace(1) %o0
  %o1 = getelementptr double, ptr addrspace(1) %o0, i32 1
  store double %r1, ptr addrspace(1) %o1
  %o2 = getelementptr double, ptr addrspace(1) %o0, i32 2
  store double %r2, ptr addrspace(1) %o2
  %o3 = getelementptr double, ptr addrspace(1) %o0, i32 3
  store double %r3, ptr addrspace(1) %o3
  %o4 = getelementptr double, ptr addrspace(1) %o0, i32 4
  store double %r4, ptr addrspace(1) %o4
  %o5 = getelementptr double, ptr addrspace(1) %o0, i32 5
  store double %r5, ptr addrspace(1) %o5
  %o6 = getelementptr double, ptr addrspace(1) %o0, i32 6
  store double %r6, ptr addrspace(1) %o6
  %o7 = getelementptr double, ptr addrspace(1) %o0, i32 7
  store double %r7, ptr addrspace(1) %o7
  ret void
}

declare float @llvm.fabs.f32(float)
declare double @llvm.fabs.f64(double)
