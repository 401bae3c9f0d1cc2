; Shared (addrspace 3) and local (5) addresses are 32-bit on the hardware (seed 004 "Address Space
; Known Bits"): 64-bit GEP index chains into them are rebuilt in 32 bits when the known bits prove
; the value equal (it fits in a signed i32, which the GEP sign-extends back). Pointer alignment
; (align arguments, allocas, globals, GEP offsets) gives known low bits.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [1024 x i32] zeroinitializer, align 4
@g = internal global [4 x i32] zeroinitializer, align 16

; zext(tid.x) indexing shared memory: the index is tid.x itself.
; CHECK-LABEL: define ptr addrspace(3) @shared_tid(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @sh, i64 0, i32 %t
define ptr addrspace(3) @shared_tid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %t to i64
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @sh, i64 0, i64 %z
  ret ptr addrspace(3) %p
}

; An i64 index chain (tid * 3 + 5) becomes i32 arithmetic.
; CHECK-LABEL: define ptr addrspace(3) @shared_chain(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %1 = mul nuw nsw i32 %t, 3
; CHECK-NEXT: %2 = add nuw nsw i32 %1, 5
; CHECK-NEXT: %p = getelementptr inbounds i32, ptr addrspace(3) @sh, i32 %2
define ptr addrspace(3) @shared_chain() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %t to i64
  %m = mul nuw nsw i64 %z, 3
  %a = add nuw nsw i64 %m, 5
  %p = getelementptr inbounds i32, ptr addrspace(3) @sh, i64 %a
  ret ptr addrspace(3) %p
}

; Local memory through a pointer argument.
; CHECK-LABEL: define ptr addrspace(5) @local_lane(
; CHECK: %p = getelementptr i32, ptr addrspace(5) %buf, i32 %l
define ptr addrspace(5) @local_lane(ptr addrspace(5) %buf) {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %z = sext i32 %l to i64
  %p = getelementptr i32, ptr addrspace(5) %buf, i64 %z
  ret ptr addrspace(5) %p
}

; The generic view of a shared object (what clang emits) and a generic alloca (local memory).
; CHECK-LABEL: define i32 @generic_views(
; CHECK: getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i32 %t
; CHECK: %q = getelementptr inbounds [8 x i32], ptr %a, i64 0, i32 %l
define i32 @generic_views() {
  %a = alloca [8 x i32], align 4
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext nneg i32 %t to i64
  %p = getelementptr inbounds [1024 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 0, i64 %z
  %v = load i32, ptr %p
  %l0 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %l = and i32 %l0, 7
  %lz = zext i32 %l to i64
  %q = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %lz
  store i32 %v, ptr %q
  %r = load i32, ptr %q
  ret i32 %r
}

; Global memory keeps its 64-bit index.
; CHECK-LABEL: define ptr @global_kept(
; CHECK: %p = getelementptr inbounds i32, ptr %base, i64 %z
define ptr @global_kept(ptr %base) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %t to i64
  %p = getelementptr inbounds i32, ptr %base, i64 %z
  ret ptr %p
}

; An index that may not fit in 32 bits stays (the GEP result is not only an address here).
; CHECK-LABEL: define ptr addrspace(3) @no_fit(
; CHECK: %p = getelementptr i8, ptr addrspace(3) @sh, i64 %z
define ptr addrspace(3) @no_fit(i32 %x) {
  %z = zext i32 %x to i64
  %p = getelementptr i8, ptr addrspace(3) @sh, i64 %z
  ret ptr addrspace(3) %p
}

; Alignment: an `align 16` argument has its low 4 bits zero.
; CHECK-LABEL: define i64 @align_arg(
; CHECK-NEXT: ret i64 0
define i64 @align_arg(ptr align 16 %p) {
  %i = ptrtoint ptr %p to i64
  %m = and i64 %i, 15
  ret i64 %m
}

; ... and an aligned base plus a multiple of 4 keeps the low 2 bits zero.
; CHECK-LABEL: define i64 @align_gep(
; CHECK-NEXT: ret i64 0
define i64 @align_gep(ptr align 16 %p, i64 %i) {
  %q = getelementptr i32, ptr %p, i64 %i
  %a = ptrtoint ptr %q to i64
  %m = and i64 %a, 3
  ret i64 %m
}

; Allocas and globals: their alignment; a constant field offset is added exactly.
; CHECK-LABEL: define i64 @align_alloca_global(
; CHECK-NEXT: %a = alloca i64, align 8
; CHECK-NEXT: ret i64 4
define i64 @align_alloca_global() {
  %a = alloca i64, align 8
  %ai = ptrtoint ptr %a to i64
  %am = and i64 %ai, 7
  %q = getelementptr inbounds [4 x i32], ptr @g, i64 0, i64 1
  %qi = ptrtoint ptr %q to i64
  %qm = and i64 %qi, 15
  %s = add i64 %am, %qm
  ret i64 %s
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
