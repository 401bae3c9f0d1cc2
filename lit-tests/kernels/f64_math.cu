// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: double precision: sqrt (sqrt.rn.f64), fma (fma.rn.f64), division (div.rn.f64), exp/log (libdevice __nv_exp/__nv_log inlined), f64<->i32 conversions
// IR-DAG: call {{.*}}double @llvm.sqrt.f64(
// IR-DAG: call {{.*}}double @llvm.fma.f64(
// IR-DAG: fdiv contract double
// IR-NOT: @__nv_
// PTX-DAG: sqrt.rn.f64
// PTX-DAG: div.rn.f64
// PTX-DAG: fma.rn.f64

extern "C" __global__ void f64_math(const double *a, const double *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = a[i];
  double y = b[i];
  double r = sqrt(x * x + y * y);
  double q = x / (fabs(y) + 1.0);
  double f = fma(x, y, q);
  double e = exp(-r * 0.5);
  double l = log(1.0 + fabs(f));
  int k = (int)(r * 4.0);
  out[i] = e * l + f + (double)k;
}
