; Poison and undef follow LLVM's rules: when an operand is rewritten so that it only keeps the
; demanded bits, the user's poison-generating flags (nuw/nsw, exact, nneg, disjoint, trunc
; nuw/nsw) are dropped, since the other bits may now make them fail; flags are only added back
; when the new operands prove them. Undef has no known bits.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Bit 16 of %o is not demanded: the `or` goes and the add loses nuw (a + b may wrap).
; CHECK-LABEL: define i32 @add_nuw(
; CHECK-NEXT: %s = add i32 %a, %b
; CHECK-NEXT: %m = and i32 %s, 255
define i32 @add_nuw(i32 %a, i32 %b) {
  %o = and i32 %a, 65535
  %s = add nuw i32 %o, %b
  %m = and i32 %s, 255
  ret i32 %m
}

; The bit shifted out is not demanded: the mask goes and the shift loses nuw.
; CHECK-LABEL: define i32 @shl_nuw(
; CHECK-NEXT: %s = shl i32 %a, 1
; CHECK-NEXT: %m = and i32 %s, 254
define i32 @shl_nuw(i32 %a) {
  %o = and i32 %a, 2147483647
  %s = shl nuw i32 %o, 1
  %m = and i32 %s, 254
  ret i32 %m
}

; The low bit shifted out is not demanded: the mask goes and the shift loses exact.
; CHECK-LABEL: define i32 @lshr_exact(
; CHECK-NEXT: %s = lshr i32 %a, 1
; CHECK-NEXT: %m = and i32 %s, 15
define i32 @lshr_exact(i32 %a) {
  %o = and i32 %a, -2
  %s = lshr exact i32 %o, 1
  %m = and i32 %s, 15
  ret i32 %m
}

; The sign bit is not demanded: the mask goes and the zext loses nneg.
; CHECK-LABEL: define i32 @zext_nneg(
; CHECK-NEXT: %z = zext i16 %a to i32
; CHECK-NEXT: %m = and i32 %z, 255
define i32 @zext_nneg(i16 %a) {
  %o = and i16 %a, 32767
  %z = zext nneg i16 %o to i32
  %m = and i32 %z, 255
  ret i32 %m
}

; The high half is not demanded: the mask goes and the trunc loses nuw.
; CHECK-LABEL: define i32 @trunc_nuw(
; CHECK-NEXT: %t = trunc i64 %a to i32
; CHECK-NEXT: %m = and i32 %t, 255
define i32 @trunc_nuw(i64 %a) {
  %o = and i64 %a, 65535
  %t = trunc nuw i64 %o to i32
  %m = and i32 %t, 255
  ret i32 %m
}

; The narrowed multiply carries no flags (the i64 ones say nothing about i32 wrapping).
; CHECK-LABEL: define i32 @narrow_drops(
; CHECK-NEXT: %t = mul i32 %a, %b
; CHECK-NEXT: ret i32 %t
define i32 @narrow_drops(i32 %a, i32 %b) {
  %za = sext i32 %a to i64
  %zb = sext i32 %b to i64
  %m = mul nsw i64 %za, %zb
  %t = trunc i64 %m to i32
  ret i32 %t
}

; Flags that still hold are proven again on the new operands.
; CHECK-LABEL: define i32 @reproved(
; CHECK-NEXT: %h = and i32 %a, 240
; CHECK-NEXT: %l = and i32 %b, 15
; CHECK-NEXT: %o = or disjoint i32 %h, %l
define i32 @reproved(i32 %a, i32 %b) {
  %h = and i32 %a, -16
  %l = and i32 %b, 15
  %o = or disjoint i32 %h, %l
  %m = and i32 %o, 255
  ret i32 %m
}

; Undef: unknown bits, but masking them out still gives a known result.
; CHECK-LABEL: define i32 @undef_masked(
; CHECK-NEXT: ret i32 0
define i32 @undef_masked() {
  %a = and i32 undef, 15
  %b = lshr i32 %a, 4
  ret i32 %b
}

; ... and nothing is claimed about undef itself.
; CHECK-LABEL: define i32 @undef_kept(
; CHECK-NEXT: %a = or i32 %x, undef
; CHECK-NEXT: ret i32 %a
define i32 @undef_kept(i32 %x) {
  %a = or i32 %x, undef
  ret i32 %a
}
