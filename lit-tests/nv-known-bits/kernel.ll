; A small kernel through the pipeline cicc runs: nvvm-intr-range attaches the ranges, then the
; fused pass uses them with the launch bounds (reqntid 64x4): the block size is a constant, the
; multiply by it a shift, the shared-memory index 32-bit, the lane arithmetic folded.
; JIT: skip (the kernel stores to out[global id], far outside the harness buffer for most block ids)
; RUN: ori opt -passes=nvvm-intr-range,nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range,nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range,nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x i32] zeroinitializer, align 4

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range
; CHECK: %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range
; CHECK: %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !range
; CHECK-NEXT: [[ROW:%.*]] = shl nuw nsw i32 %ty, 6
; CHECK-NEXT: %local = add nuw nsw i32 [[ROW]], %tx
; CHECK-NEXT: [[BLK:%.*]] = shl i32 %bx, 8
; CHECK-NEXT: %gid = add nuw nsw i32 [[BLK]], %local
; CHECK-NEXT: %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @tile, i64 0, i32 %local
; CHECK-NEXT: store i32 %gid, ptr addrspace(3) %slot
; CHECK-NEXT: %lane = and i32 %tx, 31
; CHECK-NEXT: %first = icmp eq i32 %lane, 0
; CHECK-NEXT: %g = sext i32 %gid to i64
; CHECK-NEXT: %dst = getelementptr inbounds i32, ptr %out, i64 %g
; CHECK-NEXT: %v = select i1 %first, i32 32, i32 %lane
; CHECK-NEXT: store i32 %v, ptr %dst
define ptx_kernel void @k(ptr %out) "nvvm.reqntid"="64,4,1" {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %row = mul i32 %ty, %nx
  %local = add i32 %row, %tx
  %bsize = mul i32 %nx, %ny
  %blk = mul i32 %bx, %bsize
  %gid = add i32 %blk, %local
  %lz = zext i32 %local to i64
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @tile, i64 0, i64 %lz
  store i32 %gid, ptr addrspace(3) %slot
  %lane = and i32 %tx, 31
  %first = icmp eq i32 %lane, 0
  %g = sext i32 %gid to i64
  %dst = getelementptr inbounds i32, ptr %out, i64 %g
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %wl = and i32 %ws, 63
  %v = select i1 %first, i32 %wl, i32 %lane
  store i32 %v, ptr %dst
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
