; Input of bool-param.ll: a kernel with a byval aggregate parameter.
target triple = "nvptx64-nvidia-cuda"
%struct.S = type { i32, float }
define ptx_kernel void @k(ptr addrspace(1) %p, ptr byval(%struct.S) align 4 %s, i32 range(i32 0, 10) %n, ptr addrspace(1) align 16 dereferenceable(64) %q) {
  %a = load i32, ptr %s
  %b = add i32 %a, %n
  store i32 %b, ptr addrspace(1) %p
  ret void
}
