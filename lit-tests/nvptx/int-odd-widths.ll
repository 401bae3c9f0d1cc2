; Integers of odd widths (i7, i12, i29, i48, i60) are promoted to the next register width with
; explicit zero/sign extension from their own width where the high bits matter (compares,
; right shifts, division, extensions); memory accesses and kernel parameters use the store size
; (.u8/.u16/.u32/.u64 slots, not llc's invalid `.u7`); store sizes of 3, 5, 6 or 7 bytes move
; in pieces (nvptx/memory-layout-alignment.ll). Executed by `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: not ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; @narrow indexes by thread only, so its two CTAs write (and read back) the same bytes: the
; race detector reports that, and everything outside the racy bytes still agrees with the JIT.
; EXEC: narrow: race (1 racing instruction pair; outside the racy bytes pre-RA and as lowered, pre-RA and the LLVM JIT, post-RA and pre-RA agree)
; EXEC: wide: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry narrow(
; CHECK-NEXT: .param .u64 narrow_param_0,
; CHECK-NEXT: .param .u64 narrow_param_1,
; CHECK-NEXT: .param .u8 narrow_param_2,
; CHECK-NEXT: .param .u16 narrow_param_3
; Sign extension of an i7: shift left by 25, arithmetic right by 25.
; CHECK: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 25;
; CHECK: shr.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 25;
define ptx_kernel void @narrow(ptr addrspace(1) %in, ptr addrspace(1) %out, i7 %k, i12 %m) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pa
  %a = trunc i32 %x to i7
  %b = add i7 %a, %k
  %bs = sext i7 %b to i32
  %bz = zext i7 %b to i32
  %c = ashr i7 %b, 2
  %cz = zext i7 %c to i32
  %lt = icmp slt i7 %b, -3
  %ult = icmp ult i7 %b, 100
  %q = sdiv i7 %b, 5
  %qs = sext i7 %q to i32
  %h = trunc i32 %x to i12
  %hm = mul i12 %h, %m
  %hr = urem i12 %hm, 1000
  %hz = zext i12 %hr to i64
  %p29 = trunc i32 %x to i29
  %s29 = lshr i29 %p29, 3
  %z29 = zext i29 %s29 to i32
  %f = sitofp i7 %b to float
  %fi = fptosi float %f to i32
  %l = zext i1 %lt to i32
  %u = zext i1 %ult to i32
  %r0 = add i32 %bs, %bz
  %r1 = mul i32 %r0, %cz
  %r2 = add i32 %r1, %l
  %r3 = xor i32 %r2, %u
  %r4 = add i32 %r3, %qs
  %r5 = xor i32 %r4, %z29
  %r6 = add i32 %r5, %fi
  %hz32 = trunc i64 %hz to i32
  %r7 = add i32 %r6, %hz32
  %st = getelementptr i8, ptr addrspace(1) %out, i32 512
  %pk = getelementptr i7, ptr addrspace(1) %st, i32 %t
  store i7 %b, ptr addrspace(1) %pk
  %back = load i7, ptr addrspace(1) %pk
  %bk = sext i7 %back to i32
  %r8 = add i32 %r7, %bk
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r8, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry wide(
define ptx_kernel void @wide(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %t
  %x = load i64, ptr addrspace(1) %pa
  %a = trunc i64 %x to i48
  %b = mul i48 %a, 12345
  %c = ashr i48 %b, 7
  %d = udiv i48 %b, 1000003
  %lt = icmp sgt i48 %c, 0
  %s = sext i48 %c to i64
  %z = zext i48 %d to i64
  %w = trunc i64 %x to i60
  %w2 = shl i60 %w, 5
  %w3 = ashr i60 %w2, 9
  %ws = sext i60 %w3 to i64
  %l = zext i1 %lt to i64
  %r0 = add i64 %s, %z
  %r1 = xor i64 %r0, %l
  %r2 = add i64 %r1, %ws
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %t
  store i64 %r2, ptr addrspace(1) %po
  %st = getelementptr i8, ptr addrspace(1) %out, i32 1024
  %pw = getelementptr i60, ptr addrspace(1) %st, i32 %t
  store i60 %w3, ptr addrspace(1) %pw
  ret void
}
