; The LLVM JIT reference runs warp votes: vote.ballot.sync, vote.any.sync, vote.all.sync and
; vote.uni.sync over the full warp, and, in a branch only lanes 0..11 of each warp take,
; __activemask() (the lanes that execute it: 0xfff) and a ballot over that mask, which counts only
; the participating lanes. The other lanes meet the first ones again at the full-warp ballot after
; the branch.
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; CHECK: votes: ok (jit; 128 output elements written)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @votes(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %odd = trunc i32 %x to i1
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %big = icmp ugt i32 %x, 60
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %big)
  %small = icmp ult i32 %x, 64
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %small)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %odd)
  %lane = and i32 %t, 31
  %low = icmp ult i32 %lane, 12
  br i1 %low, label %part, label %join

part:
  %am = call i32 @llvm.nvvm.activemask()
  %pb = call i32 @llvm.nvvm.vote.ballot.sync(i32 %am, i1 %odd)
  %pm = xor i32 %am, %pb
  br label %join

join:
  %p = phi i32 [ %pm, %part ], [ 0, %entry ]
  %even = xor i1 %odd, true
  %bal2 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %even)
  %a1 = zext i1 %any to i32
  %a2 = zext i1 %all to i32
  %a3 = zext i1 %uni to i32
  %s1 = shl i32 %a2, 1
  %s2 = shl i32 %a3, 2
  %f = or i32 %a1, %s1
  %f2 = or i32 %f, %s2
  %h = mul i32 %bal, 3
  %h2 = add i32 %h, %p
  %h3 = xor i32 %h2, %bal2
  %h4 = mul i32 %h3, 8
  %r = add i32 %h4, %f2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
