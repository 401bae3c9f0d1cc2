; Requires a feature no machine has, so the runner skips it (UNSUPPORTED) without running the
; failing RUN line below.
; REQUIRES: clang, no-such-feature-anywhere
; RUN: false
