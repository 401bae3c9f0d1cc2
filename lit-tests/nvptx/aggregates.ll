; First-class aggregates: insertvalue / extractvalue on structs and small arrays (nested index
; paths included), aggregate loads and stores of arrays, and array / struct kernel parameters
; by value (byte-array .params, read element by element). Executed by `ori check` against LLVM's
; JIT (the wide parameter kernel against the pre-allocation Ori run).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: build: ok (jit
; EXEC: array_param: ok

target triple = "nvptx64-nvidia-cuda"

%pair = type { i16, i16 }
%nest = type { i32, [2 x float], %pair }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry build(
define ptx_kernel void @build(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr [2 x i32], ptr addrspace(1) %in, i32 %t
  %arr = load [2 x i32], ptr addrspace(1) %pa
  %a0 = extractvalue [2 x i32] %arr, 0
  %a1 = extractvalue [2 x i32] %arr, 1
  %lo = trunc i32 %a0 to i16
  %hi = trunc i32 %a1 to i16
  %s0 = insertvalue %pair poison, i16 %lo, 0
  %s1 = insertvalue %pair %s0, i16 %hi, 1
  %f = sitofp i32 %a0 to float
  %n0 = insertvalue %nest poison, i32 %a1, 0
  %n1 = insertvalue %nest %n0, float %f, 1, 1
  %n2 = insertvalue %nest %n1, float 2.5, 1, 0
  %n3 = insertvalue %nest %n2, %pair %s1, 2
  %n4 = insertvalue %nest %n3, i16 77, 2, 0
  %g0 = extractvalue %nest %n4, 1, 1
  %g1 = extractvalue %nest %n4, 2
  %g2 = extractvalue %pair %g1, 0
  %g3 = extractvalue %nest %n4, 2, 1
  %gi = fptosi float %g0 to i32
  %z2 = zext i16 %g2 to i32
  %z3 = sext i16 %g3 to i32
  %r0 = add i32 %gi, %z2
  %r1 = xor i32 %r0, %z3
  %sw = insertvalue [2 x i32] %arr, i32 %r1, 0
  %po = getelementptr [2 x i32], ptr addrspace(1) %out, i32 %t
  store [2 x i32] %sw, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry array_param(
; CHECK-NEXT: .param .u64 array_param_param_0,
; CHECK-NEXT: .param .align 4 .b8 array_param_param_1[20],
; CHECK-NEXT: .param .align 4 .b8 array_param_param_2[8]
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [array_param_param_1+16];
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [array_param_param_2+4];
define ptx_kernel void @array_param(ptr addrspace(1) %out, [5 x i32] %a, [2 x float] %f) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a4 = extractvalue [5 x i32] %a, 4
  %a0 = extractvalue [5 x i32] %a, 0
  %f1 = extractvalue [2 x float] %f, 1
  %fi = fptosi float %f1 to i32
  %r0 = add i32 %a4, %a0
  %r1 = add i32 %r0, %fi
  %r2 = add i32 %r1, %t
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r2, ptr addrspace(1) %po
  ret void
}
