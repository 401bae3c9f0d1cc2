; Facts from !range metadata (calls and loads) and the `range` return attribute of calls
; (seed 004 computeKnownBitsFromRangeMetadata), met with the oracle's for special registers.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A load with !range [0, 64): the mask goes. (The stores keep the loaded values in range for
; the semantic check under the JIT; this pass does not look through memory.)
; CHECK-LABEL: define i32 @load_range(
; CHECK: %v = load i32, ptr %p, align 4, !range
; CHECK-NEXT: ret i32 %v
define i32 @load_range(ptr %p, i32 %x) {
  %in = and i32 %x, 63
  store i32 %in, ptr %p
  %v = load i32, ptr %p, align 4, !range !0
  %a = and i32 %v, 63
  ret i32 %a
}

; A call with a range attribute [16, 32): bit 4 is set.
; CHECK-LABEL: define i32 @call_attr(
; CHECK: ret i32 16
define i32 @call_attr() {
  %v = call range(i32 16, 32) i32 @get()
  %a = and i32 %v, 48
  ret i32 %a
}

; The call stays (it may have effects); only its value is known.
; CHECK-LABEL: define i32 @call_const(
; CHECK-NEXT: %v = call i32 @get(), !range
; CHECK-NEXT: ret i32 7
define i32 @call_const() {
  %v = call i32 @get(), !range !1
  ret i32 %v
}

; A tighter range on a special register than the oracle's: tid.x < 128 here.
; CHECK-LABEL: define i32 @tighter(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range
; CHECK-NEXT: ret i32 %t
define i32 @tighter() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range !2
  %a = and i32 %t, 127
  ret i32 %a
}

; A wide range gives only what the oracle knows (tid.x < 1024).
; CHECK-LABEL: define i32 @wider(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range
; CHECK-NEXT: %a = and i32 %t, 127
define i32 @wider() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range !3
  %a = and i32 %t, 127
  ret i32 %a
}

; A wrapping range [-4, 4) contains 0 and -1: no bit is known.
; CHECK-LABEL: define i32 @wrapping(
; CHECK: %v = load i32, ptr %p, align 4, !range
; CHECK-NEXT: %a = and i32 %v, 7
define i32 @wrapping(ptr %p, i32 %x) {
  %in0 = and i32 %x, 7
  %in = sub i32 %in0, 4
  store i32 %in, ptr %p
  %v = load i32, ptr %p, align 4, !range !4
  %a = and i32 %v, 7
  ret i32 %a
}

; A range with two pieces [0, 4) u [8, 12): bit 2 is clear.
; CHECK-LABEL: define i32 @two_pieces(
; CHECK: ret i32 0
define i32 @two_pieces(ptr %p, i32 %x) {
  %in = and i32 %x, 11
  store i32 %in, ptr %p
  %v = load i32, ptr %p, align 4, !range !5
  %a = and i32 %v, 4
  ret i32 %a
}

; The interval decides compares that known bits cannot ([1, 1000) is not 0).
; CHECK-LABEL: define i1 @interval(
; CHECK: ret i1 true
define i1 @interval(ptr %p, i32 %x) {
  %in0 = and i32 %x, 511
  %in = or i32 %in0, 1
  store i32 %in, ptr %p
  %v = load i32, ptr %p, align 4, !range !6
  %c = icmp ne i32 %v, 0
  ret i1 %c
}

declare i32 @get()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!0 = !{i32 0, i32 64}
!1 = !{i32 7, i32 8}
!2 = !{i32 0, i32 128}
!3 = !{i32 0, i32 100000}
!4 = !{i32 -4, i32 4}
!5 = !{i32 0, i32 4, i32 8, i32 12}
!6 = !{i32 1, i32 1000}
