; Warp shuffles and votes make the threads communicate: the LLVM JIT reference runs each CUDA
; thread as a host thread and performs the collectives between them, so it is still the reference.
; RUN: ori check %s | FileCheck %s
; CHECK: warp_sum: ok (jit; 128 output elements written)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @warp_sum(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p
  br label %loop
loop:
  %off = phi i32 [ 16, %entry ], [ %off1, %loop ]
  %s = phi i32 [ %v, %entry ], [ %s1, %loop ]
  %o = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %s, i32 %off, i32 31)
  %s1 = add i32 %s, %o
  %off1 = lshr i32 %off, 1
  %more = icmp ne i32 %off1, 0
  br i1 %more, label %loop, label %done
done:
  %odd = and i32 %s1, 1
  %isodd = icmp ne i32 %odd, 0
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %isodd)
  %r = xor i32 %s1, %bal
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
