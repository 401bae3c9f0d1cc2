// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: warp vote: __ballot_sync (vote.sync.ballot), __any_sync, __all_sync, __activemask, __popc, __ffs (inline asm bfind.shiftamt from libdevice), lanemask compare
// IR-DAG: call {{.*}}i32 @llvm.nvvm.vote.ballot.sync(i32 -1,
// IR-DAG: call {{.*}}i1 @llvm.nvvm.vote.any.sync(i32 -1,
// IR-DAG: call {{.*}}i1 @llvm.nvvm.vote.all.sync(i32 -1,
// IR-DAG: call {{.*}}i32 @llvm.nvvm.activemask()
// PTX: vote.sync.ballot.b32

extern "C" __global__ void vote_ballot(const int *in, unsigned int *ballots, int *flags, int *ranks, int threshold, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = (i < n) ? in[i] : 0;
  bool pred = v > threshold;

  unsigned int mask = __ballot_sync(0xffffffffu, pred);
  int any = __any_sync(0xffffffffu, v < 0);
  int all = __all_sync(0xffffffffu, v != 0);
  unsigned int active = __activemask();

  // Rank of this lane among lanes whose predicate is true (stream compaction style).
  int rank = __popc(mask & ((1u << lane) - 1u));
  if (i < n)
    ranks[i] = pred ? rank : -1;
  if (lane == 0) {
    int warp_id = i >> 5;
    ballots[warp_id] = mask;
    flags[warp_id] = (any << 2) | (all << 1) | (__ffs(mask) << 3) | (__popc(active) == 32);
  }
}
