; Poison that PTX defines: a shift by at least the width (here by a launch parameter plus 90)
; and a float-to-integer conversion out of range are poison in LLVM; the JIT reference picks
; the values PTX computes (0, the sign fill, saturation), a valid refinement of poison, so the
; kernel compares with ori instead of mismatching on what the host's instructions happen to do.
; In-range shifts and conversions are compared as before (@in_range).
; RUN: ori check %s | FileCheck %s
; CHECK-DAG: out_of_range: ok (jit
; CHECK-DAG: in_range: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  ret i32 %g
}

define ptx_kernel void @out_of_range(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %s) {
  %t = call i32 @gid()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %sh = add i32 %s, 90
  %a = shl i32 %x, %sh
  %b = lshr i32 %x, %sh
  %c = ashr i32 %x, %sh
  %w = zext i32 %x to i64
  %sh64 = zext i32 %sh to i64
  %d = shl i64 %w, %sh64
  %f = sitofp i32 %x to float
  %g = fptoui float %f to i32
  %h = fmul float %f, 1.0e10
  %k = fptosi float %h to i32
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %q6 = mul i32 %t, 6
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %q6
  store i32 %a, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %b, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %c, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  %d32 = trunc i64 %d to i32
  store i32 %d32, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %g, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %k, ptr addrspace(1) %o5
  ret void
}

define ptx_kernel void @in_range(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @gid()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %sh = and i32 %t, 31
  %a = shl i32 %x, %sh
  %c = ashr i32 %x, %sh
  %r = xor i32 %a, %c
  %f = uitofp i32 %sh to float
  %g = fptoui float %f to i32
  %r2 = add i32 %r, %g
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r2, ptr addrspace(1) %q
  ret void
}
