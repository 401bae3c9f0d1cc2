// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// REQUIRES: ptxas, libdevice
// Exercises: integer division/remainder: signed and unsigned by variables (div.s32/rem.u32), by constants (magic-number mul.hi), 64-bit div/rem

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
  int r = x % y;
  unsigned int uq = ux / uy;
  unsigned int ur = ux % uy;
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
