; An expected failure: the check names a function that does not exist, and XFAIL: * says a
; failure is expected, so the runner reports XFAIL and the run stays green.
; XFAIL: *
; RUN: opt -S %s | FileCheck %s

; CHECK: define void @no_such_function

define void @f() {
  ret void
}
