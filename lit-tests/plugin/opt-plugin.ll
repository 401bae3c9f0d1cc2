; ori's passes inside the stock opt-19 (plugin/, `cargo build -p ori-opt-plugin`): pass names and
; parameters as in `ori opt`, mixed freely with LLVM's own passes; bad parameters give opt's usual
; "unknown pass name" error after ours saying why; a pass error is a clean fatal error, not a crash.
; REQUIRES: ori-plugin
; RUN: opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<sm=90>,nv-known-bits,function(instcombine)' -S %s | FileCheck %s
; RUN: not opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<zz=1>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: not opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<sm=x>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALUE
; RUN: not opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify;inject-mismatch>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FATAL
; RUN: not opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range,nv-known-bitz' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAME

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; tid.x < 1024, so bit 10 and above are known zero: the mask goes, and instcombine folds the
; compare that the range decides.
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range ![[R:[0-9]+]]
; CHECK-NEXT: ret i32 %t
; CHECK: ![[R]] = !{i32 0, i32 1024}
define i32 @f() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i32 %t, 2047
  ret i32 %m
}

; PARAM: error: invalid nvvm-intr-range pass parameter 'zz'
; PARAM-NEXT: unknown pass name 'nvvm-intr-range<zz=1>'
; VALUE: error: invalid nvvm-intr-range pass parameter 'sm=x' (expected sm=<unsigned integer>)
; VALUE-NEXT: unknown pass name 'nvvm-intr-range<sm=x>'
; FATAL: Mismatched known bits for %t
; FATAL: LLVM ERROR: nv-known-bits<verify;inject-mismatch>: nv-known-bits: the fused known bits contradict the reference analysis in 'f'
; FATAL-NOT: Stack dump
; NAME: unknown module pass 'nv-known-bitz'
