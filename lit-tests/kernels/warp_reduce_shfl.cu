// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: __shfl_down_sync warp reduction (llvm.nvvm.shfl.sync.down), lane/warp id math, small shared array, unrolled loop
// IR: call {{.*}}float @llvm.nvvm.shfl.sync.down.f32(i32 -1,
// PTX: shfl.sync.down.b32

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

extern "C" __global__ void warp_reduce_shfl(const float *in, float *out, int n) {
  __shared__ float warp_totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;

  float v = (i < n) ? in[i] : 0.0f;
  v = warp_sum(v);
  if (lane == 0)
    warp_totals[warp] = v;
  __syncthreads();

  if (warp == 0) {
    int nwarps = (blockDim.x + 31) >> 5;
    v = (lane < nwarps) ? warp_totals[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}
