; LLVM's own passes consume our ranges: with the !range in place opt-19's instcombine folds
; `icmp ugt tid.x, 1023` to false and `and laneid, 31` to laneid.
; RUN: ori opt -passes=nvvm-intr-range -S %s | opt -passes=instcombine -S | FileCheck %s
; Without nvvm-intr-range LLVM 19 cannot fold them.
; RUN: opt -passes=instcombine -S %s | FileCheck %s --check-prefix=NORANGE
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i1 @never(
; CHECK-NEXT: ret i1 false
; NORANGE-LABEL: define i1 @never(
; NORANGE: icmp ugt i32
define i1 @never() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ugt i32 %t, 1023
  ret i1 %c
}

; CHECK-LABEL: define i32 @mask(
; CHECK-NEXT: %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT: ret i32 %l
; NORANGE-LABEL: define i32 @mask(
; NORANGE: and i32
define i32 @mask() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %m = and i32 %l, 31
  ret i32 %m
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
