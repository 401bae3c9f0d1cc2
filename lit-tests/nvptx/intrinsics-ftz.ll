; PTX's flush-to-zero (`.ftz`) forms of the f32 intrinsics libdevice calls under __CUDA_FTZ, and
; the f16 min/max/fma family with `.ftz`, `.nan`, `.xorsign.abs`, `.relu` and `.sat`: a subnormal
; operand or result becomes a zero of its sign. Arithmetic with a flush-to-zero instruction carries
; PTX's `.ftz`; division, square root, reciprocal, saturation, conversions and rounding to an
; integral value flush their f32 operands (and results) with `mul.ftz` by 1. `ori check` compares
; with LLVM's JIT, whose reference flushes around the IEEE host function of each (the inputs
; are scaled into f32's and f16's subnormal range, where flushing changes the results:
; ceil(2^-130) is 1 unflushed and 0 flushed).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC-DAG: ftz_f32: ok (jit;
; EXEC-DAG: ftz_f16: ok (jit;
; CHECK-LABEL: .entry ftz_f32
; CHECK-DAG: add.rn.ftz.f32
; CHECK-DAG: fma.rz.ftz.f32
; CHECK-DAG: fma.rn.ftz.f32
; CHECK-DAG: min.ftz.NaN.f32
; CHECK-DAG: max.ftz.f32
; CHECK-DAG: mul.rn.ftz.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3F800000
; CHECK-DAG: div.rn.f32
; CHECK-DAG: sqrt.rn.f32
; CHECK-DAG: rcp.rn.f32
; CHECK-DAG: cvt.rmi.s32.f32
; CHECK-DAG: cvt.rpi.f32.f32
; CHECK-DAG: cvt.rn.f32.f64
; CHECK-LABEL: .entry ftz_f16
; CHECK-DAG: fma.rn.ftz.f16
; CHECK-DAG: min.ftz.NaN.f16
; CHECK-DAG: max.ftz.f16
; CHECK-DAG: fma.rn.f16

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare float @llvm.nvvm.add.rn.ftz.f(float, float)
declare float @llvm.nvvm.mul.rz.ftz.f(float, float)
declare float @llvm.nvvm.fma.rn.ftz.f(float, float, float)
declare float @llvm.nvvm.fmin.ftz.nan.f(float, float)
declare float @llvm.nvvm.fmax.ftz.f(float, float)
declare float @llvm.nvvm.div.rn.ftz.f(float, float)
declare float @llvm.nvvm.sqrt.rn.ftz.f(float)
declare float @llvm.nvvm.rcp.rn.ftz.f(float)
declare i32 @llvm.nvvm.f2i.rm.ftz(float)
declare float @llvm.nvvm.ceil.ftz.f(float)
declare float @llvm.nvvm.d2f.rn.ftz(double)
declare float @llvm.nvvm.saturate.ftz.f(float)
declare half @llvm.nvvm.fma.rn.ftz.sat.f16(half, half, half)
declare half @llvm.nvvm.fma.rn.ftz.relu.f16(half, half, half)
declare <2 x half> @llvm.nvvm.fma.rn.f16x2(<2 x half>, <2 x half>, <2 x half>)
declare half @llvm.nvvm.fmin.ftz.nan.f16(half, half)
declare <2 x half> @llvm.nvvm.fmax.ftz.f16x2(<2 x half>, <2 x half>)
declare half @llvm.nvvm.fmin.xorsign.abs.f16(half, half)

define ptx_kernel void @ftz_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %i2 = shl i32 %i, 1
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i2
  %a = load float, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %c = load float, ptr addrspace(1) %pb
  ; s, u: k/8 · 2^-128, mostly subnormal; big: k/8 · 2^126
  %s = fmul float %a, 0x37F0000000000000
  %u = fmul float %c, 0x37F0000000000000
  %big = fmul float %a, 0x47D0000000000000
  %r0 = call float @llvm.nvvm.add.rn.ftz.f(float %s, float %u)
  %r1 = call float @llvm.nvvm.mul.rz.ftz.f(float %a, float %u)
  %r2 = call float @llvm.nvvm.fma.rn.ftz.f(float %c, float %s, float %u)
  %r3 = call float @llvm.nvvm.fmin.ftz.nan.f(float %s, float %u)
  %r4 = call float @llvm.nvvm.fmax.ftz.f(float %s, float %c)
  %r5 = call float @llvm.nvvm.div.rn.ftz.f(float %s, float %c)
  %r6 = call float @llvm.nvvm.sqrt.rn.ftz.f(float %s)
  %r7 = call float @llvm.nvvm.rcp.rn.ftz.f(float %big)
  %r8i = call i32 @llvm.nvvm.f2i.rm.ftz(float %s)
  %r8 = sitofp i32 %r8i to float
  %r9 = call float @llvm.nvvm.ceil.ftz.f(float %s)
  %sd = fpext float %c to double
  %sd2 = fmul double %sd, 0x3800000000000000
  %r10 = call float @llvm.nvvm.d2f.rn.ftz(double %sd2)
  %r11 = call float @llvm.nvvm.saturate.ftz.f(float %s)
  %o = mul i32 %i, 12
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o
  store float %r0, ptr addrspace(1) %p0
  %p1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  store float %r1, ptr addrspace(1) %p1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  store float %r2, ptr addrspace(1) %p2
  %p3 = getelementptr float, ptr addrspace(1) %p0, i32 3
  store float %r3, ptr addrspace(1) %p3
  %p4 = getelementptr float, ptr addrspace(1) %p0, i32 4
  store float %r4, ptr addrspace(1) %p4
  %p5 = getelementptr float, ptr addrspace(1) %p0, i32 5
  store float %r5, ptr addrspace(1) %p5
  %p6 = getelementptr float, ptr addrspace(1) %p0, i32 6
  store float %r6, ptr addrspace(1) %p6
  %p7 = getelementptr float, ptr addrspace(1) %p0, i32 7
  store float %r7, ptr addrspace(1) %p7
  %p8 = getelementptr float, ptr addrspace(1) %p0, i32 8
  store float %r8, ptr addrspace(1) %p8
  %p9 = getelementptr float, ptr addrspace(1) %p0, i32 9
  store float %r9, ptr addrspace(1) %p9
  %p10 = getelementptr float, ptr addrspace(1) %p0, i32 10
  store float %r10, ptr addrspace(1) %p10
  %p11 = getelementptr float, ptr addrspace(1) %p0, i32 11
  store float %r11, ptr addrspace(1) %p11
  ret void
}

define ptx_kernel void @ftz_f16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %i2 = shl i32 %i, 1
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i2
  %af = load float, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %cf = load float, ptr addrspace(1) %pb
  ; a, c: k/8 as halves; s, u: k/8 · 2^-16, mostly f16 subnormals
  %a = fptrunc float %af to half
  %c = fptrunc float %cf to half
  %sf = fmul float %af, 0x3EF0000000000000
  %uf = fmul float %cf, 0x3EF0000000000000
  %s = fptrunc float %sf to half
  %u = fptrunc float %uf to half
  %r0 = call half @llvm.nvvm.fma.rn.ftz.sat.f16(half %a, half %c, half %u)
  %r1 = call half @llvm.nvvm.fma.rn.ftz.relu.f16(half %s, half %c, half %u)
  %r2 = call half @llvm.nvvm.fmin.ftz.nan.f16(half %s, half %u)
  %r3 = call half @llvm.nvvm.fmin.xorsign.abs.f16(half %a, half %c)
  %va0 = insertelement <2 x half> poison, half %a, i32 0
  %va = insertelement <2 x half> %va0, half %s, i32 1
  %vc0 = insertelement <2 x half> poison, half %u, i32 0
  %vc = insertelement <2 x half> %vc0, half %c, i32 1
  %r4 = call <2 x half> @llvm.nvvm.fma.rn.f16x2(<2 x half> %va, <2 x half> %vc, <2 x half> %vc)
  %r5 = call <2 x half> @llvm.nvvm.fmax.ftz.f16x2(<2 x half> %va, <2 x half> %vc)
  %o = shl i32 %i, 3
  %p0 = getelementptr half, ptr addrspace(1) %out, i32 %o
  store half %r0, ptr addrspace(1) %p0
  %p1 = getelementptr half, ptr addrspace(1) %p0, i32 1
  store half %r1, ptr addrspace(1) %p1
  %p2 = getelementptr half, ptr addrspace(1) %p0, i32 2
  store half %r2, ptr addrspace(1) %p2
  %p3 = getelementptr half, ptr addrspace(1) %p0, i32 3
  store half %r3, ptr addrspace(1) %p3
  %p4 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 2
  store <2 x half> %r4, ptr addrspace(1) %p4
  %p5 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 3
  store <2 x half> %r5, ptr addrspace(1) %p5
  ret void
}
