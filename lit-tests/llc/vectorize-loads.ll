; Load vectorization at lowering time (ori/lower/vectorize.rs, vectorize_plan.rs), after llc's
; LoadStoreVectorizer: adjacent simple loads of one block from one base (constant offsets) merge
; into ld.v2 / ld.v4 (at most 128 bits) when the first address is aligned to the access size,
; and nothing that may alias is stored in between. The merged load sits at the earliest load.
; Stays scalar: too little alignment, an aliasing store or a call in between, a volatile load,
; 8- and 16-bit elements (ptxas would unpack every lane), loads of different bases.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: %cuobjdump -sass -fun v4_from_scalars %t.cubin | FileCheck %s --check-prefix=SASS-V4
; RUN: %cuobjdump -sass -fun i64_pair %t.cubin | FileCheck %s --check-prefix=SASS-I64
; RUN: %cuobjdump -sass -fun shared_tile %t.cubin | FileCheck %s --check-prefix=SASS-LDS
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=LIST
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas, cuobjdump
; EXEC: v4_from_scalars: ok (jit
; EXEC: v2_pairs: ok (jit
; EXEC: reversed_mixed_types: ok (jit
; EXEC: i64_pair: ok (jit
; EXEC: vector_types: ok (jit
; EXEC: shared_tile: ok (jit
; EXEC: alignment_from_a_later_load: ok (jit
; EXEC: misaligned: ok (jit
; EXEC: aliasing_store_between: ok (jit
; EXEC: store_elsewhere_between: ok (jit
; EXEC: volatile_member: ok (jit
; EXEC: barrier_between: ok (jit
; EXEC: narrow_elements: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

@tile = internal addrspace(3) global [256 x float] undef, align 16

; Four f32 loads (align 16, 4, 8, 4), as clang writes a float4 access: one ld.global.v4.
; CHECK-LABEL: .entry v4_from_scalars(
; CHECK: ld.global.v4.b32 {[[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Z:%r[0-9]+]], [[W:%r[0-9]+]]}, [{{%rd[0-9]+}}];
; CHECK-NOT: ld.global
; CHECK: ret;
; ptxas keeps the one 128-bit load.
; SASS-V4: LDG.E.128 R
; SASS-V4-NOT: LDG
; SASS-V4: EXIT
define ptx_kernel void @v4_from_scalars(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [4 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 4
  %p2 = getelementptr i8, ptr addrspace(1) %p0, i64 8
  %p3 = getelementptr i8, ptr addrspace(1) %p0, i64 12
  %x = load float, ptr addrspace(1) %p0, align 16
  %y = load float, ptr addrspace(1) %p1, align 4
  %z = load float, ptr addrspace(1) %p2, align 8
  %w = load float, ptr addrspace(1) %p3, align 4
  %s1 = fmul float %x, %y
  %s2 = fsub float %z, %w
  %s = fadd float %s1, %s2
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; 8-byte alignment: two ld.v2, the second at +8.
; CHECK-LABEL: .entry v2_pairs(
; CHECK: ld.global.v2.b32 {{{%r[0-9]+}}, {{%r[0-9]+}}}, [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.v2.b32 {{{%r[0-9]+}}, {{%r[0-9]+}}}, [[[P]]+8];
; CHECK-NOT: ld.global
; CHECK: ret;
; ori's own listing: the pairs in aligned register pairs.
; LIST-LABEL: Function : v2_pairs
; LIST: LDG.E.64 R{{[0-9]*[02468]}}, [[[A:R[0-9]+]].64] ;
; LIST-NEXT: LDG.E.64 R{{[0-9]*[02468]}}, [[[A]].64+0x8] ;
define ptx_kernel void @v2_pairs(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [4 x i32], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i64 2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i64 3
  %x = load i32, ptr addrspace(1) %p0, align 8
  %y = load i32, ptr addrspace(1) %p1, align 4
  %z = load i32, ptr addrspace(1) %p2, align 8
  %w = load i32, ptr addrspace(1) %p3, align 4
  %s1 = mul i32 %x, %y
  %s2 = sub i32 %z, %w
  %s = xor i32 %s1, %s2
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %t
  store i32 %s, ptr addrspace(1) %q, align 4
  ret void
}

; The higher address loaded first, an i32 beside a float: one ld.v2 whose first element is the
; float.
; CHECK-LABEL: .entry reversed_mixed_types(
; CHECK: ld.global.v2.b32 {[[F:%r[0-9]+]], [[I:%r[0-9]+]]}, [{{%rd[0-9]+}}];
; CHECK: cvt.rn.f32.s32 {{%r[0-9]+}}, [[I]];
define ptx_kernel void @reversed_mixed_types(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [2 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 4
  %i = load i32, ptr addrspace(1) %p1, align 4
  %f = load float, ptr addrspace(1) %p0, align 8
  %c = sitofp i32 %i to float
  %s = fsub float %f, %c
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry i64_pair(
; CHECK: ld.global.v2.b64 {{{%rd[0-9]+}}, {{%rd[0-9]+}}}, [{{%rd[0-9]+}}];
; SASS-I64: LDG.E.128 R
define ptx_kernel void @i64_pair(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [2 x i64], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i64 1
  %x = load i64, ptr addrspace(1) %p0, align 16
  %y = load i64, ptr addrspace(1) %p1, align 8
  %s = add i64 %x, %y
  %q = getelementptr i64, ptr addrspace(1) %o, i32 %t
  store i64 %s, ptr addrspace(1) %q, align 8
  ret void
}

; A <8 x float> load aligned to 32 is two ld.v4; a <2 x float> load aligned to 4 alone stays two
; scalars.
; CHECK-LABEL: .entry vector_types(
; CHECK: ld.global.v4.b32 {{{.*}}}, [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.v4.b32 {{{.*}}}, [[[P]]+16];
; CHECK: ld.global.b32 {{%r[0-9]+}}, [[[Q:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[Q]]+4];
define ptx_kernel void @vector_types(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr <8 x float>, ptr addrspace(1) %a, i32 %t
  %v = load <8 x float>, ptr addrspace(1) %p, align 32
  %u = shufflevector <8 x float> %v, <8 x float> poison, <4 x i32> <i32 0, i32 2, i32 5, i32 7>
  %pb = getelementptr <2 x float>, ptr addrspace(1) %b, i32 %t
  %w = load <2 x float>, ptr addrspace(1) %pb, align 4
  %u0 = extractelement <4 x float> %u, i32 0
  %u3 = extractelement <4 x float> %u, i32 3
  %w0 = extractelement <2 x float> %w, i32 0
  %w1 = extractelement <2 x float> %w, i32 1
  %s1 = fadd float %u0, %u3
  %w01 = fsub float %w0, %w1
  %s = fmul float %s1, %w01
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Shared memory: a 16-byte-aligned tile read four words at a time after the barrier.
; CHECK-LABEL: .entry shared_tile(
; CHECK: st.shared.b32
; CHECK: bar.sync 0;
; CHECK: ld.shared.v4.b32
; SASS-LDS: LDS.128 R
; LIST-LABEL: Function : shared_tile
; LIST: LDS.128 R{{[0-9]+}}, [
define ptx_kernel void @shared_tile(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %t
  %x = load float, ptr addrspace(1) %pa, align 4
  %ps = getelementptr float, ptr addrspace(3) @tile, i32 %t
  store float %x, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier0()
  %r = and i32 %t, 60
  %b0 = getelementptr float, ptr addrspace(3) @tile, i32 %r
  %b1 = getelementptr float, ptr addrspace(3) %b0, i32 1
  %b2 = getelementptr float, ptr addrspace(3) %b0, i32 2
  %b3 = getelementptr float, ptr addrspace(3) %b0, i32 3
  %y0 = load float, ptr addrspace(3) %b0, align 16
  %y1 = load float, ptr addrspace(3) %b1, align 4
  %y2 = load float, ptr addrspace(3) %b2, align 8
  %y3 = load float, ptr addrspace(3) %b3, align 4
  %s1 = fadd float %y0, %y1
  %s2 = fadd float %y2, %y3
  %s = fmul float %s1, %s2
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; llc takes the alignment of the first load only (4 here) and loads four scalars; the load at
; +16 proves 16-byte alignment of +0 as well (it executes whenever the others do).
; CHECK-LABEL: .entry alignment_from_a_later_load(
; CHECK: ld.global.v4.b32 {{{.*}}}, [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]+16];
define ptx_kernel void @alignment_from_a_later_load(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [8 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i64 2
  %p3 = getelementptr float, ptr addrspace(1) %p0, i64 3
  %p4 = getelementptr float, ptr addrspace(1) %p0, i64 4
  %x0 = load float, ptr addrspace(1) %p0, align 4
  %x1 = load float, ptr addrspace(1) %p1, align 4
  %x2 = load float, ptr addrspace(1) %p2, align 4
  %x3 = load float, ptr addrspace(1) %p3, align 4
  %x4 = load float, ptr addrspace(1) %p4, align 16
  %s1 = fadd float %x0, %x1
  %s2 = fadd float %x2, %x3
  %s3 = fmul float %s1, %s2
  %s = fsub float %s3, %x4
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Negative: 4-byte alignment only; four scalar loads.
; CHECK-LABEL: .entry misaligned(
; CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]+4];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]+8];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]+12];
; CHECK-NOT: .v2
; CHECK: ret;
define ptx_kernel void @misaligned(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t1 = add i32 %t, 1
  %p0 = getelementptr [4 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i64 2
  %p3 = getelementptr float, ptr addrspace(1) %p0, i64 3
  %x = load float, ptr addrspace(1) %p0, align 4
  %y = load float, ptr addrspace(1) %p1, align 4
  %z = load float, ptr addrspace(1) %p2, align 4
  %w = load float, ptr addrspace(1) %p3, align 4
  %s1 = fmul float %x, %y
  %s2 = fsub float %z, %w
  %s = fadd float %s1, %s2
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Negative: a store through another pointer (which may alias) between the loads.
; CHECK-LABEL: .entry aliasing_store_between(
; CHECK: ld.global.b32
; CHECK-NEXT: st.global.b32
; CHECK-NEXT: ld.global.b32
; CHECK-NOT: .v2
; CHECK: ret;
define ptx_kernel void @aliasing_store_between(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bs = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b0 = mul i32 %bid, %bs
  %t = add i32 %b0, %tid
  %p0 = getelementptr [2 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 1
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  %x = load float, ptr addrspace(1) %p0, align 8
  store float %x, ptr addrspace(1) %q, align 4
  %y = load float, ptr addrspace(1) %p1, align 4
  %s = fsub float %x, %y
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; A store to the same base at a byte neither load reads does not stop the merge (llc: same).
; CHECK-LABEL: .entry store_elsewhere_between(
; CHECK: ld.global.v2.b32 {{{%r[0-9]+}}, {{%r[0-9]+}}}, [[[P:%rd[0-9]+]]];
; CHECK: st.global.b32 [[[P]]+8],
define ptx_kernel void @store_elsewhere_between(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [4 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr float, ptr addrspace(1) %p0, i64 2
  %x = load float, ptr addrspace(1) %p0, align 8
  store float 1.0, ptr addrspace(1) %p2, align 4
  %y = load float, ptr addrspace(1) %p1, align 4
  %s = fsub float %x, %y
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Negative: a volatile load never merges.
; CHECK-LABEL: .entry volatile_member(
; CHECK: ld.volatile.global.b32 {{%r[0-9]+}}, [[[P:%rd[0-9]+]]];
; CHECK-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]+4];
define ptx_kernel void @volatile_member(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [2 x float], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 1
  %x = load volatile float, ptr addrspace(1) %p0, align 8
  %y = load float, ptr addrspace(1) %p1, align 4
  %s = fsub float %x, %y
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Negative: a barrier (a call) between two shared loads.
; CHECK-LABEL: .entry barrier_between(
; CHECK: ld.shared.b32
; CHECK-NEXT: bar.sync 0;
; CHECK-NEXT: ld.shared.b32
define ptx_kernel void @barrier_between(ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ps = getelementptr float, ptr addrspace(3) @tile, i32 %t
  %f = uitofp i32 %t to float
  store float %f, ptr addrspace(3) %ps, align 4
  %r = and i32 %t, 62
  %b0 = getelementptr float, ptr addrspace(3) @tile, i32 %r
  %b1 = getelementptr float, ptr addrspace(3) %b0, i32 1
  call void @llvm.nvvm.barrier0()
  %y0 = load float, ptr addrspace(3) %b0, align 8
  call void @llvm.nvvm.barrier0()
  %y1 = load float, ptr addrspace(3) %b1, align 4
  %s = fsub float %y0, %y1
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Negative: 16-bit elements stay scalar (llc: ld.v4.u16, which ptxas unpacks lane by lane).
; CHECK-LABEL: .entry narrow_elements(
; CHECK: ld.global.u16
; CHECK-NEXT: ld.global.u16
; CHECK-NOT: .v2
; CHECK: ret;
define ptx_kernel void @narrow_elements(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr [2 x i16], ptr addrspace(1) %a, i32 %t
  %p1 = getelementptr i16, ptr addrspace(1) %p0, i64 1
  %x = load i16, ptr addrspace(1) %p0, align 4
  %y = load i16, ptr addrspace(1) %p1, align 2
  %s = sub i16 %x, %y
  %q = getelementptr i16, ptr addrspace(1) %o, i32 %t
  store i16 %s, ptr addrspace(1) %q, align 2
  ret void
}
