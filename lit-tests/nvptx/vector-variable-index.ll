; extractelement / insertelement with a run-time index: each lane is chosen by comparing the
; index with its number (a chain of selp for an extraction, one selp per lane for an insertion;
; predicates for <N x i1>). Executed by `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry k(
; CHECK: setp.eq.u32 {{%p[0-9]+}}, [[I:%r[0-9]+]], 3;
; CHECK: selp.b32
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pv = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %t
  %v = load <4 x i32>, ptr addrspace(1) %pv
  %i = and i32 %t, 3
  %e = extractelement <4 x i32> %v, i32 %i
  %i8 = trunc i32 %t to i8
  %j = and i8 %i8, 1
  %w = insertelement <2 x i16> <i16 7, i16 -9>, i16 300, i8 %j
  %w0 = extractelement <2 x i16> %w, i32 0
  %w1 = extractelement <2 x i16> %w, i32 1
  %bv = icmp sgt <4 x i32> %v, zeroinitializer
  %k = xor i32 %i, 2
  %b = extractelement <4 x i1> %bv, i32 %k
  %bz = zext i1 %b to i32
  %k1 = and i32 %k, 1
  %i64 = zext i32 %k1 to i64
  %fv = insertelement <2 x double> <double 1.5, double 2.5>, double 4.0, i64 %i64
  %f0 = extractelement <2 x double> %fv, i64 0
  %fi = fptosi double %f0 to i32
  %w0z = sext i16 %w0 to i32
  %w1z = zext i16 %w1 to i32
  %r0 = add i32 %e, %w0z
  %r1 = xor i32 %r0, %w1z
  %r2 = add i32 %r1, %bz
  %r3 = mul i32 %r2, %fi
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r3, ptr addrspace(1) %po
  ret void
}
