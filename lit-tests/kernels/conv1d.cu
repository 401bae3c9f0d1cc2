// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: __constant__ memory (ld.const), __restrict__ + __ldg read-only loads (ld.global.nc), halo bounds checks, unrolled taps
// IR: @filter = {{.*}}addrspace(4) externally_initialized global [9 x float]
// IR: @llvm.nvvm.ldg.global.f.f32.p0(
// PTX-DAG: ld.const.f32
// PTX-DAG: ld.global.nc.f32

#define RADIUS 4
#define TAPS (2 * RADIUS + 1)

__constant__ float filter[TAPS];

extern "C" __global__ void conv1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int t = 0; t < TAPS; ++t) {
    int j = i + t - RADIUS;
    if (j >= 0 && j < n)
      acc += filter[t] * __ldg(&in[j]);
  }
  out[i] = acc;
}
