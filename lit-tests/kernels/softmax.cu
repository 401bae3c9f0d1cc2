// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: one block per row, fmaxf + expf (libdevice) + division, two shared reductions, -INFINITY constant
// IR-DAG: call {{.*}}float @llvm.maxnum.f32(
// IR-DAG: call {{.*}}float @llvm.nvvm.ex2.approx.ftz.f(
// IR-NOT: @__nv_expf

#define THREADS 256

extern "C" __global__ void softmax(const float *in, float *out, int cols) {
  __shared__ float red[THREADS];
  const float *row_in = in + (long)blockIdx.x * cols;
  float *row_out = out + (long)blockIdx.x * cols;
  int tid = threadIdx.x;

  float m = -INFINITY;
  for (int c = tid; c < cols; c += THREADS)
    m = fmaxf(m, row_in[c]);
  red[tid] = m;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] = fmaxf(red[tid], red[tid + s]);
    __syncthreads();
  }
  float row_max = red[0];
  __syncthreads();

  float sum = 0.0f;
  for (int c = tid; c < cols; c += THREADS)
    sum += expf(row_in[c] - row_max);
  red[tid] = sum;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s)
      red[tid] += red[tid + s];
    __syncthreads();
  }
  float inv_sum = 1.0f / red[0];

  for (int c = tid; c < cols; c += THREADS)
    row_out[c] = expf(row_in[c] - row_max) * inv_sum;
}
