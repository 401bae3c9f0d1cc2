// RUN: %clang_cuda %s -o %t.ll
// RUN: ori llc %t.ll -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori check %t.ll | FileCheck %s --check-prefix=EXEC
// REQUIRES: ptxas
// clang's __bf16 in CUDA: arithmetic promoted to float and rounded back at each assignment
// (fpext / fptrunc: cvt.f32.bf16, cvt.rn.bf16.f32), `a * x + y` contracted into an f32 fma, int
// conversions (cvt.rn.bf16.s32), and the __nvvm_*_bf16 builtins (llvm.fma.bf16 and the
// llvm.nvvm bf16 intrinsics: fma.rn.bf16, min/max[.NaN].bf16, neg/abs.bf16, the packed
// ff2bf16x2 / fma.rn.relu.bf16x2 lane by lane). `ori check` runs both kernels against the JIT.
// EXEC: bf16_axpy: ok (jit
// EXEC: bf16_builtins: ok (jit
// CHECK-LABEL: .entry bf16_axpy(
// CHECK: cvt.f32.bf16
// CHECK: fma.rn.f32
// CHECK: cvt.rn.bf16.f32
// CHECK-LABEL: .entry bf16_builtins(
// CHECK-DAG: fma.rn.bf16
// CHECK-DAG: max.NaN.bf16
// CHECK-DAG: min.bf16
// CHECK-DAG: neg.bf16
// CHECK-DAG: abs.bf16
// CHECK-DAG: cvt.rn.bf16.s32

typedef __bf16 bf16x2 __attribute__((ext_vector_type(2)));

extern "C" __global__ void bf16_axpy(int n, __bf16 a, const __bf16 *x, __bf16 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void bf16_builtins(const __bf16 *x, const float *f, __bf16 *out, bf16x2 *out2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __bf16 a = x[i], b = x[i + 1];
  __bf16 c = __nvvm_fma_rn_bf16(a, b, (__bf16)0.5f);
  c = __nvvm_fmax_nan_bf16(c, __nvvm_neg_bf16(b));
  c = __nvvm_fmin_bf16(c, __nvvm_abs_bf16(a));
  out[i] = c + (__bf16)(f[i] / 3.0f) + (__bf16)i;
  bf16x2 v = __nvvm_ff2bf16x2_rn(f[i], f[i] * 1.7f);
  out2[i] = __nvvm_fma_rn_relu_bf16x2(v, v, v);
}
