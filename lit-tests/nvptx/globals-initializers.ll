; Initializers of every form, serialized as llc-19 lays them out: floats, half, bfloat and double
; by their exact bits, nested arrays and structs at the data layout's offsets with zero padding,
; vectors (a <3 x i32> is 12 bytes), strings, zeroinitializer/undef/poison (no initializer in
; the PTX), trailing zero bytes left out, a zero-sized variable one byte (llc's `.b8 x;`).
; Each copy_* kernel copies one variable byte by byte to its output, and `ori check` compares
; the bytes with LLVM's JIT (which lays the initializer out itself), before and after register
; allocation.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .align 4 .f32 f = 0fBFC00000;
; CHECK: .visible .global .align 8 .f64 d = 0d400921FB54442D18;
; CHECK: .visible .global .align 2 .b16 h = 15360;
; CHECK: .visible .global .align 2 .b16 bf = 16457;
; CHECK: .visible .global .align 4 .b8 fa[12] = {0, 0, 128, 63, 0, 0, 192, 127, 0, 0, 128, 255};
; CHECK: .visible .global .align 8 .b8 s[24] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 64};
; CHECK: .visible .global .align 8 .b8 nested[12] = {1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6};
; CHECK: .visible .global .align 16 .b8 v3[12] = {1, 0, 0, 0, 2, 0, 0, 0, 255, 255, 255, 255};
; CHECK: .visible .global .align 4 .b8 hv[6] = {0, 60, 0, 64, 0, 66};
; CHECK: .visible .global .align 1 .b8 str[8] = {104, 105, 10, 0, 116, 104, 101, 114};
; CHECK: .visible .global .align 4 .b8 zero[16];
; CHECK: .visible .global .align 4 .u32 undefined;
; CHECK: .visible .global .align 1 .b8 poisoned[3];
; CHECK: .visible .global .align 8 .b8 partly[16] = {7};
; CHECK: .visible .global .align 1 .u8 flag = 1;
; CHECK: .visible .global .align 4 .b8 empty;

@f = addrspace(1) global float -1.5
@d = addrspace(1) global double 0x400921FB54442D18
@h = addrspace(1) global half 1.0
@bf = addrspace(1) global bfloat 0xR4049
@fa = addrspace(1) global [3 x float] [float 1.0, float 0x7FF8000000000000, float 0xFFF0000000000000]
@s = addrspace(1) global { i8, i32, i16, double } { i8 1, i32 2, i16 3, double 4.0 }
@nested = addrspace(1) global [2 x { i8, [2 x i16] }] [{ i8, [2 x i16] } { i8 1, [2 x i16] [i16 2, i16 3] }, { i8, [2 x i16] } { i8 4, [2 x i16] [i16 5, i16 6] }]
@v3 = addrspace(1) global <3 x i32> <i32 1, i32 2, i32 -1>
@hv = addrspace(1) global [3 x half] [half 1.0, half 2.0, half 3.0], align 4
@str = addrspace(1) global [8 x i8] c"hi\0A\00ther"
@zero = addrspace(1) global [4 x i32] zeroinitializer
@undefined = addrspace(1) global i32 undef
@poisoned = addrspace(1) global [3 x i8] poison
@partly = addrspace(1) global { i32, [3 x i32] } { i32 7, [3 x i32] zeroinitializer }
@flag = addrspace(1) global i1 true
@empty = addrspace(1) global [0 x i32] zeroinitializer

; EXEC: copy_f: ok (jit;
; EXEC: copy_d: ok (jit;
; EXEC: copy_h: ok (jit;
; EXEC: copy_bf: ok (jit;
; EXEC: copy_fa: ok (jit;
; EXEC: copy_s: ok (jit;
; EXEC: copy_nested: ok (jit;
; EXEC: copy_v3: ok (jit;
; EXEC: copy_hv: ok (jit;
; EXEC: copy_str: ok (jit;
; EXEC: copy_zero: ok (jit;
; EXEC: copy_partly: ok (jit;
; EXEC: copy_flag: ok (jit;

define ptx_kernel void @copy_f(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 4
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @f, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_d(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 8
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @d, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_h(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 2
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @h, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_bf(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 2
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @bf, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_fa(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 12
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @fa, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_s(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 24
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @s, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_nested(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 12
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @nested, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_v3(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 12
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @v3, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_hv(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 6
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @hv, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_str(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 8
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @str, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_zero(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 16
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @zero, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_partly(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 16
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @partly, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_flag(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 1
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @flag, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
