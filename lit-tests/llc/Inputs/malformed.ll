target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr %p) {
  %x = add i32 1, 2
  store i32 %x, %y
  ret void
}
