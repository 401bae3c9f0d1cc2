; An existing !range or range() attribute is intersected with ours, never widened.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %o) {
; Tighter existing metadata stays as it is.
; CHECK: %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[R4_8:![0-9]+]]
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range !1
  store volatile i32 %a, ptr %o
; A wider one is clipped to ours.
; CHECK: %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[R5_1024:![0-9]+]]
  %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range !2
  store volatile i32 %b, ptr %o
; A wrapping range [-4, 7) meets [0, 32) in [0, 7).
; CHECK: %c = call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range [[R0_7:![0-9]+]]
  %c = call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range !3
  store volatile i32 %c, ptr %o
; Two pieces stay two pieces.
; CHECK: %d = call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[TWO:![0-9]+]]
  %d = call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range !4
  store volatile i32 %d, ptr %o
; The range attribute is intersected and kept up to date; the metadata joins it.
; CHECK: %e = call range(i32 1, 100) i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[R1_100:![0-9]+]]
  %e = call range(i32 0, 100) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store volatile i32 %e, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!1 = !{i32 4, i32 8}
!2 = !{i32 5, i32 5000}
!3 = !{i32 -4, i32 7}
!4 = !{i32 2, i32 4, i32 60, i32 100}

; CHECK-DAG: [[R4_8]] = !{i32 4, i32 8}
; CHECK-DAG: [[R5_1024]] = !{i32 5, i32 1024}
; CHECK-DAG: [[R0_7]] = !{i32 0, i32 7}
; CHECK-DAG: [[TWO]] = !{i32 2, i32 4, i32 60, i32 64}
; CHECK-DAG: [[R1_100]] = !{i32 1, i32 100}
