// RUN: %nvcc -arch=sm_90 -cubin %s -o %t.nvcc.cubin
// RUN: %cuobjdump -sass %t.nvcc.cubin | FileCheck %s --check-prefix=SASS
// RUN: %nvcc -arch=sm_90 -ptx %s -o %t.cicc.ptx
// RUN: FileCheck %s --check-prefix=CICC --input-file=%t.cicc.ptx
// RUN: %clang_cuda %s -o %t.ll
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin
// RUN: %cuobjdump -sass %t.ori.cubin | FileCheck %s --check-prefix=SASS
// REQUIRES: nvcc, ptxas, cuobjdump, libdevice
// NVIDIA's own pipeline (nvcc = cicc 13.0 + ptxas 13.0.88, from the pinned wheels) next to
// clang-19 + ori + ptxas on the same source: both contract a*x+y into one FFMA, and cicc's PTX
// names its release (the pin scripts/setup checks).
// CICC: Cuda compilation tools, release 13.0, V13.0.88
// CICC: .version 9.0
// CICC: fma.rn.f32
// SASS: Function : axpy
// SASS: FFMA

extern "C" __global__ void axpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
