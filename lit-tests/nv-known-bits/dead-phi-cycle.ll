; Regression: a rewrite that makes a phi cycle dead must not erase the instruction being rewritten
; (it used to be freed while still in use: SIGSEGV on large generated kernels).
; JIT: skip (the function loops forever; only the rewrite itself is under test)
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}
; CHECK-LABEL: define void @gen_9k(
; CHECK: loop4282:

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @gen_9k() {
entry:
  br label %loop302

loop302:                                          ; preds = %loop302, %entry
  br label %loop302

exit4131:                                         ; No predecessors!
  br label %loop4282

loop4282:                                         ; preds = %loop4282, %exit4131
  %c4294 = phi i32 [ 1, %exit4131 ], [ %v4315, %loop4282 ]
  %v4307 = sub i32 %c4294, 1
  %v4315 = and i32 %v4307, 0
  br label %loop4282
}
