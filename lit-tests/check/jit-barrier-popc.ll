; barrier0.popc counts the CTA's threads whose predicate holds, barrier0.and / barrier0.or combine
; the predicates; each is also a full barrier. The LLVM JIT reference runs them (its semantics are
; unit-tested against counts computed from the inputs: llvm::reference::tests), and ori lowers
; them to bar.red.popc (lit-tests/nvptx/barrier-reductions.ll), so the two are compared.
; RUN: ori check %s | FileCheck %s
; CHECK: popc: ok (jit;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @popc(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %x3 = and i32 %x, 3
  %p = icmp eq i32 %x3, 0
  %pz = zext i1 %p to i32
  %cnt = call i32 @llvm.nvvm.barrier0.popc(i32 %pz)
  %lt = icmp ult i32 %x, 64
  %ltz = zext i1 %lt to i32
  %all = call i32 @llvm.nvvm.barrier0.and(i32 %ltz)
  %eq = icmp eq i32 %x, 63
  %eqz = zext i1 %eq to i32
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %eqz)
  %v1 = mul i32 %cnt, 4
  %v2 = shl i32 %all, 1
  %v3 = or i32 %v1, %v2
  %v4 = or i32 %v3, %any
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v4, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
