; File-scope inline assembly (`module asm`) is copied into the PTX verbatim after the header,
; between llc's "file scope inline assembly" markers; ptxas sees the declarations it holds.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok

target triple = "nvptx64-nvidia-cuda"

module asm ".global .align 4 .u32 ori_counter;"
module asm ".const .align 8 .f64 ori_scale = 0d4000000000000000;"

; CHECK: .address_size 64
; CHECK-EMPTY:
; CHECK-NEXT: // Start of file scope inline assembly
; CHECK-NEXT: .global .align 4 .u32 ori_counter;
; CHECK-NEXT: .const .align 8 .f64 ori_scale = 0d4000000000000000;
; CHECK-EMPTY:
; CHECK-NEXT: // End of file scope inline assembly
; CHECK: .entry k(
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %x = add i32 %n, 1
  store i32 %x, ptr addrspace(1) %out
  ret void
}
