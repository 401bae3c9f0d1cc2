; bfloat forms ori refuses with a clean error (exit 1, no output file): llvm.nvvm.fma.rn.ftz.bf16
; (llc-19 writes fma.rn.ftz.bf16, which ptxas rejects: bf16 has no flush-to-zero form). (bf16
; atomics compile: atomics-bf16.ll; a device function with a vector wider than 8 bytes in its
; .param ABI compiles: calls-vector-abi.ll.)
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/bf16-fma-ftz.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FTZ
; FTZ: ori: error: unsupported intrinsic llvm.nvvm.fma.rn.ftz.bf16 in function @k
; RUN: not ls %t.ptx
