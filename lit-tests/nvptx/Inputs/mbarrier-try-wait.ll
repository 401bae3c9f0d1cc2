target triple = "nvptx64-nvidia-cuda"
@bar = internal addrspace(3) global i64 undef, align 8
declare i1 @llvm.nvvm.mbarrier.try_wait.shared(ptr addrspace(3), i64)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %w = call i1 @llvm.nvvm.mbarrier.try_wait.shared(ptr addrspace(3) @bar, i64 0)
  %z = zext i1 %w to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}
