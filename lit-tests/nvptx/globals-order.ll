; A variable whose initializer holds another variable's address is defined after that variable
; (ptxas rejects a symbol in an initial value before its declaration): dependencies first,
; module order otherwise.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .global .align 4 .u32 first = 5;
; CHECK-NEXT: .global .align 1 .u8 leaf = 2;
; CHECK-NEXT: .global .align 8 .u64 mid = leaf;
; CHECK-NEXT: .global .align 8 .u64 top[2] = {mid, leaf};
; CHECK-NEXT: .global .align 4 .u32 last = 9;

; EXEC: k: ok

@first = internal addrspace(1) global i32 5, align 4
@top = internal addrspace(1) global [2 x ptr addrspace(1)] [ptr addrspace(1) @mid, ptr addrspace(1) @leaf], align 8
@mid = internal addrspace(1) global ptr addrspace(1) @leaf, align 8
@leaf = internal addrspace(1) global i8 2, align 1
@last = internal addrspace(1) global i32 9, align 4

define ptx_kernel void @k(ptr addrspace(1) %o) {
  %p = load ptr addrspace(1), ptr addrspace(1) @top
  %q = load ptr addrspace(1), ptr addrspace(1) %p
  %v = load i8, ptr addrspace(1) %q
  %w = zext i8 %v to i32
  %f = load i32, ptr addrspace(1) @first
  %l = load i32, ptr addrspace(1) @last
  %s = add i32 %w, %f
  %t = add i32 %s, %l
  store i32 %t, ptr addrspace(1) %o
  ret void
}
