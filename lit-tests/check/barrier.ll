; Shared memory and bar.sync across the two warps of a CTA: warp 0 reads what warp 1 wrote.
; RUN: ori check %s | FileCheck %s
; CHECK: rotate: ok (jit; 128 output elements written)

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

define ptx_kernel void @rotate(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %s = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %t2 = add i32 %t, 37
  %j = and i32 %t2, 63
  %s2 = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %j
  %w = load i32, ptr addrspace(3) %s2
  %r = mul i32 %w, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
