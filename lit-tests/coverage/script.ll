; scripts/coverage measures a corpus: llc-19 and ori on every file, ptxas on ori's PTX, totals and
; a histogram of ori's refusals. --make-kernels makes every function a kernel first (a value-
; returning one gets an out-pointer parameter), so both functions of add-one.ll are compiled.
; RUN: %S/../../scripts/coverage --make-kernels %S/Inputs/corpus > %t.out
; RUN: FileCheck %s < %t.out
; Without --make-kernels nothing is a kernel: ori compiles add-one.ll's visible functions as .func
; only (no entry), and still refuses the misaligned atomic.
; RUN: %S/../../scripts/coverage %S/Inputs/corpus | FileCheck %s --check-prefix=PLAIN
; A missing folder is a usage error (exit 2).
; RUN: not %S/../../scripts/coverage %S/no-such-folder 2>&1 | FileCheck %s --check-prefix=USAGE
; REQUIRES: ptxas

; CHECK: add-one.ll {{ *}}llc=compiled ori=compiled ptxas=ok
; CHECK-NOT: no entry
; CHECK: misaligned-atomic.ll {{ *}}llc=compiled ori=error {{ *}}ptxas=- {{ *}}| error: unsupported misaligned load atomic (align 1 for 4 bytes) in function @load_unaligned
; CHECK: coverage: 2 files; llc-19 compiled 2; ori compiled 1 of those (50.0%) and 1 in all; clean errors 1
; CHECK: coverage: panics 0, crashes 0, timeouts 0, abnormal exits 0; ptxas on ori's PTX: 1 ok, 0 with warnings, 0 rejected; 0 compiled with no entry
; CHECK: ori's clean errors by message (files, message):
; CHECK-NEXT: 1{{.}}unsupported misaligned load atomic (align 1 for 4 bytes) in function @_

; PLAIN: add-one.ll {{ *}}llc=compiled ori=compiled ptxas=ok {{ *}}| (no entry)
; PLAIN: misaligned-atomic.ll {{ *}}llc=compiled ori=error
; PLAIN: 1 compiled with no entry

; USAGE: coverage: '{{.*}}no-such-folder' is not a folder
