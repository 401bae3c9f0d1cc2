; Bitcasts between values of different element counts (i64 <-> <8 x i8>, i32 <-> <4 x i8>,
; i16 <-> <2 x i8>, i32 <-> <2 x half>, <2 x i32> <-> i64, <4 x i16> <-> <2 x i32>): narrowing
; lanes are shifted out of their source element, widening ones are zero-extended, shifted and
; ORed; vectors of i1 are refused cleanly. Executed by `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: not ori llc %S/Inputs/bitcast-i1-vector.ll 2>&1 | FileCheck %s --check-prefix=I1
; REQUIRES: ptxas
; EXEC: i64_to_v8i8: ok
; EXEC: v4i8_to_i32: ok
; EXEC: v2i32_v4i16: ok
; EXEC: half_pairs: ok
; I1: ori: error: unsupported instruction '%v = bitcast i8 %x to <8 x i1>' in function @k

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Byte k of a 64-bit value: a 64-bit right shift by 8k, then the low word.
; CHECK-LABEL: .entry i64_to_v8i8
; CHECK: shr.u64 {{.*}}, 56;
; CHECK: cvt.u32.u64
define ptx_kernel void @i64_to_v8i8(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i64, ptr addrspace(1) %in, i32 %t
  %x = load i64, ptr addrspace(1) %pi
  %m = mul i64 %x, 81985529216486895
  %v = bitcast i64 %m to <8 x i8>
  %e1 = extractelement <8 x i8> %v, i32 1
  %e7 = extractelement <8 x i8> %v, i32 7
  %e4 = extractelement <8 x i8> %v, i32 4
  %s1 = sext i8 %e1 to i32
  %z7 = zext i8 %e7 to i32
  %z4 = zext i8 %e4 to i32
  %a = add i32 %s1, %z7
  %b = mul i32 %a, %z4
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %po
  ret void
}

; Four bytes assembled into a word, and i16 <-> <2 x i8> both ways.
; CHECK-LABEL: .entry v4i8_to_i32
; CHECK: shl.b32 {{.*}}, 24;
; CHECK: or.b32
define ptx_kernel void @v4i8_to_i32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %y = mul i32 %x, 2654435761
  %v = bitcast i32 %y to <4 x i8>
  %r = shufflevector <4 x i8> %v, <4 x i8> poison, <4 x i32> <i32 3, i32 1, i32 2, i32 0>
  %w = add <4 x i8> %r, <i8 200, i8 1, i8 77, i8 255>
  %back = bitcast <4 x i8> %w to i32
  %h = trunc i32 %y to i16
  %hv = bitcast i16 %h to <2 x i8>
  %hs = shufflevector <2 x i8> %hv, <2 x i8> poison, <2 x i32> <i32 1, i32 0>
  %hb = bitcast <2 x i8> %hs to i16
  %hz = zext i16 %hb to i32
  %sum = xor i32 %back, %hz
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %sum, ptr addrspace(1) %po
  ret void
}

; <2 x i32> -> i64 (pair assembled with a 64-bit shift), <4 x i16> -> <2 x i32> and back.
; CHECK-LABEL: .entry v2i32_v4i16
; CHECK: shl.b64 {{.*}}, 32;
; CHECK: or.b64
define ptx_kernel void @v2i32_v4i16(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %y = mul i32 %x, 2246822519
  %v0 = insertelement <2 x i32> poison, i32 %x, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %y, i32 1
  %q = bitcast <2 x i32> %v1 to i64
  %q3 = lshr i64 %q, 13
  %s = bitcast i64 %q3 to <4 x i16>
  %s2 = add <4 x i16> %s, <i16 -1, i16 3, i16 -5, i16 7>
  %w = bitcast <4 x i16> %s2 to <2 x i32>
  %w0 = extractelement <2 x i32> %w, i32 0
  %w1 = extractelement <2 x i32> %w, i32 1
  %sum = sub i32 %w1, %w0
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %sum, ptr addrspace(1) %po
  ret void
}

; <2 x half> <-> i32: the halves are the low and high 16 bits.
; CHECK-LABEL: .entry half_pairs
define ptx_kernel void @half_pairs(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %y = and i32 %x, 1006648319
  %h = bitcast i32 %y to <2 x half>
  %h0 = extractelement <2 x half> %h, i32 0
  %h1 = extractelement <2 x half> %h, i32 1
  %p = fmul half %h0, %h1
  %n = insertelement <2 x half> %h, half %p, i32 1
  %b = bitcast <2 x half> %n to i32
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %po
  ret void
}
