; Warp collectives (seed 002 seed table): VOTE.BALLOT is uniform but has no uniform-datapath
; form, so it stays in R (rule d); SHFL of a uniform value is varying. A uniform predicate read by
; a vector SEL stays a P register (rule b': vector instructions read P, not UP).
; RUN: ori llc --uniform-regs --emit=ori %s | FileCheck %s
; RUN: ori llc --uniform-regs %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: ULDC [[N:%ur[0-9]+]], c[0x0][0x218] ;
; CHECK: S2UR [[C:%ur[0-9]+]], SR_CTAID.X ;
; CHECK: S2R [[T:%r[0-9]+]], SR_TID.X ;
; CHECK: VOTE.BALLOT [[B:%r[0-9]+]], {{%p[0-9]+}}, 0xffffffff ;
; CHECK: SHFL.IDX [[S:%r[0-9]+]], [[C]], 0x0, 0x1f, 0xffffffff ;
; CHECK: ISETP.LT.U32.AND [[U:%p[0-9]+]], [[C]], [[N]], PT ;
; CHECK: SEL {{%r[0-9]+}}, [[T]], [[S]], [[U]] ;
define ptx_kernel void @warp(ptr addrspace(1) %out, i32 %n) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %c, i32 0, i32 31)
  %u = icmp ult i32 %c, %n
  %sel = select i1 %u, i32 %t, i32 %s
  %v = add i32 %sel, %b
  %w = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %w
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
