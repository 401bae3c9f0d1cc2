target triple = "nvptx64-nvidia-cuda"
@smp = addrspace(1) global i64 0, align 8
define ptx_kernel void @k(ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr addrspace(1) @smp, !"sampler", i32 1}
