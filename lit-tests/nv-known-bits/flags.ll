; nuw/nsw (add, sub, mul, shl, trunc), exact (lshr, ashr), nneg (zext) and disjoint (or) are
; added when the operands' known bits prove them (seed 004 "The Merged Analysis": known bits feed
; the no-wrap facts of computeForAddSub / computeForMul).
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; tid.x + tid.y < 2048: no wrap at all.
; CHECK-LABEL: define i32 @add(
; CHECK: %s = add nuw nsw i32 %x, %y
define i32 @add() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %s = add i32 %x, %y
  ret i32 %s
}

; 2048 - tid.x: no unsigned borrow, no signed overflow.
; CHECK-LABEL: define i32 @sub(
; CHECK: %s = sub nuw nsw i32 2048, %x
define i32 @sub() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = sub i32 2048, %x
  ret i32 %s
}

; tid.x - ntid.x may borrow: only nsw.
; CHECK-LABEL: define i32 @sub_nsw_only(
; CHECK: %s = sub nsw i32 %x, %n
define i32 @sub_nsw_only() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %s = sub i32 %x, %n
  ret i32 %s
}

; tid.x * ntid.x < 2^21.
; CHECK-LABEL: define i32 @mul(
; CHECK: %m = mul nuw nsw i32 %x, %n
define i32 @mul() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %x, %n
  ret i32 %m
}

; ctaid.x * ntid.x may overflow: no flag.
; CHECK-LABEL: define i32 @mul_may_wrap(
; CHECK: %m = mul i32 %b, %n
define i32 @mul_may_wrap() {
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %b, %n
  ret i32 %m
}

; laneid << 26 keeps the bits (nuw) but reaches the sign bit (no nsw).
; CHECK-LABEL: define i32 @shl(
; CHECK: %s = shl nuw i32 %l, 27
; CHECK: %t = shl nuw nsw i32 %l, 26
define i32 @shl() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s = shl i32 %l, 27
  %t = shl i32 %l, 26
  %r = xor i32 %s, %t
  ret i32 %r
}

; The bits shifted out are known zero: exact.
; CHECK-LABEL: define i32 @lshr_exact(
; CHECK: %r = lshr exact i32 %s, 4
define i32 @lshr_exact(i32 %a) {
  %s = shl i32 %a, 4
  %r = lshr i32 %s, 4
  ret i32 %r
}

; CHECK-LABEL: define i32 @ashr_exact(
; CHECK: %r = ashr exact i32 %s, 2
define i32 @ashr_exact(i32 %a) {
  %s = mul i32 %a, 12
  %r = ashr i32 %s, 2
  ret i32 %r
}

; A zext of a bounded value is nneg; an `or` of disjoint bit ranges is disjoint.
; CHECK-LABEL: define i64 @zext_or(
; CHECK: %z = zext nneg i32 %x to i64
; CHECK: %o = or disjoint i64 %h, %z
define i64 @zext_or(i64 %a) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %z = zext i32 %x to i64
  %h = shl i64 %a, 10
  %o = or i64 %h, %z
  ret i64 %o
}

; A truncation dropping known-zero bits is nuw (and nsw: the dropped bits copy the sign).
; CHECK-LABEL: define i16 @trunc(
; CHECK: %t = trunc nuw nsw i32 %x to i16
define i16 @trunc() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = trunc i32 %x to i16
  ret i16 %t
}

; Nothing to prove about arguments.
; CHECK-LABEL: define i32 @unknown(
; CHECK: %s = add i32 %a, %b
define i32 @unknown(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
