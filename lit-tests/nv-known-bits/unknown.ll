; Unknown intrinsics, vectors, floating point and opaque values give unknown bits: nothing is
; rewritten and nothing crashes.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}
; JIT: skip (calls NVVM intrinsics the host cannot run)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @shfl(
; CHECK-NEXT: %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
; CHECK-NEXT: %a = and i32 %v, 255
; CHECK-NEXT: ret i32 %a
define i32 @shfl(i32 %x) {
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
  %a = and i32 %v, 255
  ret i32 %a
}

; A vector special-register-like value and vector arithmetic: untouched.
; CHECK-LABEL: define <2 x i32> @vectors(
; CHECK-NEXT: %a = and <2 x i32> %v, <i32 255, i32 255>
; CHECK-NEXT: %b = mul <2 x i32> %a, <i32 4, i32 4>
; CHECK-NEXT: %c = icmp ugt <2 x i32> %b, <i32 2000, i32 2000>
; CHECK-NEXT: %s = select <2 x i1> %c, <2 x i32> %a, <2 x i32> %b
; CHECK-NEXT: ret <2 x i32> %s
define <2 x i32> @vectors(<2 x i32> %v) {
  %a = and <2 x i32> %v, <i32 255, i32 255>
  %b = mul <2 x i32> %a, <i32 4, i32 4>
  %c = icmp ugt <2 x i32> %b, <i32 2000, i32 2000>
  %s = select <2 x i1> %c, <2 x i32> %a, <2 x i32> %b
  ret <2 x i32> %s
}

; An element of a vector that is not a bitcast scalar: unknown.
; CHECK-LABEL: define i32 @element(
; CHECK-NEXT: %e = extractelement <4 x i32> %v, i32 2
; CHECK-NEXT: %a = and i32 %e, 7
define i32 @element(<4 x i32> %v) {
  %e = extractelement <4 x i32> %v, i32 2
  %a = and i32 %e, 7
  ret i32 %a
}

; Floating point to integer: unknown bits.
; CHECK-LABEL: define i32 @fp(
; CHECK-NEXT: %i = fptoui float %f to i32
; CHECK-NEXT: %a = and i32 %i, 7
define i32 @fp(float %f) {
  %i = fptoui float %f to i32
  %a = and i32 %i, 7
  ret i32 %a
}

; Opaque values: a load without metadata, an inline-asm result, a freeze. (The i128 arithmetic
; under the trunc is still rebuilt in i32, but no bit is known.)
; CHECK-LABEL: define i32 @opaque(
; CHECK-NEXT: %l = load i32, ptr %p
; CHECK-NEXT: %asm = call i32 asm "mov.u32 $0, %laneid;", "=r"()
; CHECK-NEXT: %f = freeze i32 %l
; CHECK-NEXT: %s = add i32 %asm, %f
; CHECK-NEXT: %t = mul i32 %s, 3
; CHECK-NEXT: %a = and i32 %t, 3
define i32 @opaque(ptr %p) {
  %l = load i32, ptr %p
  %asm = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %f = freeze i32 %l
  %s = add i32 %asm, %f
  %w = zext i32 %s to i128
  %w2 = mul i128 %w, 3
  %t = trunc i128 %w2 to i32
  %a = and i32 %t, 3
  ret i32 %a
}

; An unknown NVVM intrinsic on known operands still gives nothing.
; CHECK-LABEL: define i32 @unknown_nvvm(
; CHECK: %b = call i32 @llvm.nvvm.fns(i32 %t, i32 %t, i32 1)
; CHECK-NEXT: %a = and i32 %b, 1
define i32 @unknown_nvvm() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.fns(i32 %t, i32 %t, i32 1)
  %a = and i32 %b, 1
  ret i32 %a
}

; Special registers the table has no bound for: unknown.
; CHECK-LABEL: define i64 @clock64(
; CHECK-NEXT: %c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
; CHECK-NEXT: %a = and i64 %c, 4294967295
define i64 @clock64() {
  %c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %a = and i64 %c, 4294967295
  ret i64 %a
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.fns(i32, i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
