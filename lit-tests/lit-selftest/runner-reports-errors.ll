; The runner on an unexpected pass, a malformed RUN line, a malformed directive and a hanging
; test (killed after the 1 s timeout its folder's lit.toml sets): all four fail the run.
; RUN: not ori lit %S/Inputs/xpass.ll %S/Inputs/malformed.ll %S/Inputs/bad-directive.ll \
; RUN:   %S/Inputs/timeout | FileCheck %s

; CHECK: FAIL: {{.*}}Inputs/bad-directive.ll
; CHECK: error: bad directive: bad feature expression `clang &&`
; CHECK: FAIL: {{.*}}Inputs/malformed.ll
; CHECK-NEXT: ******************** TEST
; CHECK-NEXT: RUN: at line 2: echo 'unterminated
; CHECK-NEXT: error: malformed RUN line: unterminated single quote
; CHECK: TIMEOUT: {{.*}}Inputs/timeout/hang.ll
; CHECK-NEXT: ******************** TEST
; CHECK-NEXT: RUN: at line 2: echo started && sleep 60 | cat
; CHECK-NEXT: error: timed out after 1 s
; CHECK: {{^}}started{{$}}
; CHECK: XPASS: {{.*}}Inputs/xpass.ll
; CHECK: Failed Tests (4):
; CHECK: Total Discovered Tests: 4
; CHECK-NEXT: Passed: 0
; CHECK-NEXT: Failed: 2
; CHECK-NEXT: Unsupported: 0
; CHECK-NEXT: Expectedly Failed: 0
; CHECK-NEXT: Unexpectedly Passed: 1
; CHECK-NEXT: Timed Out: 1
; CHECK-EMPTY:
; CHECK-NEXT: {{^}}0 passed, 4 failed{{$}}
