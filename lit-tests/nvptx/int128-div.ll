; i128 udiv/sdiv/urem/srem, expanded as llc-19's ExpandLargeDivRem pass does (src/llvm/div128.rs):
; a shift-subtract loop after the special cases (zero operands, a divisor longer than the dividend,
; a quotient of the dividend itself), one step per remaining quotient bit; remainders as
; n - q * d, signed division on the magnitudes; constant powers of two as shifts. `ori check`
; compares every kernel with LLVM's JIT, which divides on the host: random operands of every
; relative length and sign, a table of edge cases (0, 1, -1, powers of two, the extremes, the
; dividend itself and its neighbours), and constant divisors. INT128_MIN / -1 (undefined) is kept
; out of the signed operations.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check --seeds=6 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: random: ok (jit
; EXEC: edges: ok (jit
; EXEC: constants: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

@ns = internal addrspace(4) constant [16 x i128] [
  i128 0, i128 1, i128 -1, i128 2, i128 3, i128 18446744073709551615, i128 18446744073709551616,
  i128 -18446744073709551616, i128 170141183460469231731687303715884105727,
  i128 -170141183460469231731687303715884105728, i128 -170141183460469231731687303715884105727,
  i128 340282366920938463463374607431768211, i128 -7, i128 1000000000000000000000000000000,
  i128 85070591730234615865843651857942052864, i128 12345678901234567890123456789]
@ds = internal addrspace(4) constant [8 x i128] [
  i128 1, i128 -1, i128 2, i128 18446744073709551616, i128 -170141183460469231731687303715884105728,
  i128 3, i128 -18446744073709551617, i128 10000000000000000000]

; The division is a loop: the quotient and remainder registers shift left by one bit per step.
; CHECK-LABEL: .entry random
; CHECK: bfind.u64
; CHECK: [[LOOP:\$L__bix[0-9]+]]:
; CHECK: shr.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 63;
; CHECK: @{{%p[0-9]+}} bra
; CHECK: mul.hi.u64
define ptx_kernel void @random(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %i
  %a = load i64, ptr addrspace(1) %pa
  %ii = zext i32 %i to i128
  %aw = zext i64 %a to i128
  %s0 = shl i128 %aw, 7
  %s1 = xor i128 %s0, %ii
  ; Two 128-bit hashes of (input, thread).
  %h0 = mul i128 %s1, 210306069128397893491034584187627530549
  %h0s = lshr i128 %h0, 67
  %h1 = xor i128 %h0, %h0s
  %h2 = mul i128 %h1, 276784166770063346397218549406097683259
  %h3 = mul i128 %h2, 166225020722542880469312830962163458653
  %h3s = lshr i128 %h3, 61
  %h4 = xor i128 %h3, %h3s
  ; Lengths: the dividend and the divisor shifted right by different amounts.
  %i13 = mul i32 %i, 13
  %ns32 = and i32 %i13, 127
  %ns = zext i32 %ns32 to i128
  %i29 = mul i32 %i, 29
  %ds0 = add i32 %i29, 7
  %ds32 = and i32 %ds0, 127
  %ds = zext i32 %ds32 to i128
  %nu = lshr i128 %h2, %ns
  %du0 = lshr i128 %h4, %ds
  %dz = icmp eq i128 %du0, 0
  %du = select i1 %dz, i128 1, i128 %du0
  ; Signs for the signed operations from two other bits of the hashes.
  %nb = and i128 %h4, 1
  %nneg = icmp ne i128 %nb, 0
  %nn = sub i128 0, %nu
  %nsg = select i1 %nneg, i128 %nn, i128 %nu
  %db = and i128 %h2, 2
  %dneg = icmp ne i128 %db, 0
  %dn = sub i128 0, %du
  %dsg = select i1 %dneg, i128 %dn, i128 %du
  %q = udiv i128 %nu, %du
  %r = urem i128 %nu, %du
  %sq = sdiv i128 %nsg, %dsg
  %sr = srem i128 %nsg, %dsg
  %o = shl i32 %i, 2
  %p0 = getelementptr i128, ptr addrspace(1) %out, i32 %o
  store i128 %q, ptr addrspace(1) %p0
  %p1 = getelementptr i128, ptr addrspace(1) %p0, i32 1
  store i128 %r, ptr addrspace(1) %p1
  %p2 = getelementptr i128, ptr addrspace(1) %p0, i32 2
  store i128 %sq, ptr addrspace(1) %p2
  %p3 = getelementptr i128, ptr addrspace(1) %p0, i32 3
  store i128 %sr, ptr addrspace(1) %p3
  ret void
}

; Every pair of a dividend from @ns and a divisor from @ds (INT128_MIN / -1 divides by 1 instead in
; the signed operations).
; CHECK-LABEL: .entry edges
define ptx_kernel void @edges(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %ni = and i32 %i, 15
  %di = lshr i32 %i, 4
  %pn = getelementptr [16 x i128], ptr addrspace(4) @ns, i32 0, i32 %ni
  %n = load i128, ptr addrspace(4) %pn
  %pd = getelementptr [8 x i128], ptr addrspace(4) @ds, i32 0, i32 %di
  %d = load i128, ptr addrspace(4) %pd
  %min = icmp eq i128 %n, -170141183460469231731687303715884105728
  %m1 = icmp eq i128 %d, -1
  %ub = and i1 %min, %m1
  %sd = select i1 %ub, i128 1, i128 %d
  %q = udiv i128 %n, %d
  %r = urem i128 %n, %d
  %sq = sdiv i128 %n, %sd
  %sr = srem i128 %n, %sd
  ; The dividend by itself and by its neighbours (when not zero).
  %nz = icmp eq i128 %n, 0
  %self = select i1 %nz, i128 5, i128 %n
  %q2 = udiv i128 %self, %self
  %up = add i128 %self, 1
  %upz = icmp eq i128 %up, 0
  %up1 = select i1 %upz, i128 3, i128 %up
  %q3 = udiv i128 %self, %up1
  %r3 = urem i128 %self, %up1
  %dn = add i128 %self, -1
  %dnz = icmp eq i128 %dn, 0
  %dn1 = select i1 %dnz, i128 3, i128 %dn
  %q4 = udiv i128 %self, %dn1
  %r4 = srem i128 %self, %dn1
  %o = mul i32 %i, 9
  %p0 = getelementptr i128, ptr addrspace(1) %out, i32 %o
  store i128 %q, ptr addrspace(1) %p0
  %p1 = getelementptr i128, ptr addrspace(1) %p0, i32 1
  store i128 %r, ptr addrspace(1) %p1
  %p2 = getelementptr i128, ptr addrspace(1) %p0, i32 2
  store i128 %sq, ptr addrspace(1) %p2
  %p3 = getelementptr i128, ptr addrspace(1) %p0, i32 3
  store i128 %sr, ptr addrspace(1) %p3
  %p4 = getelementptr i128, ptr addrspace(1) %p0, i32 4
  store i128 %q2, ptr addrspace(1) %p4
  %p5 = getelementptr i128, ptr addrspace(1) %p0, i32 5
  store i128 %q3, ptr addrspace(1) %p5
  %p6 = getelementptr i128, ptr addrspace(1) %p0, i32 6
  store i128 %r3, ptr addrspace(1) %p6
  %p7 = getelementptr i128, ptr addrspace(1) %p0, i32 7
  store i128 %q4, ptr addrspace(1) %p7
  %p8 = getelementptr i128, ptr addrspace(1) %p0, i32 8
  store i128 %r4, ptr addrspace(1) %p8
  ret void
}

; Constant divisors: powers of two are shifts (no loop); others divide through the loop.
; CHECK-LABEL: .entry constants
; CHECK-NOT: bfind
; udiv by 16 and urem by 32: shifts and masks.
; CHECK: shr.u64
; CHECK: and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 31;
; The signed quotient by 8 adds the rounding bias first.
; CHECK: shr.s64
; CHECK: bfind
define ptx_kernel void @constants(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %i
  %a = load i64, ptr addrspace(1) %pa
  %aw = zext i64 %a to i128
  %ii = zext i32 %i to i128
  %s1 = xor i128 %aw, %ii
  %h = mul i128 %s1, 276784166770063346397218549406097683259
  %hs = lshr i128 %h, 59
  %n = xor i128 %h, %hs
  ; A dividend that is not INT128_MIN (for the division by -1).
  %half = ashr i128 %n, 1
  %u0 = udiv i128 %n, 16
  %u1 = urem i128 %n, 32
  %u2 = udiv i128 %n, 18446744073709551616
  %u3 = udiv i128 %n, 170141183460469231731687303715884105728
  %u4 = urem i128 %n, 1267650600228229401496703205376
  %u5 = udiv i128 %n, 1
  %s0 = sdiv i128 %n, 8
  %s1d = sdiv i128 %n, 1
  %s2 = sdiv i128 %n, 85070591730234615865843651857942052864
  %s3 = srem i128 %n, 4
  %s4 = srem i128 %n, 1180591620717411303424
  %g0 = udiv i128 %n, 10
  %g1 = srem i128 %n, -7
  %g2 = sdiv i128 %half, -1
  %g3 = urem i128 %n, -1
  %g4 = sdiv i128 %n, -8
  %x0 = xor i128 %u0, %u1
  %x1 = add i128 %x0, %u2
  %x2 = xor i128 %x1, %u3
  %x3 = add i128 %x2, %u4
  %x4 = xor i128 %x3, %u5
  %y0 = xor i128 %s0, %s1d
  %y1 = add i128 %y0, %s2
  %y2 = xor i128 %y1, %s3
  %y3 = add i128 %y2, %s4
  %z0 = xor i128 %g0, %g1
  %z1 = add i128 %z0, %g2
  %z2 = xor i128 %z1, %g3
  %z3 = add i128 %z2, %g4
  %o = mul i32 %i, 3
  %p0 = getelementptr i128, ptr addrspace(1) %out, i32 %o
  store i128 %x4, ptr addrspace(1) %p0
  %p1 = getelementptr i128, ptr addrspace(1) %p0, i32 1
  store i128 %y3, ptr addrspace(1) %p1
  %p2 = getelementptr i128, ptr addrspace(1) %p0, i32 2
  store i128 %z3, ptr addrspace(1) %p2
  ret void
}
