; The clamping funnel shifts llvm.nvvm.fshl.clamp / fshr.clamp (hi, lo, amount) are PTX's
; shf.{l,r}.clamp.b32 d, lo, hi, amount: the amount is min(amount, 32), so 32 and more move one
; word wholly into the other (where llvm.fshl takes the amount mod 32). ori check compares the
; interpreter with LLVM's JIT on amounts from 0 to 63 and on a huge one.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: clamp: ok (jit
; CHECK-LABEL: .entry clamp
; CHECK-DAG: shf.l.clamp.b32
; CHECK-DAG: shf.r.clamp.b32
; CHECK-DAG: shf.l.wrap.b32

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.fshl.clamp.i32(i32, i32, i32)
declare i32 @llvm.nvvm.fshr.clamp.i32(i32, i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)

define ptx_kernel void @clamp(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %hi = load i32, ptr addrspace(1) %pa
  %pb = getelementptr i32, ptr addrspace(1) %pa, i32 64
  %lo = load i32, ptr addrspace(1) %pb
  ; Block 0 shifts by the thread index (0..63); block 1 by a huge amount.
  %big = mul i32 %c, 1000000
  %n = add i32 %t, %big
  %l = call i32 @llvm.nvvm.fshl.clamp.i32(i32 %hi, i32 %lo, i32 %n)
  %r = call i32 @llvm.nvvm.fshr.clamp.i32(i32 %hi, i32 %lo, i32 %n)
  %w = call i32 @llvm.fshl.i32(i32 %hi, i32 %lo, i32 %n)
  %i = mul i32 %c, 64
  %k = add i32 %i, %t
  %k3 = mul i32 %k, 3
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %k3
  store i32 %l, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  store i32 %r, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2
  store i32 %w, ptr addrspace(1) %o2
  ret void
}
