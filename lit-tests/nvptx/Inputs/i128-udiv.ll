; Division of i128 (refused).
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, i128 %a, i128 %b) {
  %q = udiv i128 %a, %b
  store i128 %q, ptr addrspace(1) %p
  ret void
}
