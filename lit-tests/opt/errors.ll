; Bad input: exit 1, a diagnostic in LLVM's form, never a partial output file.
; RUN: rm -f %t.out
; RUN: not ori opt -passes=bogus -S %s -o %t.out 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; UNKNOWN: ori: error: unknown pass name 'bogus' (known passes: {{.*}}nvvm-intr-range{{.*}})
; RUN: not ori opt -S %S/missing.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: ori: error: could not open '{{.*}}missing.ll': No such file or directory
; RUN: not ori opt -S %S/Inputs/malformed.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=MALFORMED
; MALFORMED: ori: {{.*}}malformed.ll:3:14: error: expected value token
; RUN: not ls %t.out
; A module that parses but fails the verifier after the passes is rejected too.
; RUN: not ori opt -S %S/Inputs/unverifiable.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=VERIFY
; VERIFY: ori: error: module verification failed:
; VERIFY-NEXT: Intrinsic has incorrect return type!
; RUN: not ls %t.out
; A bad pass parameter:
; RUN: not ori opt '-passes=nvvm-intr-range<sm=abc>' -S %s 2>&1 | FileCheck %s --check-prefix=PARAM
; PARAM: ori: error: invalid nvvm-intr-range pass parameter 'sm=abc' (expected sm=<unsigned integer>)

define void @f() {
  ret void
}
