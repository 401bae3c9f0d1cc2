; A plain passing test: LLVM's opt round-trips the IR and FileCheck checks it.
; RUN: opt -S %s | FileCheck %s
; RUN: FileCheck %s --check-prefix=SELF --input-file=%s

; CHECK: define i32 @identity(i32 %x)
; CHECK-NEXT: ret i32 %x
; SELF: A plain passing test

define i32 @identity(i32 %x) {
  ret i32 %x
}
