; A byte swap feeding a byte extract reads the byte directly (seed 004 "Bswap + BFE fusion"): the
; demanded bits of the swap lie in one byte, which is another byte of the source.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Byte 1 of bswap(x) is byte 2 of x.
; CHECK-LABEL: define i32 @byte1(
; CHECK-NEXT: %1 = lshr i32 %x, 16
; CHECK-NEXT: %a = and i32 %1, 255
; CHECK-NEXT: ret i32 %a
define i32 @byte1(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %s = lshr i32 %b, 8
  %a = and i32 %s, 255
  ret i32 %a
}

; The top byte of bswap(x) shifted down is the low byte of x.
; CHECK-LABEL: define i32 @top_byte(
; CHECK-NEXT: %s = and i32 %x, 255
; CHECK-NEXT: ret i32 %s
define i32 @top_byte(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %s = lshr i32 %b, 24
  ret i32 %s
}

; Truncating to the low byte of bswap(x) reads the top byte of x.
; CHECK-LABEL: define i8 @trunc_byte(
; CHECK-NEXT: %1 = lshr i32 %x, 24
; CHECK-NEXT: %t = trunc nuw i32 %1 to i8
; CHECK-NEXT: ret i8 %t
define i8 @trunc_byte(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %t = trunc i32 %b to i8
  ret i8 %t
}

; A bit field inside one byte: bits 8..11 of bswap(x) are bits 16..19 of x.
; CHECK-LABEL: define i32 @bitfield(
; CHECK-NEXT: %1 = lshr i32 %x, 16
; CHECK-NEXT: %a = and i32 %1, 15
; CHECK-NEXT: ret i32 %a
define i32 @bitfield(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %s = lshr i32 %b, 8
  %a = and i32 %s, 15
  ret i32 %a
}

; A masked byte left in place moves with a shift (byte 6 of bswap(x) is byte 1 of x).
; CHECK-LABEL: define i64 @in_place64(
; CHECK-NEXT: %1 = shl i64 %x, 40
; CHECK-NEXT: %a = and i64 %1, 71776119061217280
; CHECK-NEXT: ret i64 %a
define i64 @in_place64(i64 %x) {
  %b = call i64 @llvm.bswap.i64(i64 %x)
  %a = and i64 %b, 71776119061217280
  ret i64 %a
}

; Two bytes demanded: the swap stays.
; CHECK-LABEL: define i32 @two_bytes(
; CHECK-NEXT: %b = call i32 @llvm.bswap.i32(i32 %x)
; CHECK-NEXT: %a = and i32 %b, 65535
define i32 @two_bytes(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %a = and i32 %b, 65535
  ret i32 %a
}

; Known bytes of a swapped value: the swapped tid.x (< 1024) has its low 16 bits known zero.
; CHECK-LABEL: define i32 @swapped_tid(
; CHECK-NEXT: ret i32 0
define i32 @swapped_tid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.bswap.i32(i32 %t)
  %a = and i32 %b, 65535
  ret i32 %a
}

declare i32 @llvm.bswap.i32(i32)
declare i64 @llvm.bswap.i64(i64)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
