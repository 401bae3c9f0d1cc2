; Alignment of module variables, as llc-19 chooses it: the IR's `align` when given, else the
; type's preferred alignment in the data layout (an array's element's, a struct's at least 8
; under NVPTX's aggregate default, a vector's its size). The variables are declared without a
; data layout (NVPTX's is used, as llc does) and read by a kernel with accesses of their natural
; width: ptxas rejects a misaligned variable under a wide access, and `ori check` runs the
; kernel against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .align 1 .u8 c8 = 3;
; CHECK: .visible .global .align 2 .u16 c16 = 5;
; CHECK: .visible .global .align 8 .u64 c64 = 7;
; CHECK: .visible .global .align 8 .f64 cd = 0d4022000000000000;
; CHECK: .visible .global .align 8 .b8 st[16] = {1, 0, 0, 0, 0, 0, 0, 0, 2};
; CHECK: .visible .global .align 16 .b8 v4[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
; CHECK: .visible .global .align 4 .b8 words[12] = {11, 0, 0, 0, 12, 0, 0, 0, 13};
; CHECK: .visible .global .align 16 .b8 bytes[5] = {1, 2, 3, 4, 5};
; CHECK: .visible .const .align 8 .b8 table[16] = {21, 0, 0, 0, 0, 0, 0, 0, 22};
; CHECK: .visible .global .align 32 .u32 wide = 9;

@c8 = addrspace(1) global i8 3
@c16 = addrspace(1) global i16 5
@c64 = addrspace(1) global i64 7
@cd = addrspace(1) global double 9.0
@st = addrspace(1) global { i32, i64 } { i32 1, i64 2 }
@v4 = addrspace(1) global <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>
@words = addrspace(1) global [3 x i32] [i32 11, i32 12, i32 13]
@bytes = addrspace(1) global [5 x i8] c"\01\02\03\04\05", align 16
@table = addrspace(4) constant [2 x i64] [i64 21, i64 22]
@wide = addrspace(1) global i32 9, align 32

; EXEC: sum: ok (jit; 1 output element written)
define ptx_kernel void @sum(ptr addrspace(1) %out) {
  %a = load i8, ptr addrspace(1) @c8
  %b = load i16, ptr addrspace(1) @c16
  %c = load i64, ptr addrspace(1) @c64
  %d = load double, ptr addrspace(1) @cd
  %e = load i64, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @st, i64 8)
  %v = load <4 x float>, ptr addrspace(1) @v4
  %w = load i32, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @words, i64 8)
  %x = load i32, ptr addrspace(1) @bytes
  %y = load i64, ptr addrspace(4) getelementptr (i8, ptr addrspace(4) @table, i64 8)
  %z = load i32, ptr addrspace(1) @wide
  %a64 = zext i8 %a to i64
  %b64 = zext i16 %b to i64
  %di = fptosi double %d to i64
  %v2 = extractelement <4 x float> %v, i32 3
  %vi = fptosi float %v2 to i64
  %w64 = zext i32 %w to i64
  %x64 = zext i32 %x to i64
  %z64 = zext i32 %z to i64
  %s1 = add i64 %a64, %b64
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %di
  %s4 = add i64 %s3, %e
  %s5 = add i64 %s4, %vi
  %s6 = add i64 %s5, %w64
  %s7 = add i64 %s6, %x64
  %s8 = add i64 %s7, %y
  %s9 = add i64 %s8, %z64
  store i64 %s9, ptr addrspace(1) %out
  ret void
}
