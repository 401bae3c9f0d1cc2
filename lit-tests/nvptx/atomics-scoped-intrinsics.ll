; CUDA's scoped atomics: atomicAdd_block, atomicMax_block, atomicCAS_block... are the
; llvm.nvvm.atomic.<op>.gen.<i|f>.cta.* intrinsics, atomicAdd_system and friends the .sys ones: the
; atom instructions of atomicrmw with the scope written (.cta / .sys; the default .gpu is not).
; ori check runs both kernels against LLVM's JIT with threads contending on a few words.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC-DAG: block_atomics: ok (jit
; EXEC-DAG: system_atomics: ok (jit
; CHECK-LABEL: .entry block_atomics
; CHECK-DAG: atom.cta.global.add.f32
; CHECK-DAG: atom.cta{{(.global)?}}.add.u32
; CHECK-DAG: atom.cta{{(.global)?}}.max.s32
; CHECK-DAG: atom.cta{{(.global)?}}.cas.b32
; CHECK-DAG: atom.cta{{(.global)?}}.exch.b64
; CHECK-LABEL: .entry system_atomics
; CHECK-DAG: atom.sys{{(.global)?}}.add.u32
; CHECK-DAG: atom.sys{{(.global)?}}.min.s32
; CHECK-DAG: atom.sys{{(.global)?}}.inc.u32
; CHECK-DAG: atom.sys{{(.global)?}}.add.f64
; CHECK-DAG: atom.sys{{(.global)?}}.cas.b64
; CHECK-NOT: atom.gpu

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr, i32, i32)
declare i64 @llvm.nvvm.atomic.exch.gen.i.cta.i64.p0(ptr, i64)
declare i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.min.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr, i32)
declare double @llvm.nvvm.atomic.add.gen.f.sys.f64.p0(ptr, double)
declare i64 @llvm.nvvm.atomic.cas.gen.i.sys.i64.p0(ptr, i64, i64)

define ptx_kernel void @block_atomics(ptr addrspace(1) %acc, ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %xs = and i32 %x, 255
  %xf = uitofp i32 %xs to float
  %g = addrspacecast ptr addrspace(1) %acc to ptr
  %o1 = call float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %g, float %xf)
  %g1 = getelementptr i32, ptr %g, i32 1
  %o2 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %g1, i32 %xs)
  %g2 = getelementptr i32, ptr %g, i32 2
  %o3 = call i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr %g2, i32 %x)
  %g3 = getelementptr i32, ptr %g, i32 3
  ; Only the thread that finds the word at 0 installs its id plus one.
  %t1 = add i32 %t, 1
  %o4 = call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr %g3, i32 0, i32 %t1)
  %g4 = getelementptr i64, ptr %g, i32 2
  %w = zext i32 %t to i64
  %o5 = call i64 @llvm.nvvm.atomic.exch.gen.i.cta.i64.p0(ptr %g4, i64 %w)
  ; The old values depend on the order of the threads: only the final memory is written out.
  %s = add i32 %o2, %o3
  %keep = icmp eq i32 %s, -1
  br i1 %keep, label %w1, label %done
w1:
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %o4, ptr addrspace(1) %po
  %pf = getelementptr float, ptr addrspace(1) %out, i32 1
  store float %o1, ptr addrspace(1) %pf
  %pl = getelementptr i64, ptr addrspace(1) %out, i32 2
  store i64 %o5, ptr addrspace(1) %pl
  br label %done
done:
  ret void
}

; atomicAdd_system and friends: the final memory is deterministic (sums, a minimum, a bounded
; wrapping counter, the one thread whose compare-and-swap finds zero).
define ptx_kernel void @system_atomics(ptr addrspace(1) %acc, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %xs = and i32 %x, 1023
  %g = addrspacecast ptr addrspace(1) %acc to ptr
  %o1 = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %g, i32 %xs)
  %g1 = getelementptr i32, ptr %g, i32 1
  %o2 = call i32 @llvm.nvvm.atomic.min.gen.i.sys.i32.p0(ptr %g1, i32 %x)
  %g2 = getelementptr i32, ptr %g, i32 2
  %o3 = call i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr %g2, i32 1000000)
  %g3 = getelementptr double, ptr %g, i32 2
  %xd = uitofp i32 %xs to double
  %o4 = call double @llvm.nvvm.atomic.add.gen.f.sys.f64.p0(ptr %g3, double %xd)
  %g4 = getelementptr i64, ptr %g, i32 3
  %t1 = add i32 %t, 1
  %w = zext i32 %t1 to i64
  %o5 = call i64 @llvm.nvvm.atomic.cas.gen.i.sys.i64.p0(ptr %g4, i64 0, i64 %w)
  ret void
}
