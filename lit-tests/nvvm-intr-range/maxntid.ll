; maxntid bounds only the total thread count N = x*y*z, so every dimension is bounded by N:
; tid.x/y < min(1024, N), tid.z < min(64, N); ntid one more. Both spellings.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

; N = 16 * 8 = 128: each dimension < 128, z still < 64.
; CHECK-LABEL: define void @annot(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[T128:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[T128]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[T64:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[N128:![0-9]+]]
define void @annot(ptr %o) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %a, ptr %o
  %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store volatile i32 %b, ptr %o
  %c = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  store volatile i32 %c, ptr %o
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store volatile i32 %d, ptr %o
  ret void
}

; "nvvm.maxntid"="2,2,2": N = 8 bounds z below 64 too.
; CHECK-LABEL: define ptx_kernel void @attr(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[T8:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[N8:![0-9]+]]
define ptx_kernel void @attr(ptr %o) "nvvm.maxntid"="2,2,2" {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  store volatile i32 %c, ptr %o
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  store volatile i32 %d, ptr %o
  ret void
}

; N = 4096 exceeds the architectural limits: the defaults stay.
; CHECK-LABEL: define void @big(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[T1024:![0-9]+]]
define void @big(ptr %o) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %a, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @annot, !"kernel", i32 1, !"maxntidx", i32 16, !"maxntidy", i32 8}
!1 = !{ptr @big, !"kernel", i32 1, !"maxntidx", i32 4096}

; CHECK-DAG: [[T128]] = !{i32 0, i32 128}
; CHECK-DAG: [[T64]] = !{i32 0, i32 64}
; CHECK-DAG: [[N128]] = !{i32 1, i32 129}
; CHECK-DAG: [[T8]] = !{i32 0, i32 8}
; CHECK-DAG: [[N8]] = !{i32 1, i32 9}
; CHECK-DAG: [[T1024]] = !{i32 0, i32 1024}
