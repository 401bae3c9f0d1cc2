; Loads and stores through an address space LLVM 19's NVPTX back end does not define (2, 7, ...)
; are generic accesses, as llc-19 selects them (`ld`/`st` without a state space; nvptx-aa.ll and
; lower-aggr-copies.ll in LLVM's tests use addrspace(7)). `ori check` runs the kernel: its
; pointers are generic addresses of the global buffers.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK-LABEL: .entry k(
; CHECK: ld.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK: st.b32 [{{%rd[0-9]+}}], {{%r[0-9]+}};

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @k(ptr addrspace(7) %in, ptr addrspace(2) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %pi = getelementptr i32, ptr addrspace(7) %in, i32 %i
  %v = load i32, ptr addrspace(7) %pi
  %w = mul i32 %v, 3
  %po = getelementptr i32, ptr addrspace(2) %out, i32 %i
  store i32 %w, ptr addrspace(2) %po
  ret void
}
