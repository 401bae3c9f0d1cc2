; A struct passed to a kernel byval (`ptr byval(%struct.S) align 8`, CUDA's way) is a
; `.param .align A .b8 name[size]` byte array; the kernel gets a private copy in its local frame
; (filled from the parameter at the entry), through which it may read, write and index (device
; functions' byval parameters: calls-aggregates.ll); a read-only one is read in place (@readonly).
; `ori check` runs both against the JIT reference, whose wrapper passes each thread a copy
; holding what the interpreter's constant bank holds (the value in the first bytes, zeros after).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, float, [3 x i16], i64 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry k(
; CHECK-NEXT: .param .u64 k_param_0,
; CHECK-NEXT: .param .align 8 .b8 k_param_1[24],
; CHECK-NEXT: .param .u32 k_param_2
; CHECK-NEXT: )
; CHECK: ld.param.u64 [[A:%rd[0-9]+]], [k_param_1];
; CHECK: st.local.b64 [{{%rd[0-9]+}}], [[A]];
; CHECK: ld.param.u64 [[B:%rd[0-9]+]], [k_param_1+8];
; CHECK: st.local.b64 [{{%rd[0-9]+}}+8], [[B]];
; CHECK: ld.param.u64 [[C:%rd[0-9]+]], [k_param_1+16];
; CHECK: st.local.b64 [{{%rd[0-9]+}}+16], [[C]];
define ptx_kernel void @k(ptr addrspace(1) %out, ptr byval(%struct.S) align 8 %s, i32 %i) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr %struct.S, ptr %s, i32 0, i32 0
  %a = load i32, ptr %pa
  %pb = getelementptr %struct.S, ptr %s, i32 0, i32 1
  %b = load float, ptr %pb
  %bi = bitcast float %b to i32
  %j = and i32 %t, 1
  %pe = getelementptr %struct.S, ptr %s, i32 0, i32 2, i32 %j
  %e = load i16, ptr %pe
  %ez = zext i16 %e to i32
  %pd = getelementptr %struct.S, ptr %s, i32 0, i32 3
  %d = load i64, ptr %pd
  %dt = trunc i64 %d to i32
  %new = add i32 %a, %t
  store i32 %new, ptr %pa
  %a2 = load i32, ptr %pa
  %r0 = add i32 %a2, %bi
  %r1 = xor i32 %r0, %ez
  %r2 = add i32 %r1, %dt
  %r3 = mul i32 %r2, %i
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r3, ptr addrspace(1) %p
  ret void
}

; Read-only: every use of %s is a 4- or 8-byte load at a constant offset, so nothing is copied
; and each load reads the parameter itself (llc reads it from .param space the same way).
; CHECK-LABEL: .entry readonly(
; CHECK-NOT: __local_depot
; CHECK-DAG: ld.param.u32 %r{{[0-9]+}}, [readonly_param_1];
; CHECK-DAG: ld.param.u32 %r{{[0-9]+}}, [readonly_param_1+4];
; CHECK-DAG: ld.param.u64 %rd{{[0-9]+}}, [readonly_param_1+16];
; CHECK-NOT: st.local
; CHECK: ret;
; EXEC: readonly: ok (jit
define ptx_kernel void @readonly(ptr addrspace(1) %out, ptr byval(%struct.S) align 8 %s) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = load i32, ptr %s
  %pb = getelementptr %struct.S, ptr %s, i32 0, i32 1
  %b = load float, ptr %pb
  %bi = bitcast float %b to i32
  %pd = getelementptr inbounds i8, ptr %s, i64 16
  %d = load i64, ptr %pd
  %d32 = trunc i64 %d to i32
  %x = add i32 %a, %bi
  %y = xor i32 %x, %d32
  %z = add i32 %y, %t
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %z, ptr addrspace(1) %po
  ret void
}
