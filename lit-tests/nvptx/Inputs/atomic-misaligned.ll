target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, i64 %v) {
  %o = atomicrmw xchg ptr addrspace(1) %p, i64 %v monotonic, align 4
  ret void
}
