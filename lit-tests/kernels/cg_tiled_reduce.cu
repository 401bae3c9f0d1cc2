// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: cooperative_groups: this_thread_block, tiled_partition<32> and <8>, cg::reduce (shfl.sync.bfly), tile.shfl_down, thread_rank, meta_group_rank, block.sync
// IR-DAG: @llvm.nvvm.shfl.sync.bfly.i32(
// IR-DAG: @llvm.nvvm.shfl.sync.down.i32(
// IR-DAG: @llvm.nvvm.read.ptx.sreg.laneid()
// IR-DAG: call void @llvm.nvvm.barrier0()
// IR-DAG: atomicrmw add ptr

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void cg_tiled_reduce(const int *in, int *out, int *tile8_max, int n) {
  __shared__ int warp_sums[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);

  int i = blockIdx.x * blockDim.x + block.thread_rank();
  int v = (i < n) ? in[i] : 0;

  int m = cg::reduce(tile8, v, cg::greater<int>());
  if (tile8.thread_rank() == 0 && i < n)
    tile8_max[i / 8] = m;

  int s = v;
  for (int off = warp.size() / 2; off > 0; off /= 2)
    s += warp.shfl_down(s, off);
  if (warp.thread_rank() == 0)
    warp_sums[warp.meta_group_rank()] = s;
  block.sync();

  if (warp.meta_group_rank() == 0) {
    int t = (warp.thread_rank() < warp.meta_group_size()) ? warp_sums[warp.thread_rank()] : 0;
    t = cg::reduce(warp, t, cg::plus<int>());
    if (warp.thread_rank() == 0)
      atomicAdd(out, t);
  }
}
