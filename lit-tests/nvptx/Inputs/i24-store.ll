; A store of an i24 (store size 3 bytes: refused).
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a) {
  %t = trunc i32 %a to i24
  store i24 %t, ptr addrspace(1) %p
  ret void
}
