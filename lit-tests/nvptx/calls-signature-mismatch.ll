; A call whose arguments are passed differently from the callee's own parameters (another
; function type: here one argument more; or `byval` on one side only, as LLVM's byval-const-global
; and lower-args-gridconstant tests have) is made through a prototype of the call site, on the
; function's address (as llc-19 does for the byval mismatches). ptxas accepts it; `ori check`'s
; interpreter refuses a call whose operands do not match the callee's signature and skips the
; kernel, saying so.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: skipped (pre-RA run failed: CALL passes 2 operands for a signature of 1
; CHECK-LABEL: .entry k(
; CHECK: mov.u64 [[F:%rd[0-9]+]], twice;
; CHECK: prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _, .param .b32 _);
; CHECK: call (retval0), [[F]], (param0, param1), prototype_0;

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
define i32 @twice(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pi
  %r = call i32 (i32, i32) @twice(i32 %v, i32 5)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %po
  ret void
}
