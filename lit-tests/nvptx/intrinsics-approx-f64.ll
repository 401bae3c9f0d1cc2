; The f64 approximations libdevice calls: rsqrt.approx[.ftz].f64 (rsqrt(double)) and
; rcp.approx.ftz.f64. ori check models each approximation by the exact function on both sides.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %s --emit=sass | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; EXEC: approx_f64: ok (jit
; CHECK-LABEL: .entry approx_f64
; CHECK: rsqrt.approx.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK: rsqrt.approx.ftz.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK: rcp.approx.ftz.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}};
; SASS: MUFU.RSQ64H

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare double @llvm.nvvm.rsqrt.approx.d(double)
declare double @llvm.nvvm.rsqrt.approx.ftz.d(double)
declare double @llvm.nvvm.rcp.approx.ftz.d(double)

define ptx_kernel void @approx_f64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %t
  %x = load double, ptr addrspace(1) %pa
  %ax = call double @llvm.fabs.f64(double %x)
  %a = call double @llvm.nvvm.rsqrt.approx.d(double %ax)
  %b = call double @llvm.nvvm.rsqrt.approx.ftz.d(double %a)
  %c = call double @llvm.nvvm.rcp.approx.ftz.d(double %b)
  %po = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %c, ptr addrspace(1) %po
  ret void
}

declare double @llvm.fabs.f64(double)
