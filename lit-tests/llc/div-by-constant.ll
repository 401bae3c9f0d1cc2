; Division and remainder by a constant (ori/lower/divconst.rs): every plan kind at 32 and 64
; bits, signed and unsigned — a multiply-high by the magic number with a shift, the N+1-bit form
; with its add/shift fix-up, signed corrections, powers of two, negative divisors, ±1 — checked
; against LLVM's JIT over every thread's dividend, and no div/rem left for a constant divisor.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry divs(
; CHECK-NOT: div.
; CHECK-NOT: rem.
; CHECK: mul.hi.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x24924925;
; CHECK: mul.hi.s32
; CHECK: mul.hi.u64
; CHECK: mul.hi.s64
; CHECK: ret;

; EXEC: divs: ok (jit;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define ptx_kernel void @divs(ptr addrspace(1) %out, i32 %s) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tb = mul i32 %b, 64
  %i = add i32 %tb, %t
  ; Dividends spread over the whole range, negative ones included.
  %m = mul i32 %i, -1640531535
  %x = xor i32 %m, %s
  %x64a = sext i32 %x to i64
  %x64b = mul i64 %x64a, 6700417
  %x64 = xor i64 %x64b, -3
  %q0 = udiv i32 %x, 7
  %q1 = udiv i32 %x, 10
  %q2 = udiv i32 %x, 4096
  %q3 = urem i32 %x, 1000
  %q4 = urem i32 %x, 64
  %q5 = sdiv i32 %x, 7
  %q6 = sdiv i32 %x, -7
  %q7 = sdiv i32 %x, 16
  %q8 = srem i32 %x, -16
  %q9 = sdiv i32 %x, 3
  %q10 = srem i32 %x, 641
  %q11 = sdiv i32 %x, -1
  %q12 = udiv i32 %x, 2147483649
  %q13 = udiv i64 %x64, 7
  %q14 = urem i64 %x64, 1000003
  %q15 = sdiv i64 %x64, -10
  %q16 = srem i64 %x64, 4096
  %q17 = sdiv i64 %x64, 9223372036854775807
  %a0 = add i32 %q0, %q1
  %a1 = xor i32 %a0, %q2
  %a2 = add i32 %a1, %q3
  %a3 = xor i32 %a2, %q4
  %a4 = add i32 %a3, %q5
  %a5 = xor i32 %a4, %q6
  %a6 = add i32 %a5, %q7
  %a7 = xor i32 %a6, %q8
  %a8 = add i32 %a7, %q9
  %a9 = xor i32 %a8, %q10
  %a10 = add i32 %a9, %q11
  %a11 = xor i32 %a10, %q12
  %w0 = add i64 %q13, %q14
  %w1 = xor i64 %w0, %q15
  %w2 = add i64 %w1, %q16
  %w3 = xor i64 %w2, %q17
  %j = zext i32 %i to i64
  %p = getelementptr [4 x i32], ptr addrspace(1) %out, i64 %j, i64 0
  store i32 %a11, ptr addrspace(1) %p
  %pw = getelementptr [4 x i32], ptr addrspace(1) %out, i64 %j, i64 2
  store i64 %w3, ptr addrspace(1) %pw
  ret void
}
