; A recursive device function survives inlining as CALL; the interpreter runs it with one
; activation (registers, local frame) per call and lanes returning from different depths.
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; CHECK: k: ok (jit; 127 output elements written)

target triple = "nvptx64-nvidia-cuda"

define i32 @fact(i32 %n) {
  %z = icmp ule i32 %n, 1
  br i1 %z, label %base, label %rec
base:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %r, %n
  ret i32 %p
}

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %p
  %n = and i32 %x, 7
  %f = call i32 @fact(i32 %n)
  %r = add i32 %f, %x
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
