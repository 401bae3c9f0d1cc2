; -stats prints one count per rewrite kind (seed 004: each rewrite of the merged analysis).
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -stats -S %s -o /dev/null 2>&1 | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

; CHECK: ... Statistics Collected ...
; CHECK-DAG: 1 nv-known-bits - Number of byte swaps replaced by a direct byte read
; CHECK-DAG: 1 nv-known-bits - Number of bitcast-through-zext chains collapsed
; CHECK-DAG: 2 nv-known-bits - Number of values replaced by a known constant
; CHECK-DAG: 2 nv-known-bits - Number of instructions given nuw/nsw/exact/nneg/disjoint flags
; CHECK-DAG: 1 nv-known-bits - Number of and/or/xor/add/sub removed (identity on the demanded bits)
; CHECK-DAG: 1 nv-known-bits - Number of multiplies by a power of two turned into shifts
; CHECK-DAG: 1 nv-known-bits - Number of sign extensions turned into zero extensions
; CHECK-DAG: 1 nv-known-bits - Number of extensions removed
; CHECK-DAG: 1 nv-known-bits - Number of truncated expressions rebuilt in the narrow type
; CHECK-DAG: 1 nv-known-bits - Number of shared/local address indices narrowed to 32 bits
; CHECK-DAG: 2 nv-known-bits - Number of constants shrunk to their demanded bits
; CHECK-DAG: 1 nv-known-bits - Number of arithmetic shifts turned into logical shifts
; CHECK-DAG: 1 nv-known-bits - Number of selects with a known condition folded
; CHECK-DAG: nv-known-bits - Number of values whose known bits were computed

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [1024 x i32] zeroinitializer, align 4

define i32 @constant() {
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  ret i32 %w
}

define i32 @identity(i32 %a) {
  %o = or i32 %a, 4096
  %m = and i32 %o, 255
  ret i32 %m
}

define i32 @shrunk(i32 %a) {
  %m = xor i32 %a, 65535
  %t = shl i32 %m, 24
  ret i32 %t
}

define i32 @mul(i32 %a) {
  %m = mul i32 %a, 8
  ret i32 %m
}

define i64 @sext(i16 %a) {
  %p = and i16 %a, 255
  %s = sext i16 %p to i64
  ret i64 %s
}

define i32 @ext_removed(i32 %a) {
  %z = zext i32 %a to i64
  %t = trunc i64 %z to i32
  ret i32 %t
}

define i32 @narrowed(i32 %a, i32 %b) {
  %za = zext i32 %a to i64
  %zb = zext i32 %b to i64
  %s = add i64 %za, %zb
  %t = trunc i64 %s to i32
  ret i32 %t
}

define i32 @bswap(i32 %x) {
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %s = lshr i32 %b, 24
  ret i32 %s
}

define i32 @bitcast(i32 %x) {
  %z = zext i32 %x to i64
  %v = bitcast i64 %z to <2 x i32>
  %e = extractelement <2 x i32> %v, i32 0
  ret i32 %e
}

define ptr addrspace(3) @index(i32 %i) {
  %s = sext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(3) @sh, i64 %s
  ret ptr addrspace(3) %p
}

define i32 @ashr(i32 %a) {
  %m = and i32 %a, 1023
  %s = ashr i32 %m, 2
  ret i32 %s
}

define i32 @select(i32 %a, i32 %b) {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %c = icmp ult i32 %l, 32
  %s = select i1 %c, i32 %a, i32 %b
  ret i32 %s
}

declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
