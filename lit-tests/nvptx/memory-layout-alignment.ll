; Loads and stores as LLVM's legalizer shapes them: aggregates at their data-layout offsets
; (struct padding, array strides, packed structs), bit-packed i1 vectors, 3/5/6/7-byte integers in naturally aligned
; power-of-two pieces, and under-aligned scalars split into pieces no wider than the alignment
; (PTX faults on a misaligned address). ori check compares every kernel with LLVM's JIT; the
; interpreter faults on misaligned accesses as the hardware does.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC-DAG: struct_padding: ok (jit
; EXEC-DAG: odd_sizes: ok (jit
; EXEC-DAG: under_aligned: ok (jit
; EXEC-DAG: packed_array: ok (jit
; EXEC-DAG: bit_packed: ok (jit

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i64 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  %w = zext i32 %g to i64
  ret i64 %w
}

; {i8, i32, i16, i64} occupies 24 bytes: the fields at 0, 4, 8 and 16.
; CHECK-LABEL: .entry struct_padding
; CHECK-DAG: ld.global.u8 {{.*}}[%rd{{[0-9]+}}]
; CHECK-DAG: ld.global.b32 {{.*}}+4]
; CHECK-DAG: ld.global.u16 {{.*}}+8]
; CHECK-DAG: ld.global.b64 {{.*}}+16]
; CHECK-DAG: st.global.b64 {{.*}}+16]
define ptx_kernel void @struct_padding(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i64 @gid()
  %p = getelementptr {i8, i32, i16, i64}, ptr addrspace(1) %in, i64 %i
  %v = load {i8, i32, i16, i64}, ptr addrspace(1) %p, align 8
  %a = extractvalue {i8, i32, i16, i64} %v, 1
  %a1 = add i32 %a, 1
  %v1 = insertvalue {i8, i32, i16, i64} %v, i32 %a1, 1
  %q = getelementptr {i8, i32, i16, i64}, ptr addrspace(1) %out, i64 %i
  store {i8, i32, i16, i64} %v1, ptr addrspace(1) %q, align 8
  ret void
}

; i24 (3 bytes: 2 + 1), i40 (5: 4 + 1), i48 (6: 4 + 2), i56 (7: 4 + 2 + 1), each in a 16-byte
; record; the stores write the value plus one.
; CHECK-LABEL: .entry odd_sizes
; CHECK-DAG: ld.global.u16 {{.*}}[%rd{{[0-9]+}}]
; CHECK-DAG: ld.global.u8 {{.*}}+2]
; CHECK-DAG: st.global.u16 {{.*}}+36]
; CHECK-DAG: st.global.u8 {{.*}}+54]
define ptx_kernel void @odd_sizes(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i64 @gid()
  %o = mul i64 %i, 64
  %p0 = getelementptr i8, ptr addrspace(1) %in, i64 %o
  %q0 = getelementptr i8, ptr addrspace(1) %out, i64 %o
  %a = load i24, ptr addrspace(1) %p0, align 16
  %a1 = add i24 %a, 1
  store i24 %a1, ptr addrspace(1) %q0, align 16
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 16
  %q1 = getelementptr i8, ptr addrspace(1) %q0, i64 16
  %b = load i40, ptr addrspace(1) %p1, align 16
  %b1 = add i40 %b, 1
  store i40 %b1, ptr addrspace(1) %q1, align 16
  %p2 = getelementptr i8, ptr addrspace(1) %p0, i64 32
  %q2 = getelementptr i8, ptr addrspace(1) %q0, i64 32
  %c = load i48, ptr addrspace(1) %p2, align 16
  %c1 = add i48 %c, 1
  store i48 %c1, ptr addrspace(1) %q2, align 16
  %p3 = getelementptr i8, ptr addrspace(1) %p0, i64 48
  %q3 = getelementptr i8, ptr addrspace(1) %q0, i64 48
  %d = load i56, ptr addrspace(1) %p3, align 16
  %d1 = add i56 %d, 1
  store i56 %d1, ptr addrspace(1) %q3, align 16
  ret void
}

; An i32 one byte past a 32-byte boundary (four byte loads), a double at 2-byte alignment
; (four 16-bit loads), a float and a half stored at byte alignment, a 64-bit pointer-sized
; integer stored at 4-byte alignment (two words).
; CHECK-LABEL: .entry under_aligned
; CHECK-DAG: ld.global.u8 {{.*}}+1]
; CHECK-DAG: ld.global.u8 {{.*}}+4]
; CHECK-DAG: ld.global.u16 {{.*}}+10]
; CHECK-DAG: ld.global.u16 {{.*}}+14]
; CHECK-DAG: st.global.b32 {{.*}}+20]
; CHECK-NOT: ld.global.b32 {{.*}}+1]
define ptx_kernel void @under_aligned(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i64 @gid()
  %o = mul i64 %i, 32
  %p = getelementptr i8, ptr addrspace(1) %in, i64 %o
  %q = getelementptr i8, ptr addrspace(1) %out, i64 %o
  %pa = getelementptr i8, ptr addrspace(1) %p, i64 1
  %a = load i32, ptr addrspace(1) %pa, align 1
  %pb = getelementptr i8, ptr addrspace(1) %p, i64 8
  %b = load double, ptr addrspace(1) %pb, align 2
  %b2 = fmul double %b, 2.0
  %qa = getelementptr i8, ptr addrspace(1) %q, i64 3
  store i32 %a, ptr addrspace(1) %qa, align 1
  %qb = getelementptr i8, ptr addrspace(1) %q, i64 8
  store double %b2, ptr addrspace(1) %qb, align 2
  %f = uitofp i32 %a to float
  %qf = getelementptr i8, ptr addrspace(1) %q, i64 17
  store float %f, ptr addrspace(1) %qf, align 1
  %ph = getelementptr i8, ptr addrspace(1) %p, i64 21
  %h = load half, ptr addrspace(1) %ph, align 1
  %qh = getelementptr i8, ptr addrspace(1) %q, i64 29
  store half %h, ptr addrspace(1) %qh, align 1
  %w = zext i32 %a to i64
  %w2 = shl i64 %w, 20
  %qw = getelementptr i8, ptr addrspace(1) %q, i64 20
  store i64 %w2, ptr addrspace(1) %qw, align 4
  ret void
}

; A packed struct <{i8, i32, i16}> (7 bytes, the i32 at byte 1) in an array of two.
; CHECK-LABEL: .entry packed_array
; CHECK-NOT: ld.global.b32 {{.*}}+1]
define ptx_kernel void @packed_array(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i64 @gid()
  %p = getelementptr [2 x <{i8, i32, i16}>], ptr addrspace(1) %in, i64 %i
  %v = load [2 x <{i8, i32, i16}>], ptr addrspace(1) %p, align 1
  %e = extractvalue [2 x <{i8, i32, i16}>] %v, 1, 1
  %e1 = xor i32 %e, 305419896
  %v1 = insertvalue [2 x <{i8, i32, i16}>] %v, i32 %e1, 0, 1
  %q = getelementptr [2 x <{i8, i32, i16}>], ptr addrspace(1) %out, i64 %i
  store [2 x <{i8, i32, i16}>] %v1, ptr addrspace(1) %q, align 1
  ret void
}

; <17 x i1> is three bytes, lane k at bit k % 8 of byte k / 8 (the last byte's high bits zero);
; the lanes are inverted on the way through and every other one is kept.
; CHECK-LABEL: .entry bit_packed
; CHECK-DAG: ld.global.u8 {{.*}}+2]
; CHECK-DAG: st.global.u8 {{.*}}+2]
define ptx_kernel void @bit_packed(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %i = call i64 @gid()
  %o = mul i64 %i, 4
  %p = getelementptr i8, ptr addrspace(1) %in, i64 %o
  %v = load <17 x i1>, ptr addrspace(1) %p, align 1
  %n = xor <17 x i1> %v, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %m = and <17 x i1> %n, <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true>
  %q = getelementptr i8, ptr addrspace(1) %out, i64 %o
  store <17 x i1> %m, ptr addrspace(1) %q, align 1
  %p8 = getelementptr i8, ptr addrspace(1) %p, i64 3
  %w = load <8 x i1>, ptr addrspace(1) %p8, align 1
  %q8 = getelementptr i8, ptr addrspace(1) %q, i64 3
  store <8 x i1> %w, ptr addrspace(1) %q8, align 1
  ret void
}
