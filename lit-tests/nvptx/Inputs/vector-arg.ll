target triple = "nvptx64-nvidia-cuda"
declare void @vec(<4 x i32>)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  call void @vec(<4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  ret void
}
