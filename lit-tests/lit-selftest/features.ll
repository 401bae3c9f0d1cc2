; Feature expressions: every REQUIRES entry holds and no UNSUPPORTED one does, so this runs.
; REQUIRES: clang && !no-such-feature, (linux || x86_64 || aarch64)
; UNSUPPORTED: no-such-feature || (clang && !clang)
; RUN: true
