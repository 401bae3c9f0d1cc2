target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, bfloat %a) {
  %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %a seq_cst
  ret void
}
