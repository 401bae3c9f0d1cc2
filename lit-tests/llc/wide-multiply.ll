; A 64-bit multiply of two sign-extended (or two zero-extended) 32-bit values is one 32x32->64
; multiply (mul.wide.s32 / mul.wide.u32, IMAD.WIDE), as llc selects it; a constant counts when
; it fits 32 bits the same way, and `zext nneg` counts as either. Mixed extensions, and
; constants that do not fit, stay 64-bit multiplies.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry products(
; CHECK: mul.wide.s32 %rd{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
; CHECK: mul.wide.u32 %rd{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
; CHECK: mul.wide.s32 %rd{{[0-9]+}}, %r{{[0-9]+}}, 0xfffffffd;
; CHECK: mul.lo.s64
; CHECK: mul.lo.s64
; EXEC: products: ok (jit
define ptx_kernel void @products(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %a = load i32, ptr addrspace(1) %pa
  %t2 = add i32 %t, 64
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %t2
  %b = load i32, ptr addrspace(1) %pb
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %za = zext i32 %a to i64
  %zb = zext i32 %b to i64
  %ss = mul i64 %sa, %sb
  %zz = mul i64 %za, %zb
  %sc = mul i64 %sa, -3
  %mixed = mul i64 %sa, %zb
  %big = mul i64 %za, 8589934593
  %x1 = xor i64 %ss, %zz
  %x2 = xor i64 %x1, %sc
  %x3 = xor i64 %x2, %mixed
  %x4 = xor i64 %x3, %big
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %t
  store i64 %x4, ptr addrspace(1) %po
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @products, !"reqntidx", i32 64}
