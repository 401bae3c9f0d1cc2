; With -v the runner lists every test, sorted by path, and a run without failures exits 0;
; unsupported tests are counted as skipped, expected failures as passed. Non-test files are not
; discovered.
; RUN: ori lit -v -j 2 %S/Inputs/mixed | FileCheck %s

; CHECK-NOT: not-a-test
; CHECK: {{^}}PASS: {{.*}}Inputs/mixed/pass.ll{{$}}
; CHECK-NEXT: {{^}}UNSUPPORTED: {{.*}}Inputs/mixed/skip.ll{{$}}
; CHECK-NEXT: {{^}}XFAIL: {{.*}}Inputs/mixed/xfail.ll{{$}}
; CHECK-NOT: Failed Tests
; CHECK: Total Discovered Tests: 3
; CHECK-NEXT: {{^}}  Passed: 1{{$}}
; CHECK-NEXT: {{^}}  Failed: 0{{$}}
; CHECK-NEXT: {{^}}  Unsupported: 1{{$}}
; CHECK-NEXT: {{^}}  Expectedly Failed: 1{{$}}
; CHECK-EMPTY:
; CHECK-NEXT: {{^}}2 passed, 0 failed, 1 skipped{{$}}
