// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: 2-D thread/block indices, two shared tiles, barrier-separated phases, unrolled inner FMA loop
// IR: addrspace(3) global [16 x [16 x float]]
// IR: call void @llvm.nvvm.barrier0()
// PTX: ld.shared.f32

#define TILE 16

// C[M x N] = A[M x K] * B[K x N], row-major.
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;

  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ac = t * TILE + tx;
    int br = t * TILE + ty;
    As[ty][tx] = (row < M && ac < K) ? A[row * K + ac] : 0.0f;
    Bs[ty][tx] = (br < K && col < N) ? B[br * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
