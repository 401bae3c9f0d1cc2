target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr %p) {
  %v = call i32 asm "mov.u32 $0, 7;", "=r"()
  store i32 %v, ptr %p
  ret void
}
