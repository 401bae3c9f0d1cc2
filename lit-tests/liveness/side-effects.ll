; OriPerformLiveDead keeps every instruction with side effects even when its result is dead
; (seed 000 "Side-Effect Preservation"): stores, atomics with an unused result, cmpxchg, barriers,
; fences and volatile loads. A plain load with an unused result goes.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc --emit=ori --disable-phase=EarlyOriSimpleLiveDead --disable-phase=OriPerformLiveDead %s \
; RUN:   | FileCheck %s --check-prefix=KEEP
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; End to end: the unused atomics and the volatile load are in the PTX and the SASS; the plain
; load is not.
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; PTX-NOT: ld.global.b32
; PTX: atom.global.add.u32
; PTX: atom.global.cas.b32
; PTX: ld.volatile.global.b32
; The unused add is a reduction in SASS (REDG, as ptxas lists it); the cas keeps its result.
; SASS: REDG.E.ADD.STRONG.GPU [R{{[0-9]+}}.64], R{{[0-9]+}} ;
; SASS: ATOMG.E.CAS.STRONG.GPU PT,
; SASS: LDG.E.STRONG.SYS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: .function k (kernel)
; CHECK-NOT: LDG.E {{%r[0-9]+}}, {{%rd[0-9]+}} ;
; CHECK: STG.E
; CHECK: ATOMG.E.ADD.U32
; CHECK: ATOMG.E.CAS.U32
; CHECK: BAR.SYNC
; CHECK: MEMBAR.GPU
; CHECK: LDG.E.STRONG.SYS
; CHECK-NOT: LDG.E {{%r[0-9]+}}, {{%rd[0-9]+}} ;
; CHECK: EXIT

; KEEP: LDG.E {{%r[0-9]+}}, {{%rd[0-9]+}} ;
; KEEP: STG.E
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %v) {
  %plain = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %p
  %old = atomicrmw add ptr addrspace(1) %p, i32 %v monotonic
  %pair = cmpxchg ptr addrspace(1) %p, i32 %v, i32 0 monotonic monotonic
  call void @llvm.nvvm.barrier0()
  fence seq_cst
  %vol = load volatile i32, ptr addrspace(1) %p
  ret void
}
