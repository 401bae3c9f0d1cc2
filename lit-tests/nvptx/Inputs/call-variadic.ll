target triple = "nvptx64-nvidia-cuda"
declare i32 @logf(i32, ...)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %r = call i32 (i32, ...) @logf(i32 1, double 2.0)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
