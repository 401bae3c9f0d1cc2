target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load <8 x i1>, ptr addrspace(1) %p, align 1
  store <8 x i1> %v, ptr addrspace(1) %q, align 1
  ret void
}
