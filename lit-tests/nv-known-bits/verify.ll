; --verify-known-bits runs an independent reference computeKnownBits beside the fused analysis on
; every analysed value (seed 004, the qword_4F90C28 cross-validation): the suite runs with it on,
; and a contradiction stops the pass. The `inject-mismatch` pass parameter is a testing hook that
; compares against a corrupted copy of each fused result (one bit flipped), to show the report.
; JIT: skip (nothing to compare beyond what the other files cover)
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s --check-prefix=OK
; RUN: not ori opt -passes='nv-known-bits<inject-mismatch>' --verify-known-bits -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; Without the flag (or the `verify` parameter) the reference does not run.
; RUN: ori opt -passes='nv-known-bits<inject-mismatch>' -S %s -o /dev/null
; RUN: not ori opt -passes='nv-known-bits<verify;inject-mismatch>' -S %s -o /dev/null
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

; OK-LABEL: define i32 @f(
; OK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; OK-NEXT: ret i32 %t

; BAD: Mismatched known bits for %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() in f
; BAD-NEXT: computeKnownBits(): KnownBits(i32 0000000000000000000000??????????)
; BAD-NEXT: SimplifyDemandedBits(): KnownBits(i32 0000000000000000000001??????????)
; BAD: error: nv-known-bits: the fused known bits contradict the reference analysis in 'f'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i32 @f() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = and i32 %t, 1023
  ret i32 %a
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
