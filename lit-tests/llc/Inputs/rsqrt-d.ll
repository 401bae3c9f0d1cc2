target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, double %x) {
  %r = call double @llvm.nvvm.rsqrt.approx.d(double %x)
  store double %r, ptr addrspace(1) %out
  ret void
}
declare double @llvm.nvvm.rsqrt.approx.d(double)
