target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k() {
  call void asm sideeffect "//TEST ${0:q}", "i"(i32 42)
  ret void
}
