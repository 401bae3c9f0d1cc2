; bfloat scalars as llc-19 compiles them for sm_90: kernel parameters (2-byte .param), loads and
; stores in every space, constants (0xR...), phi/select, bitcasts to and from i16, arithmetic with
; the native bf16 instructions (add.rn / mul.rn / fma.rn .bf16, neg.bf16), division and frem
; through f32 (cvt.f32.bf16, div.rn.f32, cvt.rn.bf16.f32), every fcmp predicate (setp.*.bf16),
; and the conversions cvt.{f32,f64}.bf16, cvt.rn.bf16.{f32,f64,s32,u32,s64,u64},
; cvt.rzi.{s32,u32,s64,u64}.bf16. ori keeps a bf16 in the low half of a 32-bit register and
; moves it into a .b16 temporary around each instruction. `ori check` runs every kernel
; against LLVM's JIT (x86 rounds bf16 through f32, which is exact for + - * / and through the
; reference's own __truncsfbf2; integer conversions and fma are rewritten there to round once).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: bf16_arith: ok (jit
; EXEC: bf16_compare: ok (jit
; EXEC: bf16_convert: ok (jit
; EXEC: bf16_memory: ok (jit
; EXEC: bf16_bits: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  ret i32 %i
}

; CHECK-LABEL: .entry bf16_arith(
; CHECK: .param .b16 bf16_arith_param_2
; CHECK: ld.param.u16 [[S:%r[0-9]+]], [bf16_arith_param_2];
; CHECK: mul.rn.bf16
; CHECK: add.rn.bf16
; CHECK: neg.bf16
; CHECK: cvt.f32.bf16 %fs0, %hs0;
; CHECK-NEXT: cvt.f32.bf16 %fs1, %hs1;
; CHECK-NEXT: div.rn.f32 %fs2, %fs0, %fs1;
; CHECK-NEXT: cvt.rn.bf16.f32 %hs3, %fs2;
; CHECK: cvt.rzi.f32.f32
; CHECK: fma.rn.bf16
define ptx_kernel void @bf16_arith(ptr addrspace(1) %in, ptr addrspace(1) %out, bfloat %s) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %i1 = add i32 %i, 1
  %pb = getelementptr bfloat, ptr addrspace(1) %in, i32 %i1
  %b = load bfloat, ptr addrspace(1) %pb
  ; 1.1015625 and 3.0: products and quotients that need rounding.
  %x = fmul bfloat %a, 0xR3F8D
  %y = fadd bfloat %x, %b
  %z = fsub bfloat %y, %s
  %w = fmul bfloat %z, %z
  %d = fadd bfloat %b, 0xR4040
  %q = fdiv bfloat %w, %d
  %r = frem bfloat %q, 0xR3F40
  %n = fneg bfloat %r
  %f = call bfloat @llvm.fma.bf16(bfloat %n, bfloat %a, bfloat %q)
  ; 7·37 − 2^-20 rounds once to 258; fmaf then a second rounding would give 260.
  %zero = fmul bfloat %a, 0xR0000
  %seven = fadd bfloat %zero, 0xR40E0
  %e = call bfloat @llvm.fma.bf16(bfloat %seven, bfloat 0xR4214, bfloat 0xRB580)
  ; fmul + fadd with `contract`: one fma.rn.bf16, as llc fuses them.
  %cm = fmul contract bfloat %a, %b
  %ca = fadd contract bfloat %cm, %q
  %i4 = mul i32 %i, 6
  %p0 = getelementptr bfloat, ptr addrspace(1) %out, i32 %i4
  store bfloat %y, ptr addrspace(1) %p0
  %p1 = getelementptr bfloat, ptr addrspace(1) %p0, i32 1
  store bfloat %q, ptr addrspace(1) %p1
  %p2 = getelementptr bfloat, ptr addrspace(1) %p0, i32 2
  store bfloat %r, ptr addrspace(1) %p2
  %p3 = getelementptr bfloat, ptr addrspace(1) %p0, i32 3
  store bfloat %f, ptr addrspace(1) %p3
  %p4 = getelementptr bfloat, ptr addrspace(1) %p0, i32 4
  store bfloat %e, ptr addrspace(1) %p4
  %p5 = getelementptr bfloat, ptr addrspace(1) %p0, i32 5
  store bfloat %ca, ptr addrspace(1) %p5
  ret void
}

; Every predicate, on pairs where every fifth one is a NaN; the results as bytes and as selects.
; CHECK-LABEL: .entry bf16_compare(
; CHECK-DAG: setp.eq.bf16
; CHECK-DAG: setp.gt.bf16
; CHECK-DAG: setp.ge.bf16
; CHECK-DAG: setp.lt.bf16
; CHECK-DAG: setp.le.bf16
; CHECK-DAG: setp.ne.bf16
; CHECK-DAG: setp.num.bf16
; CHECK-DAG: setp.equ.bf16
; CHECK-DAG: setp.gtu.bf16
; CHECK-DAG: setp.geu.bf16
; CHECK-DAG: setp.ltu.bf16
; CHECK-DAG: setp.leu.bf16
; CHECK-DAG: setp.neu.bf16
; CHECK-DAG: setp.nan.bf16
define ptx_kernel void @bf16_compare(ptr addrspace(1) %in, ptr addrspace(1) %flags, ptr addrspace(1) %sel) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %i1 = add i32 %i, 3
  %pb = getelementptr bfloat, ptr addrspace(1) %in, i32 %i1
  %b0 = load bfloat, ptr addrspace(1) %pb
  %m5 = urem i32 %i, 5
  %isnan = icmp eq i32 %m5, 0
  %b = select i1 %isnan, bfloat 0xR7FC0, bfloat %b0
  %c0 = fcmp oeq bfloat %a, %b
  %c1 = fcmp ogt bfloat %a, %b
  %c2 = fcmp oge bfloat %a, %b
  %c3 = fcmp olt bfloat %a, %b
  %c4 = fcmp ole bfloat %a, %b
  %c5 = fcmp one bfloat %a, %b
  %c6 = fcmp ord bfloat %a, %b
  %c7 = fcmp ueq bfloat %a, %b
  %c8 = fcmp ugt bfloat %a, %b
  %c9 = fcmp uge bfloat %a, %b
  %c10 = fcmp ult bfloat %a, %b
  %c11 = fcmp ule bfloat %a, %b
  %c12 = fcmp une bfloat %a, %b
  %c13 = fcmp uno bfloat %a, %b
  %c14 = fcmp true bfloat %a, %b
  %c15 = fcmp false bfloat %a, %b
  %base = mul i32 %i, 16
  %pf = getelementptr i8, ptr addrspace(1) %flags, i32 %base
  %z0 = zext i1 %c0 to i8
  store i8 %z0, ptr addrspace(1) %pf
  %pf1 = getelementptr i8, ptr addrspace(1) %pf, i32 1
  %z1 = zext i1 %c1 to i8
  store i8 %z1, ptr addrspace(1) %pf1
  %pf2 = getelementptr i8, ptr addrspace(1) %pf, i32 2
  %z2 = zext i1 %c2 to i8
  store i8 %z2, ptr addrspace(1) %pf2
  %pf3 = getelementptr i8, ptr addrspace(1) %pf, i32 3
  %z3 = zext i1 %c3 to i8
  store i8 %z3, ptr addrspace(1) %pf3
  %pf4 = getelementptr i8, ptr addrspace(1) %pf, i32 4
  %z4 = zext i1 %c4 to i8
  store i8 %z4, ptr addrspace(1) %pf4
  %pf5 = getelementptr i8, ptr addrspace(1) %pf, i32 5
  %z5 = zext i1 %c5 to i8
  store i8 %z5, ptr addrspace(1) %pf5
  %pf6 = getelementptr i8, ptr addrspace(1) %pf, i32 6
  %z6 = zext i1 %c6 to i8
  store i8 %z6, ptr addrspace(1) %pf6
  %pf7 = getelementptr i8, ptr addrspace(1) %pf, i32 7
  %z7 = zext i1 %c7 to i8
  store i8 %z7, ptr addrspace(1) %pf7
  %pf8 = getelementptr i8, ptr addrspace(1) %pf, i32 8
  %z8 = zext i1 %c8 to i8
  store i8 %z8, ptr addrspace(1) %pf8
  %pf9 = getelementptr i8, ptr addrspace(1) %pf, i32 9
  %z9 = zext i1 %c9 to i8
  store i8 %z9, ptr addrspace(1) %pf9
  %pf10 = getelementptr i8, ptr addrspace(1) %pf, i32 10
  %z10 = zext i1 %c10 to i8
  store i8 %z10, ptr addrspace(1) %pf10
  %pf11 = getelementptr i8, ptr addrspace(1) %pf, i32 11
  %z11 = zext i1 %c11 to i8
  store i8 %z11, ptr addrspace(1) %pf11
  %pf12 = getelementptr i8, ptr addrspace(1) %pf, i32 12
  %z12 = zext i1 %c12 to i8
  store i8 %z12, ptr addrspace(1) %pf12
  %pf13 = getelementptr i8, ptr addrspace(1) %pf, i32 13
  %z13 = zext i1 %c13 to i8
  store i8 %z13, ptr addrspace(1) %pf13
  %pf14 = getelementptr i8, ptr addrspace(1) %pf, i32 14
  %z14 = zext i1 %c14 to i8
  store i8 %z14, ptr addrspace(1) %pf14
  %pf15 = getelementptr i8, ptr addrspace(1) %pf, i32 15
  %z15 = zext i1 %c15 to i8
  store i8 %z15, ptr addrspace(1) %pf15
  %s1 = select i1 %c3, bfloat %a, bfloat %b
  %s2 = select i1 %c13, bfloat 0xR3F80, bfloat %s1
  %ps = getelementptr bfloat, ptr addrspace(1) %sel, i32 %i
  store bfloat %s2, ptr addrspace(1) %ps
  ret void
}

; Conversions; the integers are large enough that their bf16 rounds (1000003·x + 12345, and
; x·(2^56 + 2^40 + 1) in 64 bits), the floats carry more bits than a bf16.
; CHECK-LABEL: .entry bf16_convert(
; CHECK-DAG: cvt.rn.bf16.s32
; CHECK-DAG: cvt.rn.bf16.u32
; CHECK-DAG: cvt.rn.bf16.s64
; CHECK-DAG: cvt.rn.bf16.u64
; CHECK-DAG: cvt.rn.bf16.f32
; CHECK-DAG: cvt.rn.bf16.f64
; CHECK-DAG: cvt.f32.bf16
; CHECK-DAG: cvt.f64.bf16
; CHECK-DAG: cvt.rzi.s32.bf16
; CHECK-DAG: cvt.rzi.u32.bf16
; CHECK-DAG: cvt.rzi.s64.bf16
; CHECK-DAG: cvt.rzi.u64.bf16
define ptx_kernel void @bf16_convert(ptr addrspace(1) %in, ptr addrspace(1) %ints, ptr addrspace(1) %bout, ptr addrspace(1) %fout, ptr addrspace(1) %dout, ptr addrspace(1) %iout, ptr addrspace(1) %lout) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %pn = getelementptr i32, ptr addrspace(1) %ints, i32 %i
  %n = load i32, ptr addrspace(1) %pn
  %n1 = sub i32 %n, 31
  %big = mul i32 %n1, 1000003
  %big2 = add i32 %big, 12345
  %n64 = sext i32 %n1 to i64
  %huge = mul i64 %n64, 72058693549555713
  %ubig = mul i32 %n, 67108863
  %n16 = trunc i32 %n1 to i16
  %n8 = trunc i32 %n1 to i8
  %odd = trunc i32 %n to i1
  %b0 = sitofp i32 %big2 to bfloat
  %b1 = uitofp i32 %ubig to bfloat
  %b2 = sitofp i64 %huge to bfloat
  %nz = zext i32 %n to i64
  %uhuge = mul i64 %nz, 288230376151711745
  %b3 = uitofp i64 %uhuge to bfloat
  %b4 = sitofp i16 %n16 to bfloat
  %b5 = uitofp i8 %n8 to bfloat
  %b6 = sitofp i1 %odd to bfloat
  ; 2^24 + 2^16 + 1 is just above a bf16 tie: 2^24 + 2^17 (through f32 it would tie to 2^24).
  %bit = and i32 %n, 1
  %tie = or i32 %bit, 16842752
  %b9 = sitofp i32 %tie to bfloat
  %bit64 = zext i32 %bit to i64
  %tie64 = or i64 %bit64, 1157425104234217472
  %b10 = uitofp i64 %tie64 to bfloat
  %af = fpext bfloat %a to float
  %ad = fpext bfloat %a to double
  %f = fmul float %af, 0x3FF19999A0000000
  %b7 = fptrunc float %f to bfloat
  %dd = fdiv double %ad, 3.0
  %b8 = fptrunc double %dd to bfloat
  %a8 = fmul bfloat %a, 0xR4100
  %s32 = fptosi bfloat %a8 to i32
  %abs = call bfloat @llvm.fabs.bf16(bfloat %a8)
  %u32 = fptoui bfloat %abs to i32
  %s64 = fptosi bfloat %a8 to i64
  %u64 = fptoui bfloat %abs to i64
  %s16 = fptosi bfloat %a8 to i16
  %s16x = sext i16 %s16 to i32
  %u8 = fptoui bfloat %abs to i8
  %u8x = zext i8 %u8 to i32
  %base = mul i32 %i, 11
  %q0 = getelementptr bfloat, ptr addrspace(1) %bout, i32 %base
  store bfloat %b0, ptr addrspace(1) %q0
  %q1 = getelementptr bfloat, ptr addrspace(1) %q0, i32 1
  store bfloat %b1, ptr addrspace(1) %q1
  %q2 = getelementptr bfloat, ptr addrspace(1) %q0, i32 2
  store bfloat %b2, ptr addrspace(1) %q2
  %q3 = getelementptr bfloat, ptr addrspace(1) %q0, i32 3
  store bfloat %b3, ptr addrspace(1) %q3
  %q4 = getelementptr bfloat, ptr addrspace(1) %q0, i32 4
  store bfloat %b4, ptr addrspace(1) %q4
  %q5 = getelementptr bfloat, ptr addrspace(1) %q0, i32 5
  store bfloat %b5, ptr addrspace(1) %q5
  %q6 = getelementptr bfloat, ptr addrspace(1) %q0, i32 6
  store bfloat %b6, ptr addrspace(1) %q6
  %q7 = getelementptr bfloat, ptr addrspace(1) %q0, i32 7
  store bfloat %b7, ptr addrspace(1) %q7
  %q8 = getelementptr bfloat, ptr addrspace(1) %q0, i32 8
  store bfloat %b8, ptr addrspace(1) %q8
  %q9 = getelementptr bfloat, ptr addrspace(1) %q0, i32 9
  store bfloat %b9, ptr addrspace(1) %q9
  %q10 = getelementptr bfloat, ptr addrspace(1) %q0, i32 10
  store bfloat %b10, ptr addrspace(1) %q10
  %pf = getelementptr float, ptr addrspace(1) %fout, i32 %i
  store float %af, ptr addrspace(1) %pf
  %pd = getelementptr double, ptr addrspace(1) %dout, i32 %i
  store double %ad, ptr addrspace(1) %pd
  %i4 = mul i32 %i, 4
  %pi0 = getelementptr i32, ptr addrspace(1) %iout, i32 %i4
  store i32 %s32, ptr addrspace(1) %pi0
  %pi1 = getelementptr i32, ptr addrspace(1) %pi0, i32 1
  store i32 %u32, ptr addrspace(1) %pi1
  %pi2 = getelementptr i32, ptr addrspace(1) %pi0, i32 2
  store i32 %s16x, ptr addrspace(1) %pi2
  %pi3 = getelementptr i32, ptr addrspace(1) %pi0, i32 3
  store i32 %u8x, ptr addrspace(1) %pi3
  %i2 = mul i32 %i, 2
  %pl0 = getelementptr i64, ptr addrspace(1) %lout, i32 %i2
  store i64 %s64, ptr addrspace(1) %pl0
  %pl1 = getelementptr i64, ptr addrspace(1) %pl0, i32 1
  store i64 %u64, ptr addrspace(1) %pl1
  ret void
}

; Every space: a shared array (neighbours through a barrier), a local array, a constant table,
; a generic pointer; a loop-carried phi and a select.
@table = internal addrspace(4) constant [4 x bfloat] [bfloat 0xR3F80, bfloat 0xRBFC0, bfloat 0xR4049, bfloat 0xR3DCD]
@tile = internal addrspace(3) global [64 x bfloat] undef, align 2

; CHECK-LABEL: .entry bf16_memory(
; CHECK-DAG: st.shared.u16
; CHECK-DAG: ld.shared.u16
; CHECK-DAG: ld.const.u16
; CHECK-DAG: st.local.u16
define ptx_kernel void @bf16_memory(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %arr = alloca [4 x bfloat], align 2
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %ps = getelementptr [64 x bfloat], ptr addrspace(3) @tile, i32 0, i32 %t
  store bfloat %a, ptr addrspace(3) %ps
  call void @llvm.nvvm.barrier0()
  %t1 = add i32 %t, 1
  %tn = and i32 %t1, 63
  %pn = getelementptr [64 x bfloat], ptr addrspace(3) @tile, i32 0, i32 %tn
  %nb = load bfloat, ptr addrspace(3) %pn
  %k = and i32 %i, 3
  %pt = getelementptr [4 x bfloat], ptr addrspace(4) @table, i32 0, i32 %k
  %c = load bfloat, ptr addrspace(4) %pt
  %pl = getelementptr [4 x bfloat], ptr %arr, i32 0, i32 %k
  store bfloat %nb, ptr %pl
  %p0 = getelementptr [4 x bfloat], ptr %arr, i32 0, i32 0
  store bfloat %c, ptr %p0
  %l = load bfloat, ptr %pl
  %cnt = and i32 %n, 7
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %acc = phi bfloat [ %a, %entry ], [ %acc1, %loop ]
  %m = fmul bfloat %acc, %c
  %acc1 = fadd bfloat %m, %l
  %j1 = add i32 %j, 1
  %done = icmp uge i32 %j1, %cnt
  br i1 %done, label %exit, label %loop
exit:
  %neg = fcmp olt bfloat %acc1, 0xR0000
  %r = select i1 %neg, bfloat %nb, bfloat %acc1
  %gen = addrspacecast ptr addrspace(1) %out to ptr
  %po = getelementptr bfloat, ptr %gen, i32 %i
  store bfloat %r, ptr %po
  ret void
}

; bitcast to and from i16: the sign flipped as an integer, the bits of a NaN and of an
; infinity, and an integer reinterpreted as a bf16.
; CHECK-LABEL: .entry bf16_bits(
define ptx_kernel void @bf16_bits(ptr addrspace(1) %in, ptr addrspace(1) %raw, ptr addrspace(1) %out, ptr addrspace(1) %bits) {
  %i = call i32 @gid()
  %pa = getelementptr bfloat, ptr addrspace(1) %in, i32 %i
  %a = load bfloat, ptr addrspace(1) %pa
  %ai = bitcast bfloat %a to i16
  %flip = xor i16 %ai, -32768
  %na = bitcast i16 %flip to bfloat
  %pr = getelementptr i16, ptr addrspace(1) %raw, i32 %i
  %r = load i16, ptr addrspace(1) %pr
  %shifted = shl i16 %r, 8
  %rb = bitcast i16 %shifted to bfloat
  %sum = fadd bfloat %na, %rb
  %po = getelementptr bfloat, ptr addrspace(1) %out, i32 %i
  store bfloat %sum, ptr addrspace(1) %po
  %mag = call bfloat @llvm.fabs.bf16(bfloat %a)
  %pos = fadd bfloat %mag, 0xR3F80
  %inf = fdiv bfloat %pos, 0xR0000
  %ib = bitcast bfloat %inf to i16
  %ibz = zext i16 %ib to i32
  %pb = getelementptr i32, ptr addrspace(1) %bits, i32 %i
  store i32 %ibz, ptr addrspace(1) %pb
  ret void
}

declare bfloat @llvm.fma.bf16(bfloat, bfloat, bfloat)
declare bfloat @llvm.fabs.bf16(bfloat)
