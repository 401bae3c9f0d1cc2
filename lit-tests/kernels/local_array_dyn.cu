// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: private array indexed by data-dependent values (alloca in addrspace(5) -> .local memory, ld/st.local)
// IR: alloca [24 x i32]
// PTX: .local .align 4 .b8 {{.*}}[96];
// PTX: st.local.u32
// PTX: ld.local.u32

#define SLOTS 24

extern "C" __global__ void local_array_dyn(const int *idx, const int *vals, int *out, int steps, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int buf[SLOTS];
  for (int s = 0; s < SLOTS; ++s)
    buf[s] = s * t;
  // Scatter/gather through indices read from memory: the array cannot live in registers.
  for (int k = 0; k < steps; ++k) {
    int j = idx[(t + k) % n] % SLOTS;
    if (j < 0)
      j += SLOTS;
    buf[j] += vals[k];
    buf[(j * 7 + 3) % SLOTS] ^= buf[j];
  }
  int sum = 0;
  for (int s = 0; s < SLOTS; ++s)
    sum += buf[s] * (s + 1);
  out[t] = sum;
}
