// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// REQUIRES: ptxas, libdevice
// Exercises: float4 / int2 vector loads and stores (ld.global.v4.f32, st.global.v2.s32), reinterpret casts, scalar tail loop
// IR: load float, ptr {{.*}}, align 16
// PTX-DAG: ld.global.v4.f32
// PTX-DAG: st.global.v4.f32
// PTX-DAG: st.global.v2.u32

extern "C" __global__ void vec_load_float4(const float *a, const float *b, float *c, int2 *minmax, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n4 = n / 4;
  if (i < n4) {
    float4 va = reinterpret_cast<const float4 *>(a)[i];
    float4 vb = reinterpret_cast<const float4 *>(b)[i];
    float4 vc = make_float4(va.x + vb.x, va.y * vb.y, va.z - vb.z, fmaxf(va.w, vb.w));
    reinterpret_cast<float4 *>(c)[i] = vc;
    int lo = (int)fminf(fminf(vc.x, vc.y), fminf(vc.z, vc.w));
    int hi = (int)fmaxf(fmaxf(vc.x, vc.y), fmaxf(vc.z, vc.w));
    minmax[i] = make_int2(lo, hi);
  }
  // Scalar remainder handled by the first thread.
  if (i == 0)
    for (int j = n4 * 4; j < n; ++j)
      c[j] = a[j] + b[j];
}
