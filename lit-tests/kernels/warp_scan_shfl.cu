// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: warp inclusive scan with __shfl_up_sync (shfl.sync.up), __shfl_sync broadcast (shfl.sync.idx), __shfl_xor_sync (shfl.sync.bfly), lane predicate
// IR-DAG: @llvm.nvvm.shfl.sync.up.i32(i32 -1,
// IR-DAG: @llvm.nvvm.shfl.sync.idx.i32(i32 -1,
// IR-DAG: @llvm.nvvm.shfl.sync.bfly.i32(i32 -1,
// PTX-DAG: shfl.sync.up.b32
// PTX-DAG: shfl.sync.idx.b32
// PTX-DAG: shfl.sync.bfly.b32

extern "C" __global__ void warp_scan_shfl(const int *in, int *scan_out, int *warp_max, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = (i < n) ? in[i] : 0;

  // Inclusive prefix sum across the warp.
  int s = v;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    int up = __shfl_up_sync(0xffffffffu, s, d);
    if (lane >= d)
      s += up;
  }
  // Warp total broadcast from the last lane, warp max via butterfly.
  int total = __shfl_sync(0xffffffffu, s, 31);
  int m = v;
#pragma unroll
  for (int d = 16; d > 0; d >>= 1)
    m = max(m, __shfl_xor_sync(0xffffffffu, m, d));

  if (i < n)
    scan_out[i] = s * 2 - total;
  if (lane == 0)
    warp_max[i >> 5] = m;
}
