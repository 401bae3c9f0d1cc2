; `ori check` runs the kernel through LLVM's MCJIT (each CUDA thread a host thread), before register
; allocation and after it, and compares the output buffers.
; RUN: ori check %s | FileCheck %s
; CHECK: axpb: ok (jit; 100 output elements written)
; CHECK-NEXT: inputs: 3 seeds; grid 2x1x1, block 64x1x1; %n = 100, {{[0-9]+}}, {{[0-9]+}}
; CHECK-NEXT: bounds: ok (jit;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @axpb(ptr addrspace(1) %out, ptr addrspace(1) %in, float %a, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %w = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bw = mul i32 %b, %w
  %i = add i32 %bw, %t
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %done
body:
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %p
  %y = call float @llvm.fma.f32(float %x, float %a, float 1.0)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %y, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

; Narrow integers, 64-bit arithmetic and a data-dependent loop.
define ptx_kernel void @bounds(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i8, ptr addrspace(1) %in, i32 %t
  %x = load i8, ptr addrspace(1) %p
  %xs = sext i8 %x to i64
  %k = and i32 %t, 7
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %acc = phi i64 [ %xs, %entry ], [ %acc1, %loop ]
  %sh = shl i64 %acc, 3
  %acc1 = xor i64 %sh, %acc
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, %k
  br i1 %more, label %loop, label %exit
exit:
  %r = ashr i64 %acc1, 5
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %t
  store i64 %r, ptr addrspace(1) %q
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; (@bounds: both CTAs store the same values to out[tid], a benign race, reported as such.)
; CHECK-NEXT: inputs: 3 seeds; grid 2x1x1, block 64x1x1; %n = 100,
; CHECK-NEXT: RACE (benign, same value) global arg0 (%out) byte 0: write by block (0,0,0) thread (0,0,0) and write by block (1,0,0) thread (0,0,0)
; An atomic add: atomic between the JIT reference's threads.
; CHECK: count: ok (jit; 1 output element written)
define ptx_kernel void @count(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %old = atomicrmw add ptr addrspace(1) %out, i32 %x monotonic
  ret void
}
