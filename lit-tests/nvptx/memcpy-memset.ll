; llvm.memcpy / memmove / memset with constant and variable lengths, in the global and local
; spaces, volatile or not. Small constant lengths are unrolled at the widest width both
; alignments allow (then a narrower tail); variable and large lengths become loops (a byte loop
; for a variable length); memmove picks its direction at run time (forwards when dst <= src),
; so overlapping moves within a thread's own region are exact. Checked against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: copies: ok (jit;
; EXEC: moves: ok (jit;
; EXEC: sets: ok (jit;

; 24 bytes at align 8: three 8-byte copies; 13 bytes at align 4: 4 + 4 + 4 + 1.
; CHECK-LABEL: .entry copies(
; CHECK: ld.global.b64
; CHECK: st.global.b64
; CHECK: ld.global.b64
; CHECK: st.global.b64
; CHECK: ld.global.b64
; CHECK: st.global.b64
; CHECK: ld.global.b32
; CHECK: ld.global.u8
; A variable length is a byte loop.
; CHECK: ld.global.u8
; CHECK: st.global.u8
; CHECK: setp.lt.u64
; CHECK-LABEL: .entry moves(
; CHECK: setp.le.u64
; CHECK-LABEL: .entry sets(
; CHECK: mul.lo.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x1010101;
; CHECK: st.global.b32

target triple = "nvptx64-nvidia-cuda"

; Each thread owns 64 bytes of %out and reads 64 bytes of %in.
define ptx_kernel void @copies(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %off = mul i32 %i, 64
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %off
  %s = getelementptr i8, ptr addrspace(1) %in, i32 %off
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 8 %d, ptr addrspace(1) align 8 %s, i64 24, i1 false)
  %d2 = getelementptr i8, ptr addrspace(1) %d, i32 24
  %s2 = getelementptr i8, ptr addrspace(1) %s, i32 32
  call void @llvm.memcpy.p1.p1.i32(ptr addrspace(1) align 4 %d2, ptr addrspace(1) align 4 %s2, i32 13, i1 false)
  ; A variable length (0 .. 15) through a local buffer, volatile on the way in.
  %buf = alloca [16 x i8], align 4
  %v = load i8, ptr addrspace(1) %s
  %v32 = zext i8 %v to i64
  %len = and i64 %v32, 15
  call void @llvm.memcpy.p0.p1.i64(ptr %buf, ptr addrspace(1) %s2, i64 %len, i1 true)
  %d3 = getelementptr i8, ptr addrspace(1) %d, i32 40
  call void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) %d3, ptr %buf, i64 %len, i1 false)
  ret void
}

; Overlapping moves inside the thread's 64 bytes: by +k (backwards) and by -k (forwards), and a
; constant 12-byte move.
define ptx_kernel void @moves(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %off = mul i32 %i, 64
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %off
  %s = getelementptr i8, ptr addrspace(1) %in, i32 %off
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %d, ptr addrspace(1) align 4 %s, i64 64, i1 false)
  %k0 = load i8, ptr addrspace(1) %s
  %k1 = and i8 %k0, 7
  %k = zext i8 %k1 to i64
  %d1 = getelementptr i8, ptr addrspace(1) %d, i64 %k
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) %d1, ptr addrspace(1) %d, i64 20, i1 false)
  %d2 = getelementptr i8, ptr addrspace(1) %d, i32 32
  %d3 = getelementptr i8, ptr addrspace(1) %d2, i64 %k
  %len = add i64 %k, 9
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) %d2, ptr addrspace(1) %d3, i64 %len, i1 false)
  %d4 = getelementptr i8, ptr addrspace(1) %d, i32 48
  %d5 = getelementptr i8, ptr addrspace(1) %d, i32 52
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 4 %d5, ptr addrspace(1) align 4 %d4, i64 12, i1 false)
  ret void
}

; memset: constant 16 bytes of a variable byte at align 4, a variable length, and a large
; constant length (a loop of 4-byte stores and a 2-byte tail).
define ptx_kernel void @sets(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %off = mul i32 %i, 256
  %d = getelementptr i8, ptr addrspace(1) %out, i32 %off
  %pin = getelementptr i8, ptr addrspace(1) %in, i32 %i
  %x = load i8, ptr addrspace(1) %pin
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %d, i8 %x, i64 16, i1 false)
  %d1 = getelementptr i8, ptr addrspace(1) %d, i32 16
  %x32 = zext i8 %x to i32
  %len = and i32 %x32, 31
  call void @llvm.memset.p1.i32(ptr addrspace(1) %d1, i8 -91, i32 %len, i1 false)
  %d2 = getelementptr i8, ptr addrspace(1) %d, i32 48
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %d2, i8 %x, i64 202, i1 true)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
