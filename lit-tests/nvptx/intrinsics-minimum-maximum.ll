; llvm.minimum / llvm.maximum (IEEE 754-2019: a NaN operand gives NaN, -0 below +0) as llc-19
; selects them for sm_90: min.NaN / max.NaN for half and float (and bfloat, bf16-intrinsics.ll);
; double has no .NaN form, so llc's expansion: min/max.f64, setp.nan selecting the quiet NaN, and
; for a zero result the operand that is the zero of the wanted sign. minnum/maxnum stay plain
; min/max (a NaN operand gives the other one), and llvm.nvvm.fmin/fmax.nan.f are min.NaN.f32.
; `ori check` runs them against LLVM's JIT on operands with NaNs and zeros of both signs.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: min_max_f32: ok (jit
; EXEC: min_max_f64: ok (jit
; EXEC: min_max_f16: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  ret i32 %i
}

; b: a NaN for every fifth thread, -0 for every seventh (the input holds +0s).
define internal float @operand_f32(ptr addrspace(1) %in, i32 %i) {
  %i1 = add i32 %i, 3
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %i1
  %b0 = load float, ptr addrspace(1) %pb
  %m5 = urem i32 %i, 5
  %nan = icmp eq i32 %m5, 4
  %m7 = urem i32 %i, 7
  %nz = icmp eq i32 %m7, 2
  %b1 = select i1 %nz, float -0.0, float %b0
  %b = select i1 %nan, float 0x7FF8000000000000, float %b1
  ret float %b
}

; CHECK-LABEL: .entry min_max_f32(
; CHECK-DAG: min.NaN.f32
; CHECK-DAG: max.NaN.f32
define ptx_kernel void @min_max_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i
  %a = load float, ptr addrspace(1) %pa
  %b = call float @operand_f32(ptr addrspace(1) %in, i32 %i)
  %r0 = call float @llvm.minimum.f32(float %a, float %b)
  %r1 = call float @llvm.maximum.f32(float %a, float %b)
  %r2 = call float @llvm.nvvm.fmin.nan.f(float %a, float %b)
  %r3 = call float @llvm.nvvm.fmax.nan.f(float %b, float %a)
  %nb = fneg float %b
  %r4 = call float @llvm.minimum.f32(float %nb, float %b)
  %r5 = call float @llvm.maximum.f32(float %b, float %nb)
  %base = mul i32 %i, 6
  %q = getelementptr float, ptr addrspace(1) %out, i32 %base
  store float %r0, ptr addrspace(1) %q
  %q1 = getelementptr float, ptr addrspace(1) %q, i32 1
  store float %r1, ptr addrspace(1) %q1
  %q2 = getelementptr float, ptr addrspace(1) %q, i32 2
  store float %r2, ptr addrspace(1) %q2
  %q3 = getelementptr float, ptr addrspace(1) %q, i32 3
  store float %r3, ptr addrspace(1) %q3
  %q4 = getelementptr float, ptr addrspace(1) %q, i32 4
  store float %r4, ptr addrspace(1) %q4
  %q5 = getelementptr float, ptr addrspace(1) %q, i32 5
  store float %r5, ptr addrspace(1) %q5
  ret void
}

; CHECK-LABEL: .entry min_max_f64(
; CHECK-DAG: min.f64
; CHECK-DAG: max.f64
; CHECK-DAG: setp.nan.f64
; CHECK-DAG: setp.eq.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0x8000000000000000;
define ptx_kernel void @min_max_f64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %i
  %a = load double, ptr addrspace(1) %pa
  %i1 = add i32 %i, 3
  %pb = getelementptr double, ptr addrspace(1) %in, i32 %i1
  %b0 = load double, ptr addrspace(1) %pb
  %m5 = urem i32 %i, 5
  %nan = icmp eq i32 %m5, 4
  %m7 = urem i32 %i, 7
  %nz = icmp eq i32 %m7, 2
  %b1 = select i1 %nz, double -0.0, double %b0
  %b = select i1 %nan, double 0x7FF8000000000000, double %b1
  %nb = fneg double %b
  %r0 = call double @llvm.minimum.f64(double %a, double %b)
  %r1 = call double @llvm.maximum.f64(double %a, double %b)
  %r2 = call double @llvm.minimum.f64(double %nb, double %b)
  %r3 = call double @llvm.maximum.f64(double %b, double %nb)
  %base = mul i32 %i, 4
  %q = getelementptr double, ptr addrspace(1) %out, i32 %base
  store double %r0, ptr addrspace(1) %q
  %q1 = getelementptr double, ptr addrspace(1) %q, i32 1
  store double %r1, ptr addrspace(1) %q1
  %q2 = getelementptr double, ptr addrspace(1) %q, i32 2
  store double %r2, ptr addrspace(1) %q2
  %q3 = getelementptr double, ptr addrspace(1) %q, i32 3
  store double %r3, ptr addrspace(1) %q3
  ret void
}

; CHECK-LABEL: .entry min_max_f16(
; CHECK-DAG: min.NaN.f16
; CHECK-DAG: max.NaN.f16
define ptx_kernel void @min_max_f16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x half>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x half>, ptr addrspace(1) %pa
  %i1 = add i32 %i, 3
  %pb = getelementptr <2 x half>, ptr addrspace(1) %in, i32 %i1
  %b0 = load <2 x half>, ptr addrspace(1) %pb
  %m5 = urem i32 %i, 5
  %nan = icmp eq i32 %m5, 4
  %b = select i1 %nan, <2 x half> <half 0xH7E00, half 0xH8000>, <2 x half> %b0
  %r0 = call <2 x half> @llvm.minimum.v2f16(<2 x half> %a, <2 x half> %b)
  %r1 = call <2 x half> @llvm.maximum.v2f16(<2 x half> %a, <2 x half> %b)
  %base = mul i32 %i, 2
  %q = getelementptr <2 x half>, ptr addrspace(1) %out, i32 %base
  store <2 x half> %r0, ptr addrspace(1) %q
  %q1 = getelementptr <2 x half>, ptr addrspace(1) %q, i32 1
  store <2 x half> %r1, ptr addrspace(1) %q1
  ret void
}

declare float @llvm.minimum.f32(float, float)
declare float @llvm.maximum.f32(float, float)
declare float @llvm.nvvm.fmin.nan.f(float, float)
declare float @llvm.nvvm.fmax.nan.f(float, float)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare <2 x half> @llvm.minimum.v2f16(<2 x half>, <2 x half>)
declare <2 x half> @llvm.maximum.v2f16(<2 x half>, <2 x half>)
