; Race-free kernels the detector must not flag (no RACE line, verdict ok):
; - @barrier: threads exchange values through shared memory across bar.sync (barrier0) and
;   reuse the same slots after a second barrier;
; - @atomics: every thread of both CTAs adds into one global counter and the same shared
;   histogram bin with atomics, then, after a barrier, thread 0 reads the shared bin back;
; - @last_block: the threadfence reduction: each CTA's thread 0 stores a partial sum, fences
;   (__threadfence), and takes a ticket with an atomic; the CTA that draws the last ticket reads
;   every partial — ordered by the fence and the atomic (release/acquire), not a race;
; - @shuffle: warp-synchronous code: each lane stores to shared memory, the lanes exchange a value
;   with shfl.sync over the full mask, and then read their neighbour's slot: the .sync collective
;   orders the lanes that take part.
; @unsynced is @shuffle without the shuffle: the same accesses race (lock-step execution of a warp
; orders nothing), so the rule above is what makes @shuffle race-free. @unfenced is @last_block
; without the fence: the atomic alone releases nothing, so reading CTA 0's partial races.
; RUN: not ori check %s | FileCheck %s
; RUN: not ori check --racecheck %s | FileCheck %s --check-prefix=ONLY

; CHECK: barrier: ok (
; CHECK-NOT: RACE
; CHECK: atomics: ok (
; CHECK-NOT: RACE
; CHECK: last_block: ok (
; CHECK-NOT: RACE
; CHECK: shuffle: ok (
; CHECK-NOT: RACE
; CHECK: unsynced: race (1 racing instruction pair;
; CHECK: RACE shared [{{0x[0-9a-f]+}}]: write by block (0,0,0) thread (1,0,0) and read by block (0,0,0) thread (0,0,0)
; CHECK: unfenced: race (1 racing instruction pair;
; CHECK: RACE global @partials2 byte 0: write by block (0,0,0) thread (0,0,0) and read by block (1,0,0) thread (0,0,0)
; ONLY: barrier: ok (race detector only: no race in 3 seeds)
; ONLY: atomics: ok (race detector only: no race in 3 seeds)
; ONLY: last_block: ok (race detector only: no race in 3 seeds)
; ONLY: shuffle: ok (race detector only: no race in 3 seeds)
; ONLY: unsynced: race
; ONLY: unfenced: race

target triple = "nvptx64-nvidia-cuda"

@xchg = internal addrspace(3) global [64 x i32] undef, align 4
@bin = internal addrspace(3) global i32 undef, align 4
@partials = internal addrspace(1) global [8 x i32] zeroinitializer, align 4
@ticket = internal addrspace(1) global i32 0, align 4
@last = internal addrspace(3) global i32 undef, align 4
@lanes = internal addrspace(3) global [64 x i32] undef, align 4
@plain = internal addrspace(3) global [64 x i32] undef, align 4
@partials2 = internal addrspace(1) global [8 x i32] zeroinitializer, align 4
@ticket2 = internal addrspace(1) global i32 0, align 4

define ptx_kernel void @barrier(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %v = load i32, ptr addrspace(1) %p
  %mine = getelementptr [64 x i32], ptr addrspace(3) @xchg, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  %r = sub i32 63, %t
  %theirs = getelementptr [64 x i32], ptr addrspace(3) @xchg, i32 0, i32 %r
  %w = load i32, ptr addrspace(3) %theirs
  call void @llvm.nvvm.barrier0()
  %w2 = mul i32 %w, 3
  store i32 %w2, ptr addrspace(3) %mine
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %w2, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @atomics(ptr addrspace(1) %counter, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go
init:
  store i32 0, ptr addrspace(3) @bin
  br label %go
go:
  call void @llvm.nvvm.barrier0()
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 monotonic
  %s = atomicrmw add ptr addrspace(3) @bin, i32 %t monotonic
  call void @llvm.nvvm.barrier0()
  br i1 %first, label %report, label %done
report:
  %sum = load i32, ptr addrspace(3) @bin
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store i32 %sum, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

define ptx_kernel void @last_block(ptr addrspace(1) %in, ptr addrspace(1) %total) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nb = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %publish, label %wait
publish:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %b
  %v = load i32, ptr addrspace(1) %p
  %slot = getelementptr [8 x i32], ptr addrspace(1) @partials, i32 0, i32 %b
  store i32 %v, ptr addrspace(1) %slot
  call void @llvm.nvvm.membar.gl()
  %k = atomicrmw add ptr addrspace(1) @ticket, i32 1 monotonic
  %lastk = sub i32 %nb, 1
  %is = icmp eq i32 %k, %lastk
  %flag = zext i1 %is to i32
  store i32 %flag, ptr addrspace(3) @last
  br label %wait
wait:
  call void @llvm.nvvm.barrier0()
  %l = load i32, ptr addrspace(3) @last
  %am = icmp ne i32 %l, 0
  %do = and i1 %am, %first
  br i1 %do, label %sum, label %done
sum:
  %s0p = getelementptr [8 x i32], ptr addrspace(1) @partials, i32 0, i32 0
  %s0 = load i32, ptr addrspace(1) %s0p
  %s1p = getelementptr [8 x i32], ptr addrspace(1) @partials, i32 0, i32 1
  %s1 = load i32, ptr addrspace(1) %s1p
  %s = add i32 %s0, %s1
  store i32 %s, ptr addrspace(1) %total
  store i32 0, ptr addrspace(1) @ticket
  br label %done
done:
  ret void
}

define ptx_kernel void @shuffle(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %v = load i32, ptr addrspace(1) %p
  %mine = getelementptr [64 x i32], ptr addrspace(3) @lanes, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %mine
  %x = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %lane = and i32 %t, 31
  %odd = icmp eq i32 %lane, 31
  %t1 = add i32 %t, 1
  %n = select i1 %odd, i32 %t, i32 %t1
  %next = getelementptr [64 x i32], ptr addrspace(3) @lanes, i32 0, i32 %n
  %w = load i32, ptr addrspace(3) %next
  %r = add i32 %w, %x
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @unsynced(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %v = load i32, ptr addrspace(1) %p
  %mine = getelementptr [64 x i32], ptr addrspace(3) @plain, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %mine
  %lane = and i32 %t, 31
  %odd = icmp eq i32 %lane, 31
  %t1 = add i32 %t, 1
  %n = select i1 %odd, i32 %t, i32 %t1
  %next = getelementptr [64 x i32], ptr addrspace(3) @plain, i32 0, i32 %n
  %w = load i32, ptr addrspace(3) %next
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %w, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @unfenced(ptr addrspace(1) %in, ptr addrspace(1) %total) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nb = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %publish, label %wait
publish:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %b
  %v = load i32, ptr addrspace(1) %p
  %slot = getelementptr [8 x i32], ptr addrspace(1) @partials2, i32 0, i32 %b
  store i32 %v, ptr addrspace(1) %slot
  %k = atomicrmw add ptr addrspace(1) @ticket2, i32 1 monotonic
  %lastk = sub i32 %nb, 1
  %is = icmp eq i32 %k, %lastk
  %flag = zext i1 %is to i32
  store i32 %flag, ptr addrspace(3) @last
  br label %wait
wait:
  call void @llvm.nvvm.barrier0()
  %l = load i32, ptr addrspace(3) @last
  %am = icmp ne i32 %l, 0
  %do = and i1 %am, %first
  br i1 %do, label %sum, label %done
sum:
  %s0p = getelementptr [8 x i32], ptr addrspace(1) @partials2, i32 0, i32 0
  %s0 = load i32, ptr addrspace(1) %s0p
  %s1p = getelementptr [8 x i32], ptr addrspace(1) @partials2, i32 0, i32 1
  %s1 = load i32, ptr addrspace(1) %s1p
  %s = add i32 %s0, %s1
  store i32 %s, ptr addrspace(1) %total
  store i32 0, ptr addrspace(1) @ticket2
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.gl()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
