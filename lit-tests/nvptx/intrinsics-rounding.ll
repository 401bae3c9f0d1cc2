; Rounding intrinsics: llvm.ceil/floor/trunc/rint/nearbyint/roundeven as one cvt.r{p,m,z,n}i of
; the type onto itself, on half, float and double (and vectors, lane by lane); llvm.round
; (halfway away from zero) as llc-19's expansion t = trunc(x + copysign(0.5, x)), x where
; |x| > 2^23 (2^52), trunc(x) where |x| < 0.5 (half in f32); llvm.copysign on the bits; and the
; explicitly rounded llvm.nvvm.* arithmetic and conversions libdevice's math calls (add/mul.rX as
; fma.rX, cvt with a rounding mode). `ori check` runs each kernel against LLVM's JIT (libm's
; floor, round, rint, ...) on values that hit the ties (t/4 - 4, k/8) and on the seeded inputs.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: integral_f32: ok (jit
; EXEC: integral_f64_f16: ok (jit
; EXEC: round_away: ok (jit
; EXEC: copysign: ok (jit
; EXEC: nvvm_rounded: ok (jit
; EXEC: nvvm_convert: ok (jit
; EXEC: round_f32: ok (jit
; EXEC: round_f64: ok (jit
; EXEC: round_f16: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; CHECK-LABEL: .entry integral_f32
; x - 4.0 is an addition of the negated constant (no neg of an immediate at run time).
; CHECK: add.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0fC0800000;
; CHECK-NOT: neg.f32
; CHECK-DAG: cvt.rpi.f32.f32
; CHECK-DAG: cvt.rmi.f32.f32
; CHECK-DAG: cvt.rzi.f32.f32
; CHECK-DAG: cvt.rni.f32.f32
; CHECK: ret;
define ptx_kernel void @integral_f32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %tf = sitofp i32 %t to float
  %q = fmul float %tf, 2.500000e-01
  %tie = fsub float %q, 4.000000e+00
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pa
  %a = call float @llvm.ceil.f32(float %tie)
  %b = call float @llvm.floor.f32(float %x)
  %c = call float @llvm.trunc.f32(float %tie)
  %d = call float @llvm.rint.f32(float %tie)
  %e = call float @llvm.nearbyint.f32(float %x)
  %f = call float @llvm.roundeven.f32(float %tie)
  %v0 = insertelement <2 x float> poison, float %tie, i32 0
  %v1 = insertelement <2 x float> %v0, float %x, i32 1
  %v = call <2 x float> @llvm.floor.v2f32(<2 x float> %v1)
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  %o8 = mul i32 %t, 8
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o8
  store float %a, ptr addrspace(1) %p0
  %p1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  store float %b, ptr addrspace(1) %p1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  store float %c, ptr addrspace(1) %p2
  %p3 = getelementptr float, ptr addrspace(1) %p0, i32 3
  store float %d, ptr addrspace(1) %p3
  %p4 = getelementptr float, ptr addrspace(1) %p0, i32 4
  store float %e, ptr addrspace(1) %p4
  %p5 = getelementptr float, ptr addrspace(1) %p0, i32 5
  store float %f, ptr addrspace(1) %p5
  %p6 = getelementptr float, ptr addrspace(1) %p0, i32 6
  store <2 x float> %v, ptr addrspace(1) %p6, align 8
  ret void
}

; CHECK-LABEL: .entry integral_f64_f16
; CHECK-DAG: cvt.rpi.f64.f64
; CHECK-DAG: cvt.rni.f64.f64
; CHECK-DAG: cvt.rmi.f16.f16
; CHECK: ret;
define ptx_kernel void @integral_f64_f16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %tf = sitofp i32 %t to double
  %q = fmul double %tf, 2.500000e-01
  %tie = fsub double %q, 4.000000e+00
  %a = call double @llvm.ceil.f64(double %tie)
  %b = call double @llvm.rint.f64(double %tie)
  %h = fptrunc double %tie to half
  %hf = call half @llvm.floor.f16(half %h)
  %hx = fpext half %hf to double
  %s = fadd double %a, %b
  %s2 = fmul double %s, %hx
  %o = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %s2, ptr addrspace(1) %o
  ret void
}

; round: x + copysign(0.5, x) truncated, x above 2^23 (2^52), trunc(x) below 0.5.
; CHECK-LABEL: .entry round_away
; CHECK: or.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x3f000000;
; CHECK: add.rn.f32
; CHECK: cvt.rzi.f32.f32
; CHECK: setp.gt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f4B000000;
; CHECK: setp.lt.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f3F000000;
; CHECK: setp.gt.f64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 0d4330000000000000;
; CHECK: ret;
define ptx_kernel void @round_away(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %tf = sitofp i32 %t to float
  %q = fmul float %tf, 2.500000e-01
  %tie = fsub float %q, 4.000000e+00
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pa
  %a = call float @llvm.round.f32(float %tie)
  %b = call float @llvm.round.f32(float %x)
  %near = fadd float %tie, 0x3FDFFFFFE0000000
  %c = call float @llvm.round.f32(float %near)
  %d = fpext float %tie to double
  %e = call double @llvm.round.f64(double %d)
  %ef = fptrunc double %e to float
  %h = fptrunc float %tie to half
  %hr = call half @llvm.round.f16(half %h)
  %hf = fpext half %hr to float
  %o4 = mul i32 %t, 5
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o4
  store float %a, ptr addrspace(1) %p0
  %p1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  store float %b, ptr addrspace(1) %p1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  store float %c, ptr addrspace(1) %p2
  %p3 = getelementptr float, ptr addrspace(1) %p0, i32 3
  store float %ef, ptr addrspace(1) %p3
  %p4 = getelementptr float, ptr addrspace(1) %p0, i32 4
  store float %hf, ptr addrspace(1) %p4
  ret void
}

; CHECK-LABEL: .entry copysign
; 32-bit: one bitfield select (a & ~m | b & m); 64-bit: and, and, or.
; CHECK: lop3.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 0x80000000, 0xd8;
; CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0x7fffffffffffffff;
; CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0x8000000000000000;
; CHECK: or.b64
; CHECK: ret;
define ptx_kernel void @copysign(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 3
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %t1
  %y = load float, ptr addrspace(1) %pb
  %a = call float @llvm.copysign.f32(float %x, float %y)
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %b = call double @llvm.copysign.f64(double %yd, double %xd)
  %bf = fptrunc double %b to float
  %xh = fptrunc float %x to half
  %yh = fptrunc float %y to half
  %c = call half @llvm.copysign.f16(half %xh, half %yh)
  %cf = fpext half %c to float
  %s = fadd float %a, %bf
  %s2 = fmul float %s, %cf
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %s2, ptr addrspace(1) %o
  ret void
}

; add/mul.rX as fma.rX with 1.0 / a signed zero; nvvm round-to-integral as cvt.rXi.
; CHECK-LABEL: .entry nvvm_rounded
; CHECK-DAG: fma.rz.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0d3FF0000000000000, {{%rd[0-9]+}};
; CHECK-DAG: fma.rp.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3F800000, 0f34000000;
; CHECK-DAG: fma.rm.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0d0000000000000000;
; CHECK-DAG: fma.rz.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 0f80000000;
; CHECK-DAG: cvt.rpi.f32.f32
; CHECK-DAG: cvt.rni.f64.f64
; CHECK: ret;
define ptx_kernel void @nvvm_rounded(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 1
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %t1
  %y = load float, ptr addrspace(1) %pb
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %third = fdiv double %xd, 3.000000e+00
  %a = call double @llvm.nvvm.add.rz.d(double %third, double %yd)
  %b = call float @llvm.nvvm.add.rp.f(float %x, float 0x3E80000000000000)
  %c = call double @llvm.nvvm.mul.rm.d(double %third, double %yd)
  %d = call float @llvm.nvvm.mul.rz.f(float %x, float %y)
  %e = call double @llvm.nvvm.fma.rp.d(double %third, double %yd, double %xd)
  %f = call float @llvm.nvvm.ceil.f(float %x)
  %g = call double @llvm.nvvm.round.d(double %third)
  %h = call double @llvm.nvvm.trunc.d(double %third)
  %i = call float @llvm.nvvm.floor.f(float %y)
  %bd = fpext float %b to double
  %dd = fpext float %d to double
  %fd = fpext float %f to double
  %id = fpext float %i to double
  %o = mul i32 %t, 9
  %p0 = getelementptr double, ptr addrspace(1) %out, i32 %o
  store double %a, ptr addrspace(1) %p0
  %p1 = getelementptr double, ptr addrspace(1) %p0, i32 1
  store double %bd, ptr addrspace(1) %p1
  %p2 = getelementptr double, ptr addrspace(1) %p0, i32 2
  store double %c, ptr addrspace(1) %p2
  %p3 = getelementptr double, ptr addrspace(1) %p0, i32 3
  store double %dd, ptr addrspace(1) %p3
  %p4 = getelementptr double, ptr addrspace(1) %p0, i32 4
  store double %e, ptr addrspace(1) %p4
  %p5 = getelementptr double, ptr addrspace(1) %p0, i32 5
  store double %fd, ptr addrspace(1) %p5
  %p6 = getelementptr double, ptr addrspace(1) %p0, i32 6
  store double %g, ptr addrspace(1) %p6
  %p7 = getelementptr double, ptr addrspace(1) %p0, i32 7
  store double %h, ptr addrspace(1) %p7
  %p8 = getelementptr double, ptr addrspace(1) %p0, i32 8
  store double %id, ptr addrspace(1) %p8
  ret void
}

; CHECK-LABEL: .entry nvvm_convert
; CHECK-DAG: cvt.rmi.s32.f32
; CHECK-DAG: cvt.rpi.s64.f64
; CHECK-DAG: cvt.rzi.u32.f64
; CHECK-DAG: cvt.rz.f32.u64
; CHECK-DAG: cvt.rp.f32.s32
; CHECK-DAG: cvt.rm.f64.s64
; CHECK-DAG: cvt.rz.f32.f64
; CHECK: ret;
define ptx_kernel void @nvvm_convert(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pa
  %xs = fmul float %x, 1.000000e+03
  %xd = fpext float %xs to double
  %a = call i32 @llvm.nvvm.f2i.rm(float %xs)
  %b = call i64 @llvm.nvvm.d2ll.rp(double %xd)
  %c = call i32 @llvm.nvvm.d2ui.rz(double %xd)
  %big = mul i64 %b, 1000000007
  %d = call float @llvm.nvvm.ull2f.rz(i64 %big)
  %e = call float @llvm.nvvm.i2f.rp(i32 %a)
  %bigs = mul i64 %big, -3
  %f = call double @llvm.nvvm.ll2d.rm(i64 %bigs)
  %third = fdiv double %xd, 3.000000e+00
  %g = call float @llvm.nvvm.d2f.rz(double %third)
  %ai = sext i32 %a to i64
  %ci = zext i32 %c to i64
  %s1 = add i64 %ai, %b
  %s2 = add i64 %s1, %ci
  %o = mul i32 %t, 5
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  store i64 %s2, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  store float %d, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i32 2
  store float %e, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %p0, i32 3
  store double %f, ptr addrspace(1) %p3
  %p4 = getelementptr i64, ptr addrspace(1) %p0, i32 4
  store float %g, ptr addrspace(1) %p4
  ret void
}

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

declare float @llvm.ceil.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.nearbyint.f32(float)
declare float @llvm.roundeven.f32(float)
declare <2 x float> @llvm.floor.v2f32(<2 x float>)
declare double @llvm.ceil.f64(double)
declare double @llvm.rint.f64(double)
declare half @llvm.floor.f16(half)
declare float @llvm.round.f32(float)
declare double @llvm.round.f64(double)
declare half @llvm.round.f16(half)
declare float @llvm.copysign.f32(float, float)
declare double @llvm.copysign.f64(double, double)
declare half @llvm.copysign.f16(half, half)
declare double @llvm.nvvm.add.rz.d(double, double)
declare float @llvm.nvvm.add.rp.f(float, float)
declare double @llvm.nvvm.mul.rm.d(double, double)
declare float @llvm.nvvm.mul.rz.f(float, float)
declare double @llvm.nvvm.fma.rp.d(double, double, double)
declare float @llvm.nvvm.ceil.f(float)
declare double @llvm.nvvm.round.d(double)
declare double @llvm.nvvm.trunc.d(double)
declare float @llvm.nvvm.floor.f(float)
declare i32 @llvm.nvvm.f2i.rm(float)
declare i64 @llvm.nvvm.d2ll.rp(double)
declare i32 @llvm.nvvm.d2ui.rz(double)
declare float @llvm.nvvm.ull2f.rz(i64)
declare float @llvm.nvvm.i2f.rp(i32)
declare double @llvm.nvvm.ll2d.rm(i64)
declare float @llvm.nvvm.d2f.rz(double)
declare <2 x float> @llvm.round.v2f32(<2 x float>)
declare double @llvm.floor.f64(double)
declare double @llvm.trunc.f64(double)
declare half @llvm.ceil.f16(half)
declare half @llvm.roundeven.f16(half)
