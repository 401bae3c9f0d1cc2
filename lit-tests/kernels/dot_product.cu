// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: grid-stride loop, static shared array, __syncthreads tree reduction, global f32 atomicAdd
// IR: @_ZZ11dot_productE7partial = internal {{.*}}addrspace(3) global [256 x float]
// IR: call void @llvm.nvvm.barrier0()
// IR: atomicrmw fadd ptr
// PTX: atom.global.add.f32

#define THREADS 256

extern "C" __global__ void dot_product(const float *a, const float *b, float *result, int n) {
  __shared__ float partial[THREADS];
  int tid = threadIdx.x;
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    sum += a[i] * b[i];
  partial[tid] = sum;
  __syncthreads();

  for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(result, partial[0]);
}
