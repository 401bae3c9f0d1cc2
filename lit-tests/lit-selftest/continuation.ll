; A RUN command continued over several lines with a trailing backslash.
; RUN: opt -S \
; RUN:     -passes=instcombine \
; RUN:     %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define i32 @add_zero(
; CHECK-NEXT: ret i32 %x

define i32 @add_zero(i32 %x) {
  %y = add i32 %x, 0
  ret i32 %y
}
