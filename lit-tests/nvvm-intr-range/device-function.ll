; Launch bounds apply to kernels only: a device function (no kernel annotation, default calling
; convention) can be called from any kernel and keeps the architectural defaults even when it
; carries bounds-looking annotations.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @helper(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[DEF:![0-9]+]]
define i32 @helper() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}

; CHECK-LABEL: define void @kern(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[K:![0-9]+]]
define void @kern(ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %h = call i32 @helper()
  %s = add i32 %t, %h
  store i32 %s, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @kern, !"kernel", i32 1, !"reqntidx", i32 64}
!1 = !{ptr @helper, !"maxntidx", i32 32}

; CHECK-DAG: [[DEF]] = !{i32 0, i32 1024}
; CHECK-DAG: [[K]] = !{i32 0, i32 64}
