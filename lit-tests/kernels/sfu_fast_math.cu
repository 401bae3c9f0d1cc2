// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: fast-math SFU intrinsics: __expf (ex2.approx), __logf (lg2.approx), __sinf/__cosf (sin/cos.approx), __fdividef (div.approx), __saturatef, __frcp_rn, __fsqrt_rn
// IR-DAG: @llvm.nvvm.ex2.approx.f(
// IR-DAG: @llvm.nvvm.lg2.approx.f(
// IR-DAG: @llvm.nvvm.sin.approx.f(
// IR-DAG: @llvm.nvvm.cos.approx.f(
// IR-DAG: @llvm.nvvm.div.approx.f(
// IR-DAG: @llvm.nvvm.saturate.f(
// IR-DAG: @llvm.nvvm.rcp.rn.f(
// IR-DAG: @llvm.nvvm.sqrt.rn.f(
// PTX-DAG: ex2.approx
// PTX-DAG: sin.approx.f32
// PTX-DAG: rcp.rn.f32

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
