; Inline PTX in the LLVM JIT reference: a template that is one instruction of its table (bfind,
; shf, brev, popc, clz, mov from a special register, bar/barrier, membar/fence) is translated to
; LLVM IR, so `bits` is compared with the JIT. Other templates of the PTX subset (`lop3` here) run
; in both through the evaluator they share (interp/ptx_block, `ori.ref.asm` in the reference).
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; CHECK: bits: ok (jit;
; CHECK: lop: ok (jit;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bits(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %h = mul i32 %x, -1640531535
  %f = call i32 asm "bfind.shiftamt.u32 $0, $1;", "=r,r"(i32 %x)
  %g = call i32 asm "bfind.s32 $0, $1;", "=r,r"(i32 %h)
  %s = call i32 asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %h, i32 %x, i32 %t)
  %c = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %h, i32 %t, i32 %x)
  %p = call i32 asm "popc.b32 $0, $1;", "=r,r"(i32 %h)
  %z = call i32 asm "clz.b32 $0, $1;", "=r,r"(i32 %s)
  %r = call i32 asm "brev.b32 $0, $1;", "=r,r"(i32 %c)
  %a1 = xor i32 %f, %g
  %a2 = add i32 %a1, %s
  %a3 = xor i32 %a2, %c
  %a4 = mul i32 %p, 33
  %a5 = add i32 %a3, %a4
  %a6 = xor i32 %a5, %z
  %a7 = add i32 %a6, %r
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %a7, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @lop(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %l = call i32 asm "lop3.b32 $0, $1, $2, $3, 0x96;", "=r,r,r,r"(i32 %x, i32 %t, i32 7)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %l, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
