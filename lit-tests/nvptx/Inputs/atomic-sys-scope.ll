target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr, i32)
define ptx_kernel void @k(ptr %p) {
  %o = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %p, i32 1)
  store i32 %o, ptr %p
  ret void
}
