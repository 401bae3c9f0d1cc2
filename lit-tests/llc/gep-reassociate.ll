; gep-reassociate (llvm/gep_reassociate.rs): &B[ext(a + b)] becomes &(&B[ext a])[ext b] when a
; dominating getelementptr already computes &B[ext a]: zext of an `add nuw`, sext of an
; `add nsw` (found through `zext nneg` too), and an add at the index width. Not rewritten: a sum
; without the no-wrap flag its extension needs, an earlier address that does not dominate, a
; different element type.
; RUN: ori opt -passes=gep-reassociate -S %s | FileCheck %s --check-prefix=IR
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin -passes=gep-reassociate -S %s -o %t.plugin.ll && ori opt -passes=gep-reassociate -S %s -o %t.ori.ll && diff %t.plugin.ll %t.ori.ll %}
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; IR-LABEL: @zext_nuw(
; IR: %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %za
; IR: [[B:%.*]] = zext i32 %b to i64
; IR-NEXT: %pab = getelementptr i32, ptr addrspace(1) %pa, i64 [[B]]
; IR-NOT: %s =
; EXEC-DAG: zext_nuw: ok (jit
define ptx_kernel void @zext_nuw(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = and i32 %c, 7
  %za = zext i32 %a to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %za
  %x = load i32, ptr addrspace(1) %pa
  %s = add nuw i32 %a, %b
  %zs = zext i32 %s to i64
  %pab = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zs
  %y = load i32, ptr addrspace(1) %pab
  %r = add i32 %x, %y
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %a
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; The array form ([0 x i32], B, 0, i) and the addend found second (b + a); the sum stays for
; its other use.
; IR-LABEL: @sext_nsw_array(
; IR: %pa = getelementptr inbounds [0 x i32], ptr addrspace(1) %p, i64 0, i64 %sa
; IR: %s = add nsw i32 %b, %a
; IR-NEXT: [[B:%.*]] = sext i32 %b to i64
; IR-NEXT: %pab = getelementptr i32, ptr addrspace(1) %pa, i64 [[B]]
; EXEC-DAG: sext_nsw_array: ok (jit
define ptx_kernel void @sext_nsw_array(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = sub i32 3, %c
  %sa = zext nneg i32 %a to i64
  %pa = getelementptr inbounds [0 x i32], ptr addrspace(1) %p, i64 0, i64 %sa
  %x = load i32, ptr addrspace(1) %pa
  %s = add nsw i32 %b, %a
  %ss = sext i32 %s to i64
  %pab = getelementptr inbounds [0 x i32], ptr addrspace(1) %p, i64 0, i64 %ss
  %y = load i32, ptr addrspace(1) %pab
  %r = add i32 %x, %y
  %r2 = add i32 %r, %s
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %a
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r2, ptr addrspace(1) %po
  ret void
}

; An i64 index: the add needs no flag.
; IR-LABEL: @wide_add(
; IR: %pab = getelementptr i32, ptr addrspace(1) %pa, i64 %b
; EXEC-DAG: wide_add: ok (jit
define ptx_kernel void @wide_add(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %a = zext i32 %t to i64
  %c7 = and i32 %c, 7
  %b = zext i32 %c7 to i64
  %pa = getelementptr i32, ptr addrspace(1) %p, i64 %a
  %x = load i32, ptr addrspace(1) %pa
  %s = add i64 %a, %b
  %pab = getelementptr i32, ptr addrspace(1) %p, i64 %s
  %y = load i32, ptr addrspace(1) %pab
  %r = add i32 %x, %y
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %t
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; Left alone: zext of a sum without nuw (it may wrap in 32 bits), an address in a block that
; does not dominate, and a different element type.
; IR-LABEL: @left_alone(
; IR: %pab = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zs
; IR: %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zt
; IR: %w = getelementptr inbounds i16, ptr addrspace(1) %p, i64 %zt
; EXEC-DAG: left_alone: ok (jit
define ptx_kernel void @left_alone(ptr addrspace(1) %p, ptr addrspace(1) %out, i1 %f) {
entry:
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = and i32 %c, 7
  %za = zext i32 %a to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %za
  %x = load i32, ptr addrspace(1) %pa
  %s = add i32 %a, %b
  %zs = zext i32 %s to i64
  %pab = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zs
  %y = load i32, ptr addrspace(1) %pab
  br i1 %f, label %then, label %join

then:
  %zb = zext i32 %b to i64
  %pb = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zb
  %z = load i32, ptr addrspace(1) %pb
  br label %join

join:
  %zv = phi i32 [ %z, %then ], [ 0, %entry ]
  %k = and i32 %c, 3
  %t = add nuw i32 %b, %k
  %zt = zext i32 %t to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %zt
  %u = load i32, ptr addrspace(1) %q
  %w = getelementptr inbounds i16, ptr addrspace(1) %p, i64 %zt
  %v = load i16, ptr addrspace(1) %w
  %v32 = zext i16 %v to i32
  %r1 = add i32 %x, %y
  %r2 = add i32 %r1, %zv
  %r3 = add i32 %r2, %u
  %r = add i32 %r3, %v32
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %a
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; An i32 index is sign-extended by the getelementptr itself: `add nsw` splits (the new index is
; the other addend, still i32), a plain `add` does not (a + b may wrap in 32 bits).
; IR-LABEL: @narrow_index(
; IR: %pab = getelementptr i32, ptr addrspace(1) %pa, i32 %b
; IR: %q = getelementptr i32, ptr addrspace(1) %p, i32 %w
; EXEC-DAG: narrow_index: ok (jit
define ptx_kernel void @narrow_index(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = sub i32 2, %c
  %pa = getelementptr i32, ptr addrspace(1) %p, i32 %a
  %x = load i32, ptr addrspace(1) %pa
  %s = add nsw i32 %a, %b
  %pab = getelementptr i32, ptr addrspace(1) %p, i32 %s
  %y = load i32, ptr addrspace(1) %pab
  %w = add i32 %a, %c
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %w
  %z = load i32, ptr addrspace(1) %q
  %r1 = add i32 %x, %y
  %r = add i32 %r1, %z
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %a
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; Constant offsets off a two-dimensional shared array, as an unrolled stencil reads it: every
; &s[row][x + C] becomes &(&s[row][t])[C'] off one partial address (x = t + 1 is itself a
; constant offset, so C' = C + 1), and C'·4 folds into the stores' and loads' immediates.
; IR-LABEL: @stencil_row(
; IR: [[X:%.*]] = sext i32 %t to i64
; IR-NEXT: [[P:%.*]] = getelementptr [4 x [64 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 [[X]]
; IR-NEXT: %p0 = getelementptr float, ptr addrspace(3) [[P]], i64 1
; IR: %p1 = getelementptr float, ptr addrspace(3) [[P]], i64 2
; IR: %p2 = getelementptr float, ptr addrspace(3) [[P]], i64 3
; IR: %p3 = getelementptr float, ptr addrspace(3) [[P]], i64 0
; PTX-LABEL: .entry stencil_row(
; PTX: st.shared.b32 [%rd[[R:[0-9]+]]+4],
; PTX: ld.shared.b32 %r{{[0-9]+}}, [%rd[[R]]+8];
; PTX: ld.shared.b32 %r{{[0-9]+}}, [%rd[[R]]+12];
; PTX: ld.shared.b32 %r{{[0-9]+}}, [%rd[[R]]];
; EXEC-DAG: stencil_row: ok (jit
@tile = internal addrspace(3) global [4 x [64 x float]] undef, align 4

define ptx_kernel void @stencil_row(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x = add nsw i32 %t, 1
  %r32 = and i32 %c, 3
  %row = zext i32 %r32 to i64
  %tf = uitofp i32 %t to float
  %xs = sext i32 %x to i64
  %p0 = getelementptr [4 x [64 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %xs
  store float %tf, ptr addrspace(3) %p0
  call void @llvm.nvvm.barrier0()
  %i1 = add nsw i32 %x, 1
  %s1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds [4 x [64 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %s1
  %v1 = load float, ptr addrspace(3) %p1
  %i2 = add nsw i32 %x, 2
  %s2 = sext i32 %i2 to i64
  %p2 = getelementptr inbounds [4 x [64 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %s2
  %v2 = load float, ptr addrspace(3) %p2
  %i3 = add nsw i32 %x, -1
  %s3 = sext i32 %i3 to i64
  %p3 = getelementptr inbounds [4 x [64 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %s3
  %v3 = load float, ptr addrspace(3) %p3
  %a = fadd float %v1, %v2
  %b = fadd float %a, %v3
  %c64 = shl i32 %c, 6
  %g = add i32 %c64, %t
  %po = getelementptr float, ptr addrspace(1) %out, i32 %g
  store float %b, ptr addrspace(1) %po
  ret void
}

declare void @llvm.nvvm.barrier0()

; `or disjoint` is an addition without carries (instcombine's form of `4·i + 1`): the strided
; stores out[4i + k] all go off &out[4i], with k·4 in their immediates; a plain `or` (bits may
; overlap) is left alone.
; IR-LABEL: @or_disjoint(
; IR: %p1 = getelementptr i32, ptr addrspace(1) %p0, i64 1
; IR: %p2 = getelementptr i32, ptr addrspace(1) %p0, i64 2
; IR: %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %sq
; PTX-LABEL: .entry or_disjoint(
; PTX: st.global.b32 [%rd[[R:[0-9]+]]],
; PTX: st.global.b32 [%rd[[R]]+4],
; PTX: st.global.b32 [%rd[[R]]+8],
; EXEC-DAG: or_disjoint: ok (jit
define ptx_kernel void @or_disjoint(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c64 = shl i32 %c, 6
  %g = add nsw i32 %c64, %t
  %i = shl nsw i32 %g, 2
  %s0 = sext i32 %i to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %s0
  store i32 %t, ptr addrspace(1) %p0
  %o1 = or disjoint i32 %i, 1
  %s1 = sext i32 %o1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %s1
  store i32 %c, ptr addrspace(1) %p1
  %o2 = or disjoint i32 %i, 2
  %s2 = sext i32 %o2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %s2
  store i32 7, ptr addrspace(1) %p2
  %o3 = or i32 %i, 3
  %sq = sext i32 %o3 to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %sq
  store i32 9, ptr addrspace(1) %q
  ret void
}
