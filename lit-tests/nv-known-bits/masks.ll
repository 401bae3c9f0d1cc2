; and/or/xor whose mask bits are already known: the operation goes; constants shrink to their
; demanded bits (seed 004 "The Merged Analysis", "Dead Bit Elimination", ShrinkDemandedConstant).
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The mask keeps every bit tid.x may have.
; CHECK-LABEL: define i32 @and_known(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: ret i32 %t
define i32 @and_known() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %t, 4095
  ret i32 %a
}

; `or` of bits that are already set, `xor` of bits known zero in the other side's demanded part.
; CHECK-LABEL: define i32 @or_known(
; CHECK-NEXT: %y = or i32 %a, 256
; CHECK-NEXT: ret i32 %y
define i32 @or_known(i32 %a) {
  %x = or i32 %a, 256
  %y = or i32 %x, 256
  ret i32 %y
}

; The inner `or` sets bit 12, which the outer mask clears: it goes.
; CHECK-LABEL: define i32 @or_not_demanded(
; CHECK-NEXT: %m = and i32 %a, 255
; CHECK-NEXT: ret i32 %m
define i32 @or_not_demanded(i32 %a) {
  %o = or i32 %a, 4096
  %m = and i32 %o, 255
  ret i32 %m
}

; `xor` with a constant whose set bits are not demanded goes.
; CHECK-LABEL: define i32 @xor_not_demanded(
; CHECK-NEXT: %m = and i32 %a, 15
; CHECK-NEXT: ret i32 %m
define i32 @xor_not_demanded(i32 %a) {
  %x = xor i32 %a, 240
  %m = and i32 %x, 15
  ret i32 %m
}

; Only the low byte of the `and` is demanded (the trunc): 0xFFFF shrinks to 0xFF... which then
; keeps every demanded bit, so the `and` goes entirely.
; CHECK-LABEL: define i8 @and_trunc(
; CHECK-NEXT: %t = trunc i32 %a to i8
; CHECK-NEXT: ret i8 %t
define i8 @and_trunc(i32 %a) {
  %m = and i32 %a, 65535
  %t = trunc i32 %m to i8
  ret i8 %t
}

; A demanded constant shrinks: bits 4..7 of %a are known zero (shl by 8 then or with low nibble),
; so the mask 0xFFF loses them.
; CHECK-LABEL: define i32 @shrink(
; CHECK: %m = and i32 %v, 3855
define i32 @shrink(i32 %a, i32 %b) {
  %hi = shl i32 %a, 8
  %lo = and i32 %b, 15
  %v = or i32 %hi, %lo
  %m = and i32 %v, 4095
  ret i32 %m
}

; `or` with a constant under a mask: the constant's bits outside the mask shrink away.
; CHECK-LABEL: define i32 @or_shrink(
; CHECK-NEXT: %o = or i32 %a, 3
; CHECK-NEXT: %m = and i32 %o, 255
define i32 @or_shrink(i32 %a) {
  %o = or i32 %a, 65283
  %m = and i32 %o, 255
  ret i32 %m
}

; Several uses: only the use under the mask bypasses the `and`.
; CHECK-LABEL: define i32 @multi_use(
; CHECK-NEXT: %x = and i32 %a, 65535
; CHECK-NEXT: %lo = and i32 %a, 255
; CHECK-NEXT: %s = add nuw nsw i32 %x, %lo
; CHECK-NEXT: ret i32 %s
define i32 @multi_use(i32 %a) {
  %x = and i32 %a, 65535
  %lo = and i32 %x, 255
  %s = add i32 %x, %lo
  ret i32 %s
}

; An `add` of a value whose demanded low bits are zero goes.
; CHECK-LABEL: define i32 @add_high(
; CHECK-NEXT: %m = and i32 %a, 255
; CHECK-NEXT: ret i32 %m
define i32 @add_high(i32 %a) {
  %s = add i32 %a, 4096
  %m = and i32 %s, 255
  ret i32 %m
}

; Nothing known, nothing changes.
; CHECK-LABEL: define i32 @unknown_mask(
; CHECK-NEXT: %m = and i32 %a, %b
; CHECK-NEXT: ret i32 %m
define i32 @unknown_mask(i32 %a, i32 %b) {
  %m = and i32 %a, %b
  ret i32 %m
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
