// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: atomicCAS retry loops (32-bit and 64-bit atom.cas), __float_as_int/__int_as_float, __double_as_longlong bit casts, do-while loop
// IR: cmpxchg ptr {{.*}}, i32 
// IR: cmpxchg ptr {{.*}}, i64 
// PTX: atom.global.cas.b32
// PTX: atom.global.cas.b64

// Float atomic max built from 32-bit compare-and-swap.
__device__ __forceinline__ float atomic_max_float(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(p, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

// Double atomic multiply built from 64-bit compare-and-swap.
__device__ __forceinline__ double atomic_mul_double(double *addr, double v) {
  unsigned long long *p = (unsigned long long *)addr;
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, (unsigned long long)__double_as_longlong(__longlong_as_double(assumed) * v));
  } while (old != assumed);
  return __longlong_as_double(old);
}

extern "C" __global__ void atomic_cas_loop(const float *in, float *max_out, double *prod_out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  atomic_max_float(max_out, v);
  atomic_mul_double(prod_out, 1.0 + (double)v * 1e-6);
}
