// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: shared-memory atomicAdd (atom.shared), global atomicAdd (atom.global/red), byte loads, zero-init loop + barriers
// IR: addrspace(3) global [256 x i32]
// IR: atomicrmw add ptr
// PTX: atom.shared.add.u32
// PTX: {{atom|red}}.global.add.u32

#define BINS 256

extern "C" __global__ void histogram(const unsigned char *data, unsigned int *hist, int n) {
  __shared__ unsigned int local_hist[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local_hist[b] = 0;
  __syncthreads();

  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&local_hist[data[i]], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned int c = local_hist[b];
    if (c != 0)
      atomicAdd(&hist[b], c);
  }
}
