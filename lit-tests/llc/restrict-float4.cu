// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.llc.ptx
// RUN: FileCheck %s --check-prefix=LLC --input-file=%t.llc.ptx
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: FileCheck %s --check-prefix=ORI --input-file=%t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: %cuobjdump -sass %t.ori.cubin | FileCheck %s --check-prefix=SASS
// RUN: ori check %t.ll | FileCheck %s --check-prefix=EXEC
// REQUIRES: ptxas, cuobjdump, libdevice
// `const float4 *__restrict__` reads: clang-19 gives noalias readonly parameters and four
// scalar loads per float4 (align 16, 4, 8, 4); llc-19 merges them into one non-coherent vector
// load, and so does ori (ori/lower/vectorize.rs, noncoherent.rs). The plain `const float *`
// parameter is not restrict: ordinary loads, merged all the same. The int2 store is one st.v2.
// LLC: ld.global.nc.v4.f32
// LLC: ld.global.v4.f32
// LLC: st.global.v2.u32
// ORI: ld.global.nc.v4.b32
// ORI: ld.global.v4.b32
// ORI: st.global.v2.b32
// SASS: LDG.E.128.CONSTANT
// SASS: LDG.E.128 R
// SASS: STG.E.64
// EXEC: restrict_float4: ok (jit

extern "C" __global__ void restrict_float4(const float4 *__restrict__ a, const float4 *b, int2 *__restrict__ out,
                                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 x = a[i];
    float4 y = b[i];
    float s = x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
    out[i] = make_int2((int)s, (int)(x.w - y.w));
  }
}
