// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: XOR partner index, data-dependent compare-and-swap, nested divergent branches, unsigned compares
// IR: xor i32
// PTX: xor.b32

// One compare-exchange pass of a bitonic sorting network (j = distance, k = sequence size).
extern "C" __global__ void bitonic_sort_step(unsigned int *keys, int j, int k) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int partner = i ^ j;
  if (partner <= i)
    return;
  unsigned int a = keys[i];
  unsigned int b = keys[partner];
  bool ascending = (i & k) == 0;
  if (ascending) {
    if (a > b) {
      keys[i] = b;
      keys[partner] = a;
    }
  } else {
    if (a < b) {
      keys[i] = b;
      keys[partner] = a;
    }
  }
}
