// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: integer division/remainder: signed and unsigned by variables (div.s32/rem.u32), by constants (magic-number mul.hi), 64-bit div/rem
// IR-DAG: sdiv i32
// IR-DAG: srem i32
// IR-DAG: udiv i32
// IR-DAG: urem i32
// IR-DAG: sdiv i64
// IR-DAG: srem i64
// PTX-DAG: div.s32
// PTX-DAG: rem.u32
// PTX-DAG: mul.hi.s32
// PTX-DAG: div.s64

extern "C" __global__ void int_divmod(const int *a, const int *b, const unsigned int *u, const long long *w, int *out, long long *out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = a[i];
  int y = b[i] | 1;  // never zero
  unsigned int ux = u[i];
  unsigned int uy = (unsigned int)y | 2u;
  long long wx = w[i];

  int q = x / y;
  int r = x % (y ^ 4);  // different divisor, so LLVM keeps a real rem (y ^ 4 stays odd)
  unsigned int uq = ux / uy;
  unsigned int ur = ux % (uy ^ 8u);  // bit 1 of uy survives, never zero
  int c7 = x / 7;
  int m10 = x % 10;
  unsigned int c1000 = ux / 1000u;
  int p16 = x / 16;  // signed power-of-two division (rounds toward zero)

  out[i * 4 + 0] = q + r;
  out[i * 4 + 1] = (int)(uq ^ ur);
  out[i * 4 + 2] = c7 - m10 + (int)c1000;
  out[i * 4 + 3] = p16;
  out64[i] = wx / (long long)y + wx % 1000003LL;
}
