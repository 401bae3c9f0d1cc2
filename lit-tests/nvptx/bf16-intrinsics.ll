; Math intrinsics on bfloat and <2 x bfloat> as llc-19 selects them for sm_90: abs.bf16,
; min/max.bf16 (minnum/maxnum), min/max.NaN.bf16 (minimum/maximum), fma.rn.bf16 (fma, fmuladd),
; sqrt through f32, cvt.r{p,m,z,n}i.bf16.bf16 (ceil, floor, trunc, rint = nearbyint = roundeven),
; llc's f32 expansion of round (add copysign(0.5), cvt.rzi, |x| > 2^23 and |x| < 0.5 fix-ups),
; and copysign; then the llvm.nvvm bf16 intrinsics clang's __nvvm_*_bf16 builtins call:
; fmin/fmax[.nan][.xorsign.abs].bf16[x2], fma.rn[.relu].bf16[x2], neg/abs.bf16[x2],
; f2bf16.{rn,rz}[.relu] (cvt.r?[.relu].bf16.f32) and ff2bf16x2.* (a in the upper half). `ori
; check` runs them against LLVM's JIT (the nvvm ones as host functions of the PTX semantics).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: llvm_math: ok (jit
; EXEC: llvm_math_v2: ok (jit
; EXEC: nvvm_bf16: ok (jit
; EXEC: nvvm_bf16x2: ok (jit

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

; a and b from the input (k/8, halves and quarters to round); b is a NaN for every seventh thread.
; CHECK-LABEL: .entry llvm_math(
; CHECK-DAG: abs.bf16
; CHECK-DAG: min.bf16
; CHECK-DAG: max.bf16
; CHECK-DAG: min.NaN.bf16
; CHECK-DAG: max.NaN.bf16
; CHECK-DAG: sqrt.rn.f32
; CHECK-DAG: cvt.rpi.bf16.bf16
; CHECK-DAG: cvt.rmi.bf16.bf16
; CHECK-DAG: cvt.rzi.bf16.bf16
; CHECK-DAG: cvt.rni.bf16.bf16
; CHECK-DAG: fma.rn.bf16
; CHECK-DAG: setp.gt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f4B000000;
; CHECK-DAG: setp.lt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f3F000000;
define ptx_kernel void @llvm_math(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %i1 = add i32 %i, 5
  %pb = getelementptr bfloat, ptr addrspace(1) %in, i32 %i1
  %b0 = load bfloat, ptr addrspace(1) %pb
  %m7 = urem i32 %i, 7
  %nan = icmp eq i32 %m7, 3
  %b = select i1 %nan, bfloat 0xR7FC0, bfloat %b0
  %r0 = call bfloat @llvm.fabs.bf16(bfloat %a)
  %r1 = call bfloat @llvm.minnum.bf16(bfloat %a, bfloat %b)
  %r2 = call bfloat @llvm.maxnum.bf16(bfloat %a, bfloat %b)
  %r3 = call bfloat @llvm.minimum.bf16(bfloat %a, bfloat %b)
  %r4 = call bfloat @llvm.maximum.bf16(bfloat %a, bfloat %b)
  %r5 = call bfloat @llvm.sqrt.bf16(bfloat %r0)
  %r6 = call bfloat @llvm.ceil.bf16(bfloat %a)
  %r7 = call bfloat @llvm.floor.bf16(bfloat %a)
  %r8 = call bfloat @llvm.trunc.bf16(bfloat %a)
  %r9 = call bfloat @llvm.rint.bf16(bfloat %a)
  %r10 = call bfloat @llvm.nearbyint.bf16(bfloat %a)
  %r11 = call bfloat @llvm.roundeven.bf16(bfloat %a)
  %r12 = call bfloat @llvm.round.bf16(bfloat %a)
  %r13 = call bfloat @llvm.copysign.bf16(bfloat %r5, bfloat %b0)
  %r14 = call bfloat @llvm.fma.bf16(bfloat %a, bfloat 0xR3F8D, bfloat %b0)
  %r15 = call bfloat @llvm.fmuladd.bf16(bfloat %a, bfloat %a, bfloat 0xRBDCD)
  %base = mul i32 %i, 16
  %q = getelementptr bfloat, ptr addrspace(1) %out, i32 %base
  store bfloat %r0, ptr addrspace(1) %q
  %q1 = getelementptr bfloat, ptr addrspace(1) %q, i32 1
  store bfloat %r1, ptr addrspace(1) %q1
  %q2 = getelementptr bfloat, ptr addrspace(1) %q, i32 2
  store bfloat %r2, ptr addrspace(1) %q2
  %q3 = getelementptr bfloat, ptr addrspace(1) %q, i32 3
  store bfloat %r3, ptr addrspace(1) %q3
  %q4 = getelementptr bfloat, ptr addrspace(1) %q, i32 4
  store bfloat %r4, ptr addrspace(1) %q4
  %q5 = getelementptr bfloat, ptr addrspace(1) %q, i32 5
  store bfloat %r5, ptr addrspace(1) %q5
  %q6 = getelementptr bfloat, ptr addrspace(1) %q, i32 6
  store bfloat %r6, ptr addrspace(1) %q6
  %q7 = getelementptr bfloat, ptr addrspace(1) %q, i32 7
  store bfloat %r7, ptr addrspace(1) %q7
  %q8 = getelementptr bfloat, ptr addrspace(1) %q, i32 8
  store bfloat %r8, ptr addrspace(1) %q8
  %q9 = getelementptr bfloat, ptr addrspace(1) %q, i32 9
  store bfloat %r9, ptr addrspace(1) %q9
  %q10 = getelementptr bfloat, ptr addrspace(1) %q, i32 10
  store bfloat %r10, ptr addrspace(1) %q10
  %q11 = getelementptr bfloat, ptr addrspace(1) %q, i32 11
  store bfloat %r11, ptr addrspace(1) %q11
  %q12 = getelementptr bfloat, ptr addrspace(1) %q, i32 12
  store bfloat %r12, ptr addrspace(1) %q12
  %q13 = getelementptr bfloat, ptr addrspace(1) %q, i32 13
  store bfloat %r13, ptr addrspace(1) %q13
  %q14 = getelementptr bfloat, ptr addrspace(1) %q, i32 14
  store bfloat %r14, ptr addrspace(1) %q14
  %q15 = getelementptr bfloat, ptr addrspace(1) %q, i32 15
  store bfloat %r15, ptr addrspace(1) %q15
  ret void
}

; The same on <2 x bfloat>, lane by lane.
; CHECK-LABEL: .entry llvm_math_v2(
; CHECK-DAG: abs.bf16
; CHECK-DAG: max.NaN.bf16
; CHECK-DAG: cvt.rmi.bf16.bf16
define ptx_kernel void @llvm_math_v2(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x bfloat>, ptr addrspace(1) %pa
  %i1 = add i32 %i, 3
  %pb = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i1
  %b = load <2 x bfloat>, ptr addrspace(1) %pb
  %r0 = call <2 x bfloat> @llvm.fabs.v2bf16(<2 x bfloat> %a)
  %r1 = call <2 x bfloat> @llvm.minnum.v2bf16(<2 x bfloat> %a, <2 x bfloat> %b)
  %r2 = call <2 x bfloat> @llvm.maximum.v2bf16(<2 x bfloat> %a, <2 x bfloat> %b)
  %r3 = call <2 x bfloat> @llvm.sqrt.v2bf16(<2 x bfloat> %r0)
  %r4 = call <2 x bfloat> @llvm.floor.v2bf16(<2 x bfloat> %a)
  %r5 = call <2 x bfloat> @llvm.round.v2bf16(<2 x bfloat> %b)
  %r6 = call <2 x bfloat> @llvm.copysign.v2bf16(<2 x bfloat> %r0, <2 x bfloat> %b)
  %r7 = call <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat> %a, <2 x bfloat> %b, <2 x bfloat> %r4)
  %base = mul i32 %i, 8
  %q = getelementptr <2 x bfloat>, ptr addrspace(1) %out, i32 %base
  store <2 x bfloat> %r0, ptr addrspace(1) %q
  %q1 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 1
  store <2 x bfloat> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 2
  store <2 x bfloat> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 3
  store <2 x bfloat> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 4
  store <2 x bfloat> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 5
  store <2 x bfloat> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 6
  store <2 x bfloat> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 7
  store <2 x bfloat> %r7, ptr addrspace(1) %q7
  ret void
}

; The nvvm intrinsics on scalars; `fma.rn.relu` is written in the i16 form of older IR, which
; LLVM's parser upgrades to bfloat.
; CHECK-LABEL: .entry nvvm_bf16(
; CHECK-DAG: min.bf16
; CHECK-DAG: max.NaN.bf16
; CHECK-DAG: fma.rn.bf16
; CHECK-DAG: neg.bf16
; CHECK-DAG: abs.bf16
; CHECK-DAG: cvt.rn.bf16.f32
; CHECK-DAG: cvt.rz.bf16.f32
define ptx_kernel void @nvvm_bf16(ptr addrspace(1) %in, ptr addrspace(1) %fin, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %i1 = add i32 %i, 9
  %pb = getelementptr bfloat, ptr addrspace(1) %in, i32 %i1
  %b0 = load bfloat, ptr addrspace(1) %pb
  %m5 = urem i32 %i, 5
  %nan = icmp eq i32 %m5, 2
  %b = select i1 %nan, bfloat 0xR7FC0, bfloat %b0
  %pf = getelementptr float, ptr addrspace(1) %fin, i32 %i
  %f = load float, ptr addrspace(1) %pf
  %f3 = fdiv float %f, 3.0
  %r0 = call bfloat @llvm.nvvm.fmin.bf16(bfloat %a, bfloat %b)
  %r1 = call bfloat @llvm.nvvm.fmax.nan.bf16(bfloat %a, bfloat %b)
  %r2 = call bfloat @llvm.nvvm.fmin.xorsign.abs.bf16(bfloat %a, bfloat %b)
  %r3 = call bfloat @llvm.nvvm.fmax.nan.xorsign.abs.bf16(bfloat %a, bfloat %b)
  %r4 = call bfloat @llvm.nvvm.fma.rn.bf16(bfloat %a, bfloat 0xR3FAB, bfloat %b0)
  %ai = bitcast bfloat %a to i16
  %bi = bitcast bfloat %b0 to i16
  %r5i = call i16 @llvm.nvvm.fma.rn.relu.bf16(i16 %ai, i16 %bi, i16 -16512)
  %r5 = bitcast i16 %r5i to bfloat
  %r6 = call bfloat @llvm.nvvm.neg.bf16(bfloat %a)
  %r7 = call bfloat @llvm.nvvm.abs.bf16(bfloat %r6)
  %r8 = call bfloat @llvm.nvvm.f2bf16.rn(float %f3)
  %r9 = call bfloat @llvm.nvvm.f2bf16.rz(float %f3)
  %r10 = call bfloat @llvm.nvvm.f2bf16.rn.relu(float %f3)
  %r11 = call bfloat @llvm.nvvm.f2bf16.rz.relu(float %f3)
  %base = mul i32 %i, 12
  %q = getelementptr bfloat, ptr addrspace(1) %out, i32 %base
  store bfloat %r0, ptr addrspace(1) %q
  %q1 = getelementptr bfloat, ptr addrspace(1) %q, i32 1
  store bfloat %r1, ptr addrspace(1) %q1
  %q2 = getelementptr bfloat, ptr addrspace(1) %q, i32 2
  store bfloat %r2, ptr addrspace(1) %q2
  %q3 = getelementptr bfloat, ptr addrspace(1) %q, i32 3
  store bfloat %r3, ptr addrspace(1) %q3
  %q4 = getelementptr bfloat, ptr addrspace(1) %q, i32 4
  store bfloat %r4, ptr addrspace(1) %q4
  %q5 = getelementptr bfloat, ptr addrspace(1) %q, i32 5
  store bfloat %r5, ptr addrspace(1) %q5
  %q6 = getelementptr bfloat, ptr addrspace(1) %q, i32 6
  store bfloat %r6, ptr addrspace(1) %q6
  %q7 = getelementptr bfloat, ptr addrspace(1) %q, i32 7
  store bfloat %r7, ptr addrspace(1) %q7
  %q8 = getelementptr bfloat, ptr addrspace(1) %q, i32 8
  store bfloat %r8, ptr addrspace(1) %q8
  %q9 = getelementptr bfloat, ptr addrspace(1) %q, i32 9
  store bfloat %r9, ptr addrspace(1) %q9
  %q10 = getelementptr bfloat, ptr addrspace(1) %q, i32 10
  store bfloat %r10, ptr addrspace(1) %q10
  %q11 = getelementptr bfloat, ptr addrspace(1) %q, i32 11
  store bfloat %r11, ptr addrspace(1) %q11
  ret void
}

; The bf16x2 forms and ff2bf16x2, whose first operand lands in lane 1.
; CHECK-LABEL: .entry nvvm_bf16x2(
; CHECK-DAG: min.NaN.bf16
; CHECK-DAG: max.bf16
; CHECK-DAG: cvt.rn.bf16.f32
; CHECK-DAG: cvt.rz.bf16.f32
define ptx_kernel void @nvvm_bf16x2(ptr addrspace(1) %in, ptr addrspace(1) %fin, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x bfloat>, ptr addrspace(1) %pa
  %i1 = add i32 %i, 2
  %pb = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i1
  %b = load <2 x bfloat>, ptr addrspace(1) %pb
  %pf = getelementptr float, ptr addrspace(1) %fin, i32 %i
  %f = load float, ptr addrspace(1) %pf
  %f7 = fdiv float %f, 7.0
  %g = fmul float %f, 0xBFF4CCCCC0000000
  %r0 = call <2 x bfloat> @llvm.nvvm.fmin.nan.bf16x2(<2 x bfloat> %a, <2 x bfloat> %b)
  %r1 = call <2 x bfloat> @llvm.nvvm.fmax.xorsign.abs.bf16x2(<2 x bfloat> %a, <2 x bfloat> %b)
  %r2 = call <2 x bfloat> @llvm.nvvm.fma.rn.relu.bf16x2(<2 x bfloat> %a, <2 x bfloat> %b, <2 x bfloat> <bfloat 0xR3E80, bfloat 0xRBE80>)
  %r3 = call <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat> %r2)
  %r4 = call <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat> %b)
  %r5 = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn(float %f7, float %g)
  %r6 = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz.relu(float %f7, float %g)
  %r7 = call <2 x bfloat> @llvm.nvvm.fmax.bf16x2(<2 x bfloat> %r5, <2 x bfloat> %r6)
  %base = mul i32 %i, 8
  %q = getelementptr <2 x bfloat>, ptr addrspace(1) %out, i32 %base
  store <2 x bfloat> %r0, ptr addrspace(1) %q
  %q1 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 1
  store <2 x bfloat> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 2
  store <2 x bfloat> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 3
  store <2 x bfloat> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 4
  store <2 x bfloat> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 5
  store <2 x bfloat> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 6
  store <2 x bfloat> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <2 x bfloat>, ptr addrspace(1) %q, i32 7
  store <2 x bfloat> %r7, ptr addrspace(1) %q7
  ret void
}

declare bfloat @llvm.fabs.bf16(bfloat)
declare bfloat @llvm.minnum.bf16(bfloat, bfloat)
declare bfloat @llvm.maxnum.bf16(bfloat, bfloat)
declare bfloat @llvm.minimum.bf16(bfloat, bfloat)
declare bfloat @llvm.maximum.bf16(bfloat, bfloat)
declare bfloat @llvm.sqrt.bf16(bfloat)
declare bfloat @llvm.ceil.bf16(bfloat)
declare bfloat @llvm.floor.bf16(bfloat)
declare bfloat @llvm.trunc.bf16(bfloat)
declare bfloat @llvm.rint.bf16(bfloat)
declare bfloat @llvm.nearbyint.bf16(bfloat)
declare bfloat @llvm.roundeven.bf16(bfloat)
declare bfloat @llvm.round.bf16(bfloat)
declare bfloat @llvm.copysign.bf16(bfloat, bfloat)
declare bfloat @llvm.fma.bf16(bfloat, bfloat, bfloat)
declare bfloat @llvm.fmuladd.bf16(bfloat, bfloat, bfloat)
declare <2 x bfloat> @llvm.fabs.v2bf16(<2 x bfloat>)
declare <2 x bfloat> @llvm.minnum.v2bf16(<2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.maximum.v2bf16(<2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.sqrt.v2bf16(<2 x bfloat>)
declare <2 x bfloat> @llvm.floor.v2bf16(<2 x bfloat>)
declare <2 x bfloat> @llvm.round.v2bf16(<2 x bfloat>)
declare <2 x bfloat> @llvm.copysign.v2bf16(<2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>)
declare bfloat @llvm.nvvm.fmin.bf16(bfloat, bfloat)
declare bfloat @llvm.nvvm.fmax.nan.bf16(bfloat, bfloat)
declare bfloat @llvm.nvvm.fmin.xorsign.abs.bf16(bfloat, bfloat)
declare bfloat @llvm.nvvm.fmax.nan.xorsign.abs.bf16(bfloat, bfloat)
declare bfloat @llvm.nvvm.fma.rn.bf16(bfloat, bfloat, bfloat)
declare i16 @llvm.nvvm.fma.rn.relu.bf16(i16, i16, i16)
declare bfloat @llvm.nvvm.neg.bf16(bfloat)
declare bfloat @llvm.nvvm.abs.bf16(bfloat)
declare bfloat @llvm.nvvm.f2bf16.rn(float)
declare bfloat @llvm.nvvm.f2bf16.rz(float)
declare bfloat @llvm.nvvm.f2bf16.rn.relu(float)
declare bfloat @llvm.nvvm.f2bf16.rz.relu(float)
declare <2 x bfloat> @llvm.nvvm.fmin.nan.bf16x2(<2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.fmax.xorsign.abs.bf16x2(<2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.fma.rn.relu.bf16x2(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn(float, float)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz.relu(float, float)
declare <2 x bfloat> @llvm.nvvm.fmax.bf16x2(<2 x bfloat>, <2 x bfloat>)
