; `not` inverts one command's exit status, also inside a pipeline, and nests.
; RUN: not opt -passes=no-such-pass -S %s 2>&1 | FileCheck %s
; RUN: not not opt -S %s -o /dev/null
; RUN: not --crash sh -c 'kill -ABRT $$'
; RUN: not false && not true || true

; CHECK: unknown pass name 'no-such-pass'

define void @f() {
  ret void
}
