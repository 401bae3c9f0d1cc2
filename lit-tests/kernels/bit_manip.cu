// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: bit intrinsics: __clz, __clzll, __brev, __popc/__popcll, __byte_perm (prmt), rotate idiom (llvm.fshl), __umulhi;
// inline PTX asm in the .ll: __ffs (from libdevice, bfind.shiftamt) and __funnelshift_l (clang header, shf.l.wrap)
// IR-DAG: @llvm.ctlz.i32(
// IR-DAG: @llvm.ctlz.i64(
// IR-DAG: @llvm.bitreverse.i32(
// IR-DAG: @llvm.ctpop.i64(
// IR-DAG: @llvm.nvvm.prmt(
// IR-DAG: @llvm.fshl.i32(
// IR-DAG: @llvm.nvvm.mulhi.ui(
// IR-DAG: asm "bfind.shiftamt.u32 $0, $1;"
// IR-DAG: asm "shf.l.wrap.b32 $0, $1, $2, $3;"
// PTX-DAG: brev.b32
// PTX-DAG: prmt.b32
// PTX-DAG: shf.l.wrap.b32

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
