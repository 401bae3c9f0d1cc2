target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(3) %p, i128 %c, i128 %v) {
  %r = cmpxchg ptr addrspace(3) %p, i128 %c, i128 %v seq_cst seq_cst
  ret void
}
