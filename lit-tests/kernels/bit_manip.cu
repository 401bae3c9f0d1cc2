// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// REQUIRES: ptxas, libdevice
// Exercises: bit intrinsics: __clz, __clzll, __brev, __ffs, __popc/__popcll, __byte_perm (prmt), __funnelshift_l (shf), rotate idiom, __umulhi

extern "C" __global__ void bit_manip(const unsigned int *a, const unsigned long long *b, unsigned int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned int x = a[i];
  unsigned long long y = b[i];
  unsigned int lz = __clz(x);
  unsigned int lz64 = __clzll(y);
  unsigned int rev = __brev(x);
  unsigned int first = __ffs(x);
  unsigned int pc = __popc(x) + __popcll(y);
  unsigned int perm = __byte_perm(x, rev, 0x5140);
  unsigned int fsh = __funnelshift_l(x, rev, i & 31);
  unsigned int rot = (x << 13) | (x >> 19);
  unsigned int hi = __umulhi(x, 0x9e3779b9u);
  out[i * 4 + 0] = lz | (lz64 << 8) | (first << 16) | (pc << 24);
  out[i * 4 + 1] = rev ^ perm;
  out[i * 4 + 2] = fsh + rot;
  out[i * 4 + 3] = hi;
}
