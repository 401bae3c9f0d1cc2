; Inter-procedural divergence (seed 002 "Inter-Procedural Walk"): a device function that stays a
; call (recursion) has its parameters classified by its call sites. The kernel passes a varying
; %a (from tid) and a uniform %b (from ctaid); the recursive call passes %a - 1 and %b again, so
; %a stays varying and %b uniform inside @walk: the branch on %b is uniform (bra.uni in the PTX),
; the one on %a divergent. A third parameter only ever given the same uniform value stays uniform.
; RUN: ori llc --dump-varying %s -o /dev/null 2>&1 | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: @walk %a varying
; CHECK-NEXT: @walk %b uniform
; CHECK-NEXT: @walk %c uniform
; CHECK: @walk %ub uniform
; CHECK: @walk %done varying
; CHECK: @walk %r varying
; CHECK: divergent branches: bix{{[0-9]+}}
; CHECK: @kernel %t varying
; CHECK-NEXT: @kernel %cta uniform

; PTX-LABEL: .func (.param .b32 func_retval0) walk(
; PTX: @!{{%p[0-9]+}} bra.uni $L
; PTX: @!{{%p[0-9]+}} bra $L
define internal i32 @walk(i32 %a, i32 %b, i32 %c) noinline {
entry:
  %ub = icmp ugt i32 %b, 1000
  br i1 %ub, label %big, label %test
big:
  ret i32 %c
test:
  %done = icmp eq i32 %a, 0
  br i1 %done, label %base, label %rec
base:
  ret i32 %b
rec:
  %a1 = sub i32 %a, 1
  %r = call i32 @walk(i32 %a1, i32 %b, i32 %c)
  %s = add i32 %r, %b
  ret i32 %s
}

define ptx_kernel void @kernel(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %m = and i32 %t, 7
  %v = call i32 @walk(i32 %m, i32 %cta, i32 5)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
