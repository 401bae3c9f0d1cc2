// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: nested loops with early exit (break out of a loop nest via flag), data-dependent trip counts, -1 sentinel result
// IR: define dso_local void @loop_nest_early_exit(
// IR: store i32 %{{[0-9]+}}, ptr

// Each thread searches its own rows x cols matrix for the first 2x2 window whose sum exceeds `target`.
extern "C" __global__ void loop_nest_early_exit(const int *mats, const int *dims, int *found, int target, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int rows = dims[2 * t];
  int cols = dims[2 * t + 1];
  const int *m = mats + (long)t * 256;
  int result = -1;
  bool done = false;
  for (int r = 0; r + 1 < rows && !done; ++r) {
    for (int c = 0; c + 1 < cols; ++c) {
      int s = m[r * cols + c] + m[r * cols + c + 1] + m[(r + 1) * cols + c] + m[(r + 1) * cols + c + 1];
      if (s > target) {
        result = r * cols + c;
        done = true;
        break;
      }
      if (s < -target)  // skip the rest of this row
        break;
    }
  }
  found[t] = result;
}
