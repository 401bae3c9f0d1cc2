; i128 as two 64-bit halves: add/sub with carry and borrow, mul (mul.hi.u64 + cross products),
; and/or/xor, shifts by constant and variable amounts (both sides of 64), compares, extensions,
; truncation, loads and stores, bitcasts to vectors, select and phi, and i128 kernel parameters
; (a 16-byte `.param` array). Division: int128-div.ll. Executed by `ori check` against LLVM's
; JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: arith: ok (jit
; EXEC: shifts: ok (jit
; EXEC: compares: ok (jit
; EXEC: param: ok

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry arith(
; CHECK: mul.hi.u64
; CHECK: ret;
define ptx_kernel void @arith(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i128, ptr addrspace(1) %in, i32 %t
  %a = load i128, ptr addrspace(1) %pa
  %t1 = xor i32 %t, 3
  %pb = getelementptr i128, ptr addrspace(1) %in, i32 %t1
  %b = load i128, ptr addrspace(1) %pb
  %s0 = add i128 %a, %b
  %cy = add i128 %a, 18446744073709551615
  %bw = sub i128 %b, 18446744073709551615
  %s1 = xor i128 %s0, %cy
  %s = add i128 %s1, %bw
  %m = mul i128 %s, %b
  %d = sub i128 %m, %a
  %c = mul i128 %d, -340282366920938463463374607431768211
  %x = xor i128 %c, 18446744073709551617
  %o = or i128 %x, %a
  %n = and i128 %o, -79228162514264337593543950336
  %e = add i128 %n, 1
  %po = getelementptr i128, ptr addrspace(1) %out, i32 %t
  store i128 %e, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry shifts(
define ptx_kernel void @shifts(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i128, ptr addrspace(1) %in, i32 %t
  %a = load i128, ptr addrspace(1) %pa
  %amt32 = mul i32 %t, 37
  %amt7 = and i32 %amt32, 127
  %amt = zext i32 %amt7 to i128
  %l = shl i128 %a, %amt
  %r = lshr i128 %a, %amt
  %s = ashr i128 %a, %amt
  %c1 = shl i128 %a, 3
  %c2 = lshr i128 %a, 64
  %c3 = ashr i128 %a, 100
  %c4 = lshr i128 %a, 0
  %x0 = xor i128 %l, %r
  %x1 = add i128 %x0, %s
  %x2 = xor i128 %x1, %c1
  %x3 = add i128 %x2, %c2
  %x4 = xor i128 %x3, %c3
  %x5 = sub i128 %x4, %c4
  %po = getelementptr i128, ptr addrspace(1) %out, i32 %t
  store i128 %x5, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry compares(
define ptx_kernel void @compares(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %t
  %a64 = load i64, ptr addrspace(1) %pa
  %t1 = and i32 %t, 7
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %t1
  %b64 = load i64, ptr addrspace(1) %pb
  %a = sext i64 %a64 to i128
  %bz = zext i64 %b64 to i128
  %bs = shl i128 %bz, 40
  %b = sub i128 %bs, %a
  %c0 = icmp slt i128 %a, %b
  %c1 = icmp ult i128 %a, %b
  %c2 = icmp sge i128 %b, %a
  %c3 = icmp ule i128 %a, %bz
  %c4 = icmp eq i128 %a, %b
  %c5 = icmp ne i128 %bz, 5
  %c6 = icmp sgt i128 %a, -1
  %c7 = icmp ugt i128 %b, 4294967296
  %w = bitcast i128 %b to <4 x i32>
  %w3 = extractelement <4 x i32> %w, i32 3
  %v = bitcast i128 %a to <2 x i64>
  %v1 = extractelement <2 x i64> %v, i32 1
  %tr = trunc i128 %b to i32
  %tb = trunc i128 %a to i1
  %sel = select i1 %c0, i128 %a, i128 %b
  %sl = trunc i128 %sel to i64
  br i1 %c6, label %pos, label %join
pos:
  %inc = add i128 %a, 12345678901234567890123
  br label %join
join:
  %ph = phi i128 [ %inc, %pos ], [ %b, %entry ]
  %phl = trunc i128 %ph to i64
  %phh = lshr i128 %ph, 64
  %phh64 = trunc i128 %phh to i64
  %k0 = zext i1 %c0 to i64
  %k1 = zext i1 %c1 to i64
  %k2 = zext i1 %c2 to i64
  %k3 = zext i1 %c3 to i64
  %k4 = zext i1 %c4 to i64
  %k5 = zext i1 %c5 to i64
  %k6 = zext i1 %c6 to i64
  %k7 = zext i1 %c7 to i64
  %kb = zext i1 %tb to i64
  %s1 = shl i64 %k1, 1
  %s2 = shl i64 %k2, 2
  %s3 = shl i64 %k3, 3
  %s4 = shl i64 %k4, 4
  %s5 = shl i64 %k5, 5
  %s6 = shl i64 %k6, 6
  %s7 = shl i64 %k7, 7
  %sb = shl i64 %kb, 8
  %f0 = or i64 %k0, %s1
  %f1 = or i64 %f0, %s2
  %f2 = or i64 %f1, %s3
  %f3 = or i64 %f2, %s4
  %f4 = or i64 %f3, %s5
  %f5 = or i64 %f4, %s6
  %f6 = or i64 %f5, %s7
  %f7 = or i64 %f6, %sb
  %w3z = zext i32 %w3 to i64
  %trz = zext i32 %tr to i64
  %g0 = add i64 %f7, %w3z
  %g1 = xor i64 %g0, %v1
  %g2 = add i64 %g1, %trz
  %g3 = xor i64 %g2, %sl
  %g4 = add i64 %g3, %phl
  %g5 = xor i64 %g4, %phh64
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %t
  store i64 %g5, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry param(
; CHECK-NEXT: .param .u64 param_param_0,
; CHECK-NEXT: .param .align 16 .b8 param_param_1[16]
; CHECK-DAG: ld.param.u64 {{%rd[0-9]+}}, [param_param_1];
; CHECK-DAG: ld.param.u64 {{%rd[0-9]+}}, [param_param_1+8];
define ptx_kernel void @param(ptr addrspace(1) %out, i128 %x) {
  %y = mul i128 %x, 1000000007
  %z = add i128 %y, %x
  store i128 %z, ptr addrspace(1) %out
  ret void
}
