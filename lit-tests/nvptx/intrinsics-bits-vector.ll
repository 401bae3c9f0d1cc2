; Bit intrinsics on vectors, lane by lane as llc-19 scalarizes them: bswap, ctpop, ctlz on
; <4 x i32>; bswap and bitreverse on <8 x i16>; cttz and fshl on <2 x i64> (the shift amounts a
; constant vector). The ctlz/cttz flag is one scalar for every lane. `ori check` compares with
; LLVM's JIT at the default budget and at 24 registers.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: vbits: ok (jit
; CHECK-LABEL: .entry vbits
; CHECK-COUNT-4: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; CHECK-COUNT-4: popc.b32
; CHECK-COUNT-4: bfind.u32
; CHECK-COUNT-8: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 17409;
; CHECK-COUNT-8: brev.b32
; CHECK-COUNT-2: brev.b64
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define ptx_kernel void @vbits(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %cta, 6
  %i = add i32 %cb, %tid
  %pa = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %i
  %v = load <4 x i32>, ptr addrspace(1) %pa
  %b = call <4 x i32> @llvm.bswap.v4i32(<4 x i32> %v)
  %c = call <4 x i32> @llvm.ctpop.v4i32(<4 x i32> %v)
  %z = call <4 x i32> @llvm.ctlz.v4i32(<4 x i32> %v, i1 false)
  %h = bitcast <4 x i32> %v to <8 x i16>
  %hb = call <8 x i16> @llvm.bswap.v8i16(<8 x i16> %h)
  %hr = call <8 x i16> @llvm.bitreverse.v8i16(<8 x i16> %hb)
  %hc = bitcast <8 x i16> %hr to <4 x i32>
  %x1 = xor <4 x i32> %b, %c
  %x2 = add <4 x i32> %x1, %z
  %x3 = add <4 x i32> %x2, %hc
  %po = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %i
  store <4 x i32> %x3, ptr addrspace(1) %po
  %w = bitcast <4 x i32> %v to <2 x i64>
  %wt = call <2 x i64> @llvm.cttz.v2i64(<2 x i64> %w, i1 true)
  %wf = call <2 x i64> @llvm.fshl.v2i64(<2 x i64> %w, <2 x i64> %wt, <2 x i64> <i64 3, i64 61>)
  %po2 = getelementptr <2 x i64>, ptr addrspace(1) %out, i32 1024
  %po3 = getelementptr <2 x i64>, ptr addrspace(1) %po2, i32 %i
  store <2 x i64> %wf, ptr addrspace(1) %po3
  ret void
}
declare <4 x i32> @llvm.bswap.v4i32(<4 x i32>)
declare <4 x i32> @llvm.ctpop.v4i32(<4 x i32>)
declare <4 x i32> @llvm.ctlz.v4i32(<4 x i32>, i1)
declare <8 x i16> @llvm.bswap.v8i16(<8 x i16>)
declare <8 x i16> @llvm.bitreverse.v8i16(<8 x i16>)
declare <2 x i64> @llvm.cttz.v2i64(<2 x i64>, i1)
declare <2 x i64> @llvm.fshl.v2i64(<2 x i64>, <2 x i64>, <2 x i64>)
