; XFAIL: clang
; RUN: false
