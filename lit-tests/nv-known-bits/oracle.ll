; The GPU special-register oracle with no metadata at all (seed 004 "Special Register Range
; Table"): warpsize is exactly 32, laneid < 32, tid.x < 1024, tid.z < 64, ntid.x in [1, 1024],
; ctaid.x < 2^31 - 1, warpid < 64 on sm_90; launch bounds tighten them (maxntid bounds tid,
; reqntid makes ntid a constant). Every rewrite replaces a value whose demanded bits are all known.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; `and tid, 1023` is tid: bits 10..31 of tid.x are known zero.
; CHECK-LABEL: define i32 @and_tid(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: ret i32 %t
define i32 @and_tid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %t, 1023
  ret i32 %a
}

; ntid.x is at most 1024: the compare is false (decided from the interval [1, 1024]).
; CHECK-LABEL: define i1 @ntid_ugt_1024(
; CHECK-NEXT: ret i1 false
define i1 @ntid_ugt_1024() {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = icmp ugt i32 %n, 1024
  ret i1 %c
}

; ntid.x is never zero.
; CHECK-LABEL: define i1 @ntid_eq_0(
; CHECK-NEXT: ret i1 false
define i1 @ntid_eq_0() {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = icmp eq i32 %n, 0
  ret i1 %c
}

; laneid < 32: `laneid >> 5` is 0 and `laneid < 32` is true.
; CHECK-LABEL: define i32 @laneid_shr(
; CHECK-NEXT: ret i32 0
define i32 @laneid_shr() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s = lshr i32 %l, 5
  ret i32 %s
}

; CHECK-LABEL: define i1 @laneid_ult_32(
; CHECK-NEXT: ret i1 true
define i1 @laneid_ult_32() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %c = icmp ult i32 %l, 32
  ret i1 %c
}

; A warpsize read is 32.
; CHECK-LABEL: define i32 @warpsize(
; CHECK-NEXT: ret i32 32
define i32 @warpsize() {
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  ret i32 %w
}

; ... also through arithmetic: laneid + warpsize * 2 keeps bit 6 set and bit 5 clear.
; CHECK-LABEL: define i32 @warpsize_arith(
; CHECK-NEXT: %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT: %s = add nuw nsw i32 %l, 64
; CHECK-NEXT: ret i32 %s
define i32 @warpsize_arith() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %w2 = shl i32 %w, 1
  %s = add i32 %l, %w2
  ret i32 %s
}

; ctaid.x < 2^31 - 1: never negative.
; CHECK-LABEL: define i1 @ctaid_negative(
; CHECK-NEXT: ret i1 false
define i1 @ctaid_negative() {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = icmp slt i32 %c, 0
  ret i1 %n
}

; tid.z < 64 (the architectural z limit).
; CHECK-LABEL: define i32 @tid_z_mask(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT: ret i32 %t
define i32 @tid_z_mask() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %a = and i32 %t, 63
  ret i32 %a
}

; warpid < 64 on sm_90 (from the function's target-cpu).
; CHECK-LABEL: define i32 @warpid_mask(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
; CHECK-NEXT: ret i32 %t
define i32 @warpid_mask() #0 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  %a = and i32 %t, 63
  ret i32 %a
}

; No bound for the clock: nothing changes.
; CHECK-LABEL: define i32 @clock_mask(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.clock()
; CHECK-NEXT: %a = and i32 %t, 1023
; CHECK-NEXT: ret i32 %a
define i32 @clock_mask() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %a = and i32 %t, 1023
  ret i32 %a
}

; maxntid 256 bounds tid.x below 256 in this kernel.
; CHECK-LABEL: define ptx_kernel void @maxntid(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: store i32 %t, ptr %o
; CHECK-NEXT: store i1 true, ptr %o
define ptx_kernel void @maxntid(ptr %o) "nvvm.maxntid"="256" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %t, 255
  store i32 %a, ptr %o
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = icmp ule i32 %n, 256
  store i1 %c, ptr %o
  ret void
}

; reqntid makes ntid a constant and bounds tid.y below 2.
; CHECK-LABEL: define ptx_kernel void @reqntid(
; CHECK-NEXT: store i32 128, ptr %o
; CHECK-NEXT: store i32 0, ptr %o
define ptx_kernel void @reqntid(ptr %o) "nvvm.reqntid"="128,2,1" {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %n, ptr %o
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %hi = and i32 %ty, -2
  store i32 %hi, ptr %o
  ret void
}

; A device function gets the architectural defaults, not a kernel's bounds.
; CHECK-LABEL: define i32 @device_fn(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %a = and i32 %t, 255
define i32 @device_fn() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %t, 255
  ret i32 %a
}

attributes #0 = { "target-cpu"="sm_90" }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
