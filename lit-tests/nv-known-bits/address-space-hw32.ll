; Bits 32..63 of an offset that only addresses shared (3) or local (5) memory are not demanded:
; the hardware's windows are 32-bit (seed 004 "Address Space Known Bits": "bits [32, 63]
; irrelevant"). With LLVM's 64-bit pointers for those spaces (the default NVPTX layout), a GEP
; whose every user is a load/store address gets its index rebuilt in 32 bits even when the value
; may not fit; the GEP then loses `inbounds` (LLVM's own address may differ above bit 31).
; JIT: skip (the host has no 32-bit window: random out-of-window indices would fault there)
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The mask of the low 32 bits is not needed; the zext goes.
; CHECK-LABEL: define i32 @masked(
; CHECK-NEXT: %p = getelementptr i32, ptr addrspace(3) %s, i32 %x
; CHECK-NEXT: %v = load i32, ptr addrspace(3) %p
define i32 @masked(ptr addrspace(3) %s, i32 %x) {
  %z = zext i32 %x to i64
  %m = and i64 %z, 4294967295
  %p = getelementptr inbounds i32, ptr addrspace(3) %s, i64 %m
  %v = load i32, ptr addrspace(3) %p
  ret i32 %v
}

; A sum of two extended values may reach 2^33, but only its low 32 bits reach the hardware.
; CHECK-LABEL: define void @sum(
; CHECK-NEXT: %1 = add i32 %a, %b
; CHECK-NEXT: %p = getelementptr i8, ptr addrspace(5) %l, i32 %1
; CHECK-NEXT: store i8 0, ptr addrspace(5) %p
define void @sum(ptr addrspace(5) %l, i32 %a, i32 %b) {
  %za = zext i32 %a to i64
  %zb = zext i32 %b to i64
  %s = add nuw nsw i64 %za, %zb
  %p = getelementptr inbounds i8, ptr addrspace(5) %l, i64 %s
  store i8 0, ptr addrspace(5) %p
  ret void
}

; The address escapes (stored as a value): all 64 bits matter, nothing changes.
; CHECK-LABEL: define void @escapes(
; CHECK-NEXT: %za = zext i32 %a to i64
; CHECK-NEXT: %zb = zext i32 %b to i64
; CHECK-NEXT: %s = add nuw nsw i64 %za, %zb
; CHECK-NEXT: %p = getelementptr inbounds i8, ptr addrspace(3) %l, i64 %s
define void @escapes(ptr addrspace(3) %l, i32 %a, i32 %b, ptr %out) {
  %za = zext i32 %a to i64
  %zb = zext i32 %b to i64
  %s = add nuw nsw i64 %za, %zb
  %p = getelementptr inbounds i8, ptr addrspace(3) %l, i64 %s
  store ptr addrspace(3) %p, ptr %out
  ret void
}

; Global memory: 64-bit addresses, nothing changes.
; CHECK-LABEL: define i32 @global(
; CHECK: getelementptr inbounds i32, ptr addrspace(1) %g, i64 %s
define i32 @global(ptr addrspace(1) %g, i32 %a, i32 %b) {
  %za = zext i32 %a to i64
  %zb = zext i32 %b to i64
  %s = add nuw nsw i64 %za, %zb
  %p = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %s
  %v = load i32, ptr addrspace(1) %p
  ret i32 %v
}
