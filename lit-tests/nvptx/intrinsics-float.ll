; llvm.copysign on f16, f32 and f64: (a & ~sign) | (b & sign), one lop3 on 32-bit registers,
; and/and/or on 64-bit ones. Checked against LLVM's JIT on inputs of both signs, zeros included.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: copysign: ok (jit;

; CHECK: lop3.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 0x80000000, 0xd8;
; CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0x7fffffffffffffff;
; CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0x8000000000000000;
; CHECK: or.b64
; CHECK: lop3.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 32768, 0xd8;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @copysign(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %out64, ptr addrspace(1) %outh) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i
  %a = load float, ptr addrspace(1) %pa
  %j = xor i32 %i, 5
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %j
  %bv = load float, ptr addrspace(1) %pb
  %c = call float @llvm.copysign.f32(float %a, float %bv)
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %c, ptr addrspace(1) %po
  %a64 = fpext float %a to double
  %b64 = fpext float %bv to double
  %c64 = call double @llvm.copysign.f64(double %b64, double %a64)
  %po64 = getelementptr double, ptr addrspace(1) %out64, i32 %i
  store double %c64, ptr addrspace(1) %po64
  %ah = fptrunc float %a to half
  %bh = fptrunc float %bv to half
  %ch = call half @llvm.copysign.f16(half %bh, half %ah)
  %poh = getelementptr half, ptr addrspace(1) %outh, i32 %i
  store half %ch, ptr addrspace(1) %poh
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
