; bfloat forms ori refuses with a clean error (exit 1, no output file): llvm.nvvm.fma.rn.ftz.bf16
; (llc-19 writes fma.rn.ftz.bf16, which ptxas rejects: bf16 has no flush-to-zero form), atomics
; on bf16 (llc: atom.add.noftz.bf16; ori does 16-bit atomics on integers and half, not yet on bf16). (A device function with a
; vector wider than 8 bytes in its .param ABI compiles: calls-vector-abi.ll.)
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/bf16-fma-ftz.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FTZ
; FTZ: ori: error: unsupported intrinsic llvm.nvvm.fma.rn.ftz.bf16 in function @k
; RUN: not ori llc %S/Inputs/bf16-atomic.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=ATOM
; ATOM: ori: error: unsupported atomicrmw of type BF16 in function @k
; RUN: not ls %t.ptx
