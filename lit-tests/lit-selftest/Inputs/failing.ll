; A deliberately failing test (run only by ../runner-reports-failure.ll).
; RUN: echo this-runs-first
; RUN: echo this-output-is-shown && false
; RUN: echo never-reached
