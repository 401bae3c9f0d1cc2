; Saturating integer arithmetic (llvm.{u,s}{add,sub}.sat) for i8/i16/i32/i64 and a vector:
; unsigned through min/max, signed narrow widths through a 64-bit sum clamped, i64 through the
; overflow test on the operand and result signs. Inputs include values at the limits (x*K
; products wrap around). `ori check` compares with LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: sat32: ok (jit
; EXEC: sat64: ok (jit
; EXEC: sat_narrow: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define i32 @gid() alwaysinline {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %nt
  %t = add i32 %base, %tid
  ret i32 %t
}

; CHECK-LABEL: .entry sat32
; CHECK: max.u32
; CHECK: min.u32
; CHECK: cvt.s64.s32
; CHECK: max.s64
; CHECK: min.s64
; CHECK: ret;
define ptx_kernel void @sat32(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @gid()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x0 = load i32, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 1
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %t1
  %y0 = load i32, ptr addrspace(1) %pb
  ; Spread the values over the whole range, towards both limits.
  %x = mul i32 %x0, 1640531527
  %y = mul i32 %y0, -1640531535
  %a = call i32 @llvm.usub.sat.i32(i32 %x, i32 %y)
  %b = call i32 @llvm.uadd.sat.i32(i32 %x, i32 %y)
  %c = call i32 @llvm.sadd.sat.i32(i32 %x, i32 %y)
  %d = call i32 @llvm.ssub.sat.i32(i32 %x, i32 %y)
  %v0 = insertelement <2 x i32> poison, i32 %x, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %y, i32 1
  %w0 = insertelement <2 x i32> poison, i32 %y, i32 0
  %w1 = insertelement <2 x i32> %w0, i32 %x0, i32 1
  %v = call <2 x i32> @llvm.sadd.sat.v2i32(<2 x i32> %v1, <2 x i32> %w1)
  %o = mul i32 %t, 6
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %a, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %b, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %c, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %d, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store <2 x i32> %v, ptr addrspace(1) %p4, align 4
  ret void
}

; CHECK-LABEL: .entry sat64
; CHECK: xor.b64
; CHECK: shr.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 63;
; CHECK: selp.b64
; CHECK: ret;
define ptx_kernel void @sat64(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @gid()
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %t
  %x0 = load i64, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 3
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %t1
  %y0 = load i64, ptr addrspace(1) %pb
  %x = mul i64 %x0, 7046029254386353131
  %y = mul i64 %y0, -7046029254386353133
  %a = call i64 @llvm.usub.sat.i64(i64 %x, i64 %y)
  %b = call i64 @llvm.uadd.sat.i64(i64 %x, i64 %y)
  %c = call i64 @llvm.sadd.sat.i64(i64 %x, i64 %y)
  %d = call i64 @llvm.ssub.sat.i64(i64 %x, i64 %y)
  %e = call i64 @llvm.ssub.sat.i64(i64 %x, i64 %x)
  %s1 = xor i64 %a, %b
  %o = mul i32 %t, 4
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  store i64 %s1, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  store i64 %c, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i32 2
  store i64 %d, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %p0, i32 3
  store i64 %e, ptr addrspace(1) %p3
  ret void
}

; CHECK-LABEL: .entry sat_narrow
; CHECK: ret;
define ptx_kernel void @sat_narrow(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @gid()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x0 = load i32, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 1
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %t1
  %y0 = load i32, ptr addrspace(1) %pb
  %x = mul i32 %x0, 1640531527
  %y = mul i32 %y0, -1640531535
  %x8 = trunc i32 %x to i8
  %y8 = trunc i32 %y to i8
  %x16 = trunc i32 %x to i16
  %y16 = trunc i32 %y to i16
  %a = call i8 @llvm.uadd.sat.i8(i8 %x8, i8 %y8)
  %b = call i8 @llvm.ssub.sat.i8(i8 %x8, i8 %y8)
  %c = call i16 @llvm.sadd.sat.i16(i16 %x16, i16 %y16)
  %d = call i16 @llvm.usub.sat.i16(i16 %x16, i16 %y16)
  %o = mul i32 %t, 6
  %p0 = getelementptr i8, ptr addrspace(1) %out, i32 %o
  store i8 %a, ptr addrspace(1) %p0
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i32 1
  store i8 %b, ptr addrspace(1) %p1
  %p2 = getelementptr i8, ptr addrspace(1) %p0, i32 2
  store i16 %c, ptr addrspace(1) %p2, align 1
  %p4 = getelementptr i8, ptr addrspace(1) %p0, i32 4
  store i16 %d, ptr addrspace(1) %p4, align 1
  ret void
}

declare i32 @llvm.usub.sat.i32(i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.ssub.sat.i32(i32, i32)
declare <2 x i32> @llvm.sadd.sat.v2i32(<2 x i32>, <2 x i32>)
declare i64 @llvm.usub.sat.i64(i64, i64)
declare i64 @llvm.uadd.sat.i64(i64, i64)
declare i64 @llvm.sadd.sat.i64(i64, i64)
declare i64 @llvm.ssub.sat.i64(i64, i64)
declare i8 @llvm.uadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare i16 @llvm.sadd.sat.i16(i16, i16)
declare i16 @llvm.usub.sat.i16(i16, i16)
