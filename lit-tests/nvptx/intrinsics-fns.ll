; llvm.nvvm.fns(mask, base, offset) is PTX's fns.b32: the |offset|-th set bit of mask met from
; bit base upward (offset > 0) or downward (offset < 0), base itself when set for offset 0,
; 0xffffffff when there is none. ori check compares the interpreter (a walk over the bits) with
; the JIT reference (masks and bit counts) for every base 0..31 and offsets -40..40.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: nth_set_bit: ok (jit
; CHECK-LABEL: .entry nth_set_bit
; CHECK: fns.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.fns(i32, i32, i32)

define ptx_kernel void @nth_set_bit(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %c, 64
  %g = add i32 %g0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %mask = load i32, ptr addrspace(1) %p
  %base = and i32 %t, 31
  %q = mul i32 %g, 81
  br label %loop
loop:
  %off = phi i32 [ -40, %0 ], [ %next, %loop ]
  %r = call i32 @llvm.nvvm.fns(i32 %mask, i32 %base, i32 %off)
  %k = add i32 %off, 40
  %slot = add i32 %q, %k
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %slot
  store i32 %r, ptr addrspace(1) %o
  %next = add i32 %off, 1
  %done = icmp sgt i32 %next, 40
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
