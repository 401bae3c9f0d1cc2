// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: float3 struct loads/stores, rsqrtf (rsqrt.approx), shared tiles of bodies, loop over tiles with barriers
// IR: addrspace(3) global [128 x %struct.float3]
// IR: call {{.*}}float @llvm.nvvm.rsqrt.approx.f(
// PTX: rsqrt.approx.f32

#define TILE 128

extern "C" __global__ void nbody(const float3 *pos, const float *mass, float3 *accel, int n, float softening) {
  __shared__ float3 sh_pos[TILE];
  __shared__ float sh_mass[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 p = (i < n) ? pos[i] : make_float3(0.0f, 0.0f, 0.0f);
  float3 a = make_float3(0.0f, 0.0f, 0.0f);

  for (int base = 0; base < n; base += TILE) {
    int j = base + threadIdx.x;
    sh_pos[threadIdx.x] = (j < n) ? pos[j] : make_float3(0.0f, 0.0f, 0.0f);
    sh_mass[threadIdx.x] = (j < n) ? mass[j] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      float dx = sh_pos[k].x - p.x;
      float dy = sh_pos[k].y - p.y;
      float dz = sh_pos[k].z - p.z;
      float d2 = dx * dx + dy * dy + dz * dz + softening;
      float inv = rsqrtf(d2);
      float s = sh_mass[k] * inv * inv * inv;
      a.x += dx * s;
      a.y += dy * s;
      a.z += dz * s;
    }
    __syncthreads();
  }
  if (i < n)
    accel[i] = a;
}
