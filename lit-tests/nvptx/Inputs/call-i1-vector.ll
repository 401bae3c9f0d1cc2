target triple = "nvptx64-nvidia-cuda"
declare void @mask({ <4 x i1>, i32 })
define ptx_kernel void @k(ptr addrspace(1) %out) {
  call void @mask({ <4 x i1>, i32 } { <4 x i1> <i1 1, i1 0, i1 1, i1 1>, i32 7 })
  ret void
}
