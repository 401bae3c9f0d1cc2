; The roots of OriPropagateVarying (seed 002 seed table), one value each, by LLVM value name:
; thread and lane indices are varying; block indices and sizes, smid and warpid are uniform;
; SHFL is varying even of a uniform value; VOTE any/all/uni and BALLOT are uniform; an atomic's
; return value is varying even at a uniform address; a load is varying through a varying address
; or from local memory, uniform from a uniform global or constant address; kernel parameters and
; immediates are uniform.
; RUN: ori llc --dump-varying %s -o /dev/null 2>&1 | FileCheck %s
; LLVM 19's own analysis (NVPTX divergence sources) on the same input: every call and every
; load through a divergent address is divergent there, so it is less precise than ours on block
; indices and sizes, votes and loads from uniform addresses; it agrees on the varying roots.
; RUN: opt -passes='print<uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

@table = internal addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

; CHECK: @roots %out uniform
; CHECK-NEXT: @roots %n uniform
; CHECK: @roots %tid varying
; CHECK-NEXT: @roots %lane varying
; CHECK-NEXT: @roots %ctaid uniform
; CHECK-NEXT: @roots %nctaid uniform
; CHECK-NEXT: @roots %ntid uniform
; CHECK-NEXT: @roots %smid uniform
; CHECK-NEXT: @roots %warpid uniform
; CHECK-NEXT: @roots %imm uniform
; CHECK-NEXT: @roots %shfl varying
; CHECK-NEXT: @roots %odd varying
; CHECK-NEXT: @roots %any uniform
; CHECK-NEXT: @roots %all uniform
; CHECK-NEXT: @roots %uni uniform
; CHECK-NEXT: @roots %ballot uniform
; CHECK-NEXT: @roots %old varying
; CHECK-NEXT: @roots %pv varying
; CHECK-NEXT: @roots %ldv varying
; CHECK-NEXT: @roots %pu uniform
; CHECK-NEXT: @roots %ldu uniform
; CHECK-NEXT: @roots %pc uniform
; CHECK-NEXT: @roots %ldc uniform
; CHECK-NEXT: @roots %slot uniform
; CHECK-NEXT: @roots %ldl varying
; LLVM: DIVERGENT: %tid = call
; LLVM: DIVERGENT: %ctaid = call
; LLVM: DIVERGENT: %ntid = call
; LLVM: DIVERGENT: %shfl = call
; LLVM: DIVERGENT: %any = call
; LLVM: DIVERGENT: %ballot = call
; LLVM: DIVERGENT: %old = atomicrmw
; LLVM: DIVERGENT: %ldu = load
; LLVM: DIVERGENT: %ldc = load
; LLVM: DIVERGENT: %ldl = load
define ptx_kernel void @roots(ptr addrspace(1) %out, i32 %n) {
  %buf = alloca [4 x i32], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %smid = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  %warpid = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  %imm = freeze i32 5
  %shfl = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %ctaid, i32 0, i32 31)
  %odd = icmp ugt i32 %tid, %n
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %odd)
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %odd)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %odd)
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst
  %pv = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %ldv = load volatile i32, ptr addrspace(1) %pv
  %pu = getelementptr i32, ptr addrspace(1) %out, i32 %ctaid
  %ldu = load volatile i32, ptr addrspace(1) %pu
  %pc = getelementptr [4 x i32], ptr addrspace(4) @table, i32 0, i32 %ctaid
  %ldc = load i32, ptr addrspace(4) %pc
  %slot = getelementptr [4 x i32], ptr %buf, i32 0, i32 %n
  store volatile i32 %ctaid, ptr %slot
  %ldl = load volatile i32, ptr %slot
  %s0 = add i32 %lane, %nctaid
  %s1 = add i32 %s0, %ntid
  %s2 = add i32 %s1, %smid
  %s3 = add i32 %s2, %warpid
  %s4 = add i32 %s3, %imm
  %s5 = add i32 %s4, %shfl
  %a = zext i1 %any to i32
  %b = zext i1 %all to i32
  %c = zext i1 %uni to i32
  %s6 = add i32 %s5, %a
  %s7 = add i32 %s6, %b
  %s8 = add i32 %s7, %c
  %s9 = add i32 %s8, %ballot
  %s10 = add i32 %s9, %old
  %s11 = add i32 %s10, %ldv
  %s12 = add i32 %s11, %ldu
  %s13 = add i32 %s12, %ldc
  %s14 = add i32 %s13, %ldl
  store i32 %s14, ptr addrspace(1) %pv
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.smid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
