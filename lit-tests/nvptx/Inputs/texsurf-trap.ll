; A `.trap` surface load past the end of a row (64 4-byte elements: 256 bytes).
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.suld.2d.i32.trap(i64, i32, i32)
define ptx_kernel void @past_the_edge(i64 %s, ptr addrspace(1) %out) {
  %v = call i32 @llvm.nvvm.suld.2d.i32.trap(i64 %s, i32 256, i32 0)
  store i32 %v, ptr addrspace(1) %out
  ret void
}
