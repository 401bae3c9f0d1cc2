target triple = "nvptx64-nvidia-cuda"
declare { float, float, float, float } @llvm.nvvm.tex.unified.cube.v4f32.f32(i64, float, float, float)
define ptx_kernel void @cube(i64 %t, ptr addrspace(1) %out, float %x) {
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.cube.v4f32.f32(i64 %t, float %x, float %x, float %x)
  %a = extractvalue { float, float, float, float } %v, 0
  store float %a, ptr addrspace(1) %out
  ret void
}
