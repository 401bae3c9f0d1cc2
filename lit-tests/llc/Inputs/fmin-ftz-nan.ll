target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, float %x, float %y) {
  %m = call float @llvm.nvvm.fmin.ftz.nan.f(float %x, float %y)
  store float %m, ptr addrspace(1) %out
  ret void
}
declare float @llvm.nvvm.fmin.ftz.nan.f(float, float)
