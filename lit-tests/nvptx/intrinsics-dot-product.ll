; The integer dot products llc-19 selects for sm_90: llvm.nvvm.idp4a.{s,u}.{s,u} is
; dp4a.{s32,u32}.{s32,u32} (four byte products summed into c) and llvm.nvvm.idp2a.*(a, b, hi, c)
; is dp2a.lo / dp2a.hi (two halfword × byte products; hi picks bytes 2-3 of b). `ori check` runs
; each form against LLVM's JIT, whose reference for these intrinsics is written from the PTX ISA.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %s --emit=sass | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; EXEC: dots: ok (jit;
; CHECK-LABEL: .entry dots
; CHECK: dp4a.u32.u32
; CHECK: dp4a.u32.s32
; CHECK: dp4a.s32.u32
; CHECK: dp4a.s32.s32
; CHECK: dp2a.lo.u32.u32
; CHECK: dp2a.hi.u32.s32
; CHECK: dp2a.lo.s32.u32
; CHECK: dp2a.hi.s32.s32
; SASS: IDP.4A.U8.U8
; SASS: IDP.2A.HI.S8.S8

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.idp4a.s.s(i32, i32, i32)
declare i32 @llvm.nvvm.idp4a.s.u(i32, i32, i32)
declare i32 @llvm.nvvm.idp4a.u.s(i32, i32, i32)
declare i32 @llvm.nvvm.idp4a.u.u(i32, i32, i32)
declare i32 @llvm.nvvm.idp2a.s.s(i32, i32, i1 immarg, i32)
declare i32 @llvm.nvvm.idp2a.s.u(i32, i32, i1 immarg, i32)
declare i32 @llvm.nvvm.idp2a.u.s(i32, i32, i1 immarg, i32)
declare i32 @llvm.nvvm.idp2a.u.u(i32, i32, i1 immarg, i32)

define ptx_kernel void @dots(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %i3 = mul i32 %i, 3
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %i3
  %a = load i32, ptr addrspace(1) %pa
  %pb = getelementptr i32, ptr addrspace(1) %pa, i32 1
  %x = load i32, ptr addrspace(1) %pb
  %pc = getelementptr i32, ptr addrspace(1) %pa, i32 2
  %c = load i32, ptr addrspace(1) %pc
  %r0 = call i32 @llvm.nvvm.idp4a.u.u(i32 %a, i32 %x, i32 %c)
  %r1 = call i32 @llvm.nvvm.idp4a.u.s(i32 %a, i32 %x, i32 %r0)
  %r2 = call i32 @llvm.nvvm.idp4a.s.u(i32 %a, i32 %x, i32 %r1)
  %r3 = call i32 @llvm.nvvm.idp4a.s.s(i32 %a, i32 %x, i32 %r2)
  %r4 = call i32 @llvm.nvvm.idp2a.u.u(i32 %a, i32 %x, i1 0, i32 %r3)
  %r5 = call i32 @llvm.nvvm.idp2a.u.s(i32 %a, i32 %x, i1 1, i32 %r4)
  %r6 = call i32 @llvm.nvvm.idp2a.s.u(i32 %a, i32 %x, i1 0, i32 %r5)
  %r7 = call i32 @llvm.nvvm.idp2a.s.s(i32 %a, i32 %x, i1 1, i32 %r6)
  %i8 = shl i32 %i, 3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i8
  store i32 %r0, ptr addrspace(1) %po
  %p1 = getelementptr i32, ptr addrspace(1) %po, i32 1
  store i32 %r1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %po, i32 2
  store i32 %r2, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %po, i32 3
  store i32 %r3, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %po, i32 4
  store i32 %r4, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %po, i32 5
  store i32 %r5, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %po, i32 6
  store i32 %r6, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %po, i32 7
  store i32 %r7, ptr addrspace(1) %p7
  ret void
}
