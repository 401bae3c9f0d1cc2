; Device functions are inlined into the kernel before lowering (ori has no call ABI); a call that
; cannot be inlined (recursion) is reported.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: not ori llc %S/Inputs/recursive.ll 2>&1 | FileCheck %s --check-prefix=REC
; REC: ori: error: unsupported call to @fact in function @k

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
