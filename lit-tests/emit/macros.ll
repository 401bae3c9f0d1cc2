; Macros: PTX keeps div / rem / sqrt whole (div.s32, rem.u32, div.u64, div.rn.f32, div.approx.f32,
; sqrt.rn.f32, div.rn.f64, sqrt.rn.f64, f16 division through f32); the SASS listing expands them
; into ptxas's fast paths. 32-bit integer division: reciprocal estimate (I2F.RP / I2F.U32.RP,
; MUFU.RCP, VIADD 0xffffffe, F2I.FTZ.U32.TRUNC.NTZ), a Newton step (IMAD.HI.U32 with the pair
; {0, y}), quotient, remainder, two corrections, the sign (a ^ b) and ~0 for a zero divisor; a
; constant divisor never reaches the macro (it is a multiplication by its magic number). 64-bit
; division is a subroutine call. IEEE f32 division: MUFU.RCP, FCHK, FFMA refinement and the slow-path call when FCHK says so; div.approx scales
; denormal operands by 2^24; sqrt.rn: MUFU.RSQ with an FMUL.FTZ / FFMA fix-up in the fast range;
; f64: MUFU.RCP64H / MUFU.RSQ64H seeds with DFMA refinement; MUFU.EX2 without .ftz halves
; operands below -126 and squares the result, MUFU.SIN takes the operand in turns (FMUL.RZ).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX-LABEL: .visible .entry intdiv(
; PTX: div.s32 {{%r[0-9]+}}, [[A:%r[0-9]+]], [[B:%r[0-9]+]];
; PTX-NEXT: rem.u32 {{%r[0-9]+}}, [[A]], [[B]];
; A constant divisor is a multiplication by its magic number (ori/lower/divconst.rs), not a div:
; PTX-NEXT: mul.hi.s32 {{%r[0-9]+}}, [[A]], 0x92492493;
; PTX-NOT: div.s32 {{.*}}, 7;
; PTX: div.u64

; SASS-LABEL: Function : intdiv
; SASS: IABS [[BA:R[0-9]+]], [[B:R[0-9]+]] ;
; SASS-NEXT: ISETP.NE.U32.AND [[PZ:P[0-6]]], PT, [[B]], RZ, PT ;
; SASS-NEXT: IABS [[AA:R[0-9]+]], [[A:R[0-9]+]] ;
; SASS-NEXT: LOP3.LUT [[X:R[0-9]+]], [[A]], [[B]], RZ, 0x3c, !PT ;
; SASS-NEXT: ISETP.GE.AND [[PS:P[0-6]]], PT, [[X]], RZ, PT ;
; SASS-NEXT: I2F.RP [[Z:R[0-9]+]], [[BA]] ;
; SASS-NEXT: MUFU.RCP [[Z]], [[Z]] ;
; SASS-NEXT: VIADD [[Z]], [[Z]], 0xffffffe ;
; SASS-NEXT: F2I.FTZ.U32.TRUNC.NTZ [[Y:R[0-9]+]], [[Z]] ;
; SASS-NEXT: MOV [[Z]], RZ ;
; SASS-NEXT: IADD3 [[NB:R[0-9]+]], RZ, -[[BA]], RZ ;
; SASS-NEXT: IMAD [[T:R[0-9]+]], [[Y]], [[NB]], RZ ;
; SASS-NEXT: IMAD.HI.U32 [[Y]], [[Y]], [[T]], [[Z]] ;
; SASS-NEXT: IMAD.HI.U32 [[Q:R[0-9]+]], [[Y]], [[AA]], RZ ;
; SASS-NEXT: IMAD [[R:R[0-9]+]], [[Q]], [[NB]], [[AA]] ;
; SASS-NEXT: ISETP.GE.U32.AND [[P:P[0-6]]], PT, [[R]], [[BA]], PT ;
; SASS-NEXT: @[[P]] IADD3 [[R]], [[R]], -[[BA]], RZ ;
; SASS-NEXT: @[[P]] VIADD [[Q]], [[Q]], 0x1 ;
; SASS-NEXT: ISETP.GE.U32.AND [[P]], PT, [[R]], [[BA]], PT ;
; SASS-NEXT: @[[P]] VIADD [[Q]], [[Q]], 0x1 ;
; SASS-NEXT: @![[PS]] IADD3 [[Q]], -[[Q]], RZ, RZ ;
; SASS-NEXT: @![[PZ]] LOP3.LUT [[Q]], RZ, [[B]], RZ, 0x33, !PT ;
; The unsigned remainder: no IABS, the remainder corrected twice.
; SASS-NEXT: ISETP.NE.U32.AND [[PZ2:P[0-6]]], PT, [[B]], RZ, PT ;
; SASS-NEXT: I2F.U32.RP
; SASS: IMAD [[R2:R[0-9]+]], {{R[0-9]+}}, {{R[0-9]+}}, [[A]] ;
; SASS-NEXT: ISETP.GE.U32.AND [[P2:P[0-6]]], PT, [[R2]], [[B]], PT ;
; SASS-NEXT: @[[P2]] IADD3 [[R2]], [[R2]], -[[B]], RZ ;
; SASS-NEXT: ISETP.GE.U32.AND [[P2]], PT, [[R2]], [[B]], PT ;
; SASS-NEXT: @[[P2]] IADD3 [[R2]], [[R2]], -[[B]], RZ ;
; SASS-NEXT: @![[PZ2]] LOP3.LUT [[R2]], RZ, [[B]], RZ, 0x33, !PT ;
; Division by the constant 7: IMAD.HI by the magic number, no IDIV expansion.
; SASS: IMAD.HI {{R[0-9]+}}, [[A]], -0x6db6db6d, RZ ;
; SASS: MOV [[RET:R[0-9]+]], 0x370 ;
; SASS-NEXT: /*0360*/ CALL.REL.NOINC `(__internal_udiv64)` ;
; SASS-NOT: IDIV
; SASS-NOT: IREM
define ptx_kernel void @intdiv(ptr %out, i32 %a, i32 %b, i64 %x, i64 %y) {
  %q = sdiv i32 %a, %b
  %r = urem i32 %a, %b
  %k = sdiv i32 %a, 7
  %s = add i32 %q, %r
  %t = add i32 %s, %k
  store i32 %t, ptr %out
  %d = udiv i64 %x, %y
  %o = getelementptr i64, ptr %out, i32 1
  store i64 %d, ptr %o
  ret void
}

; PTX-LABEL: .visible .entry fltdiv(
; PTX: div.rn.f32
; PTX-NEXT: div.approx.f32
; PTX-NEXT: sqrt.rn.f32
; PTX-NEXT: ex2.approx.f32
; PTX-NEXT: sin.approx.f32
; PTX: div.rn.f64
; PTX-NEXT: sqrt.rn.f64
; PTX: cvt.f32.f16
; PTX: div.rn.f32 %fs2, %fs0, %fs1;
; PTX-NEXT: cvt.rn.f16.f32

; SASS-LABEL: Function : fltdiv
; SASS: MUFU.RCP [[Y:R[0-9]+]], [[B:R[0-9]+]] ;
; SASS-NEXT: FCHK [[P:P[0-6]]], [[A:R[0-9]+]], [[B]] ;
; SASS-NEXT: FFMA [[T:R[0-9]+]], -[[B]], [[Y]], 1 ;
; SASS-NEXT: FFMA [[T]], [[Y]], [[T]], [[Y]] ;
; SASS-NEXT: FFMA [[Q:R[0-9]+]], [[A]], [[T]], RZ ;
; SASS-NEXT: FFMA [[R:R[0-9]+]], -[[B]], [[Q]], [[A]] ;
; SASS-NEXT: FFMA [[D:R[0-9]+]], [[T]], [[R]], [[Q]] ;
; SASS-NEXT: @![[P]] BRA 0x120 ;
; SASS-NEXT: MOV {{R[0-9]+}}, 0x120 ;
; SASS-NEXT: CALL.REL.NOINC `(__internal_fdiv_rn_f32_slowpath)` ;
; SASS-NEXT: /*0120*/ FSETP.GEU.AND [[PA:P[0-6]]], PT, |[[B]]|, 1.1754944e-38, PT ;
; SASS-NEXT: @![[PA]] FMUL [[B]], [[B]], 16777216 ;
; SASS-NEXT: @![[PA]] FMUL [[A]], [[A]], 16777216 ;
; SASS-NEXT: MUFU.RCP [[YA:R[0-9]+]], [[B]] ;
; SASS-NEXT: FMUL [[A]], [[YA]], [[A]] ;
; SASS-NEXT: IADD3 [[T2:R[0-9]+]], [[D]], -0xd000000, RZ ;
; SASS-NEXT: MUFU.RSQ [[RS:R[0-9]+]], [[D]] ;
; SASS-NEXT: ISETP.GT.U32.AND [[PQ:P[0-6]]], PT, [[T2]], 0x727fffff, PT ;
; SASS-NEXT: @![[PQ]] BRA 0x1e0 ;
; SASS-NEXT: MOV {{R[0-9]+}}, 0x1d0 ;
; SASS-NEXT: CALL.REL.NOINC `(__internal_fsqrt_rn_f32_slowpath)` ;
; SASS-NEXT: BRA 0x220 ;
; SASS-NEXT: /*01e0*/ FMUL.FTZ [[S:R[0-9]+]], [[D]], [[RS]] ;
; SASS-NEXT: FMUL.FTZ [[H:R[0-9]+]], [[RS]], 0.5 ;
; SASS-NEXT: FFMA [[E:R[0-9]+]], -[[S]], [[S]], [[D]] ;
; SASS-NEXT: FFMA [[SQ:R[0-9]+]], [[E]], [[H]], [[S]] ;
; SASS-NEXT: /*0220*/ FSETP.GEU.AND [[PE:P[0-6]]], PT, [[SQ]], -126, PT ;
; SASS-NEXT: @![[PE]] FMUL [[SQ]], [[SQ]], 0.5 ;
; SASS-NEXT: MUFU.EX2 [[EX:R[0-9]+]], [[SQ]] ;
; SASS-NEXT: @![[PE]] FMUL [[EX]], [[EX]], [[EX]] ;
; SASS-NEXT: FMUL.RZ [[TU:R[0-9]+]], [[EX]], 0.15915494 ;
; SASS-NEXT: MUFU.SIN {{R[0-9]+}}, [[TU]] ;
; SASS: MOV [[YL:R[0-9]+]], 0x1 ;
; SASS-NEXT: MUFU.RCP64H {{R[0-9]+}}, [[BH:R[0-9]+]] ;
; SASS-NEXT: FSETP.GEU.AND [[P1:P[0-6]]], PT, |{{R[0-9]+}}|, 6.5827684e-37, PT ;
; SASS-NEXT: DFMA {{R[0-9]+}}, -[[DB:R[0-9]+]], [[YL]], 1 ;
; SASS-COUNT-4: DFMA
; SASS-NEXT: DMUL
; SASS-NEXT: DFMA
; SASS-NEXT: DFMA [[DQ:R[0-9]+]],
; SASS-NEXT: FFMA [[CK:R[0-9]+]], RZ, [[BH]], {{R[0-9]+}} ;
; SASS-NEXT: FSETP.GT.AND [[P0:P[0-6]]], PT, |[[CK]]|, 1.469368e-39, PT ;
; SASS-NEXT: @[[P0]] BRA [[P1]], 0x3a0 ;
; SASS-NEXT: MOV {{R[0-9]+}}, 0x3a0 ;
; SASS-NEXT: CALL.REL.NOINC `(__internal_fdiv_rn_f64_slowpath)` ;
; SASS: MUFU.RSQ64H
; SASS: CALL.REL.NOINC `(__internal_fsqrt_rn_f64_slowpath)` ;
; SASS: HADD2.F32 [[HA:R[0-9]+]], -RZ, {{R[0-9]+}}.H0_H0 ;
; SASS-NEXT: HADD2.F32 [[HB:R[0-9]+]], -RZ, {{R[0-9]+}}.H0_H0 ;
; SASS-NEXT: MUFU.RCP {{R[0-9]+}}, [[HB]] ;
; SASS-NEXT: FCHK {{P[0-6]}}, [[HA]], [[HB]] ;
; SASS: CALL.REL.NOINC `(__internal_fdiv_rn_f32_slowpath)` ;
; SASS-NEXT: F2FP.F16.F32.PACK_AB {{R[0-9]+}}, RZ, {{R[0-9]+}} ;
; SASS-NOT: FDIV
; SASS-NOT: FSQRT
; SASS-NOT: HDIV
define ptx_kernel void @fltdiv(ptr %out, float %a, float %b, double %x, double %y, half %h, half %g) {
  %q = fdiv float %a, %b
  %ap = call float @llvm.nvvm.div.approx.f(float %a, float %b)
  %s = call float @llvm.sqrt.f32(float %q)
  %e = call float @llvm.nvvm.ex2.approx.f(float %s)
  %sn = call float @llvm.nvvm.sin.approx.f(float %e)
  %t = fadd float %ap, %sn
  store float %t, ptr %out
  %dq = fdiv double %x, %y
  %ds = call double @llvm.sqrt.f64(double %dq)
  %o = getelementptr double, ptr %out, i32 1
  store double %ds, ptr %o
  %hq = fdiv half %h, %g
  %o2 = getelementptr half, ptr %out, i32 8
  store half %hq, ptr %o2
  ret void
}

declare float @llvm.nvvm.div.approx.f(float, float)
declare float @llvm.sqrt.f32(float)
declare double @llvm.sqrt.f64(double)
declare float @llvm.nvvm.ex2.approx.f(float)
declare float @llvm.nvvm.sin.approx.f(float)
