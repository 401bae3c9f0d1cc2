; A .param never declares an alignment above 128 bytes (PTX's limit): a <64 x i32> result,
; whose ABI alignment is 256, is `.align 128` as llc-19 writes it, in the declaration, the
; definition and the call; a byval argument asking for 256 likewise.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas
; CHECK: .extern .func (.param .align 128 .b8 func_retval0[256]) ext(
; CHECK: .visible .func (.param .align 128 .b8 func_retval0[256]) repro(
; CHECK: .param .align 128 .b8 retval0[256];
; CHECK: .entry big_byval(
; CHECK-NEXT: .param .align 128 .b8 big_byval_param_0[512]
; CHECK-NOT: .align 256

target triple = "nvptx64-nvidia-cuda"

declare <64 x i32> @ext(i32)

define <64 x i32> @repro() {
  %r = tail call <64 x i32> @ext(i32 0)
  ret <64 x i32> %r
}

define ptx_kernel void @big_byval(ptr byval([128 x i32]) align 256 %p, ptr addrspace(1) %out) {
  %v = load i32, ptr %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
