; Bit-manipulation intrinsics at every width llc legalizes: bswap (PRMT per word), ctlz / cttz /
; ctpop on i8, i16, i32 and i64 (FLO and BREV, a guard bit for the narrow cttz), bitreverse
; (BREV, shifted for narrow types), funnel shifts on i8 / i16 / i64 (shift pairs) and the
; NVVM rotates. Each thread spreads its input over 64 bits and writes 24 results; `ori check`
; compares them with LLVM's JIT before and after register allocation.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: bits: ok (jit;

; bswap.i16 keeps bytes 1, 0 and zeros (selector 0x4401); i32 reverses (0x0123); i64 swaps words.
; CHECK: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 17409;
; CHECK: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; ctlz.i8 = 7 - bfind(zext x); cttz.i16 sets the guard bit 16 first.
; CHECK: bfind.u32
; CHECK: sub.s32 {{%r[0-9]+}}, 7,
; CHECK: or.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x10000;
; CHECK: brev.b32
; CHECK: brev.b64
; CHECK: bfind.u64
; CHECK: popc.b64
; The 32-bit rotate is a wrapping funnel shift; the 64-bit funnel shifts are shift pairs.
; CHECK: shf.l.wrap.b32
; CHECK: shl.b64
; CHECK: shr.u64
; CHECK: or.b64

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bits(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %base = mul i32 %i, 24
  %pin = getelementptr i64, ptr addrspace(1) %in, i32 %i
  %v = load i64, ptr addrspace(1) %pin
  ; Spread the small input over all 64 bits; some lanes get zero.
  %m = mul i64 %v, -7046029254386353131
  %lane = and i32 %t, 7
  %sh = zext i32 %lane to i64
  %x = lshr i64 %m, %sh
  %y = xor i64 %x, 81985529216486895
  %w = trunc i64 %x to i32
  %h = trunc i64 %x to i16
  %h2 = trunc i64 %y to i16
  %c = trunc i64 %x to i8
  %c2 = trunc i64 %y to i8
  %r0 = call i16 @llvm.bswap.i16(i16 %h)
  %z0 = zext i16 %r0 to i64
  %o0 = add i32 %base, 0
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o0
  store i64 %z0, ptr addrspace(1) %p0
  %r1 = call i32 @llvm.bswap.i32(i32 %w)
  %z1 = zext i32 %r1 to i64
  %o1 = add i32 %base, 1
  %p1 = getelementptr i64, ptr addrspace(1) %out, i32 %o1
  store i64 %z1, ptr addrspace(1) %p1
  %r2 = call i64 @llvm.bswap.i64(i64 %x)
  %z2 = add i64 %r2, 0
  %o2 = add i32 %base, 2
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 %o2
  store i64 %z2, ptr addrspace(1) %p2
  %r3 = call i8 @llvm.ctlz.i8(i8 %c, i1 false)
  %z3 = zext i8 %r3 to i64
  %o3 = add i32 %base, 3
  %p3 = getelementptr i64, ptr addrspace(1) %out, i32 %o3
  store i64 %z3, ptr addrspace(1) %p3
  %r4 = call i16 @llvm.ctlz.i16(i16 %h, i1 false)
  %z4 = zext i16 %r4 to i64
  %o4 = add i32 %base, 4
  %p4 = getelementptr i64, ptr addrspace(1) %out, i32 %o4
  store i64 %z4, ptr addrspace(1) %p4
  %r5 = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
  %z5 = add i64 %r5, 0
  %o5 = add i32 %base, 5
  %p5 = getelementptr i64, ptr addrspace(1) %out, i32 %o5
  store i64 %z5, ptr addrspace(1) %p5
  %r6 = call i8 @llvm.cttz.i8(i8 %c, i1 false)
  %z6 = zext i8 %r6 to i64
  %o6 = add i32 %base, 6
  %p6 = getelementptr i64, ptr addrspace(1) %out, i32 %o6
  store i64 %z6, ptr addrspace(1) %p6
  %r7 = call i16 @llvm.cttz.i16(i16 %h, i1 false)
  %z7 = zext i16 %r7 to i64
  %o7 = add i32 %base, 7
  %p7 = getelementptr i64, ptr addrspace(1) %out, i32 %o7
  store i64 %z7, ptr addrspace(1) %p7
  %r8 = call i32 @llvm.cttz.i32(i32 %w, i1 false)
  %z8 = zext i32 %r8 to i64
  %o8 = add i32 %base, 8
  %p8 = getelementptr i64, ptr addrspace(1) %out, i32 %o8
  store i64 %z8, ptr addrspace(1) %p8
  %r9 = call i64 @llvm.cttz.i64(i64 %x, i1 false)
  %z9 = add i64 %r9, 0
  %o9 = add i32 %base, 9
  %p9 = getelementptr i64, ptr addrspace(1) %out, i32 %o9
  store i64 %z9, ptr addrspace(1) %p9
  %r10 = call i8 @llvm.ctpop.i8(i8 %c)
  %z10 = zext i8 %r10 to i64
  %o10 = add i32 %base, 10
  %p10 = getelementptr i64, ptr addrspace(1) %out, i32 %o10
  store i64 %z10, ptr addrspace(1) %p10
  %r11 = call i16 @llvm.ctpop.i16(i16 %h)
  %z11 = zext i16 %r11 to i64
  %o11 = add i32 %base, 11
  %p11 = getelementptr i64, ptr addrspace(1) %out, i32 %o11
  store i64 %z11, ptr addrspace(1) %p11
  %r12 = call i64 @llvm.ctpop.i64(i64 %x)
  %z12 = add i64 %r12, 0
  %o12 = add i32 %base, 12
  %p12 = getelementptr i64, ptr addrspace(1) %out, i32 %o12
  store i64 %z12, ptr addrspace(1) %p12
  %r13 = call i8 @llvm.bitreverse.i8(i8 %c)
  %z13 = zext i8 %r13 to i64
  %o13 = add i32 %base, 13
  %p13 = getelementptr i64, ptr addrspace(1) %out, i32 %o13
  store i64 %z13, ptr addrspace(1) %p13
  %r14 = call i16 @llvm.bitreverse.i16(i16 %h)
  %z14 = zext i16 %r14 to i64
  %o14 = add i32 %base, 14
  %p14 = getelementptr i64, ptr addrspace(1) %out, i32 %o14
  store i64 %z14, ptr addrspace(1) %p14
  %r15 = call i64 @llvm.bitreverse.i64(i64 %x)
  %z15 = add i64 %r15, 0
  %o15 = add i32 %base, 15
  %p15 = getelementptr i64, ptr addrspace(1) %out, i32 %o15
  store i64 %z15, ptr addrspace(1) %p15
  %r16 = call i8 @llvm.fshl.i8(i8 %c, i8 %c2, i8 %c)
  %z16 = zext i8 %r16 to i64
  %o16 = add i32 %base, 16
  %p16 = getelementptr i64, ptr addrspace(1) %out, i32 %o16
  store i64 %z16, ptr addrspace(1) %p16
  %r17 = call i16 @llvm.fshr.i16(i16 %h, i16 %h2, i16 %h)
  %z17 = zext i16 %r17 to i64
  %o17 = add i32 %base, 17
  %p17 = getelementptr i64, ptr addrspace(1) %out, i32 %o17
  store i64 %z17, ptr addrspace(1) %p17
  %r18 = call i16 @llvm.fshl.i16(i16 %h, i16 %h2, i16 %h2)
  %z18 = zext i16 %r18 to i64
  %o18 = add i32 %base, 18
  %p18 = getelementptr i64, ptr addrspace(1) %out, i32 %o18
  store i64 %z18, ptr addrspace(1) %p18
  %r19 = call i64 @llvm.fshl.i64(i64 %x, i64 %y, i64 %x)
  %z19 = add i64 %r19, 0
  %o19 = add i32 %base, 19
  %p19 = getelementptr i64, ptr addrspace(1) %out, i32 %o19
  store i64 %z19, ptr addrspace(1) %p19
  %r20 = call i64 @llvm.fshr.i64(i64 %x, i64 %y, i64 %y)
  %z20 = add i64 %r20, 0
  %o20 = add i32 %base, 20
  %p20 = getelementptr i64, ptr addrspace(1) %out, i32 %o20
  store i64 %z20, ptr addrspace(1) %p20
  %r21 = call i32 @llvm.nvvm.rotate.b32(i32 %w, i32 %w)
  %z21 = zext i32 %r21 to i64
  %o21 = add i32 %base, 21
  %p21 = getelementptr i64, ptr addrspace(1) %out, i32 %o21
  store i64 %z21, ptr addrspace(1) %p21
  %r22 = call i64 @llvm.nvvm.rotate.b64(i64 %x, i32 %w)
  %z22 = add i64 %r22, 0
  %o22 = add i32 %base, 22
  %p22 = getelementptr i64, ptr addrspace(1) %out, i32 %o22
  store i64 %z22, ptr addrspace(1) %p22
  %r23 = call i64 @llvm.nvvm.rotate.right.b64(i64 %x, i32 %w)
  %z23 = add i64 %r23, 0
  %o23 = add i32 %base, 23
  %p23 = getelementptr i64, ptr addrspace(1) %out, i32 %o23
  store i64 %z23, ptr addrspace(1) %p23
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
