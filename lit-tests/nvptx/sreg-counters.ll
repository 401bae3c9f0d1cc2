; LLVM's target-independent counters: llvm.readcyclecounter reads %clock64 and
; llvm.readsteadycounter %globaltimer, as llc-19 selects them. The kernel stores whether each
; counter did not run backwards between two reads (1 on the GPU, in the interpreter and on the
; host JIT alike).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: counters: ok (jit;

; CHECK: mov.u64 {{%rd[0-9]+}}, %clock64;
; CHECK: mov.u64 {{%rd[0-9]+}}, %clock64;
; CHECK: mov.u64 {{%rd[0-9]+}}, %globaltimer;
; CHECK: mov.u64 {{%rd[0-9]+}}, %globaltimer;

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i64 @llvm.readcyclecounter()
declare i64 @llvm.readsteadycounter()

define ptx_kernel void @counters(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %c0 = call i64 @llvm.readcyclecounter()
  %c1 = call i64 @llvm.readcyclecounter()
  %s0 = call i64 @llvm.readsteadycounter()
  %s1 = call i64 @llvm.readsteadycounter()
  %cd = sub i64 %c1, %c0
  %sd = sub i64 %s1, %s0
  %cok = icmp sge i64 %cd, 0
  %sok = icmp sge i64 %sd, 0
  %both = and i1 %cok, %sok
  %z = zext i1 %both to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %z, ptr addrspace(1) %p
  ret void
}
