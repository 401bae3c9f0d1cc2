; Vector loads under register pressure: eight 128-bit loads whose 32 values are all live at
; once, compiled at --maxrregcount=24. The allocator keeps each load's four destinations in an
; aligned quad where it can (regalloc/tuples.rs) and spills the rest; the listing goes through
; scratch registers where a quad was split (emit/sass/memory.rs). ptxas accepts the PTX, and the
; spilled kernel computes what the JIT does.
; RUN: ori llc --maxrregcount=24 %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc --maxrregcount=24 --emit=sass %s | FileCheck %s --check-prefix=LIST
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: pressure: ok (jit
; CHECK-COUNT-8: ld.global.nc.v4.b32
; CHECK: st.global.v4.b32
; LIST-COUNT-8: LDG.E.128.CONSTANT R
; LIST: STL
; LIST: STG.E.128

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @pressure(ptr noalias readonly %a, ptr noalias %o) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %b = getelementptr [32 x float], ptr %a, i64 %i
  %p0 = getelementptr i8, ptr %b, i64 0
  %x0 = load float, ptr %p0, align 16
  %p1 = getelementptr i8, ptr %b, i64 4
  %x1 = load float, ptr %p1, align 4
  %p2 = getelementptr i8, ptr %b, i64 8
  %x2 = load float, ptr %p2, align 4
  %p3 = getelementptr i8, ptr %b, i64 12
  %x3 = load float, ptr %p3, align 4
  %p4 = getelementptr i8, ptr %b, i64 16
  %x4 = load float, ptr %p4, align 16
  %p5 = getelementptr i8, ptr %b, i64 20
  %x5 = load float, ptr %p5, align 4
  %p6 = getelementptr i8, ptr %b, i64 24
  %x6 = load float, ptr %p6, align 4
  %p7 = getelementptr i8, ptr %b, i64 28
  %x7 = load float, ptr %p7, align 4
  %p8 = getelementptr i8, ptr %b, i64 32
  %x8 = load float, ptr %p8, align 16
  %p9 = getelementptr i8, ptr %b, i64 36
  %x9 = load float, ptr %p9, align 4
  %p10 = getelementptr i8, ptr %b, i64 40
  %x10 = load float, ptr %p10, align 4
  %p11 = getelementptr i8, ptr %b, i64 44
  %x11 = load float, ptr %p11, align 4
  %p12 = getelementptr i8, ptr %b, i64 48
  %x12 = load float, ptr %p12, align 16
  %p13 = getelementptr i8, ptr %b, i64 52
  %x13 = load float, ptr %p13, align 4
  %p14 = getelementptr i8, ptr %b, i64 56
  %x14 = load float, ptr %p14, align 4
  %p15 = getelementptr i8, ptr %b, i64 60
  %x15 = load float, ptr %p15, align 4
  %p16 = getelementptr i8, ptr %b, i64 64
  %x16 = load float, ptr %p16, align 16
  %p17 = getelementptr i8, ptr %b, i64 68
  %x17 = load float, ptr %p17, align 4
  %p18 = getelementptr i8, ptr %b, i64 72
  %x18 = load float, ptr %p18, align 4
  %p19 = getelementptr i8, ptr %b, i64 76
  %x19 = load float, ptr %p19, align 4
  %p20 = getelementptr i8, ptr %b, i64 80
  %x20 = load float, ptr %p20, align 16
  %p21 = getelementptr i8, ptr %b, i64 84
  %x21 = load float, ptr %p21, align 4
  %p22 = getelementptr i8, ptr %b, i64 88
  %x22 = load float, ptr %p22, align 4
  %p23 = getelementptr i8, ptr %b, i64 92
  %x23 = load float, ptr %p23, align 4
  %p24 = getelementptr i8, ptr %b, i64 96
  %x24 = load float, ptr %p24, align 16
  %p25 = getelementptr i8, ptr %b, i64 100
  %x25 = load float, ptr %p25, align 4
  %p26 = getelementptr i8, ptr %b, i64 104
  %x26 = load float, ptr %p26, align 4
  %p27 = getelementptr i8, ptr %b, i64 108
  %x27 = load float, ptr %p27, align 4
  %p28 = getelementptr i8, ptr %b, i64 112
  %x28 = load float, ptr %p28, align 16
  %p29 = getelementptr i8, ptr %b, i64 116
  %x29 = load float, ptr %p29, align 4
  %p30 = getelementptr i8, ptr %b, i64 120
  %x30 = load float, ptr %p30, align 4
  %p31 = getelementptr i8, ptr %b, i64 124
  %x31 = load float, ptr %p31, align 4
  %m0 = fmul float %x0, %x31
  %m1 = fmul float %x1, %x30
  %m2 = fmul float %x2, %x29
  %m3 = fmul float %x3, %x28
  %m4 = fmul float %x4, %x27
  %m5 = fmul float %x5, %x26
  %m6 = fmul float %x6, %x25
  %m7 = fmul float %x7, %x24
  %m8 = fmul float %x8, %x23
  %m9 = fmul float %x9, %x22
  %m10 = fmul float %x10, %x21
  %m11 = fmul float %x11, %x20
  %m12 = fmul float %x12, %x19
  %m13 = fmul float %x13, %x18
  %m14 = fmul float %x14, %x17
  %m15 = fmul float %x15, %x16
  %m16 = fmul float %x16, %x15
  %m17 = fmul float %x17, %x14
  %m18 = fmul float %x18, %x13
  %m19 = fmul float %x19, %x12
  %m20 = fmul float %x20, %x11
  %m21 = fmul float %x21, %x10
  %m22 = fmul float %x22, %x9
  %m23 = fmul float %x23, %x8
  %m24 = fmul float %x24, %x7
  %m25 = fmul float %x25, %x6
  %m26 = fmul float %x26, %x5
  %m27 = fmul float %x27, %x4
  %m28 = fmul float %x28, %x3
  %m29 = fmul float %x29, %x2
  %m30 = fmul float %x30, %x1
  %m31 = fmul float %x31, %x0
  %s0 = fadd float 0.0, %m0
  %s1 = fadd float %s0, %m1
  %s2 = fadd float %s1, %m2
  %s3 = fadd float %s2, %m3
  %s4 = fadd float %s3, %m4
  %s5 = fadd float %s4, %m5
  %s6 = fadd float %s5, %m6
  %s7 = fadd float %s6, %m7
  %s8 = fadd float %s7, %m8
  %s9 = fadd float %s8, %m9
  %s10 = fadd float %s9, %m10
  %s11 = fadd float %s10, %m11
  %s12 = fadd float %s11, %m12
  %s13 = fadd float %s12, %m13
  %s14 = fadd float %s13, %m14
  %s15 = fadd float %s14, %m15
  %s16 = fadd float %s15, %m16
  %s17 = fadd float %s16, %m17
  %s18 = fadd float %s17, %m18
  %s19 = fadd float %s18, %m19
  %s20 = fadd float %s19, %m20
  %s21 = fadd float %s20, %m21
  %s22 = fadd float %s21, %m22
  %s23 = fadd float %s22, %m23
  %s24 = fadd float %s23, %m24
  %s25 = fadd float %s24, %m25
  %s26 = fadd float %s25, %m26
  %s27 = fadd float %s26, %m27
  %s28 = fadd float %s27, %m28
  %s29 = fadd float %s28, %m29
  %s30 = fadd float %s29, %m30
  %s31 = fadd float %s30, %m31
  %q = getelementptr [4 x float], ptr %o, i64 %i
  %q0 = getelementptr i8, ptr %q, i64 0
  %r0 = fmul float %s31, %x0
  store float %r0, ptr %q0, align 16
  %q1 = getelementptr i8, ptr %q, i64 4
  %r1 = fmul float %s31, %x5
  store float %r1, ptr %q1, align 4
  %q2 = getelementptr i8, ptr %q, i64 8
  %r2 = fmul float %s31, %x10
  store float %r2, ptr %q2, align 4
  %q3 = getelementptr i8, ptr %q, i64 12
  %r3 = fmul float %s31, %x15
  store float %r3, ptr %q3, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
