target triple = "nvptx64-nvidia-cuda"
@tex = addrspace(1) global i64 0, align 8
declare i32 @llvm.nvvm.txq.width(i64)
declare i64 @llvm.nvvm.texsurf.handle.p1(metadata, ptr addrspace(1))
define ptx_kernel void @meta(ptr addrspace(1) %out) {
  %h = call i64 @llvm.nvvm.texsurf.handle.p1(metadata ptr addrspace(1) @tex, ptr addrspace(1) @tex)
  %w = call i32 @llvm.nvvm.txq.width(i64 %h)
  store i32 %w, ptr addrspace(1) %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr addrspace(1) @tex, !"texture", i32 1}
