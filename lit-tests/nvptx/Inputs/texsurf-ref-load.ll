target triple = "nvptx64-nvidia-cuda"
@tex = addrspace(1) global i64 0, align 8
define ptx_kernel void @peek(ptr addrspace(1) %out) {
  %v = load i64, ptr addrspace(1) @tex
  store i64 %v, ptr addrspace(1) %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr addrspace(1) @tex, !"texture", i32 1}
