; Store vectorization at lowering time (ori/lower/vectorize.rs, vectorize_plan.rs), after llc's
; LoadStoreVectorizer: adjacent simple stores of one block to one base merge into st.v2 / st.v4
; at the latest of them, when the first address is aligned to the access size and no load or
; store that may alias sits in between. Stores to one address keep their order; a volatile store
; never merges; constants are stored from registers.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: %cuobjdump -sass -fun v4_at_the_last_store %t.cubin | FileCheck %s --check-prefix=SASS
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=LIST
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas, cuobjdump
; EXEC: v4_at_the_last_store: ok (jit
; EXEC: constants_and_doubles: ok (jit
; EXEC: vector_store_types: ok (jit
; EXEC: load_between: ok (jit
; EXEC: same_address_twice: ok (jit
; EXEC: volatile_member: ok (jit
; EXEC: misaligned: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; Stores in any order (offset 8 first), each computed between them: one st.v4 after the last
; computation.
; CHECK-LABEL: .entry v4_at_the_last_store(
; CHECK: mul.rn.f32 [[D:%r[0-9]+]],
; CHECK-NEXT: st.global.v4.b32 [{{%rd[0-9]+}}], {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[D]]};
; CHECK-NOT: st.global
; CHECK: ret;
; SASS: STG.E.128 desc[{{UR[0-9]+}}][R{{[0-9]+}}.64], R
; LIST-LABEL: Function : v4_at_the_last_store
; LIST: STG.E.128 [R{{[0-9]+}}.64], R
define ptx_kernel void @v4_at_the_last_store(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %t
  %x = load float, ptr addrspace(1) %pa, align 4
  %q0 = getelementptr [4 x float], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr i8, ptr addrspace(1) %q0, i64 4
  %q2 = getelementptr i8, ptr addrspace(1) %q0, i64 8
  %q3 = getelementptr i8, ptr addrspace(1) %q0, i64 12
  %c = fadd float %x, 3.0
  store float %c, ptr addrspace(1) %q2, align 8
  %a0 = fadd float %x, 1.0
  store float %a0, ptr addrspace(1) %q0, align 16
  %b = fsub float %x, 2.0
  store float %b, ptr addrspace(1) %q1, align 4
  %d = fmul float %x, %x
  store float %d, ptr addrspace(1) %q3, align 4
  ret void
}

; Constants (one zero) and doubles: st.v2.b64 of registers.
; CHECK-LABEL: .entry constants_and_doubles(
; CHECK: st.global.v2.b64 [{{%rd[0-9]+}}], {{{%rd[0-9]+}}, {{%td[0-9]+}}};
; CHECK: st.global.v4.b32 [{{%rd[0-9]+}}], {{{%t[0-9]+}}, {{%t[0-9]+}}, {{%t[0-9]+}}, {{%t[0-9]+}}};
define ptx_kernel void @constants_and_doubles(ptr addrspace(1) %a, ptr addrspace(1) %o, ptr addrspace(1) %k) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr double, ptr addrspace(1) %a, i32 %t
  %x = load double, ptr addrspace(1) %pa, align 8
  %q0 = getelementptr [2 x double], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr double, ptr addrspace(1) %q0, i64 1
  store double %x, ptr addrspace(1) %q0, align 16
  store double 2.5, ptr addrspace(1) %q1, align 8
  %k0 = getelementptr [4 x i32], ptr addrspace(1) %k, i32 %t
  %k1 = getelementptr i32, ptr addrspace(1) %k0, i64 1
  %k2 = getelementptr i32, ptr addrspace(1) %k0, i64 2
  %k3 = getelementptr i32, ptr addrspace(1) %k0, i64 3
  store i32 7, ptr addrspace(1) %k0, align 16
  store i32 0, ptr addrspace(1) %k1, align 4
  store i32 -1, ptr addrspace(1) %k2, align 8
  store i32 9, ptr addrspace(1) %k3, align 4
  ret void
}

; A <4 x float> store aligned to 16 is one st.v4; aligned to 8, two st.v2.
; CHECK-LABEL: .entry vector_store_types(
; CHECK: st.global.v4.b32
; CHECK: st.global.v2.b32 [[[P:%rd[0-9]+]]],
; CHECK-NEXT: st.global.v2.b32 [[[P]]+8],
define ptx_kernel void @vector_store_types(ptr addrspace(1) %a, ptr addrspace(1) %o, ptr addrspace(1) %o2) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr <4 x float>, ptr addrspace(1) %a, i32 %t
  %v = load <4 x float>, ptr addrspace(1) %pa, align 16
  %w = fmul <4 x float> %v, %v
  %q = getelementptr <4 x float>, ptr addrspace(1) %o, i32 %t
  store <4 x float> %w, ptr addrspace(1) %q, align 16
  %q2 = getelementptr <4 x float>, ptr addrspace(1) %o2, i32 %t
  store <4 x float> %v, ptr addrspace(1) %q2, align 8
  ret void
}

; Negative: a load of another pointer (which may alias) between the stores.
; CHECK-LABEL: .entry load_between(
; CHECK: st.global.b32
; CHECK: ld.global.b32
; CHECK: st.global.b32
; CHECK-NOT: .v2
; CHECK: ret;
define ptx_kernel void @load_between(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q0 = getelementptr [2 x i32], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  store i32 %t, ptr addrspace(1) %q0, align 8
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %t
  %x = load i32, ptr addrspace(1) %pa, align 4
  store i32 %x, ptr addrspace(1) %q1, align 4
  ret void
}

; Stores to one address keep their order: the first pair merges, the second pair merges, and
; the second st.v2 comes after the first.
; CHECK-LABEL: .entry same_address_twice(
; CHECK: st.global.v2.b32 [[[P:%rd[0-9]+]]], {[[A:%r[0-9]+]], [[B:%r[0-9]+]]};
; CHECK: st.global.v2.b32 [[[P]]], {
define ptx_kernel void @same_address_twice(ptr addrspace(1) %o) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bs = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b0 = mul i32 %bid, %bs
  %t = add i32 %b0, %tid
  %q0 = getelementptr [2 x i32], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  %t2 = mul i32 %t, 3
  store i32 %t, ptr addrspace(1) %q0, align 8
  store i32 %t2, ptr addrspace(1) %q1, align 4
  %t3 = add i32 %t, 5
  store i32 %t3, ptr addrspace(1) %q0, align 8
  store i32 %t, ptr addrspace(1) %q1, align 4
  ret void
}

; Negative: a volatile store stays alone.
; CHECK-LABEL: .entry volatile_member(
; CHECK: st.global.b32 [[[P:%rd[0-9]+]]],
; CHECK-NEXT: st.volatile.global.b32 [[[P]]+4],
define ptx_kernel void @volatile_member(ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q0 = getelementptr [2 x i32], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  store i32 %t, ptr addrspace(1) %q0, align 8
  store volatile i32 %t, ptr addrspace(1) %q1, align 4
  ret void
}

; Negative: 4-byte alignment only.
; CHECK-LABEL: .entry misaligned(
; CHECK: st.global.b32
; CHECK-NEXT: st.global.b32
; CHECK-NOT: .v2
; CHECK: ret;
define ptx_kernel void @misaligned(ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q0 = getelementptr [2 x i32], ptr addrspace(1) %o, i32 %t
  %q1 = getelementptr i32, ptr addrspace(1) %q0, i64 1
  %t2 = xor i32 %t, 21
  store i32 %t, ptr addrspace(1) %q0, align 4
  store i32 %t2, ptr addrspace(1) %q1, align 4
  ret void
}
