target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p syncscope("agent") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}
