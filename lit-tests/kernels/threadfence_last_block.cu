// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: __threadfence (fence/membar.gl), atomicInc ticket counter, __shared__ bool broadcast, last-block-finishes pattern, volatile loads
// IR: @blocks_done = {{.*}}addrspace(1) externally_initialized global i32 0
// IR-DAG: store volatile float
// IR-DAG: call void @llvm.nvvm.membar.gl()
// IR-DAG: @llvm.nvvm.atomic.load.inc.32.p0(
// PTX-DAG: membar.gl
// PTX-DAG: atom.inc.u32

#define THREADS 128

__device__ unsigned int blocks_done = 0;

extern "C" __global__ void threadfence_last_block(const float *in, volatile float *partials, float *total, int n) {
  __shared__ float red[THREADS];
  __shared__ bool is_last;
  int tid = threadIdx.x;
  int i = blockIdx.x * THREADS + tid;
  red[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    partials[blockIdx.x] = red[0];
    __threadfence();
    unsigned int ticket = atomicInc(&blocks_done, gridDim.x);
    is_last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (is_last && tid == 0) {
    float sum = 0.0f;
    for (unsigned int b = 0; b < gridDim.x; ++b)
      sum += partials[b];
    *total = sum;
    blocks_done = 0;
  }
}
