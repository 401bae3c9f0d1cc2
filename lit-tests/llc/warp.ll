; Warp-level intrinsics: shfl.sync → SHFL (value, lane, clamp, membermask), vote.sync → VOTE,
; activemask → VOTE.BALLOT of PT, cmpxchg → ATOMG.CAS + ISETP.EQ on the old value.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: SHFL.DOWN [[S:%r[0-9]+]], {{%r[0-9]+}}, 0x10, 0x1f, 0xffffffff ;
; CHECK: VOTE.BALLOT [[B:%r[0-9]+]], {{%p[0-9]+}}, 0xffffffff ;
; CHECK: VOTE.BALLOT [[A:%r[0-9]+]], PT ;
; CHECK: ATOMG.E.CAS.U32 [[OLD:%r[0-9]+]], {{%rd[0-9]+}}, 0x0, [[S]] ;
; CHECK-NEXT: ISETP.EQ.U32.AND {{%p[0-9]+}}, [[OLD]], 0x0, PT ;
; PTX: shfl.sync.down.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, 0xffffffff;
; PTX: vote.sync.ballot.b32 {{%r[0-9]+}}, {{%p[0-9]+}}, 0xffffffff;
; PTX: activemask.b32
; PTX: atom.global.cas.b32
define ptx_kernel void @warp(ptr addrspace(1) %out, i32 %v) {
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 16, i32 31)
  %odd = icmp ne i32 %s, 0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %a = call i32 @llvm.nvvm.activemask()
  %pair = cmpxchg ptr addrspace(1) %out, i32 0, i32 %s monotonic monotonic
  %ok = extractvalue { i32, i1 } %pair, 1
  %r = select i1 %ok, i32 %b, i32 %a
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r, ptr addrspace(1) %p1
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
