; The sm_90 synchronization, asynchronous-copy and cluster intrinsics, in llc-19's PTX:
; elect.sync, mbarrier (init / arrive / arrive.noComplete / arrive_drop / test_wait /
; pending_count / inval, shared and generic), cp.async (ca/cg, 4/8/16 bytes, the zero-filling
; form, commit_group / wait_group / wait_all, cp.async.mbarrier.arrive), getctarank, mapa,
; %is_explicit_cluster and the cluster special registers, barrier.cluster.arrive/wait,
; fence.proxy.async / alias, clock64 / globaltimer / nanosleep. ori check runs them against the
; JIT: every CTA is a cluster of one (the launch has no cluster dimensions), a cp.async copies at
; once, a warp whose test_wait fails gives the other warps their turn (interp/simt/sm90.rs).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: not ori llc %S/Inputs/mbarrier-try-wait.ll 2>&1 | FileCheck %s --check-prefix=TRYWAIT
; REQUIRES: ptxas
; EXEC: elect_leader: ok (jit
; EXEC: mbarrier_handoff: ok (jit
; EXEC: mbarrier_generic: ok (jit
; EXEC: cp_async_copy: ok (jit
; EXEC: cp_async_barrier: ok (jit
; EXEC: cluster_of_one: ok (jit
; TRYWAIT: ori: error: unsupported intrinsic llvm.nvvm.mbarrier.try_wait.shared (not an LLVM 19 intrinsic

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
declare {i32, i1} @llvm.nvvm.elect.sync(i32)
declare void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3), i32)
declare void @llvm.nvvm.mbarrier.init(ptr, i32)
declare void @llvm.nvvm.mbarrier.inval.shared(ptr addrspace(3))
declare void @llvm.nvvm.mbarrier.inval(ptr)
declare i64 @llvm.nvvm.mbarrier.arrive.shared(ptr addrspace(3))
declare i64 @llvm.nvvm.mbarrier.arrive(ptr)
declare i64 @llvm.nvvm.mbarrier.arrive.noComplete(ptr, i32)
declare i64 @llvm.nvvm.mbarrier.arrive.drop.shared(ptr addrspace(3))
declare i1 @llvm.nvvm.mbarrier.test.wait.shared(ptr addrspace(3), i64)
declare i1 @llvm.nvvm.mbarrier.test.wait(ptr, i64)
declare i32 @llvm.nvvm.mbarrier.pending.count(i64)
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
declare void @llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared(ptr addrspace(3))
declare void @llvm.nvvm.cp.async.mbarrier.arrive.shared(ptr addrspace(3))
declare i32 @llvm.nvvm.getctarank(ptr)
declare i32 @llvm.nvvm.getctarank.shared.cluster(ptr addrspace(3))
declare ptr @llvm.nvvm.mapa(ptr, i32)
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
declare i1 @llvm.nvvm.is_explicit_cluster()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.barrier.cluster.wait()
declare void @llvm.nvvm.barrier.cluster.arrive.relaxed.aligned()
declare void @llvm.nvvm.barrier.cluster.wait.aligned()
declare void @llvm.nvvm.fence.proxy.async()
declare void @llvm.nvvm.fence.proxy.alias()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
declare void @llvm.nvvm.nanosleep(i32)

@bar = internal addrspace(3) global i64 undef, align 8
@bar2 = internal addrspace(3) global i64 undef, align 8
@sh = internal addrspace(3) global [64 x i32] undef, align 16
@stage = internal addrspace(3) global [256 x i32] undef, align 16

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  ret i32 %g
}

; The lowest lane of each member mask leads: the even lanes and the odd lanes elect apart.
; CHECK-LABEL: .entry elect_leader(
; CHECK: elect.sync {{%r[0-9]+}}|{{%p[0-9]+}}, {{%r[0-9]+}};
define ptx_kernel void @elect_leader(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  %mask = select i1 %c, i32 1431655765, i32 -1431655766
  %r = call {i32, i1} @llvm.nvvm.elect.sync(i32 %mask)
  %lane = extractvalue {i32, i1} %r, 0
  %lead = extractvalue {i32, i1} %r, 1
  %l32 = zext i1 %lead to i32
  %l100 = mul i32 %l32, 100
  %v = add i32 %lane, %l100
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; Every thread writes its slot, arrives and waits (spinning on test_wait) for the phase, then
; reads a slot of another warp: the mbarrier orders the handoff.
; CHECK-LABEL: .entry mbarrier_handoff(
; CHECK: mbarrier.init.shared.b64 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK: mbarrier.arrive.shared.b64 [[S:%rd[0-9]+]], [{{%rd[0-9]+}}];
; CHECK: mbarrier.test_wait.shared.b64 {{%p[0-9]+}}, [{{%rd[0-9]+}}], [[S]];
; CHECK: mbarrier.pending_count.b64 {{%r[0-9]+}}, [[S]];
define ptx_kernel void @mbarrier_handoff(ptr addrspace(1) %out, ptr addrspace(1) %pend) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %g = call i32 @gid()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go
init:
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 %n)
  br label %go
go:
  call void @llvm.nvvm.barrier0()
  %slot = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  %v = mul i32 %g, 3
  store i32 %v, ptr addrspace(3) %slot
  %state = call i64 @llvm.nvvm.mbarrier.arrive.shared(ptr addrspace(3) @bar)
  br label %wait
wait:
  %done = call i1 @llvm.nvvm.mbarrier.test.wait.shared(ptr addrspace(3) @bar, i64 %state)
  br i1 %done, label %read, label %wait
read:
  %o = add i32 %t, 37
  %w = and i32 %o, 63
  %other = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %w
  %x = load i32, ptr addrspace(3) %other
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x, ptr addrspace(1) %p
  %left = call i32 @llvm.nvvm.mbarrier.pending.count(i64 %state)
  %pp = getelementptr i32, ptr addrspace(1) %pend, i32 %g
  store i32 %left, ptr addrspace(1) %pp
  ret void
}

; Generic pointers: thread 0 arrives with noComplete before the CTA barrier (so never last),
; then every thread arrives once (the last one with arrive_drop: the next phase expects one
; arrival fewer) and waits; thread 0 invalidates the object after another barrier.
; CHECK-LABEL: .entry mbarrier_generic(
; CHECK: mbarrier.init.b64 [{{%rd[0-9]+}}],
; CHECK: mbarrier.arrive.noComplete.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 1;
; CHECK: mbarrier.arrive_drop.shared.b64
; CHECK: mbarrier.test_wait.b64
; CHECK: mbarrier.inval.shared.b64
define ptx_kernel void @mbarrier_generic(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %g = call i32 @gid()
  %gb = addrspacecast ptr addrspace(3) @bar2 to ptr
  %first = icmp eq i32 %t, 0
  %n1 = add i32 %n, 1
  br i1 %first, label %init, label %go
init:
  call void @llvm.nvvm.mbarrier.init(ptr %gb, i32 %n1)
  %s0 = call i64 @llvm.nvvm.mbarrier.arrive.noComplete(ptr %gb, i32 1)
  br label %go
go:
  call void @llvm.nvvm.barrier0()
  %last = sub i32 %n, 1
  %is_last = icmp eq i32 %t, %last
  br i1 %is_last, label %drop, label %plain
drop:
  %sd = call i64 @llvm.nvvm.mbarrier.arrive.drop.shared(ptr addrspace(3) @bar2)
  br label %arrived
plain:
  %s1 = call i64 @llvm.nvvm.mbarrier.arrive(ptr %gb)
  br label %arrived
arrived:
  %s = phi i64 [ %sd, %drop ], [ %s1, %plain ]
  br label %wait
wait:
  %done = call i1 @llvm.nvvm.mbarrier.test.wait(ptr %gb, i64 %s)
  br i1 %done, label %after, label %wait
after:
  call void @llvm.nvvm.barrier0()
  br i1 %first, label %kill, label %fin
kill:
  call void @llvm.nvvm.mbarrier.inval.shared(ptr addrspace(3) @bar2)
  br label %fin
fin:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %t, ptr addrspace(1) %p
  ret void
}

; Each thread copies 16 bytes (cg), then 8 and 4 (ca), then 16 of which only %k come from the
; source (the rest zeroed), waits for its groups and reads another thread's copy.
; CHECK-LABEL: .entry cp_async_copy(
; CHECK: cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16;
; CHECK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8;
; CHECK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
; CHECK: cp.async.commit_group;
; CHECK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16, {{%r[0-9]+}};
; CHECK: cp.async.wait_group 1;
; CHECK: cp.async.wait_all;
define ptx_kernel void @cp_async_copy(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %k) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = call i32 @gid()
  %t4 = mul i32 %t, 4
  %g4 = mul i32 %g, 4
  %dst = getelementptr [256 x i32], ptr addrspace(3) @stage, i32 0, i32 %t4
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %g4
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %dst, ptr addrspace(1) %src)
  call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %dst, ptr addrspace(1) %src)
  %d3 = getelementptr i32, ptr addrspace(3) %dst, i32 3
  %s1 = getelementptr i32, ptr addrspace(1) %src, i32 1
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %d3, ptr addrspace(1) %s1)
  call void @llvm.nvvm.cp.async.commit.group()
  %odd = and i32 %t, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %zfill, label %wait
zfill:
  %km = and i32 %k, 15
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 %km)
  call void @llvm.nvvm.cp.async.commit.group()
  br label %wait
wait:
  call void @llvm.nvvm.cp.async.wait.group(i32 1)
  call void @llvm.nvvm.cp.async.wait.all()
  call void @llvm.nvvm.barrier0()
  %o = xor i32 %t4, 4
  %w = getelementptr [256 x i32], ptr addrspace(3) @stage, i32 0, i32 %o
  %a = load <4 x i32>, ptr addrspace(3) %w, align 16
  %a0 = extractelement <4 x i32> %a, i32 0
  %a1 = extractelement <4 x i32> %a, i32 1
  %a2 = extractelement <4 x i32> %a, i32 2
  %a3 = extractelement <4 x i32> %a, i32 3
  %x0 = xor i32 %a0, %a1
  %x1 = mul i32 %a2, 7
  %x2 = add i32 %x0, %x1
  %x = add i32 %x2, %a3
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x, ptr addrspace(1) %p
  ret void
}

; The copies arrive on an mbarrier (cp.async.mbarrier.arrive.noinc: one arrival per thread);
; the plain form adds its own arrival first, so it changes nothing.
; CHECK-LABEL: .entry cp_async_barrier(
; CHECK: cp.async.mbarrier.arrive.shared.b64 [{{%rd[0-9]+}}];
; CHECK: cp.async.mbarrier.arrive.noinc.shared.b64 [{{%rd[0-9]+}}];
define ptx_kernel void @cp_async_barrier(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %g = call i32 @gid()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go
init:
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 %n)
  br label %go
go:
  call void @llvm.nvvm.barrier0()
  %dst = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %g
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %dst, ptr addrspace(1) %src)
  call void @llvm.nvvm.cp.async.mbarrier.arrive.shared(ptr addrspace(3) @bar)
  call void @llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared(ptr addrspace(3) @bar)
  br label %wait
wait:
  %done = call i1 @llvm.nvvm.mbarrier.test.wait.shared(ptr addrspace(3) @bar, i64 0)
  br i1 %done, label %read, label %wait
read:
  %r = sub i32 63, %t
  %other = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %r
  %x = load i32, ptr addrspace(3) %other
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x, ptr addrspace(1) %p
  ret void
}

; A cluster of one CTA: rank 0, mapa of rank 0 is the address itself, the cluster barrier is a
; CTA barrier.
; CHECK-LABEL: .entry cluster_of_one(
; CHECK: getctarank.shared::cluster.u64 {{%r[0-9]+}}, {{%rd[0-9]+}};
; CHECK: mapa.shared::cluster.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0;
; CHECK: barrier.cluster.arrive;
; CHECK: barrier.cluster.wait;
; CHECK: mapa.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0;
; CHECK: getctarank.u64
; CHECK: mov.pred {{%p[0-9]+}}, %is_explicit_cluster;
; CHECK: barrier.cluster.arrive.relaxed.aligned;
; CHECK: barrier.cluster.wait.aligned;
; CHECK: fence.proxy.async;
; CHECK: fence.proxy.alias;
define ptx_kernel void @cluster_of_one(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = call i32 @gid()
  %slot = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  %rank = call i32 @llvm.nvvm.getctarank.shared.cluster(ptr addrspace(3) %slot)
  %mine = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %slot, i32 0)
  %v = add i32 %g, %rank
  store i32 %v, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier.cluster.arrive()
  call void @llvm.nvvm.barrier.cluster.wait()
  %o = xor i32 %t, 1
  %other = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %o
  %og = addrspacecast ptr addrspace(3) %other to ptr
  %m = call ptr @llvm.nvvm.mapa(ptr %og, i32 0)
  %x = load i32, ptr %m
  %r2 = call i32 @llvm.nvvm.getctarank(ptr %m)
  %e = call i1 @llvm.nvvm.is_explicit_cluster()
  %e32 = zext i1 %e to i32
  %cr = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  %cn = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  %ci = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
  call void @llvm.nvvm.barrier.cluster.arrive.relaxed.aligned()
  call void @llvm.nvvm.barrier.cluster.wait.aligned()
  call void @llvm.nvvm.fence.proxy.async()
  call void @llvm.nvvm.fence.proxy.alias()
  %c0 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  call void @llvm.nvvm.nanosleep(i32 100)
  %c1 = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  %dc = sub i64 %c1, %c0
  %dc32 = trunc i64 %dc to i32
  %s1 = add i32 %x, %r2
  %s2 = mul i32 %e32, 1000
  %s3 = add i32 %s1, %s2
  %s4 = mul i32 %cn, 10000
  %s5 = add i32 %s3, %s4
  %s6 = add i32 %s5, %cr
  %s7 = mul i32 %ci, 100000
  %s8 = add i32 %s6, %s7
  %s = add i32 %s8, %dc32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s, ptr addrspace(1) %p
  ret void
}
