; A racy global-memory kernel, the BFS-frontier shape: every thread of both CTAs updates
; cost[tid] (the index forgets the CTA) with its own value and reads cost[tid + 1], which another
; thread writes — no barrier, no atomic. Threads of different CTAs are ordered only by atomics and
; fences, so the write-write pair is a race between block (0,0,0) and block (1,0,0); the verdict is
; `race`, never MISMATCH, though the JIT (thread by thread) and the SIMT interpreter (warp by warp)
; see different values. The untouched output buffer %seen is still compared.
; RUN: not ori check %s | FileCheck %s

; CHECK: frontier: race ({{[0-9]+}} racing instruction pairs; outside the racy bytes
; CHECK: RACE global arg0 (%cost) byte 0: write by block (0,0,0) thread (0,0,0) and write by block (1,0,0) thread (0,0,0), not ordered
; CHECK-NEXT: write: bix0 #{{[0-9]+}} `STG.E {{.*}}` from `store i32 %c, ptr addrspace(1) %mine, align 4`
; CHECK-NEXT: write: bix0 #{{[0-9]+}} `STG.E {{.*}}` from `store i32 %c, ptr addrspace(1) %mine, align 4`
; CHECK: RACE global arg0 (%cost) byte {{[0-9]+}}: {{(read|write)}} by block ({{[01]}},0,0) thread ({{[0-9]+}},0,0) and {{(read|write)}} by block ({{[01]}},0,0) thread ({{[0-9]+}},0,0)
; CHECK-NOT: MISMATCH

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @frontier(ptr addrspace(1) %cost, ptr addrspace(1) %seen) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c0 = mul i32 %b, 1000
  %c = add i32 %c0, %t
  %mine = getelementptr i32, ptr addrspace(1) %cost, i32 %t
  store i32 %c, ptr addrspace(1) %mine
  %t1 = add i32 %t, 1
  %next = getelementptr i32, ptr addrspace(1) %cost, i32 %t1
  %n = load i32, ptr addrspace(1) %next
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  %s = getelementptr i32, ptr addrspace(1) %seen, i32 %g
  %one = add i32 %t, 1
  store i32 %one, ptr addrspace(1) %s
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
