// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: 3-D thread indices (tid.z, ntid.z, ctaid.z), 64-bit plane offsets, 7 neighbour loads, early return
// IR-DAG: @llvm.nvvm.read.ptx.sreg.tid.z()
// IR-DAG: @llvm.nvvm.read.ptx.sreg.ntid.z()
// IR-DAG: load double

extern "C" __global__ void stencil3d_7pt(const double *in, double *out, int nx, int ny, int nz, double alpha) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1)
    return;
  long plane = (long)nx * ny;
  long idx = (long)z * plane + (long)y * nx + x;
  double sum = in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx] + in[idx - plane] + in[idx + plane];
  out[idx] = in[idx] + alpha * (sum - 6.0 * in[idx]);
}
