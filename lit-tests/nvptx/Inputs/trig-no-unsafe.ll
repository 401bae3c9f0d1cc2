; llvm.cos without "unsafe-fp-math": llc-19 cannot select it (a libcall), nor does ori.
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p) {
  %a = load float, ptr addrspace(1) %p
  %c = call afn float @llvm.cos.f32(float %a)
  store float %c, ptr addrspace(1) %p
  ret void
}
declare float @llvm.cos.f32(float)
