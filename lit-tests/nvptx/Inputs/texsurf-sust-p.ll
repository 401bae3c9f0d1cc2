target triple = "nvptx64-nvidia-cuda"
declare void @llvm.nvvm.sust.p.2d.i32.trap(i64, i32, i32, i32)
define ptx_kernel void @formatted(i64 %s, i32 %x) {
  call void @llvm.nvvm.sust.p.2d.i32.trap(i64 %s, i32 %x, i32 %x, i32 1)
  ret void
}
