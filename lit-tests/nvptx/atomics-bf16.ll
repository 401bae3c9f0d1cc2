; bfloat atomics on sm_90, as llc-19 compiles them: fadd is the native atom.add.noftz.bf16 (generic,
; global and shared, through .b16 registers); fsub, fmax, fmin and xchg are compare-and-swap loops
; on the aligned word that holds the value. Every thread of a CTA adds into the same shared and
; global elements, small integers whose sums bf16 holds exactly, so the result is the same in any
; order; `ori check` compares with LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: bf16_atomics: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

@acc = internal addrspace(3) global [4 x bfloat] undef, align 8

; CHECK-LABEL: .entry bf16_atomics
; CHECK: atom.shared.add.noftz.bf16 %ha1, [{{%rd[0-9]+}}], %ha0;
; CHECK: atom.shared.cas.b32
; CHECK: atom.shared.cas.b32
; CHECK: atom.global.add.noftz.bf16 %ha1, [{{%rd[0-9]+}}], %ha0;
; CHECK: atom.global.add.noftz.bf16 %ha1, [{{%rd[0-9]+}}], %ha0;
define ptx_kernel void @bf16_atomics(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t0 = icmp eq i32 %t, 0
  br i1 %t0, label %init, label %go

init:
  store bfloat 0.0, ptr addrspace(3) @acc
  store bfloat 0.0, ptr addrspace(3) getelementptr ([4 x bfloat], ptr addrspace(3) @acc, i32 0, i32 1)
  store bfloat 0.0, ptr addrspace(3) getelementptr ([4 x bfloat], ptr addrspace(3) @acc, i32 0, i32 2)
  br label %go

go:
  call void @llvm.nvvm.barrier0()
  %k = and i32 %t, 3
  %kf = uitofp i32 %k to bfloat
  ; shared: sum of k over the CTA, a max and a decreasing sum
  %o0 = atomicrmw fadd ptr addrspace(3) @acc, bfloat %kf monotonic
  %p1 = getelementptr [4 x bfloat], ptr addrspace(3) @acc, i32 0, i32 1
  %o1 = atomicrmw fmax ptr addrspace(3) %p1, bfloat %kf monotonic
  %p2 = getelementptr [4 x bfloat], ptr addrspace(3) @acc, i32 0, i32 2
  %o2 = atomicrmw fsub ptr addrspace(3) %p2, bfloat %kf monotonic
  ; global: one element per CTA, and the same through a generic pointer (which ori finds global)
  %gc = getelementptr bfloat, ptr addrspace(1) %g, i32 %c
  %o3 = atomicrmw fadd ptr addrspace(1) %gc, bfloat %kf syncscope("device") monotonic
  %gen = addrspacecast ptr addrspace(1) %gc to ptr
  %o4 = atomicrmw fadd ptr %gen, bfloat 1.0 monotonic
  call void @llvm.nvvm.barrier0()
  br i1 %t0, label %write, label %done

write:
  %s0 = load bfloat, ptr addrspace(3) @acc
  %s1 = load bfloat, ptr addrspace(3) %p1
  %s2 = load bfloat, ptr addrspace(3) %p2
  %base = mul i32 %c, 3
  %q0 = getelementptr bfloat, ptr addrspace(1) %out, i32 %base
  store bfloat %s0, ptr addrspace(1) %q0
  %q1 = getelementptr bfloat, ptr addrspace(1) %q0, i32 1
  store bfloat %s1, ptr addrspace(1) %q1
  %q2 = getelementptr bfloat, ptr addrspace(1) %q0, i32 2
  store bfloat %s2, ptr addrspace(1) %q2
  br label %done

done:
  ret void
}
