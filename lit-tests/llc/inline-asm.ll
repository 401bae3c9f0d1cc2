; Simple inline PTX is kept as an opaque ASM instruction and printed back with the operands
; substituted (outputs first, then inputs); `n` operands are immediates.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: ASM.0 [[D:%r[0-9]+]], [[A:%r[0-9]+]] ;
; CHECK: ASM.1 {{%r[0-9]+}}, [[D]], 0x3 ;
; PTX: bfind.shiftamt.u32 [[PD:%r[0-9]+]], %r{{[0-9]+}};
; PTX: shl.b32 %r{{[0-9]+}}, [[PD]], 3;
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %x) {
  %d = call i32 asm "bfind.shiftamt.u32 $0, $1;", "=r,r"(i32 %x)
  %e = call i32 asm "shl.b32 $0, $1, $2;", "=r,r,n"(i32 %d, i32 3)
  store i32 %e, ptr addrspace(1) %p
  ret void
}
