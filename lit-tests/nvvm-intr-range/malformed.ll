; Malformed launch bounds (zero, wrong arity, not an integer) warn, naming the function and the
; annotation, and are ignored: the defaults apply and the pass still succeeds.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.ll
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

; WARN-DAG: warning: ignoring malformed !nvvm.annotations "maxntidx" on function @zero
; WARN-DAG: warning: ignoring malformed !nvvm.annotations "reqntidx" on function @notint
; WARN-DAG: warning: ignoring malformed !nvvm.annotations entry for function @odd
; WARN-DAG: warning: ignoring malformed attribute "nvvm.maxntid"="1,2,3,4" on function @arity

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @zero(
; CHECK: !range [[DEF:![0-9]+]]
define void @zero(ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %o
  ret void
}

; CHECK-LABEL: define void @notint(
; CHECK: !range [[DEF]]
define void @notint(ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %o
  ret void
}

; CHECK-LABEL: define void @odd(
; CHECK: !range [[DEF]]
define void @odd(ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %o
  ret void
}

; CHECK-LABEL: define ptx_kernel void @arity(
; CHECK: !range [[DEF]]
define ptx_kernel void @arity(ptr %o) "nvvm.maxntid"="1,2,3,4" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @zero, !"kernel", i32 1, !"maxntidx", i32 0}
!1 = !{ptr @notint, !"kernel", i32 1, !"reqntidx", !"many"}
!2 = !{ptr @odd, !"kernel", i32 1, !"maxntidx"}

; CHECK: [[DEF]] = !{i32 0, i32 1024}
