; A malformed feature expression: the test fails with a message.
; REQUIRES: clang &&
; RUN: true
