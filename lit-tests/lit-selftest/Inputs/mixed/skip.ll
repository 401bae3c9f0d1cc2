; UNSUPPORTED: clang
; RUN: false
