// RUN: %clang_cuda %s -o %t.ll
// RUN: llc -march=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
// RUN: ori llc %t.ll -o %t.ori.ptx
// RUN: %ptxas -arch=sm_90 %t.ori.ptx -o %t.ori.cubin 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
// REQUIRES: ptxas, libdevice
// Exercises: 9-case + default switch on an opcode array inside a loop (LLVM switch; llc lowers it to a branch tree), loop-carried accumulator, guarded division
// IR: switch i32 %{{[0-9]+}}, label %{{[0-9]+}} [
// IR: i32 8, label
// IR: ]

enum Op { OP_ADD = 0, OP_SUB, OP_MUL, OP_DIV, OP_MIN, OP_MAX, OP_NEG, OP_SHL, OP_XOR };

// Each thread runs a tiny accumulator machine over `len` (opcode, operand) pairs.
extern "C" __global__ void switch_interp(const int *opcodes, const int *operands, int len, const int *init, int *result, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int acc = init[t];
  for (int pc = 0; pc < len; ++pc) {
    int v = operands[pc] + t;
    switch (opcodes[pc]) {
    case OP_ADD: acc += v; break;
    case OP_SUB: acc -= v; break;
    case OP_MUL: acc *= v; break;
    case OP_DIV: acc = (v != 0) ? acc / v : 0; break;
    case OP_MIN: acc = min(acc, v); break;
    case OP_MAX: acc = max(acc, v); break;
    case OP_NEG: acc = -acc; break;
    case OP_SHL: acc <<= (v & 31); break;
    case OP_XOR: acc ^= v; break;
    default: acc = 0x7fffffff; break;
    }
  }
  result[t] = acc;
}
