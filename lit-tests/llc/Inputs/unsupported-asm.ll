target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr %p) {
  %v = call i32 asm "ld.u32 $0, $1;", "=r,*m"(ptr elementtype(i32) %p)
  store i32 %v, ptr %p
  ret void
}
