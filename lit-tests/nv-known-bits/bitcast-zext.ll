; Bitcast-through-zext chains collapse when the demanded bits fit the narrow type (seed 004
; "BitCast-through-ZExt folding"): an element of `bitcast (zext x)` is read from x directly.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Element 0 of the i64 seen as <2 x i32> is x itself; element 1 is zero.
; CHECK-LABEL: define i32 @low_half(
; CHECK-NEXT: ret i32 %x
define i32 @low_half(i32 %x) {
  %z = zext i32 %x to i64
  %v = bitcast i64 %z to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 0
  ret i32 %e
}

; CHECK-LABEL: define i32 @high_half(
; CHECK-NEXT: ret i32 0
define i32 @high_half(i32 %x) {
  %z = zext i32 %x to i64
  %v = bitcast i64 %z to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 1
  ret i32 %e
}

; A 16-bit lane inside x: a shift and a truncation of x.
; CHECK-LABEL: define i16 @lane1(
; CHECK-NEXT: %1 = lshr i32 %x, 16
; CHECK-NEXT: %e = trunc nuw i32 %1 to i16
; CHECK-NEXT: ret i16 %e
define i16 @lane1(i32 %x) {
  %z = zext i32 %x to i64
  %v = bitcast i64 %z to <4 x i16>
  %e = extractelement <4 x i16> %v, i32 1
  ret i16 %e
}

; A lane wider than x: x zero-extended.
; CHECK-LABEL: define i32 @wide_lane(
; CHECK-NEXT: %e = zext i16 %x to i32
; CHECK-NEXT: ret i32 %e
define i32 @wide_lane(i16 %x) {
  %z = zext i16 %x to i64
  %v = bitcast i64 %z to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 0
  ret i32 %e
}

; Not a zext: known bits only (here none), no rewrite.
; CHECK-LABEL: define i32 @plain(
; CHECK-NEXT: %v = bitcast i64 %x to <2 x i32>
; CHECK-NEXT: %e = extractelement <2 x i32> %v, i32 1
define i32 @plain(i64 %x) {
  %v = bitcast i64 %x to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 1
  ret i32 %e
}

; The known bits of the wide value flow into the lane: tid.x zero-extended, lane 0 masked.
; CHECK-LABEL: define i32 @lane_known(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: ret i32 %t
define i32 @lane_known() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %t to i64
  %v = bitcast i64 %z to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 0
  %m = and i32 %e, 1023
  ret i32 %m
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
