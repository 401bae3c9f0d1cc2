; Half conversions through i16 (llvm.convert.from.fp16 / convert.to.fp16: cvt.f32.f16 and
; cvt.rn.f16.f32 on the bits) and the flush-to-zero approximate division llc spells
; div.approx.ftz.f32, which ori implements by the approximate division (they differ only on
; subnormals). The flush-to-zero IEEE division div.rn.ftz is the IEEE division of flushed
; operands, its result flushed (mul.ftz by 1; nvptx/intrinsics-ftz.ll runs it).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: sed 's/div.approx.ftz.f(/div.rn.ftz.f(/' %s > %t.ftz.ll
; RUN: ori llc %t.ftz.ll -o - | FileCheck %s --check-prefix=FTZ
; REQUIRES: ptxas
; EXEC: halves: ok (pre-RA vs post-RA only:
; FTZ: mul.rn.ftz.f32 [[A:%r[0-9]+]], {{%r[0-9]+}}, 0f3F800000
; FTZ: div.rn.f32 [[Q:%r[0-9]+]], [[A]],
; FTZ: mul.rn.ftz.f32 {{%r[0-9]+}}, [[Q]], 0f3F800000

; CHECK: cvt.f32.f16
; CHECK: div.approx.f32
; CHECK: cvt.rn.f16.f32

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @halves(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pa = getelementptr i16, ptr addrspace(1) %in, i32 %i
  %h = load i16, ptr addrspace(1) %pa
  %hx = or i16 %h, 15360
  %f = call float @llvm.convert.from.fp16.f32(i16 %hx)
  %q = call float @llvm.nvvm.div.approx.ftz.f(float %f, float 3.0)
  %r = call i16 @llvm.convert.to.fp16.f32(float %q)
  %po = getelementptr i16, ptr addrspace(1) %out, i32 %i
  store i16 %r, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
