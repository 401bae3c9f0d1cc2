// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: __noinline__ device functions (.func with call/ret, param passing of scalars and a pointer, returned value), called twice
// IR: define {{.*}}float @_Z9poly_evalPKfif(
// IR: define {{.*}}i32 @_Z11clamp_indexiii(
// IR: define dso_local void @noinline_call(
// IR: call {{.*}}@_Z11clamp_indexiii(
// IR: call {{.*}}@_Z9poly_evalPKfif(
// IR: call {{.*}}@_Z9poly_evalPKfif(
// PTX: .visible .func {{.*}}_Z9poly_evalPKfif(
// PTX: call.uni

// Horner evaluation of a polynomial; kept out of line so the caller has a real call.
__device__ __noinline__ float poly_eval(const float *coeffs, int degree, float x) {
  float r = coeffs[degree];
  for (int d = degree - 1; d >= 0; --d)
    r = r * x + coeffs[d];
  return r;
}

__device__ __noinline__ int clamp_index(int i, int lo, int hi) {
  return i < lo ? lo : (i > hi ? hi : i);
}

extern "C" __global__ void noinline_call(const float *coeffs, int degree, const float *xs, float *ys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = clamp_index(i, 0, n - 1);
  float x = xs[j];
  ys[j] = poly_eval(coeffs, degree, x) - poly_eval(coeffs, degree, -x);
}
