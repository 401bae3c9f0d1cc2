; f16 values live in the low half of 32-bit registers; each f16 operation becomes a scoped PTX
; block over .b16 temporaries; division goes through f32 (correctly rounded for f16).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .param .b16 h_param_1
; CHECK: ld.param.u16 [[X:%r[0-9]+]], [h_param_1];
; CHECK: mov.b16 %hs1, 0x3c00;
; CHECK-NEXT: add.rn.f16 %hs3, %hs0, %hs1;
; CHECK-NEXT: cvt.u32.u16 [[S:%r[0-9]+]], %hs3;
; CHECK: div.rn.f32 %fs2, %fs0, %fs1;
; CHECK-NEXT: cvt.rn.f16.f32 %hs3, %fs2;
; CHECK: setp.lt.f16 %p{{[0-9]+}}, %hs0, %hs1;
; CHECK: cvt.f32.f16 %r{{[0-9]+}}, %hs0;
define ptx_kernel void @h(ptr addrspace(1) %out, half %x) {
  %s = fadd half %x, 1.0
  %q = fdiv half %s, %x
  %lt = fcmp olt half %q, %x
  %m = select i1 %lt, half %q, half %x
  %f = fpext half %m to float
  store float %f, ptr addrspace(1) %out
  ret void
}
