// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: 3-D grid indexing: blockIdx.y/z, gridDim.x/y/z, blockDim.y/z, 64-bit linear offsets, per-axis guards
// IR-DAG: @llvm.nvvm.read.ptx.sreg.ctaid.z()
// IR-DAG: @llvm.nvvm.read.ptx.sreg.nctaid.y()
// IR-DAG: @llvm.nvvm.read.ptx.sreg.ntid.z()
// PTX-DAG: %nctaid.y
// PTX-DAG: %ctaid.z

extern "C" __global__ void grid3d_index(float *vol, unsigned int *block_ids, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    unsigned int linear_block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    block_ids[linear_block] = linear_block * (blockDim.x * blockDim.y * blockDim.z);
  }
  if (x >= nx || y >= ny || z >= nz)
    return;
  size_t idx = ((size_t)z * ny + y) * nx + x;
  vol[idx] = (float)x * 0.25f + (float)y * 0.5f + (float)z;
}
