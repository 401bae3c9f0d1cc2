// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: __launch_bounds__(256, 2) -> .maxntid 256 / .minnctapersm 2 (nvvm.annotations maxntid/minctasm), register-pressure loop
// IR: !"maxntidx", i32 256
// IR: !"minctasm", i32 2
// PTX: .maxntid 256, 1, 1
// PTX: .minnctapersm 2

extern "C" __global__ void __launch_bounds__(256, 2) launch_bounds(const float *in, float *out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = in[i], b = a * 0.5f, c = a + 1.0f, d = a - 1.0f;
  float e = a * a, f = b * c, g = c * d, h = d * a;
  for (int k = 0; k < iters; ++k) {
    a = a * b + c;
    b = b * c + d;
    c = c * d + e;
    d = d * e + f;
    e = e * f + g;
    f = f * g + h;
    g = g * h + a;
    h = h * a + b;
  }
  out[i] = a + b + c + d + e + f + g + h;
}
