; An alloca of no bytes still has an address: the frame (`__local_depot`) is declared, 16 bytes,
; when the function's only slots are empty (ptxas rejected the `mov` of an undeclared depot).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: empty_slot: ok (jit
; CHECK: .local .align 16 .b8 __local_depot[16];
; CHECK: mov.u64 {{%[a-z]+[0-9]+}}, __local_depot;

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @empty_slot(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = alloca [0 x i32], align 4
  %nz = icmp ne ptr %a, null
  %r = zext i1 %nz to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p
  ret void
}
