; Rounding to an integral value on half, float and double (and vectors, lane by lane), as
; llc-19 selects it for sm_90: floor / ceil / trunc / rint = nearbyint = roundeven are one
; cvt.r{m,p,z,n}i of the type onto itself; round (halfway away from zero) is llc's expansion
; t = trunc(x + copysign(0.5, x)), x where |x| > 2^23 (2^52), trunc(x) where |x| < 0.5 (half in
; f32). `ori check` runs them against LLVM's JIT (libm's floor, round, rint, ...).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: round_f32: ok (jit
; EXEC: round_f64: ok (jit
; EXEC: round_f16: ok (jit

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

; The input k/8 (halves and quarters: ties for rint and round), and scaled by 1.1 and 2^22.
; CHECK-LABEL: .entry round_f32(
; CHECK-DAG: cvt.rmi.f32.f32
; CHECK-DAG: cvt.rpi.f32.f32
; CHECK-DAG: cvt.rzi.f32.f32
; CHECK-DAG: cvt.rni.f32.f32
; CHECK-DAG: add.rn.f32
; CHECK-DAG: setp.gt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f4B000000;
; CHECK-DAG: setp.lt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f3F000000;
define ptx_kernel void @round_f32(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %vout) {
  %i = call i32 @gid()
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i
  %a = load float, ptr addrspace(1) %pa
  %b = fmul float %a, 0x3FF19999A0000000
  %c = fmul float %a, 4194304.0
  %c2 = fadd float %c, 0.25
  %r0 = call float @llvm.floor.f32(float %b)
  %r1 = call float @llvm.ceil.f32(float %b)
  %r2 = call float @llvm.trunc.f32(float %b)
  %r3 = call float @llvm.rint.f32(float %a)
  %r4 = call float @llvm.nearbyint.f32(float %b)
  %r5 = call float @llvm.roundeven.f32(float %a)
  %r6 = call float @llvm.round.f32(float %a)
  %r7 = call float @llvm.round.f32(float %c2)
  %base = mul i32 %i, 8
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
  %q6 = getelementptr float, ptr addrspace(1) %q, i32 6
  store float %r6, ptr addrspace(1) %q6
  %q7 = getelementptr float, ptr addrspace(1) %q, i32 7
  store float %r7, ptr addrspace(1) %q7
  %v0 = insertelement <2 x float> poison, float %a, i32 0
  %v = insertelement <2 x float> %v0, float %b, i32 1
  %vr = call <2 x float> @llvm.round.v2f32(<2 x float> %v)
  %vf = call <2 x float> @llvm.floor.v2f32(<2 x float> %vr)
  %pv = getelementptr <2 x float>, ptr addrspace(1) %vout, i32 %i
  store <2 x float> %vf, ptr addrspace(1) %pv
  ret void
}

; CHECK-LABEL: .entry round_f64(
; CHECK-DAG: cvt.rmi.f64.f64
; CHECK-DAG: cvt.rni.f64.f64
; CHECK-DAG: setp.gt.f64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0d4330000000000000;
define ptx_kernel void @round_f64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %i
  %a = load double, ptr addrspace(1) %pa
  %b = fmul double %a, 1.1
  %c = fmul double %a, 0x4330000000000000
  %r0 = call double @llvm.floor.f64(double %b)
  %r1 = call double @llvm.ceil.f64(double %b)
  %r2 = call double @llvm.trunc.f64(double %b)
  %r3 = call double @llvm.rint.f64(double %a)
  %r4 = call double @llvm.round.f64(double %a)
  %r5 = call double @llvm.round.f64(double %c)
  %base = mul i32 %i, 6
  %q = getelementptr double, ptr addrspace(1) %out, i32 %base
  store double %r0, ptr addrspace(1) %q
  %q1 = getelementptr double, ptr addrspace(1) %q, i32 1
  store double %r1, ptr addrspace(1) %q1
  %q2 = getelementptr double, ptr addrspace(1) %q, i32 2
  store double %r2, ptr addrspace(1) %q2
  %q3 = getelementptr double, ptr addrspace(1) %q, i32 3
  store double %r3, ptr addrspace(1) %q3
  %q4 = getelementptr double, ptr addrspace(1) %q, i32 4
  store double %r4, ptr addrspace(1) %q4
  %q5 = getelementptr double, ptr addrspace(1) %q, i32 5
  store double %r5, ptr addrspace(1) %q5
  ret void
}

; CHECK-LABEL: .entry round_f16(
; CHECK-DAG: cvt.rmi.f16.f16
; CHECK-DAG: cvt.rpi.f16.f16
; CHECK-DAG: cvt.rni.f16.f16
; CHECK-DAG: cvt.rn.f16.f32
define ptx_kernel void @round_f16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr half, ptr addrspace(1) %in, i32 %i
  %a = load half, ptr addrspace(1) %pa
  %r0 = call half @llvm.floor.f16(half %a)
  %r1 = call half @llvm.ceil.f16(half %a)
  %r2 = call half @llvm.roundeven.f16(half %a)
  %r3 = call half @llvm.round.f16(half %a)
  %base = mul i32 %i, 4
  %q = getelementptr half, ptr addrspace(1) %out, i32 %base
  store half %r0, ptr addrspace(1) %q
  %q1 = getelementptr half, ptr addrspace(1) %q, i32 1
  store half %r1, ptr addrspace(1) %q1
  %q2 = getelementptr half, ptr addrspace(1) %q, i32 2
  store half %r2, ptr addrspace(1) %q2
  %q3 = getelementptr half, ptr addrspace(1) %q, i32 3
  store half %r3, ptr addrspace(1) %q3
  ret void
}

declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.nearbyint.f32(float)
declare float @llvm.roundeven.f32(float)
declare float @llvm.round.f32(float)
declare <2 x float> @llvm.round.v2f32(<2 x float>)
declare <2 x float> @llvm.floor.v2f32(<2 x float>)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.round.f64(double)
declare half @llvm.floor.f16(half)
declare half @llvm.ceil.f16(half)
declare half @llvm.roundeven.f16(half)
declare half @llvm.round.f16(half)
