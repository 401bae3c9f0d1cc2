; llvm.nvvm.ff2f16x2.{rn,rz}[.relu](a, b): two f32 → one <2 x half>, lane 0 (the low half) from
; b and lane 1 from a, as llc-19's cvt.{rn,rz}[.relu].f16x2.f32 packs them; .relu clamps a
; negative result to +0 (max.NaN with +0). `ori check` compares with LLVM's JIT, whose reference
; converts with a rounding written from IEEE 754 (ties to even, toward zero, subnormals,
; overflow to infinity or to 65504).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: pack: ok (jit;
; CHECK-LABEL: .entry pack
; CHECK: cvt.rn.f16.f32
; CHECK: cvt.rn.f16.f32
; CHECK: max.NaN.f16
; CHECK: cvt.rz.f16.f32
; CHECK: cvt.rz.f16.f32
; CHECK: max.NaN.f16

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare <2 x half> @llvm.nvvm.ff2f16x2.rn(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rn.relu(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rz(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rz.relu(float, float)
define ptx_kernel void @pack(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %i2 = shl i32 %i, 1
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i2
  %x = load float, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 1
  %y0 = load float, ptr addrspace(1) %pb
  ; spread y over f16's range: subnormals, normals and overflow
  %y = fmul float %y0, 0x3F50000000000000
  %r0 = call <2 x half> @llvm.nvvm.ff2f16x2.rn(float %x, float %y)
  %r1 = call <2 x half> @llvm.nvvm.ff2f16x2.rn.relu(float %x, float %y)
  %r2 = call <2 x half> @llvm.nvvm.ff2f16x2.rz(float %x, float %y)
  %r3 = call <2 x half> @llvm.nvvm.ff2f16x2.rz.relu(float %x, float %y)
  %i4 = shl i32 %i, 2
  %po = getelementptr <2 x half>, ptr addrspace(1) %out, i32 %i4
  store <2 x half> %r0, ptr addrspace(1) %po
  %p1 = getelementptr <2 x half>, ptr addrspace(1) %po, i32 1
  store <2 x half> %r1, ptr addrspace(1) %p1
  %p2 = getelementptr <2 x half>, ptr addrspace(1) %po, i32 2
  store <2 x half> %r2, ptr addrspace(1) %p2
  %p3 = getelementptr <2 x half>, ptr addrspace(1) %po, i32 3
  store <2 x half> %r3, ptr addrspace(1) %p3
  ret void
}
