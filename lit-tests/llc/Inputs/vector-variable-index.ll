target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %i) {
  %v = insertelement <2 x i32> poison, i32 %a, i32 0
  %e = extractelement <2 x i32> %v, i32 %i
  store i32 %e, ptr addrspace(1) %out
  ret void
}
