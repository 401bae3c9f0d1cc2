; Orderings and scopes of atomics, as llc-19 compiles them for sm_90. atomicrmw and cmpxchg are the
; same `atom` (PTX's default .relaxed.gpu) whatever the ordering and syncscope, with no fence: llc-19
; expresses neither (clang compiles CUDA's atomicAdd to a seq_cst system-scope atomicrmw and relies
; on this). load/store atomic: unordered is a plain access, monotonic a .volatile one (llc-19's
; forms); acquire/seq_cst loads and release/seq_cst stores, which llc-19 cannot select, are
; ld.acquire / st.release at the syncscope's scope (block .cta, cluster .cluster, device .gpu,
; system .sys), seq_cst with fence.sc first. `ori check` runs the kernels against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: rmw_orderings: ok (jit
; EXEC: message_passing: ok (jit
; EXEC: ordered_types: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

@sum = internal addrspace(3) global i32 undef, align 4
@flags = internal addrspace(3) global [64 x i32] undef, align 4
@data = internal addrspace(3) global [64 x i32] undef, align 4

; Every ordering and scope gives the same atom; no fence anywhere.
; CHECK-LABEL: .entry rmw_orderings
; CHECK-NOT: fence
; CHECK-NOT: membar
; CHECK-COUNT-10: atom.global.add.u32
; CHECK: atom.shared.add.u32
; CHECK-COUNT-4: atom.global.cas.b32
; CHECK: atom.global.cas.b64
; CHECK-NOT: fence
; CHECK: ret;
define ptx_kernel void @rmw_orderings(ptr addrspace(1) %g, ptr addrspace(1) %g64, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go

init:
  store i32 0, ptr addrspace(3) @sum
  br label %go

go:
  call void @llvm.nvvm.barrier0()
  %a0 = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %a1 = atomicrmw add ptr addrspace(1) %g, i32 2 acquire
  %a2 = atomicrmw add ptr addrspace(1) %g, i32 3 release
  %a3 = atomicrmw add ptr addrspace(1) %g, i32 4 acq_rel
  %a4 = atomicrmw add ptr addrspace(1) %g, i32 5 seq_cst
  %a5 = atomicrmw add ptr addrspace(1) %g, i32 6 syncscope("block") seq_cst
  %a6 = atomicrmw add ptr addrspace(1) %g, i32 7 syncscope("cluster") acquire
  %a7 = atomicrmw add ptr addrspace(1) %g, i32 8 syncscope("device") release
  %a8 = atomicrmw add ptr addrspace(1) %g, i32 9 syncscope("singlethread") monotonic
  %a9 = atomicrmw volatile add ptr addrspace(1) %g, i32 10 seq_cst
  %s = atomicrmw add ptr addrspace(3) @sum, i32 %t syncscope("block") acq_rel
  %p1 = getelementptr i32, ptr addrspace(1) %g, i32 1
  %x0 = cmpxchg ptr addrspace(1) %p1, i32 0, i32 0 monotonic monotonic
  %x1 = cmpxchg ptr addrspace(1) %p1, i32 0, i32 0 acq_rel acquire
  %x2 = cmpxchg weak ptr addrspace(1) %p1, i32 0, i32 0 syncscope("block") seq_cst seq_cst
  %x3 = cmpxchg ptr addrspace(1) %p1, i32 0, i32 0 syncscope("device") release monotonic
  %x4 = cmpxchg ptr addrspace(1) %g64, i64 0, i64 0 syncscope("cluster") acquire monotonic
  call void @llvm.nvvm.barrier0()
  br i1 %first, label %dump, label %done

dump:
  %tot = load i32, ptr addrspace(3) @sum
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %c
  store i32 %tot, ptr addrspace(1) %po
  br label %done

done:
  ret void
}

; Thread t publishes data[t] and then a flag with a release (or seq_cst) store; after the barrier
; thread t reads its neighbour's flag with an acquire (or seq_cst, monotonic, unordered) load, and
; then the data.
; CHECK-LABEL: .entry message_passing
; CHECK: st.shared.b32
; CHECK: st.release.cta.shared.b32
; CHECK: fence.sc.gpu;
; CHECK-NEXT: st.release.gpu.global.b32
; CHECK: st.release.sys.global.b32
; CHECK: bar.sync 0;
; CHECK: ld.acquire.cta.shared.b32
; CHECK: fence.sc.cluster;
; CHECK-NEXT: ld.acquire.cluster.global.b32
; CHECK: ld.volatile.global.b32
; CHECK: ld.global.b32
; CHECK: ld.acquire.sys.global.b32
; CHECK: ret;
define ptx_kernel void @message_passing(ptr addrspace(1) %in, ptr addrspace(1) %gflag, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %pd = getelementptr [64 x i32], ptr addrspace(3) @data, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %pd
  %pf = getelementptr [64 x i32], ptr addrspace(3) @flags, i32 0, i32 %t
  store atomic i32 1, ptr addrspace(3) %pf syncscope("block") release, align 4
  %pg = getelementptr i32, ptr addrspace(1) %gflag, i32 %i
  store atomic i32 %x, ptr addrspace(1) %pg syncscope("device") seq_cst, align 4
  %i2 = add i32 %i, 128
  %pg2 = getelementptr i32, ptr addrspace(1) %gflag, i32 %i2
  store atomic i32 %t, ptr addrspace(1) %pg2 release, align 4
  call void @llvm.nvvm.barrier0()
  %n0 = add i32 %t, 1
  %n = and i32 %n0, 63
  %pfn = getelementptr [64 x i32], ptr addrspace(3) @flags, i32 0, i32 %n
  %f = load atomic i32, ptr addrspace(3) %pfn syncscope("block") acquire, align 4
  %pdn = getelementptr [64 x i32], ptr addrspace(3) @data, i32 0, i32 %n
  %d = load i32, ptr addrspace(3) %pdn
  %j = add i32 %cb, %n
  %pgn = getelementptr i32, ptr addrspace(1) %gflag, i32 %j
  %g0 = load atomic i32, ptr addrspace(1) %pgn syncscope("cluster") seq_cst, align 4
  %g1 = load atomic i32, ptr addrspace(1) %pgn monotonic, align 4
  %g2 = load atomic i32, ptr addrspace(1) %pgn unordered, align 4
  %j2 = add i32 %j, 128
  %pgn2 = getelementptr i32, ptr addrspace(1) %gflag, i32 %j2
  %g3 = load atomic i32, ptr addrspace(1) %pgn2 acquire, align 4
  %r0 = mul i32 %f, %d
  %r1 = add i32 %r0, %g0
  %r2 = xor i32 %r1, %g1
  %r3 = add i32 %r2, %g2
  %r4 = mul i32 %r3, %g3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r4, ptr addrspace(1) %po
  ret void
}

; Ordered loads and stores of every width and type, through global, shared and generic pointers.
; CHECK-LABEL: .entry ordered_types
; CHECK: st.release.sys.global.u8
; CHECK: st.release.cta.global.u16
; CHECK: fence.sc.sys;
; CHECK-NEXT: st.release.sys.global.b64
; CHECK: st.release.gpu.global.b32
; CHECK: st.release.cluster.global.b64
; CHECK: st.release.sys.global.u16
; CHECK: st.release.sys.global.b64
; CHECK: st.volatile.global.b32
; CHECK: ld.acquire.sys.global.u8
; CHECK: ld.acquire.cta.global.u16
; CHECK: fence.sc.sys;
; CHECK-NEXT: ld.acquire.sys.global.b64
; CHECK: ld.acquire.gpu.global.b32
; CHECK: ld.acquire.cluster.global.b64
; CHECK: ld.acquire.sys.global.u16
; CHECK: ld.acquire.sys.global.b64
; CHECK: ret;
define ptx_kernel void @ordered_types(ptr addrspace(1) %in, ptr addrspace(1) %buf, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pi = getelementptr i64, ptr addrspace(1) %in, i32 %i
  %x = load i64, ptr addrspace(1) %pi
  %base = mul i32 %i, 64
  %p = getelementptr i8, ptr addrspace(1) %buf, i32 %base
  %x8 = trunc i64 %x to i8
  %x16 = trunc i64 %x to i16
  %x32 = trunc i64 %x to i32
  %xf = sitofp i64 %x to float
  %xd = sitofp i64 %x to double
  %xh = sitofp i64 %x to half
  %p1 = getelementptr i8, ptr addrspace(1) %p, i32 2
  %p2 = getelementptr i8, ptr addrspace(1) %p, i32 8
  %p3 = getelementptr i8, ptr addrspace(1) %p, i32 16
  %p4 = getelementptr i8, ptr addrspace(1) %p, i32 24
  %p5 = getelementptr i8, ptr addrspace(1) %p, i32 32
  %p6 = getelementptr i8, ptr addrspace(1) %p, i32 40
  %p7 = getelementptr i8, ptr addrspace(1) %p, i32 48
  %gen = addrspacecast ptr addrspace(1) %p6 to ptr
  store atomic i8 %x8, ptr addrspace(1) %p release, align 1
  store atomic i16 %x16, ptr addrspace(1) %p1 syncscope("block") release, align 2
  store atomic i64 %x, ptr addrspace(1) %p2 seq_cst, align 8
  store atomic float %xf, ptr addrspace(1) %p3 syncscope("device") release, align 4
  store atomic double %xd, ptr addrspace(1) %p4 syncscope("cluster") release, align 8
  store atomic half %xh, ptr addrspace(1) %p5 release, align 2
  %self = addrspacecast ptr addrspace(1) %p to ptr
  store atomic ptr %self, ptr %gen release, align 8
  store atomic i32 %x32, ptr addrspace(1) %p7 monotonic, align 4
  %l0 = load atomic i8, ptr addrspace(1) %p acquire, align 1
  %l1 = load atomic i16, ptr addrspace(1) %p1 syncscope("block") acquire, align 2
  %l2 = load atomic i64, ptr addrspace(1) %p2 seq_cst, align 8
  %l3 = load atomic float, ptr addrspace(1) %p3 syncscope("device") acquire, align 4
  %l4 = load atomic double, ptr addrspace(1) %p4 syncscope("cluster") acquire, align 8
  %l5 = load atomic half, ptr addrspace(1) %p5 acquire, align 2
  %l6 = load atomic ptr, ptr %gen acquire, align 8
  %l7 = load atomic i32, ptr addrspace(1) %p7 monotonic, align 4
  %e0 = zext i8 %l0 to i64
  %e1 = sext i16 %l1 to i64
  %e3 = fptosi float %l3 to i64
  %e4 = fptosi double %l4 to i64
  %e5 = fptosi half %l5 to i64
  %e6 = ptrtoint ptr %l6 to i64
  %e6s = ptrtoint ptr %self to i64
  %e6d = sub i64 %e6, %e6s
  %e7 = zext i32 %l7 to i64
  %s0 = add i64 %e0, %e1
  %s1 = xor i64 %s0, %l2
  %s2 = add i64 %s1, %e3
  %s3 = mul i64 %s2, %e4
  %s4 = add i64 %s3, %e5
  %s5 = add i64 %s4, %e6d
  %s6 = xor i64 %s5, %e7
  ; The pointer's bits differ between the JIT and the device: overwrite them.
  store i64 %s6, ptr addrspace(1) %p6
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %i
  store i64 %s6, ptr addrspace(1) %po
  ret void
}
