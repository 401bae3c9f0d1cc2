; The bit, min/max, funnel-shift and add/sub-with-overflow intrinsics on i128 (two 64-bit
; halves) and extensions to and truncations from i128 at odd widths, run by `ori check` against
; LLVM's JIT. The funnel amounts are 0, 64, 128 or random, by thread. The operands are random, or have
; a zero high or low half (a quarter of the threads each), so ctlz/cttz cross the halves, and the
; signs differ between the operands of the min/max.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK-LABEL: .entry k
; CHECK-DAG: popc.b64
; CHECK-DAG: bfind.u64
; CHECK-DAG: brev.b64
; CHECK-DAG: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %first = mul i32 %cta, %ntid
  %gid = add i32 %first, %tid
  %i = zext i32 %gid to i64
  %pa = getelementptr i128, ptr addrspace(1) %in, i64 %i
  %raw = load i128, ptr addrspace(1) %pa, align 16
  %j = xor i64 %i, 127
  %pb = getelementptr i128, ptr addrspace(1) %in, i64 %j
  %y = load i128, ptr addrspace(1) %pb, align 16
  ; Threads 0 mod 4 keep the value, 1 mod 4 clear its high half, 2 mod 4 its low half, 3 mod 4
  ; keep only a few low bits.
  %sel = and i64 %i, 3
  %mask0 = icmp eq i64 %sel, 1
  %mask1 = icmp eq i64 %sel, 2
  %mask2 = icmp eq i64 %sel, 3
  %m.a = select i1 %mask0, i128 18446744073709551615, i128 -1
  %m.b = select i1 %mask1, i128 -18446744073709551616, i128 %m.a
  %m = select i1 %mask2, i128 4095, i128 %m.b
  %x = and i128 %raw, %m
  %pop = call i128 @llvm.ctpop.i128(i128 %x)
  %clz = call i128 @llvm.ctlz.i128(i128 %x, i1 false)
  %ctz = call i128 @llvm.cttz.i128(i128 %x, i1 false)
  %bsw = call i128 @llvm.bswap.i128(i128 %x)
  %rev = call i128 @llvm.bitreverse.i128(i128 %x)
  %abs = call i128 @llvm.abs.i128(i128 %x, i1 false)
  %smin = call i128 @llvm.smin.i128(i128 %x, i128 %y)
  %smax = call i128 @llvm.smax.i128(i128 %x, i128 %y)
  %umin = call i128 @llvm.umin.i128(i128 %x, i128 %y)
  %umax = call i128 @llvm.umax.i128(i128 %y, i128 %x)
  ; Odd widths in and out of i128.
  %t24 = trunc i128 %raw to i24
  %t48 = trunc i128 %y to i48
  %s24 = sext i24 %t24 to i128
  %z48 = zext i48 %t48 to i128
  %s48 = sext i48 %t48 to i128
  %sum = add i128 %s24, %z48
  %sum2 = add i128 %sum, %s48
  ; Funnel shifts by 0, 128, 64 or a random amount up to 255.
  %amt.r = and i128 %y, 255
  %amt.a = select i1 %mask2, i128 64, i128 %amt.r
  %amt.b = select i1 %mask1, i128 128, i128 %amt.a
  %is0 = icmp eq i64 %sel, 0
  %amt = select i1 %is0, i128 0, i128 %amt.b
  %fl = call i128 @llvm.fshl.i128(i128 %x, i128 %y, i128 %amt)
  %fr = call i128 @llvm.fshr.i128(i128 %x, i128 %y, i128 %amt)
  %ua = call {i128, i1} @llvm.uadd.with.overflow.i128(i128 %x, i128 %y)
  %sa = call {i128, i1} @llvm.sadd.with.overflow.i128(i128 %x, i128 %y)
  %us = call {i128, i1} @llvm.usub.with.overflow.i128(i128 %x, i128 %y)
  %ss = call {i128, i1} @llvm.ssub.with.overflow.i128(i128 %x, i128 %y)
  %ua.r = extractvalue {i128, i1} %ua, 0
  %ua.o = extractvalue {i128, i1} %ua, 1
  %sa.r = extractvalue {i128, i1} %sa, 0
  %sa.o = extractvalue {i128, i1} %sa, 1
  %us.r = extractvalue {i128, i1} %us, 0
  %us.o = extractvalue {i128, i1} %us, 1
  %ss.r = extractvalue {i128, i1} %ss, 0
  %ss.o = extractvalue {i128, i1} %ss, 1
  ; The four flags as bits 0-3, added to the sum of the four results.
  %f0 = zext i1 %ua.o to i128
  %f1.b = zext i1 %sa.o to i128
  %f1 = shl i128 %f1.b, 1
  %f2.b = zext i1 %us.o to i128
  %f2 = shl i128 %f2.b, 2
  %f3.b = zext i1 %ss.o to i128
  %f3 = shl i128 %f3.b, 3
  %flags.a = or i128 %f0, %f1
  %flags.b = or i128 %f2, %f3
  %flags = or i128 %flags.a, %flags.b
  %ovf.a = xor i128 %ua.r, %sa.r
  %ovf.b = xor i128 %us.r, %ss.r
  %ovf.c = xor i128 %ovf.a, %ovf.b
  %ovf = add i128 %ovf.c, %flags
  %base = mul i64 %i, 14
  %o0 = getelementptr i128, ptr addrspace(1) %out, i64 %base
  store i128 %pop, ptr addrspace(1) %o0, align 16
  %o1 = getelementptr i128, ptr addrspace(1) %o0, i64 1
  store i128 %clz, ptr addrspace(1) %o1, align 16
  %o2 = getelementptr i128, ptr addrspace(1) %o0, i64 2
  store i128 %ctz, ptr addrspace(1) %o2, align 16
  %o3 = getelementptr i128, ptr addrspace(1) %o0, i64 3
  store i128 %bsw, ptr addrspace(1) %o3, align 16
  %o4 = getelementptr i128, ptr addrspace(1) %o0, i64 4
  store i128 %rev, ptr addrspace(1) %o4, align 16
  %o5 = getelementptr i128, ptr addrspace(1) %o0, i64 5
  store i128 %abs, ptr addrspace(1) %o5, align 16
  %o6 = getelementptr i128, ptr addrspace(1) %o0, i64 6
  store i128 %smin, ptr addrspace(1) %o6, align 16
  %o7 = getelementptr i128, ptr addrspace(1) %o0, i64 7
  store i128 %smax, ptr addrspace(1) %o7, align 16
  %o8 = getelementptr i128, ptr addrspace(1) %o0, i64 8
  store i128 %umin, ptr addrspace(1) %o8, align 16
  %o9 = getelementptr i128, ptr addrspace(1) %o0, i64 9
  store i128 %umax, ptr addrspace(1) %o9, align 16
  %o10 = getelementptr i128, ptr addrspace(1) %o0, i64 10
  store i128 %sum2, ptr addrspace(1) %o10, align 16
  %o11 = getelementptr i128, ptr addrspace(1) %o0, i64 11
  store i128 %fl, ptr addrspace(1) %o11, align 16
  %o12 = getelementptr i128, ptr addrspace(1) %o0, i64 12
  store i128 %fr, ptr addrspace(1) %o12, align 16
  %o13 = getelementptr i128, ptr addrspace(1) %o0, i64 13
  store i128 %ovf, ptr addrspace(1) %o13, align 16
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i128 @llvm.ctpop.i128(i128)
declare i128 @llvm.ctlz.i128(i128, i1)
declare i128 @llvm.cttz.i128(i128, i1)
declare i128 @llvm.bswap.i128(i128)
declare i128 @llvm.bitreverse.i128(i128)
declare i128 @llvm.abs.i128(i128, i1)
declare i128 @llvm.smin.i128(i128, i128)
declare i128 @llvm.smax.i128(i128, i128)
declare i128 @llvm.umin.i128(i128, i128)
declare i128 @llvm.umax.i128(i128, i128)
declare i128 @llvm.fshl.i128(i128, i128, i128)
declare i128 @llvm.fshr.i128(i128, i128, i128)
declare {i128, i1} @llvm.uadd.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.sadd.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.usub.with.overflow.i128(i128, i128)
declare {i128, i1} @llvm.ssub.with.overflow.i128(i128, i128)
