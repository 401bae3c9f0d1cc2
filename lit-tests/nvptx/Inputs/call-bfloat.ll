target triple = "nvptx64-nvidia-cuda"
declare bfloat @make_bf16(i32)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %r = call bfloat @make_bf16(i32 1)
  store bfloat %r, ptr addrspace(1) %out
  ret void
}
