target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i128 %v) {
  %o = atomicrmw add ptr addrspace(1) %p, i128 %v monotonic
  store i128 %o, ptr addrspace(1) %p
  ret void
}
