// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: recursive __noinline__ device function (call stack, stack frame / local depot), non-tail recursion
// IR: define {{.*}}i32 @_Z5pathsiii(
// IR: call {{.*}}i32 @_Z5pathsiii(
// IR: define dso_local void @recursive_call(
// IR: call {{.*}}i32 @_Z5pathsiii(
// PTX: call.uni

// Count lattice paths in a small grid recursively, with a depth guard.
__device__ __noinline__ int paths(int x, int y, int depth) {
  if (x == 0 || y == 0 || depth > 24)
    return 1;
  return paths(x - 1, y, depth + 1) + paths(x, y - 1, depth + 1);
}

extern "C" __global__ void recursive_call(const int2 *sizes, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int2 s = sizes[i];
  out[i] = paths(s.x & 7, s.y & 7, 0);
}
