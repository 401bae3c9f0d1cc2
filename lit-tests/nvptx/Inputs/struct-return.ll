target triple = "nvptx64-nvidia-cuda"
%struct.S = type { i32, float, i64 }
declare %struct.S @make(i32)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %r = call %struct.S @make(i32 1)
  %x = extractvalue %struct.S %r, 0
  store i32 %x, ptr addrspace(1) %out
  ret void
}
