// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// REQUIRES: ptxas, libdevice
// Exercises: fast-math SFU intrinsics: __expf (ex2.approx), __logf (lg2.approx), __sinf/__cosf (sin/cos.approx), __fdividef (div.approx), __saturatef, __frcp_rn, __fsqrt_rn

extern "C" __global__ void sfu_fast_math(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float e = __expf(x * 0.1f);
  float l = __logf(fabsf(x) + 1.0f);
  float s = __sinf(x);
  float c = __cosf(x);
  float d = __fdividef(s, c + 2.0f);
  float sat = __saturatef(x * 0.01f);
  float r = __frcp_rn(e + 1.0f);
  float q = __fsqrt_rn(l + sat);
  out[i] = e * r + l * d + q;
}
