; Atomics ori refuses, each with a clean error: i128 atomicrmw and cmpxchg (llc-19 calls
; __atomic library functions that no PTX library defines), atomics aligned below their size
; (library calls again), and an acquire load with a syncscope NVPTX does not know.
; RUN: not ori llc %S/Inputs/atomic-i128.ll 2>&1 | FileCheck %s --check-prefix=I128
; RUN: not ori llc %S/Inputs/atomic-cmpxchg-i128.ll 2>&1 | FileCheck %s --check-prefix=CAS128
; RUN: not ori llc %S/Inputs/atomic-misaligned.ll 2>&1 | FileCheck %s --check-prefix=ALIGN
; RUN: not ori llc %S/Inputs/atomic-load-scope.ll 2>&1 | FileCheck %s --check-prefix=SCOPE
; I128: ori: error: unsupported atomicrmw of i128 (llc-19 calls an __atomic library function) in function @k
; CAS128: ori: error: unsupported cmpxchg of i128 (llc-19 calls an __atomic library function) in function @k
; ALIGN: ori: error: unsupported misaligned atomicrmw (align 4 for 8 bytes) in function @k
; SCOPE: ori: error: unsupported syncscope("agent") in function @k
