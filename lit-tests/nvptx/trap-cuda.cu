// CUDA's assert (a call of __assertfail, then unreachable), __trap() and __brkpt() (inline PTX
// `trap;` / `brkpt;` without operands) and asm("exit;") as clang-19 compiles them: the call
// and the same PTX instructions, which ori check runs as traps and exits on both sides (the
// JIT reference reads the assertion's strings; the interpreter reads them from its memory).
// RUN: %clang_cuda %s -o %t.ll
// RUN: ori llc %t.ll -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
// RUN: ori check %t.ll | FileCheck %s --check-prefix=EXEC
// REQUIRES: ptxas, libdevice
// CHECK: .extern .func __assertfail(
// CHECK-LABEL: .entry checked_copy(
// CHECK: call.uni __assertfail,
// CHECK-LABEL: .entry trap_on_overflow(
// CHECK: trap;
// CHECK-LABEL: .entry early_exit(
// CHECK: ret;
// CHECK-LABEL: .entry break_here(
// CHECK: brkpt;
// EXEC: checked_copy: ok (jit; the kernel traps in every run: assertion `i != 77` failed ({{.*}}trap-cuda.cu:{{[0-9]+}}, void checked_copy(int *, const int *)) (__assertfail)
// EXEC: trap_on_overflow: ok (jit; the kernel traps in every run: trap (llvm.trap)
// EXEC: early_exit: ok (jit; {{[0-9]+}} output elements written)
// EXEC: break_here: ok (jit; the kernel traps in every run: brkpt (llvm.debugtrap)

#include <cassert>

extern "C" __global__ void checked_copy(int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i != 77);
  out[i] = in[i];
}

extern "C" __global__ void trap_on_overflow(int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long s = (long long)in[i] * 1000;
  if (i == 90)
    __trap();
  out[i] = (int)s;
}

extern "C" __global__ void early_exit(int *out, const int *in) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  if (t % 3 == 1)
    asm volatile("exit;");
  buf[t] = in[t] + 1;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = buf[(t + 3) % 64];
}

extern "C" __global__ void break_here(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 5)
    __brkpt();
  out[i] = i;
}
