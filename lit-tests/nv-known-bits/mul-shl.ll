; A multiply by a value known to be a power of two becomes a shift (seed 004 "Mul to Shl for
; threadIdx arithmetic"): a constant, a warpsize read, an ntid fixed by reqntid.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @by_constant(
; CHECK-NEXT: %m = shl i32 %x, 4
; CHECK-NEXT: ret i32 %m
define i32 @by_constant(i32 %x) {
  %m = mul i32 %x, 16
  ret i32 %m
}

; The constant on the left works too; nuw carries over, and nsw while 2^k stays positive.
; CHECK-LABEL: define i32 @flags_kept(
; CHECK-NEXT: %m = shl nuw nsw i32 %x, 3
; CHECK-NEXT: ret i32 %m
define i32 @flags_kept(i32 %x) {
  %m = mul nuw nsw i32 8, %x
  ret i32 %m
}

; 2^31 is negative as an i32: nsw does not carry over to the shift.
; CHECK-LABEL: define i32 @sign_bit(
; CHECK-NEXT: %m = shl i32 %x, 31
; CHECK-NEXT: ret i32 %m
define i32 @sign_bit(i32 %x) {
  %m = mul nsw i32 %x, -2147483648
  ret i32 %m
}

; warpsize is exactly 32.
; CHECK-LABEL: define i32 @by_warpsize(
; CHECK-NEXT: %m = shl i32 %warp, 5
; CHECK-NEXT: ret i32 %m
define i32 @by_warpsize(i32 %warp) {
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %m = mul i32 %warp, %w
  ret i32 %m
}

; threadIdx.x + blockIdx.x * blockDim.x with reqntid(256): the multiply becomes a shift.
; CHECK-LABEL: define ptx_kernel void @global_index(
; CHECK: %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT: %m = shl i32 %b, 8
; CHECK-NEXT: %i = add nuw nsw i32 %m, %t
define ptx_kernel void @global_index(ptr %out) "nvvm.reqntid"="256" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %b, %n
  %i = add i32 %m, %t
  store i32 %i, ptr %out
  ret void
}

; Multiplying by 1 (a power of two too) is the other operand.
; CHECK-LABEL: define i32 @by_one(
; CHECK-NEXT: ret i32 %x
define i32 @by_one(i32 %x) {
  %m = mul i32 %x, 1
  ret i32 %m
}

; Without reqntid, ntid is only bounded: the multiply stays.
; CHECK-LABEL: define i32 @by_ntid(
; CHECK: %m = mul i32 %x, %n
define i32 @by_ntid(i32 %x) {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %x, %n
  ret i32 %m
}

; Not a power of two: unchanged.
; CHECK-LABEL: define i32 @by_twelve(
; CHECK-NEXT: %m = mul i32 %x, 12
define i32 @by_twelve(i32 %x) {
  %m = mul i32 %x, 12
  ret i32 %m
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
