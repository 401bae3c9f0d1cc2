; A module that declares the current debug-info version is verified by LLVM's parser itself, which
; ends the process with a fatal error when something other than debug info is broken (llc-19:
; "LLVM ERROR: Broken module found, compilation aborted!" and SIGABRT, exit 134). ori turns
; LLVM's fatal errors into its usual clean error: the verifier's message, `ori: error: LLVM: ...`,
; exit status 1, no output file.
; RUN: rm -f %t.ptx
; RUN: not ori llc %s -o %t.ptx 2>&1 | FileCheck %s
; RUN: not ori check %s 2>&1 | FileCheck %s
; RUN: not ls %t.ptx

; CHECK: Attribute 'nonnull' applied to incompatible type!
; CHECK: ori: error: LLVM: Broken module found, compilation aborted!

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(i32 nonnull %x) {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
