; The LLVM JIT reference runs kernels whose threads communicate through shared memory: a CTA-wide
; tree reduction in a static __shared__ array with a barrier inside the loop (barrier.sync 1, all
; threads), and a dynamic `extern __shared__` array through which each thread reads the value another
; thread wrote before the barrier. Each CTA sees its own zeroed shared memory. The verdict names
; the reference (`jit`); a reference that ran the threads without the barriers, or shared one
; array between CTAs, would disagree with the SIMT interpreter (MISMATCH).
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; CHECK: block_sum: ok (jit; 130 output elements written)

target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [64 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

define ptx_kernel void @block_sum(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %ps = getelementptr [64 x i32], ptr addrspace(3) @buf, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %ps
  %x3 = mul i32 %x, 3
  %pd = getelementptr i32, ptr addrspace(3) @dyn, i32 %t
  store i32 %x3, ptr addrspace(3) %pd
  call void @llvm.nvvm.barrier0()
  ; out[2 + i] = dyn[63 - t] + t: written by another thread (another warp for most t).
  %r = sub i32 63, %t
  %pr = getelementptr i32, ptr addrspace(3) @dyn, i32 %r
  %y = load i32, ptr addrspace(3) %pr
  %yt = add i32 %y, %t
  %o = add i32 %i, 2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %yt, ptr addrspace(1) %po
  br label %loop

loop:
  %s = phi i32 [ 32, %entry ], [ %s2, %next ]
  %c = icmp ult i32 %t, %s
  br i1 %c, label %add, label %next

add:
  %ts = add i32 %t, %s
  %pa = getelementptr [64 x i32], ptr addrspace(3) @buf, i32 0, i32 %ts
  %a = load i32, ptr addrspace(3) %pa
  %m = load i32, ptr addrspace(3) %ps
  %sum = add i32 %a, %m
  store i32 %sum, ptr addrspace(3) %ps
  br label %next

next:
  call void @llvm.nvvm.barrier.sync(i32 1)
  %s2 = lshr i32 %s, 1
  %done = icmp eq i32 %s2, 0
  br i1 %done, label %fin, label %loop

fin:
  %z = icmp eq i32 %t, 0
  br i1 %z, label %write, label %exit

write:
  %total = load i32, ptr addrspace(3) @buf
  %pb = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store i32 %total, ptr addrspace(1) %pb
  br label %exit

exit:
  ret void
}

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
