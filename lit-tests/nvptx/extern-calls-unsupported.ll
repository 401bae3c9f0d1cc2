; Call forms the lowering does not carry are clean errors (exit 1, no output file), naming the
; function and the callee: vectors of i1 inside aggregates (a vector of i1 on its own is a byte
; per element: calls-i1-vector.ll), `inalloca` arguments, and (in a device library, where the
; function is emitted although nothing calls it) an fp128 parameter. Calls of declared variadic
; functions pass a buffer (calls-variadic-extern.ll). Aggregates, vectors, i128, bfloat and
; byval arguments are supported (calls-aggregates*.ll, calls-vector-abi.ll).
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/call-i1-vector.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=VEC
; VEC: ori: error: unsupported parameter type { <4 x i1>, i32 } in a call of @mask in function @k
; RUN: not ori llc %S/Inputs/call-inalloca.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=INALLOCA
; INALLOCA: ori: error: unsupported inalloca argument in a call of @take in function @k
; RUN: not ori llc %S/Inputs/fp128-arg-lib.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FP128
; FP128: ori: error: unsupported parameter type fp128 in function @quad
; RUN: not ls %t.ptx
