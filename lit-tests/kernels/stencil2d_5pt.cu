// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: 2-D indexing, compound interior-point condition, neighbour loads at +-1 and +-width offsets
// IR-DAG: @llvm.nvvm.read.ptx.sreg.tid.y()
// IR-DAG: @llvm.nvvm.read.ptx.sreg.ctaid.y()

extern "C" __global__ void stencil2d_5pt(const float *in, float *out, int width, int height, float c0, float c1) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= width - 1 || y >= height - 1)
    return;
  int idx = y * width + x;
  float center = in[idx];
  float neighbours = in[idx - 1] + in[idx + 1] + in[idx - width] + in[idx + width];
  out[idx] = c0 * center + c1 * neighbours;
}
