; Call forms the lowering does not carry yet are clean errors (exit 1, no output file), naming
; the function and the callee: aggregates passed in memory (byval) or returned by value, vector
; arguments, and (in a device library, where the function must be emitted although nothing
; calls it) a parameter wider than 64 bits.
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/byval-call.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=BYVAL
; BYVAL: ori: error: unsupported byval argument in a call of @take in function @k
; RUN: not ori llc %S/Inputs/struct-return.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SRET
; SRET: ori: error: unsupported return type %struct.S{{.*}} in a call of @make in function @k
; RUN: not ori llc %S/Inputs/vector-arg.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=VEC
; VEC: ori: error: unsupported parameter type <4 x i32> in a call of @vec in function @k
; RUN: not ori llc %S/Inputs/wide-arg-lib.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WIDE
; WIDE: ori: error: unsupported return type i128 in function @wide
; RUN: not ls %t.ptx
