; __nvvm_reflect / __nvvm_reflect_ocl / llvm.nvvm.reflect resolve to constants as llc's NVVMReflect
; resolves them: __CUDA_ARCH is 900 on sm_90, __CUDA_FTZ the module flag nvvm-reflect-ftz, any
; other name 0. The PTX then calls nothing (ptxas would reject the undefined function).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: reflect: ok (jit
; CHECK-NOT: __nvvm_reflect
; CHECK-LABEL: .entry reflect
; CHECK-NOT: call
; CHECK: mov.b32 [[A:%t[0-9]+]], 900;
; CHECK-NEXT: st.global.b32 [%rd{{[0-9]+}}], [[A]];
; CHECK: mov.b32 [[F:%t[0-9]+]], 1;
; CHECK-NEXT: st.global.b32 [%rd{{[0-9]+}}+4], [[F]];
; CHECK: mov.b32 [[O:%t[0-9]+]], 0;
; CHECK-NEXT: st.global.b32 [%rd{{[0-9]+}}+8], [[O]];
; CHECK: mov.b32 [[C:%t[0-9]+]], 900;
; CHECK-NEXT: st.global.b32 [%rd{{[0-9]+}}+12], [[C]];

target triple = "nvptx64-nvidia-cuda"

@arch = private unnamed_addr addrspace(1) constant [12 x i8] c"__CUDA_ARCH\00"
@ftz = private unnamed_addr addrspace(1) constant [11 x i8] c"__CUDA_FTZ\00"
@other = private unnamed_addr addrspace(1) constant [8 x i8] c"__OTHER\00"

declare i32 @__nvvm_reflect(ptr)
declare i32 @__nvvm_reflect_ocl(ptr addrspace(4))
declare i32 @llvm.nvvm.reflect(ptr)

define ptx_kernel void @reflect(ptr addrspace(1) %out) {
  %a = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @arch to ptr))
  %f = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @ftz to ptr))
  %o = call i32 @llvm.nvvm.reflect(ptr addrspacecast (ptr addrspace(1) @other to ptr))
  %c = call i32 @__nvvm_reflect_ocl(ptr addrspace(4) addrspacecast (ptr addrspace(1) @arch to ptr addrspace(4)))
  store i32 %a, ptr addrspace(1) %out
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %f, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %o, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %c, ptr addrspace(1) %p3
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
