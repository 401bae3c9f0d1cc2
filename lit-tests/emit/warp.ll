; Warp operations: shfl.sync → SHFL.mode Pout|PT, d, value, lane, clamp (the member mask has no
; SASS operand; a full mask needs no WARPSYNC), the predicate result of shfl.sync.idx.i32p in
; Pout; vote.sync all / any / uni → VOTE.ALL / VOTE.ANY / VOTE.EQ on predicates, ballot →
; VOTE.ANY Rd, PT, p, and activemask → VOTE.ANY Rd, PT, PT.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX: shfl.sync.down.b32 [[D:%r[0-9]+]], {{%r[0-9]+}}, 16, 31, 0xffffffff;
; PTX-NEXT: shfl.sync.up.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 0, 0xffffffff;
; PTX-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[L:%r[0-9]+]], 31, 0xffffffff;
; PTX-NEXT: shfl.sync.idx.b32 {{%r[0-9]+}}|[[OK:%p[0-9]+]], {{%r[0-9]+}}, [[L]], 31, 0xffffffff;
; PTX: vote.sync.all.pred
; PTX-NEXT: vote.sync.any.pred
; PTX-NEXT: vote.sync.uni.pred
; PTX-NEXT: vote.sync.ballot.b32
; PTX-NEXT: activemask.b32

; SASS: SHFL.DOWN PT, [[V:R[0-9]+]], [[V]], 0x10, 0x1f ;
; SASS-NEXT: SHFL.UP PT, [[V]], [[V]], 0x1, 0x0 ;
; SASS-NEXT: SHFL.BFLY PT, [[V]], [[V]], [[L:R[0-9]+]], 0x1f ;
; SASS-NEXT: SHFL.IDX [[OK:P[0-6]]], [[V]], [[V]], [[L]], 0x1f ;
; SASS-NEXT: ISETP.GT.AND [[C:P[0-6]]], PT, [[V]], RZ, PT ;
; SASS-NEXT: VOTE.ALL [[C]], [[C]] ;
; SASS-NEXT: VOTE.ANY [[OK]], [[OK]] ;
; SASS-NEXT: VOTE.EQ [[C]], [[C]] ;
; SASS-NEXT: VOTE.ANY [[B:R[0-9]+]], PT, [[OK]] ;
; SASS-NEXT: VOTE.ANY [[AM:R[0-9]+]], PT, PT ;
; SASS-NEXT: SEL [[B]], [[B]], [[AM]], [[C]] ;
define ptx_kernel void @warp(ptr addrspace(1) %out, i32 %v, i32 %lane) {
  %d = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 16, i32 31)
  %u = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %d, i32 1, i32 0)
  %x = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %u, i32 %lane, i32 31)
  %ip = call { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32 -1, i32 %x, i32 %lane, i32 31)
  %i = extractvalue { i32, i1 } %ip, 0
  %ok = extractvalue { i32, i1 } %ip, 1
  %c = icmp sgt i32 %i, 0
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %c)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %ok)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 -1, i1 %all)
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %any)
  %am = call i32 @llvm.nvvm.activemask()
  %s = select i1 %uni, i32 %bal, i32 %am
  store i32 %s, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32, i32, i32, i32)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
