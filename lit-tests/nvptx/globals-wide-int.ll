; Integer initializers of any width, as llc-19 lays them out: the type's store size (an i65 is 9
; bytes, an i100 13), the bits above the width zero, alignment from the data layout (i128:128
; makes every integer wider than 64 bits 16-byte aligned); values wider than 64 bits come from
; the constant's exact decimal form. (These used to panic with a slice out of range.) Each copy_*
; kernel copies one variable byte by byte; `ori check` compares with LLVM's JIT. (llc-19 prints
; i33 and i24 as `.u33` / `.u24` scalars, which ptxas rejects; ori writes their bytes.)
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .align 16 .b8 w65[9] = {255, 255, 255, 255, 255, 255, 255, 255, 1};
; CHECK: .visible .global .align 16 .b8 w100[13] = {203, 68, 66, 113, 118, 78, 182, 66, 157, 2};
; CHECK: .visible .global .align 16 .b8 w128[16] = {254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
; CHECK: .visible .global .align 8 .b8 w33[5] = {255, 255, 255, 255, 1};
; CHECK: .visible .global .align 4 .b8 w24[3] = {86, 52, 18};
; CHECK: .visible .global .align 16 .b8 arr[48] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 57, 48};
; CHECK: .visible .global .align 16 .b8 mixed[32] = {255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 42};

@w65 = addrspace(1) global i65 -1
@w100 = addrspace(1) global i100 12345678901234567890123
@w128 = addrspace(1) global i128 -2
@w33 = addrspace(1) global i33 -1
@w24 = addrspace(1) global i24 1193046
@arr = addrspace(1) global [3 x i128] [i128 1, i128 -170141183460469231731687303715884105728, i128 12345]
@mixed = addrspace(1) global { i65, i8 } { i65 18446744073709551615, i8 42 }

; EXEC: copy_w65: ok (jit;
; EXEC: copy_w100: ok (jit;
; EXEC: copy_w128: ok (jit;
; EXEC: copy_w33: ok (jit;
; EXEC: copy_w24: ok (jit;
; EXEC: copy_arr: ok (jit;
; EXEC: copy_mixed: ok (jit;

define ptx_kernel void @copy_w65(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 9
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @w65, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_w100(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 13
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @w100, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_w128(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 16
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @w128, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_w33(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 5
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @w33, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_w24(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 3
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @w24, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_arr(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 48
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @arr, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

define ptx_kernel void @copy_mixed(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in = icmp ult i32 %t, 32
  br i1 %in, label %copy, label %done
copy:
  %s = getelementptr i8, ptr addrspace(1) @mixed, i32 %t
  %b = load i8, ptr addrspace(1) %s
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %b, ptr addrspace(1) %d
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
