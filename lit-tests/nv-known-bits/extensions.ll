; Extensions of range-bounded values (seed 004 "ZExt/SExt elimination via intrinsic return
; range", "DemandedBits for GPU: Narrowing Optimizations"): a sext of a non-negative value is a
; zext nneg; an extension whose high bits are not demanded goes; arithmetic under a trunc stays in
; the narrow type.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; tid.x is non-negative.
; CHECK-LABEL: define i64 @sext_tid(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %s = zext nneg i32 %t to i64
; CHECK-NEXT: ret i64 %s
define i64 @sext_tid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = sext i32 %t to i64
  ret i64 %s
}

; An argument of unknown sign keeps its sext.
; CHECK-LABEL: define i64 @sext_arg(
; CHECK-NEXT: %s = sext i32 %a to i64
define i64 @sext_arg(i32 %a) {
  %s = sext i32 %a to i64
  ret i64 %s
}

; A zext of a non-negative value gets nneg.
; CHECK-LABEL: define i64 @zext_nneg(
; CHECK: %z = zext nneg i32 %t to i64
define i64 @zext_nneg() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %z = zext i32 %t to i64
  ret i64 %z
}

; trunc(zext(tid) * 4) is computed in i32 (and the multiply then becomes a shift).
; CHECK-LABEL: define i32 @trunc_mul(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %r = shl nuw nsw i32 %t, 2
; CHECK-NEXT: ret i32 %r
define i32 @trunc_mul() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %t to i64
  %m = mul i64 %z, 4
  %r = trunc i64 %m to i32
  ret i32 %r
}

; A chain of i64 arithmetic on extended i32 values under a trunc: all of it in i32, flags dropped.
; CHECK-LABEL: define i32 @trunc_chain(
; CHECK-NEXT: %1 = mul i32 %a, %b
; CHECK-NEXT: %r = add i32 %1, %c
; CHECK-NEXT: ret i32 %r
define i32 @trunc_chain(i32 %a, i32 %b, i32 %c) {
  %za = zext i32 %a to i64
  %zb = sext i32 %b to i64
  %zc = zext i32 %c to i64
  %m = mul nuw nsw i64 %za, %zb
  %s = add nsw i64 %m, %zc
  %r = trunc i64 %s to i32
  ret i32 %r
}

; trunc(zext x) to x's own type is x; to a narrower type it truncates x directly.
; CHECK-LABEL: define i32 @trunc_zext(
; CHECK-NEXT: ret i32 %a
define i32 @trunc_zext(i32 %a) {
  %z = zext i32 %a to i64
  %t = trunc i64 %z to i32
  ret i32 %t
}

; CHECK-LABEL: define i16 @trunc_zext_narrower(
; CHECK-NEXT: %t = trunc i32 %a to i16
; CHECK-NEXT: ret i16 %t
define i16 @trunc_zext_narrower(i32 %a) {
  %z = zext i32 %a to i64
  %t = trunc i64 %z to i16
  ret i16 %t
}

; A sext whose high bits are not demanded (only the low 16 bits survive the mask) is a zext.
; CHECK-LABEL: define i64 @sext_low_bits(
; CHECK-NEXT: %1 = zext i32 %a to i64
; CHECK-NEXT: %m = and i64 %1, 65535
define i64 @sext_low_bits(i32 %a) {
  %s = sext i32 %a to i64
  %m = and i64 %s, 65535
  ret i64 %m
}

; zext(trunc y) back to y's type is y when the dropped bits are known zero...
; CHECK-LABEL: define i64 @zext_trunc_known(
; CHECK-NEXT: %y = and i64 %a, 4095
; CHECK-NEXT: ret i64 %y
define i64 @zext_trunc_known(i64 %a) {
  %y = and i64 %a, 4095
  %t = trunc i64 %y to i32
  %z = zext i32 %t to i64
  ret i64 %z
}

; ... or not demanded.
; CHECK-LABEL: define i64 @zext_trunc_low(
; CHECK-NEXT: %m = and i64 %a, 255
; CHECK-NEXT: ret i64 %m
define i64 @zext_trunc_low(i64 %a) {
  %t = trunc i64 %a to i32
  %z = zext i32 %t to i64
  %m = and i64 %z, 255
  ret i64 %m
}

; sext(trunc y) is y when y's dropped bits are copies of the sign bit.
; CHECK-LABEL: define i64 @sext_trunc_signbits(
; CHECK-NEXT: %y = ashr i64 %a, 40
; CHECK-NEXT: ret i64 %y
define i64 @sext_trunc_signbits(i64 %a) {
  %y = ashr i64 %a, 40
  %t = trunc i64 %y to i32
  %s = sext i32 %t to i64
  ret i64 %s
}

; The extension of an argument whose high bits matter stays.
; CHECK-LABEL: define i64 @zext_trunc_kept(
; CHECK-NEXT: %t = trunc i64 %a to i32
; CHECK-NEXT: %z = zext i32 %t to i64
define i64 @zext_trunc_kept(i64 %a) {
  %t = trunc i64 %a to i32
  %z = zext i32 %t to i64
  ret i64 %z
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
