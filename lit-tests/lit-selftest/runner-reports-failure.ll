; The runner on a deliberately failing test (Inputs/ is skipped by discovery, so the failing test
; only runs here): it reports FAIL with the failing RUN line, the reason and the output, lists the
; test, counts it, and exits non-zero.
; RUN: not ori lit %S/Inputs/failing.ll | FileCheck %s

; CHECK: FAIL: {{.*}}Inputs/failing.ll
; CHECK-NEXT: ******************** TEST '{{.*}}Inputs/failing.ll' FAIL ********************
; CHECK-NEXT: RUN: at line 3: echo this-output-is-shown && false
; CHECK-NEXT: error: `false` failed (exit status 1)
; CHECK: Command Output (stdout + stderr):
; CHECK: {{^}}this-runs-first{{$}}
; CHECK: {{^}}this-output-is-shown{{$}}
; CHECK-NOT: never-reached
; CHECK: Failed Tests (1):
; CHECK-NEXT: {{^}}  {{.*}}Inputs/failing.ll{{$}}
; CHECK: Testing Time: {{[0-9.]+}}s
; CHECK: Total Discovered Tests: 1
; CHECK-NEXT: {{^}}  Passed: 0{{$}}
; CHECK-NEXT: {{^}}  Failed: 1{{$}}
; CHECK-NEXT: {{^}}  Unsupported: 0{{$}}
; CHECK-NEXT: {{^}}  Expectedly Failed: 0{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: {{^}}0 passed, 1 failed{{$}}
