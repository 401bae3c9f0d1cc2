; Named barriers with thread counts and arrive-only producers (`barrier.cta.arrive.count`,
; `barrier.cta.sync.count`), run by the interpreter and the JIT reference. Block of 64 threads:
; warp 0 produces into shared memory and arrives at barrier 1 without waiting; warp 1 waits
; there and consumes. The interpreter counts 32 per warp arrival and releases barrier 1 when
; 64 arrived; the race detector orders the producer's stores before the consumer's loads.
; @late_write stores again after arriving: that store is not ordered with the consumer's load,
; and is reported as a race (a barrier that part of the CTA took part in orders only what each
; warp did before it arrived). @deadlock waits on barrier 2 for 96 threads that never come.
; RUN: not ori check %s 2>&1 | FileCheck %s
; CHECK-DAG: producer_consumer: ok (jit
; CHECK-DAG: late_write: race
; CHECK-DAG: deadlock: {{.*}}deadlock: every warp that has not exited waits at a barrier that cannot complete (barrier 2: warps [0, 1] wait, 64 threads arrived of 96 threads)
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s -o - | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; PTX-LABEL: .entry producer_consumer(
; PTX: barrier.arrive 1, 64;
; PTX: barrier.sync 1, 64;
; SASS: BAR.ARV 0x1, 0x40 ;
; SASS: BAR.SYNC.DEFER_BLOCKING 0x1, 0x40 ;

target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [32 x i32] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.arrive.count(i32, i32)
declare void @llvm.nvvm.barrier.cta.sync.count(i32, i32)

define ptx_kernel void @producer_consumer(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %c, 5
  %lane = and i32 %t, 31
  %g = add i32 %base, %lane
  %s = getelementptr [32 x i32], ptr addrspace(3) @buf, i32 0, i32 %lane
  %producer = icmp ult i32 %t, 32
  br i1 %producer, label %produce, label %consume

produce:
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pi
  %y = mul i32 %x, 3
  store i32 %y, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier.cta.arrive.count(i32 1, i32 64)
  ret void

consume:
  call void @llvm.nvvm.barrier.cta.sync.count(i32 1, i32 64)
  %r = sub i32 31, %lane
  %q = getelementptr [32 x i32], ptr addrspace(3) @buf, i32 0, i32 %r
  %v = load i32, ptr addrspace(3) %q
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @late_write(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %c, 5
  %lane = and i32 %t, 31
  %g = add i32 %base, %lane
  %s = getelementptr [32 x i32], ptr addrspace(3) @buf, i32 0, i32 %lane
  %producer = icmp ult i32 %t, 32
  br i1 %producer, label %produce, label %consume

produce:
  store i32 %t, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier.cta.arrive.count(i32 1, i32 64)
  store i32 %g, ptr addrspace(3) %s
  ret void

consume:
  call void @llvm.nvvm.barrier.cta.sync.count(i32 1, i32 64)
  %v = load i32, ptr addrspace(3) %s
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @deadlock(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void @llvm.nvvm.barrier.cta.sync.count(i32 2, i32 96)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %po
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @producer_consumer, !"reqntidx", i32 64}
!1 = !{ptr @late_write, !"reqntidx", i32 64}
!2 = !{ptr @deadlock, !"reqntidx", i32 64}
