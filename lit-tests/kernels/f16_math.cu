// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: half precision via clang _Float16 (LLVM half: f16 add/mul/div, fpext/fptrunc) and a 2-wide _Float16 vector (<2 x half>, f16x2 ops)
// IR: load half
// IR: fdiv contract half
// IR: fpext half {{.*}} to float
// IR: fmul contract <2 x half>
// PTX: fma.rn.f16 
// PTX: fma.rn.f16x2

// cuda_shim.h has no cuda_fp16.h / __half, so this uses clang's native _Float16. nvcc (the
// three-way comparison of scripts/compare-quality) has no ext_vector_type and stops with an
// internal error on _Float16 arithmetic: there the types are cuda_fp16.h's __half / __half2 (with
// its operators) and a*x+y is spelled __hfma2, which is what clang's contracted form means.
#if defined(__NVCC__) && !defined(__clang__)
#include <cuda_fp16.h>
typedef __half f16;
typedef __half2 half2_t;
#else
typedef _Float16 f16;
typedef _Float16 half2_t __attribute__((ext_vector_type(2)));
#endif

extern "C" __global__ void f16_math(const f16 *a, const f16 *b, f16 *out, float *out_f32, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  f16 x = a[i];
  f16 y = b[i];
  f16 r = x * y + (f16)0.5f;
  r = r - x / (y + (f16)2.0f);
  out[i] = r;
  out_f32[i] = (float)r * 3.0f;
}

extern "C" __global__ void f16x2_axpy(const half2_t *x, half2_t *y, f16 alpha, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n2)
    return;
#if defined(__NVCC__) && !defined(__clang__)
  half2_t a = __halves2half2(alpha, alpha);
  y[i] = __hfma2(a, x[i], y[i]);
#else
  half2_t a = {alpha, alpha};
  y[i] = a * x[i] + y[i];
#endif
}
