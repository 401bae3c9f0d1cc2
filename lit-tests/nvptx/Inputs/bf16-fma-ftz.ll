target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, bfloat %a) {
  %r = call bfloat @llvm.nvvm.fma.rn.ftz.bf16(bfloat %a, bfloat %a, bfloat %a)
  store bfloat %r, ptr addrspace(1) %p
  ret void
}
declare bfloat @llvm.nvvm.fma.rn.ftz.bf16(bfloat, bfloat, bfloat)
