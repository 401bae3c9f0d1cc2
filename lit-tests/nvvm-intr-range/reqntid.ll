; reqntid fixes every dimension exactly (absent dimensions are 1), from both spellings:
; !nvvm.annotations reqntid{x,y,z} and the "nvvm.reqntid" function attribute.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @annot(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[T128:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[T4:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[T1:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[N128:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !range [[N4:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[N1:![0-9]+]]
define void @annot(ptr %o) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %a, ptr %o
  %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store volatile i32 %b, ptr %o
  %c = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  store volatile i32 %c, ptr %o
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store volatile i32 %d, ptr %o
  %e = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  store volatile i32 %e, ptr %o
  %f = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  store volatile i32 %f, ptr %o
  ret void
}

; CHECK-LABEL: define ptx_kernel void @attr(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[T32:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !range [[N2:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[N3:![0-9]+]]
define ptx_kernel void @attr(ptr %o) "nvvm.reqntid"="32,2,3" {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %a, ptr %o
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  store volatile i32 %b, ptr %o
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  store volatile i32 %c, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()

!nvvm.annotations = !{!0}
!0 = !{ptr @annot, !"kernel", i32 1, !"reqntidx", i32 128, !"reqntidy", i32 4}

; CHECK-DAG: [[T128]] = !{i32 0, i32 128}
; CHECK-DAG: [[T4]] = !{i32 0, i32 4}
; CHECK-DAG: [[T1]] = !{i32 0, i32 1}
; CHECK-DAG: [[N128]] = !{i32 128, i32 129}
; CHECK-DAG: [[N4]] = !{i32 4, i32 5}
; CHECK-DAG: [[N1]] = !{i32 1, i32 2}
; CHECK-DAG: [[T32]] = !{i32 0, i32 32}
; CHECK-DAG: [[N2]] = !{i32 2, i32 3}
; CHECK-DAG: [[N3]] = !{i32 3, i32 4}
