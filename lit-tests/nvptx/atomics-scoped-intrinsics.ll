; CUDA's block-scope atomics (atomicAdd_block, atomicMax_block, atomicCAS_block...) are the
; llvm.nvvm.atomic.<op>.gen.<i|f>.cta.* intrinsics: the same atom instructions as atomicrmw, at the
; default (GPU) scope, which orders at least as much as the CTA scope. The system scope is refused.
; ori check runs them against LLVM's JIT with threads contending on a few words.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: not ori llc %S/Inputs/atomic-sys-scope.ll -o %t.sys.ptx 2>&1 | FileCheck %s --check-prefix=SYS
; REQUIRES: ptxas
; EXEC: block_atomics: ok (jit
; SYS: ori: error: unsupported system-scope atomic intrinsic llvm.nvvm.atomic.add.gen.i.sys.i32.p0 in function @k
; CHECK-LABEL: .entry block_atomics
; CHECK-DAG: atom.global.add.f32
; CHECK-DAG: atom{{(.global)?}}.add.u32
; CHECK-DAG: atom{{(.global)?}}.max.s32
; CHECK-DAG: atom{{(.global)?}}.cas.b32
; CHECK-DAG: atom{{(.global)?}}.exch.b64

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr, i32, i32)
declare i64 @llvm.nvvm.atomic.exch.gen.i.cta.i64.p0(ptr, i64)

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
