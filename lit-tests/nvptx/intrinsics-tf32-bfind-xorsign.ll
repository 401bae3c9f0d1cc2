; Three small NVVM families, each run by `ori check` against host functions written from the PTX
; ISA: f32 → TF32 (llvm.nvvm.f2tf32.{rn,rna,rz}[.relu], cvt.*.tf32.f32: rounded on the bits as
; ptxas expands it, the low 13 bits zero; the reference rounds values in f64; the inputs include
; exact ties, subnormals and overflow), bfind (llvm.nvvm.flo.{u,s}.{i32,i64} with and without
; .shiftamt: FLO, of x ^ (x >> N-1) when signed), and the f32 min/max .xorsign.abs forms (with
; .ftz and .nan).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK-LABEL: .entry k
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4095;
; CHECK: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0xffffe000;
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4096;
; CHECK: max.NaN.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f00000000;
; CHECK: bfind.u32
; CHECK: xor.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 31;
; CHECK: bfind.u64
; CHECK: xor.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 63;
; CHECK: min.f32
; CHECK: max.ftz.NaN.f32

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.f2tf32.rn(float)
declare i32 @llvm.nvvm.f2tf32.rna(float)
declare i32 @llvm.nvvm.f2tf32.rz(float)
declare i32 @llvm.nvvm.f2tf32.rn.relu(float)
declare i32 @llvm.nvvm.f2tf32.rz.relu(float)
declare i32 @llvm.nvvm.flo.u.i32(i32, i1)
declare i32 @llvm.nvvm.flo.s.i32(i32, i1)
declare i32 @llvm.nvvm.flo.u.i64(i64, i1)
declare i32 @llvm.nvvm.flo.s.i64(i64, i1)
declare float @llvm.nvvm.fmin.xorsign.abs.f(float, float)
declare float @llvm.nvvm.fmax.ftz.nan.xorsign.abs.f(float, float)
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %iin, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %i
  %a0 = load float, ptr addrspace(1) %pa
  ; spread the values: k/8 * (1 + 2^-11 + 2^-12) * 2^(i mod 64 * 4 - 130)
  %sh = and i32 %i, 63
  %e = mul i32 %sh, 4
  %e2 = add i32 %e, -3
  %scale.bits = shl i32 %e2, 23
  %scale = bitcast i32 %scale.bits to float
  %a1 = fmul float %a0, %scale
  %a = fmul float %a1, 0x3FF0018000000000
  ; exact ties of the 10-bit fraction where k/8 is a power of two
  %at = fmul float %a1, 0x3FF0020000000000
  %pi = getelementptr i32, ptr addrspace(1) %iin, i32 %i
  %x0 = load i32, ptr addrspace(1) %pi
  %x = shl i32 %x0, %sh
  %x64 = sext i32 %x to i64
  %x64s = shl i64 %x64, 20
  %r0 = call i32 @llvm.nvvm.f2tf32.rn(float %at)
  %r1 = call i32 @llvm.nvvm.f2tf32.rna(float %at)
  %r2 = call i32 @llvm.nvvm.f2tf32.rz(float %a)
  %r3 = call i32 @llvm.nvvm.f2tf32.rn.relu(float %a)
  %r4 = call i32 @llvm.nvvm.f2tf32.rz.relu(float %a)
  %r5 = call i32 @llvm.nvvm.flo.u.i32(i32 %x, i1 false)
  %r6 = call i32 @llvm.nvvm.flo.s.i32(i32 %x, i1 true)
  %r7 = call i32 @llvm.nvvm.flo.u.i64(i64 %x64s, i1 true)
  %r8 = call i32 @llvm.nvvm.flo.s.i64(i64 %x64s, i1 false)
  %c = fsub float 0.5, %a0
  %f9 = call float @llvm.nvvm.fmin.xorsign.abs.f(float %a0, float %c)
  %f10 = call float @llvm.nvvm.fmax.ftz.nan.xorsign.abs.f(float %a1, float %c)
  %r9 = bitcast float %f9 to i32
  %r10 = bitcast float %f10 to i32
  %o = mul i32 %i, 11
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %r3, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %r4, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %p0, i32 5
  store i32 %r5, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %p0, i32 6
  store i32 %r6, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %p0, i32 7
  store i32 %r7, ptr addrspace(1) %p7
  %p8 = getelementptr i32, ptr addrspace(1) %p0, i32 8
  store i32 %r8, ptr addrspace(1) %p8
  %p9 = getelementptr i32, ptr addrspace(1) %p0, i32 9
  store i32 %r9, ptr addrspace(1) %p9
  %p10 = getelementptr i32, ptr addrspace(1) %p0, i32 10
  store i32 %r10, ptr addrspace(1) %p10
  ret void
}
