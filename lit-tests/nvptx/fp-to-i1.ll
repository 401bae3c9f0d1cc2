; fptoui / fptosi to i1 (from half, float and double): the value truncated toward zero to an
; integer and tested against zero (inputs outside the range of i1 give poison). Executed by
; `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry k(
; CHECK: cvt.rzi.s32.f32 [[T:%r[0-9]+]], {{%r[0-9]+}};
; CHECK-NEXT: setp.ne.u32 {{%p[0-9]+}}, [[T]], 0;
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i32 %t, 3
  %x = uitofp i32 %m to float
  %y = fmul float %x, 0.5
  %a = fptoui float %y to i1
  %n = fneg float %y
  %np = fcmp oge float %n, -1.0
  %ns = select i1 %np, float %n, float -0.25
  %b = fptosi float %ns to i1
  %d = fpext float %y to double
  %c = fptoui double %d to i1
  %h = fptrunc float %y to half
  %e = fptoui half %h to i1
  %za = zext i1 %a to i32
  %zb = zext i1 %b to i32
  %zc = zext i1 %c to i32
  %ze = zext i1 %e to i32
  %s1 = shl i32 %zb, 1
  %s2 = shl i32 %zc, 2
  %s3 = shl i32 %ze, 3
  %r0 = or i32 %za, %s1
  %r1 = or i32 %r0, %s2
  %r2 = or i32 %r1, %s3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r2, ptr addrspace(1) %po
  ret void
}
