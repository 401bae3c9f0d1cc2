; The special-register names of LLVM's first PTX back end, llvm.ptx.read.*, are the same
; registers as llvm.nvvm.read.ptx.sreg.* (llc-19 no longer knows them and calls an undefined
; function; ori maps them onto the special-register table).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: legacy: ok (jit;

; CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
; CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.x;
; CHECK: mov.u32 {{%r[0-9]+}}, %ntid.x;
; CHECK: mov.u32 {{%r[0-9]+}}, %laneid;
; CHECK: mov.u32 {{%r[0-9]+}}, %lanemask_lt;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @legacy(ptr addrspace(1) %out) {
  %t = call i32 @llvm.ptx.read.tid.x()
  %b = call i32 @llvm.ptx.read.ctaid.x()
  %n = call i32 @llvm.ptx.read.ntid.x()
  %l = call i32 @llvm.ptx.read.laneid()
  %m = call i32 @llvm.ptx.read.lanemask.lt()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %x = mul i32 %l, 1000
  %y = xor i32 %x, %m
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %y, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.ptx.read.tid.x()
declare i32 @llvm.ptx.read.ctaid.x()
declare i32 @llvm.ptx.read.ntid.x()
declare i32 @llvm.ptx.read.laneid()
declare i32 @llvm.ptx.read.lanemask.lt()
