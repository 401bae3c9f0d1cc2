; Floating point in f32, f64 and f16: PTX arithmetic with explicit .rn (no contraction), and the
; SASS spellings: FADD/FMUL/FFMA with decimal immediates, negation and absolute value as operand
; modifiers of an add of -RZ (FADD d, -a, -RZ; DADD d, -RZ, -a), FMNMX with PT (min) / !PT (max),
; the double max without DMNMX (DSETP.MAX + FSEL/SEL + the NaN quieting LOP3), conversions
; (F2I.TRUNC.NTZ, I2FP.F32.U32, F2F.F64.F32, F2I.S64.F64.TRUNC), and f16 as the low half of a
; register (HADD2 / HMUL2 / HSETP2 on .H0_H0, an immediate in both halves, HADD2.F32 to widen,
; F2FP.F16.F32.PACK_AB to narrow).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX-LABEL: .visible .entry f32ops(
; PTX: add.rn.f32
; PTX-NEXT: mul.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f40200000;
; PTX-NEXT: fma.rn.f32
; PTX-NEXT: neg.f32
; PTX-NEXT: abs.f32
; PTX-NEXT: max.f32
; PTX-NEXT: min.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3F800000;
; PTX-NEXT: setp.lt.f32
; PTX-NEXT: selp.b32
; PTX-NEXT: cvt.rzi.s32.f32
; PTX-NEXT: cvt.rn.f32.u32

; SASS-LABEL: Function : f32ops
; SASS: FADD [[S:R[0-9]+]], [[A:R[0-9]+]], [[B:R[0-9]+]] ;
; SASS-NEXT: FMUL [[S]], [[S]], 2.5 ;
; SASS-NEXT: FFMA [[F:R[0-9]+]], [[S]], [[B]], [[C:R[0-9]+]] ;
; SASS-NEXT: FADD [[F]], -[[F]], -RZ ;
; SASS-NEXT: FADD [[F]], |[[F]]|, -RZ ;
; SASS-NEXT: FMNMX [[M:R[0-9]+]], [[F]], [[A]], !PT ;
; SASS-NEXT: FMNMX [[M]], [[M]], 1, PT ;
; SASS-NEXT: FSETP.LT.AND [[P:P[0-6]]], PT, [[M]], [[C]], PT ;
; SASS-NEXT: SEL [[M]], [[M]], 0x3f000000, [[P]] ;
; SASS-NEXT: F2I.TRUNC.NTZ [[M]], [[M]] ;
; SASS-NEXT: I2FP.F32.U32 [[M]], [[M]] ;
; SASS-NEXT: STG.E [R{{[0-9]+}}.64], [[M]] ;
define ptx_kernel void @f32ops(ptr %out, float %a, float %b, float %c) {
  %add = fadd float %a, %b
  %mul = fmul float %add, 2.5
  %fma = call float @llvm.fma.f32(float %mul, float %b, float %c)
  %neg = fneg float %fma
  %abs = call float @llvm.fabs.f32(float %neg)
  %mx = call float @llvm.maxnum.f32(float %abs, float %a)
  %mn = call float @llvm.minnum.f32(float %mx, float 1.0)
  %lt = fcmp olt float %mn, %c
  %sel = select i1 %lt, float %mn, float 0.5
  %i = fptosi float %sel to i32
  %u = uitofp i32 %i to float
  store float %u, ptr %out
  ret void
}

; PTX-LABEL: .visible .entry f64ops(
; PTX: add.rn.f64
; PTX-NEXT: mul.rn.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0d3FD0000000000000;
; PTX-NEXT: fma.rn.f64
; PTX-NEXT: neg.f64
; PTX-NEXT: max.f64
; PTX-NEXT: cvt.f64.f32
; PTX: cvt.rn.f32.f64
; PTX-NEXT: cvt.rzi.s64.f64

; SASS-LABEL: Function : f64ops
; SASS: DADD [[S:R[0-9]+]], [[A:R[0-9]+]], [[B:R[0-9]+]] ;
; SASS-NEXT: DMUL [[S]], [[S]], 0.25 ;
; SASS-NEXT: DFMA [[F:R[0-9]+]], [[S]], [[B]], [[A]] ;
; SASS-NEXT: DADD [[F]], -RZ, -[[F]] ;
; SASS-NEXT: DSETP.MAX.AND [[P:P[0-6]]], [[Q:P[0-6]]], [[F]], [[A]], PT ;
; SASS-NEXT: FSEL [[H:R[0-9]+]], R{{[0-9]+}}, [[AH:R[0-9]+]], [[P]] ;
; SASS-NEXT: SEL [[A]], [[F]], [[A]], [[P]] ;
; SASS-NEXT: @[[Q]] LOP3.LUT [[H]], [[AH]], 0x80000, RZ, 0xfc, !PT ;
; SASS-NEXT: MOV [[AH]], [[H]] ;
; SASS-NEXT: F2F.F64.F32 [[E:R[0-9]+]], R{{[0-9]+}} ;
; SASS-NEXT: DADD [[E]], -RZ, -[[E]] ;
; SASS-NEXT: DADD [[A]], [[A]], [[E]] ;
; SASS-NEXT: F2F.F32.F64 R{{[0-9]+}}, [[A]] ;
; SASS-NEXT: F2I.S64.F64.TRUNC [[A]], [[A]] ;
define ptx_kernel void @f64ops(ptr %out, double %a, double %b, float %f) {
  %add = fadd double %a, %b
  %mul = fmul double %add, 0.25
  %fma = call double @llvm.fma.f64(double %mul, double %b, double %a)
  %neg = fneg double %fma
  %mx = call double @llvm.maxnum.f64(double %neg, double %a)
  %ext = fpext float %f to double
  %s = fsub double %mx, %ext
  %tr = fptrunc double %s to float
  %i = fptosi double %s to i64
  %g = getelementptr float, ptr %out, i64 2
  store float %tr, ptr %g
  %h = getelementptr i64, ptr %out, i64 2
  store i64 %i, ptr %h
  ret void
}

; PTX-LABEL: .visible .entry f16ops(
; PTX: add.rn.f16
; PTX: mov.b16 %hs1, 0x3800;
; PTX-NEXT: mul.rn.f16
; PTX: setp.lt.f16
; PTX: cvt.f32.f16
; PTX: cvt.rn.f16.f32
; PTX: st.global.u16

; SASS-LABEL: Function : f16ops
; SASS: LDC.U16 [[A:R[0-9]+]], c[0x0][0x218] ;
; SASS-NEXT: LDC.U16 [[B:R[0-9]+]], c[0x0][0x21a] ;
; SASS-NEXT: HADD2 [[S:R[0-9]+]], [[A]].H0_H0, [[B]].H0_H0 ;
; SASS-NEXT: HMUL2 [[S]], [[S]].H0_H0, 0.5, 0.5 ;
; SASS-NEXT: HSETP2.LT.AND [[P:P[0-6]]], PT, [[S]].H0_H0, [[A]].H0_H0, PT ;
; SASS-NEXT: SEL [[X:R[0-9]+]], [[S]], [[B]], [[P]] ;
; SASS-NEXT: HADD2.F32 [[X]], -RZ, [[X]].H0_H0 ;
; SASS-NEXT: F2FP.F16.F32.PACK_AB [[H:R[0-9]+]], RZ, [[X]] ;
; SASS-NEXT: STG.E.U16 [R{{[0-9]+}}.64], [[H]] ;
define ptx_kernel void @f16ops(ptr %out, half %a, half %b) {
  %add = fadd half %a, %b
  %mul = fmul half %add, 0xH3800
  %lt = fcmp olt half %mul, %a
  %sel = select i1 %lt, half %mul, half %b
  %ext = fpext half %sel to float
  %back = fptrunc float %ext to half
  store half %back, ptr %out
  %g = getelementptr float, ptr %out, i64 1
  store float %ext, ptr %g
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fabs.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.maxnum.f64(double, double)
