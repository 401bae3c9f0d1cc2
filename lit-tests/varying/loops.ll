; Loops and temporal divergence (seed 002). A loop whose exit tests a uniform value keeps its
; uniform body computations convertible; when the exit tests the thread id, lanes leave in
; different iterations, the whole body runs under divergent control and nothing defined in it
; moves to UR (rule c), and a value defined in the loop and used after it is varying.
; RUN: ori llc --uniform-regs --emit=ori %s | FileCheck %s
; RUN: ori llc --uniform-regs %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function uniform_trip
; CHECK: <loop>:
; CHECK: S2UR [[C:%ur[0-9]+]], SR_CTAID.X ;
; CHECK-NEXT: UIMAD [[K:%ur[0-9]+]], [[C]], 0x5, URZ ;
; CHECK: <exit>:

; CHECK-LABEL: .function varying_trip
; CHECK: <loop>:
; CHECK: S2R [[C:%r[0-9]+]], SR_CTAID.X ;
; CHECK-NEXT: IMAD [[K:%r[0-9]+]], [[C]], 0x5, RZ ;
; CHECK: <exit>:
define ptx_kernel void @uniform_trip(i32 %n, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %loop ]
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %k = mul i32 %c, 5
  %v = add i32 %k, %i
  %idx = add i32 %v, %t
  %w = zext i32 %idx to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %w
  store i32 %k, ptr addrspace(1) %p
  %inext = add i32 %i, 1
  %done = icmp eq i32 %inext, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define ptx_kernel void @varying_trip(i32 %n, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %loop ]
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %k = mul i32 %c, 5
  %inext = add i32 %i, 1
  %done = icmp uge i32 %inext, %t
  br i1 %done, label %exit, label %loop
exit:
  %w = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %w
  store i32 %k, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
