; Device functions are inlined into the kernel before lowering; one that cannot be inlined
; (recursion) becomes a .func called through .param words (the ABI in ori::lower).
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc --emit=ori %S/Inputs/recursive.ll | FileCheck %s --check-prefix=REC
; RUN: ori llc %S/Inputs/recursive.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=REC-PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas
; REC-LABEL: .function fact (device)
; REC: LD.PARAM {{%r[0-9]+}}, @fact_param_0 ;
; REC: CALL.ABS.NOINC [[R:%r[0-9]+]], @fact, {{%r[0-9]+}} ;
; REC: ST.PARAM @func_retval0,
; REC-NEXT: RET ;
; REC-LABEL: .function k (kernel)
; REC: CALL.ABS.NOINC {{%r[0-9]+}}, @fact, {{%r[0-9]+}} ;
; REC-PTX: .visible .func (.param .b32 func_retval0) fact(
; REC-PTX: call.uni (retval0), fact, (param0);

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function k (kernel)
; CHECK-NOT: CALL
; CHECK: IMAD {{%r[0-9]+}}, {{%r[0-9]+}}, 0x3, RZ ;
; CHECK-NOT: .function helper
define internal i32 @helper(i32 %x) noinline {
  %y = mul i32 %x, 3
  ret i32 %y
}

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %y = call i32 @helper(i32 %x)
  store i32 %y, ptr addrspace(1) %out
  ret void
}
