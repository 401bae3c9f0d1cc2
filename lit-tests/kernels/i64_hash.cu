// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: 64-bit integer arithmetic: u64 multiply, xor-shift, __umul64hi (mul.hi.u64), 64-bit compare/select, u64 loop counter
// IR-DAG: @llvm.nvvm.mulhi.ull(
// IR-DAG: mul i64
// PTX: mul.hi.u64

// splitmix64-style mixing, iterated; pure 64-bit integer data path.
__device__ __forceinline__ unsigned long long mix64(unsigned long long z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

extern "C" __global__ void i64_hash(const unsigned long long *seeds, unsigned long long *out, unsigned long long rounds, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned long long state = seeds[i] + 0x9e3779b97f4a7c15ULL * (unsigned long long)i;
  unsigned long long acc = 0;
  for (unsigned long long r = 0; r < rounds; ++r) {
    state += 0x9e3779b97f4a7c15ULL;
    unsigned long long h = mix64(state);
    acc ^= __umul64hi(h, state) + (h > acc ? h : acc);
  }
  out[i] = acc;
}
