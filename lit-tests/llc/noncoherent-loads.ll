; Non-coherent global loads (ori/lower/noncoherent.rs), where llc-19 selects ld.global.nc: a
; load marked !invariant.load, or one whose every underlying object (through GEPs, casts, phis
; and selects) is a noalias + readonly kernel pointer parameter or a constant module variable;
; and the llvm.nvvm.ldg intrinsics. ptxas makes them LDG.E.CONSTANT. Not: readonly without
; noalias, noalias without readonly, a select with a plain parameter, a writable variable, a
; device function's parameter, a pointer loaded from memory. One deliberate difference from llc:
; a volatile load stays ld.volatile.global (llc drops the volatile for ld.global.nc).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: %cuobjdump -sass -fun restrict_readonly %t.cubin | FileCheck %s --check-prefix=SASS
; RUN: %cuobjdump -sass -fun restrict_float4 %t.cubin | FileCheck %s --check-prefix=SASS-V4
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=LIST
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas, cuobjdump
; EXEC: restrict_readonly: ok (jit
; EXEC: readonly_only: ok (jit
; EXEC: noalias_only: ok (jit
; EXEC: invariant: ok (jit
; EXEC: select_of_restrict: ok (jit
; EXEC: select_with_plain: ok (jit
; EXEC: loop_phi: ok (jit
; EXEC: globals: ok (jit
; EXEC: restrict_float4: ok (jit
; EXEC: volatile_restrict: ok (jit
; EXEC: ldg_intrinsic: ok (jit
; EXEC: calls_device: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1), i32)

@table = internal addrspace(1) constant [4 x i32] [i32 3, i32 5, i32 7, i32 11], align 4
@state = internal addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

; A device function's restrict parameter is no kernel parameter: plain loads in the .func
; (printed first), and in the kernel it is inlined into (calls_device).
; CHECK-LABEL: .func (.param .b32 func_retval0) dev_load(
; CHECK-NOT: .nc
; CHECK: ret;
define i32 @dev_load(ptr noalias readonly %a, i32 %i) noinline {
  %p = getelementptr i32, ptr %a, i32 %i
  %x = load i32, ptr %p, align 4
  ret i32 %x
}

; CHECK-LABEL: .entry restrict_readonly(
; CHECK: ld.global.nc.b32
; CHECK: st.global.b32
; SASS: LDG.E.CONSTANT R
; LIST-LABEL: Function : restrict_readonly
; LIST: LDG.E.CONSTANT R
define ptx_kernel void @restrict_readonly(ptr noalias readonly %a, ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr %a, i32 %t
  %x = load i32, ptr %p, align 4
  %y = add i32 %x, 1
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %y, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry readonly_only(
; CHECK-NOT: .nc
; CHECK: ret;
define ptx_kernel void @readonly_only(ptr readonly %a, ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr %a, i32 %t
  %x = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry noalias_only(
; CHECK-NOT: .nc
; CHECK: ret;
define ptx_kernel void @noalias_only(ptr noalias %a, ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr %a, i32 %t
  %x = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry invariant(
; CHECK: ld.global.nc.b32
define ptx_kernel void @invariant(ptr %a, ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr %a, i32 %t
  %x = load i32, ptr %p, align 4, !invariant.load !0
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry select_of_restrict(
; CHECK: ld.global.nc.b32
define ptx_kernel void @select_of_restrict(ptr noalias readonly %a, ptr noalias readonly %b, ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  %s = select i1 %c, ptr %a, ptr %b
  %p = getelementptr i32, ptr %s, i32 %t
  %x = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry select_with_plain(
; CHECK-NOT: .nc
; CHECK: ret;
define ptx_kernel void @select_with_plain(ptr noalias readonly %a, ptr readonly %b, ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  %s = select i1 %c, ptr %a, ptr %b
  %p = getelementptr i32, ptr %s, i32 %t
  %x = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; A pointer induction variable: the phi's inputs all lead to the restrict parameter.
; CHECK-LABEL: .entry loop_phi(
; CHECK: ld.global.nc.b32
define ptx_kernel void @loop_phi(ptr noalias readonly %a, ptr noalias %o) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = getelementptr i32, ptr %a, i32 %t
  br label %loop
loop:
  %p = phi ptr [ %start, %entry ], [ %p2, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s2, %loop ]
  %x = load i32, ptr %p, align 4
  %s2 = add i32 %s, %x
  %p2 = getelementptr i32, ptr %p, i32 64
  %i2 = add i32 %i, 1
  %c = icmp ult i32 %i2, 2
  br i1 %c, label %loop, label %done
done:
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %s2, ptr %q, align 4
  ret void
}

; A constant variable reads non-coherently, a writable one does not.
; CHECK-LABEL: .entry globals(
; CHECK: ld.global.nc.b32
; CHECK-NOT: ld.global.nc
; CHECK: ld.global.b32
define ptx_kernel void @globals(ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = and i32 %t, 3
  %pc = getelementptr [4 x i32], ptr addrspace(1) @table, i32 0, i32 %k
  %x = load i32, ptr addrspace(1) %pc, align 4
  %ps = getelementptr [4 x i32], ptr addrspace(1) @state, i32 0, i32 %k
  %y = load i32, ptr addrspace(1) %ps, align 4
  %s = mul i32 %x, %y
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %s, ptr %q, align 4
  ret void
}

; `const float4 *__restrict__` as clang writes it: four aligned scalar loads become one
; non-coherent v4 load (LDG.E.128.CONSTANT).
; CHECK-LABEL: .entry restrict_float4(
; CHECK: ld.global.nc.v4.b32 {{{.*}}}, [{{%rd[0-9]+}}];
; CHECK: st.global.v4.b32
; SASS-V4: LDG.E.128.CONSTANT R
; SASS-V4: STG.E.128
; LIST-LABEL: Function : restrict_float4
; LIST: LDG.E.128.CONSTANT R
define ptx_kernel void @restrict_float4(ptr noalias nocapture readonly %a, ptr noalias nocapture writeonly %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p0 = getelementptr inbounds [4 x float], ptr %a, i64 %i
  %p1 = getelementptr inbounds i8, ptr %p0, i64 4
  %p2 = getelementptr inbounds i8, ptr %p0, i64 8
  %p3 = getelementptr inbounds i8, ptr %p0, i64 12
  %x = load float, ptr %p0, align 16
  %y = load float, ptr %p1, align 4
  %z = load float, ptr %p2, align 8
  %w = load float, ptr %p3, align 4
  %q0 = getelementptr inbounds [4 x float], ptr %o, i64 %i
  %q1 = getelementptr inbounds i8, ptr %q0, i64 4
  %q2 = getelementptr inbounds i8, ptr %q0, i64 8
  %q3 = getelementptr inbounds i8, ptr %q0, i64 12
  %x2 = fmul float %x, 2.0
  store float %x2, ptr %q0, align 16
  store float %y, ptr %q1, align 4
  store float %z, ptr %q2, align 8
  %w2 = fadd float %w, %x
  store float %w2, ptr %q3, align 4
  ret void
}

; CHECK-LABEL: .entry volatile_restrict(
; CHECK: ld.volatile.global.b32
; CHECK-NOT: .nc
; CHECK: ret;
define ptx_kernel void @volatile_restrict(ptr noalias readonly %a, ptr noalias %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr %a, i32 %t
  %x = load volatile i32, ptr %p, align 4
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

; CHECK-LABEL: .entry ldg_intrinsic(
; CHECK: ld.global.nc.b32
define ptx_kernel void @ldg_intrinsic(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %a, i32 %t
  %x = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %p, i32 4)
  %q = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %x, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: .entry calls_device(
; CHECK-NOT: .nc
; CHECK: ret;
define ptx_kernel void @calls_device(ptr %a, ptr %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = call i32 @dev_load(ptr %a, i32 %t)
  %q = getelementptr i32, ptr %o, i32 %t
  store i32 %x, ptr %q, align 4
  ret void
}

!0 = !{}
