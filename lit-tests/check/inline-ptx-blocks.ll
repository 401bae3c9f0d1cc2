; Inline PTX blocks: templates of several instructions (the multiply and add chains, the
; setp/selp pair and the approximate / directed-rounding arithmetic that libdevice inlines into
; `sinf`, `lgamma`, `erfinvf`, ...; f16 conversions, byte permutes, SIMD video, cache-hinted
; loads and stores, special registers) run in the interpreter and in the JIT reference through
; the one PTX-subset evaluator (ori::interp::ptx_block), so every kernel is compared with the
; JIT. A template outside the subset is still refused, with the template named.
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0 %}
; CHECK: wide: ok (jit;
; CHECK: select: ok (jit;
; CHECK: float: ok (jit;
; CHECK: half: ok (jit;
; CHECK: bytes: ok (jit;
; CHECK: cached: ok (jit;
; CHECK: sregs: ok (jit;
; CHECK: refused: skipped (pre-RA: unsupported inline PTX assembly (ASM.0 `activemask.b32 $0;`)
; CHECK-NEXT: the JIT reference cannot run inline PTX "activemask.b32 $0;" either

target triple = "nvptx64-nvidia-cuda"

; libdevice's 64x64->128 multiply, multiply-add and 128-bit add/sub chains.
define ptx_kernel void @wide(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %i2 = mul i32 %t, 2
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %i2
  %a = load i64, ptr addrspace(1) %pa
  %pb = getelementptr i64, ptr addrspace(1) %pa, i32 1
  %b = load i64, ptr addrspace(1) %pb
  %c = xor i64 %a, 81985529216486895
  %m = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi;\0A\09mov.b64         {alo,ahi}, $2;   \0A\09mov.b64         {blo,bhi}, $3;   \0A\09mul.lo.u32      r0, alo, blo;    \0A\09mul.hi.u32      r1, alo, blo;    \0A\09mad.lo.cc.u32   r1, alo, bhi, r1;\0A\09madc.hi.u32     r2, alo, bhi,  0;\0A\09mad.lo.cc.u32   r1, ahi, blo, r1;\0A\09madc.hi.cc.u32  r2, ahi, blo, r2;\0A\09madc.hi.u32     r3, ahi, bhi,  0;\0A\09mad.lo.cc.u32   r2, ahi, bhi, r2;\0A\09addc.u32        r3, r3,  0;      \0A\09mov.b64         $0, {r0,r1};     \0A\09mov.b64         $1, {r2,r3};     \0A\09}", "=l,=l,l,l"(i64 %a, i64 %b)
  %mlo = extractvalue { i64, i64 } %m, 0
  %mhi = extractvalue { i64, i64 } %m, 1
  %d = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi, clo, chi;\0A\09mov.b64         {alo,ahi}, $2;    \0A\09mov.b64         {blo,bhi}, $3;    \0A\09mov.b64         {clo,chi}, $4;    \0A\09mad.lo.cc.u32   r0, alo, blo, clo;\0A\09madc.hi.cc.u32  r1, alo, blo, chi;\0A\09madc.hi.u32     r2, alo, bhi,   0;\0A\09mad.lo.cc.u32   r1, alo, bhi,  r1;\0A\09madc.hi.cc.u32  r2, ahi, blo,  r2;\0A\09madc.hi.u32     r3, ahi, bhi,   0;\0A\09mad.lo.cc.u32   r1, ahi, blo,  r1;\0A\09madc.lo.cc.u32  r2, ahi, bhi,  r2;\0A\09addc.u32        r3,  r3,   0;     \0A\09mov.b64         $0, {r0,r1};      \0A\09mov.b64         $1, {r2,r3};      \0A\09}", "=l,=l,l,l,l"(i64 %a, i64 %b, i64 %c)
  %dlo = extractvalue { i64, i64 } %d, 0
  %dhi = extractvalue { i64, i64 } %d, 1
  %s = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09add.cc.u32      r0, a0, b0; \0A\09addc.cc.u32     r1, a1, b1; \0A\09addc.cc.u32     r2, a2, b2; \0A\09addc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 %mlo, i64 %mhi, i64 %dlo, i64 %dhi)
  %slo = extractvalue { i64, i64 } %s, 0
  %shi = extractvalue { i64, i64 } %s, 1
  %u = call { i64, i64 } asm "{\0A\09.reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3;\0A\09mov.b64         {a0,a1}, $2;\0A\09mov.b64         {a2,a3}, $3;\0A\09mov.b64         {b0,b1}, $4;\0A\09mov.b64         {b2,b3}, $5;\0A\09sub.cc.u32      r0, a0, b0; \0A\09subc.cc.u32     r1, a1, b1; \0A\09subc.cc.u32     r2, a2, b2; \0A\09subc.u32        r3, a3, b3; \0A\09mov.b64         $0, {r0,r1};\0A\09mov.b64         $1, {r2,r3};\0A\09}", "=l,=l,l,l,l,l"(i64 %slo, i64 %shi, i64 %c, i64 %b)
  %ulo = extractvalue { i64, i64 } %u, 0
  %uhi = extractvalue { i64, i64 } %u, 1
  ; The two-output 32-bit form (=r,=r): lo = a*b + c, hi = carry-in + high half.
  %a32 = trunc i64 %a to i32
  %b32 = trunc i64 %b to i32
  %c32 = trunc i64 %c to i32
  %w = call { i32, i32 } asm "{\0A\09mad.lo.cc.u32   $0, $2, $3, $4;\0A\09madc.hi.u32     $1, $2, $3,  0;\0A\09}", "=r,=r,r,r,r"(i32 %a32, i32 %b32, i32 %c32)
  %wlo = extractvalue { i32, i32 } %w, 0
  %whi = extractvalue { i32, i32 } %w, 1
  %i4 = mul i32 %t, 5
  %q0 = getelementptr i64, ptr addrspace(1) %out, i32 %i4
  store i64 %ulo, ptr addrspace(1) %q0
  %q1 = getelementptr i64, ptr addrspace(1) %q0, i32 1
  store i64 %uhi, ptr addrspace(1) %q1
  %q2 = getelementptr i64, ptr addrspace(1) %q0, i32 2
  store i64 %mhi, ptr addrspace(1) %q2
  %q3 = getelementptr i64, ptr addrspace(1) %q0, i32 3
  store i64 %dhi, ptr addrspace(1) %q3
  %wl = zext i32 %wlo to i64
  %wh = zext i32 %whi to i64
  %wh32 = shl i64 %wh, 32
  %ww = or i64 %wl, %wh32
  %q4 = getelementptr i64, ptr addrspace(1) %q0, i32 4
  store i64 %ww, ptr addrspace(1) %q4
  ret void
}

; libdevice's unordered-equal select (its `$$` names a `.reg .pred`), and a guarded block.
define ptx_kernel void @select(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %p = getelementptr double, ptr addrspace(1) %in, i32 %t
  %x = load double, ptr addrspace(1) %p
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  %y = select i1 %isodd, double %x, double 1.5
  %tf = sitofp i32 %t to double
  %nan = fdiv double 0.0, 0.0
  %three = and i32 %t, 3
  %isnan = icmp eq i32 %three, 2
  %z = select i1 %isnan, double %nan, double %x
  %r = call double asm "{ .reg .pred __$$temp3;\0A  setp.equ.f64 __$$temp3, $1, $2;\0A  selp.f64 $0, $3, $4, __$$temp3;}", "=d,d,d,d,d"(double %z, double %y, double %tf, double %x)
  %g = call i32 asm "{ .reg .pred p, q; setp.lt.and.s32 p|q, $1, $2, $3; @p add.s32 $0, $1, 100; @!p sub.s32 $0, $2, 7; @q xor.b32 $0, $0, 0x55; }", "=r,r,r,b"(i32 %t, i32 %three, i1 %isodd)
  %q = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %r, ptr addrspace(1) %q
  %gi = add i32 %t, 256
  %qg = getelementptr i32, ptr addrspace(1) %out, i32 %gi
  store i32 %g, ptr addrspace(1) %qg
  ret void
}

; The approximate and directed-rounding arithmetic libdevice writes as inline PTX.
define ptx_kernel void @float(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %ind, ptr addrspace(1) %outd) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %pd = getelementptr double, ptr addrspace(1) %ind, i32 %t
  %xd = load double, ptr addrspace(1) %pd
  %xs = fmul float %x, 0x3E80000000000000
  %r = call float asm "rcp.approx.ftz.f32 $0,$1;", "=f,f"(float %x)
  %a = call float asm "sub.rz.ftz.f32 $0, $1, $2;", "=f,f,f"(float %r, float %xs)
  %b = call float asm "sub.rp.f32 $0, $1, $2;", "=f,f,f"(float %a, float %xs)
  %c = call float asm "sub.rm.f32 $0, $1, $2;", "=f,f,f"(float %b, float %x)
  %d = call double asm "rsqrt.approx.ftz.f64 $0, $1;", "=d,d"(double %xd)
  %e = call double asm "sub.rm.f64 $0, $1, $2;", "=d,d,d"(double %d, double %xd)
  %f = call double asm "sub.rn.f64 $0, $1, $2;", "=d,d,d"(double %e, double %xd)
  %g = call float asm "{ .reg .f32 t; fma.rn.f32 t, $1, $2, $3; mul.rz.f32 $0, t, 0f3FC00000; }", "=f,f,f,f"(float %x, float %c, float %b)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %g, ptr addrspace(1) %q
  %qd = getelementptr double, ptr addrspace(1) %outd, i32 %t
  store double %f, ptr addrspace(1) %qd
  ret void
}

; f16 in `h` registers and packed in `r` registers.
define ptx_kernel void @half(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %i2 = mul i32 %t, 2
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i2
  %x = load float, ptr addrspace(1) %p
  %p1 = getelementptr float, ptr addrspace(1) %p, i32 1
  %y = load float, ptr addrspace(1) %p1
  %hx = call half asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %x)
  %hy = call half asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %y)
  %h = call i16 asm "{ .reg .pred p; setp.gt.f16 p, $1, $2; selp.u16 $0, 1, 0, p; }", "=h,h,h"(half %hx, half %hy)
  %hf = call half asm "fma.rn.f16 $0, $1, $2, $3;", "=h,h,h,h"(half %hx, half %hy, half %hx)
  %back = call float asm "cvt.f32.f16 $0, $1;", "=f,h"(half %hf)
  %v = call i32 asm "cvt.rn.f16x2.f32 $0, $2, $1;", "=r,f,f"(float %x, float %y)
  %v2 = call i32 asm "fma.rn.f16x2 $0, $1, $2, $3;", "=r,r,r,r"(i32 %v, i32 %v, i32 %v)
  %v3 = call i32 asm "max.f16x2 $0, $1, $2;", "=r,r,r"(i32 %v2, i32 %v)
  %hz = zext i16 %h to i32
  %v4 = add i32 %v3, %hz
  %q = getelementptr float, ptr addrspace(1) %out, i32 %i2
  store float %back, ptr addrspace(1) %q
  %q1 = getelementptr i32, ptr addrspace(1) %q, i32 1
  store i32 %v4, ptr addrspace(1) %q1
  ret void
}

; Bytes and bits: unpacking, prmt, lop3, SIMD video, dp4a, bit fields.
define ptx_kernel void @bytes(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %p = getelementptr i64, ptr addrspace(1) %in, i32 %t
  %x = load i64, ptr addrspace(1) %p
  %lh = call { i32, i32 } asm "mov.b64 {$0, $1}, $2;", "=r,=r,l"(i64 %x)
  %lo = extractvalue { i32, i32 } %lh, 0
  %hi = extractvalue { i32, i32 } %lh, 1
  %a = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %lo, i32 %hi, i32 %t)
  %b = call i32 asm "prmt.b32.ecl $0, $1, $2, $3;", "=r,r,r,r"(i32 %lo, i32 %hi, i32 %t)
  %c = call i32 asm "lop3.b32 $0, $1, $2, $3, 0xe8;", "=r,r,r,r"(i32 %a, i32 %b, i32 %lo)
  %d = call i32 asm "vadd4.u32.u32.u32 $0,$1,$2,$3;", "=r,r,r,r"(i32 %lo, i32 %hi, i32 0)
  %e = call i32 asm "vabsdiff4.u32.u32.u32 $0,$1,$2,$3;", "=r,r,r,r"(i32 %lo, i32 %hi, i32 0)
  %f = call i32 asm "vmax4.u32.u32.u32 $0,$1,$2,$3;", "=r,r,r,r"(i32 %lo, i32 %hi, i32 0)
  %g = call i32 asm "dp4a.s32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %c, i32 %d, i32 %e)
  %h = call i32 asm "bfe.s32 $0, $1, $2, 9;", "=r,r,r"(i32 %f, i32 %t)
  %k = call i32 asm "mul.hi.u32 $0, $1, $1;", "=r,r"(i32 %g)
  %m = call i64 asm "mov.b64 $0, {$1, $2};", "=l,r,r"(i32 %h, i32 %k)
  ; A tied input: `$0` is read before it is written.
  %n = call i64 asm "add.s64 $0, $0, $1;", "=l,l,0"(i64 %m, i64 %x)
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %t
  store i64 %n, ptr addrspace(1) %q
  ret void
}

; Cache-hinted loads and stores (__ldcs, __stcs, __ldlu, __ldca).
define ptx_kernel void @cached(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %i4 = mul i32 %t, 4
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i4
  %v = call { float, float, float, float } asm sideeffect "ld.global.cs.v4.f32 {$0,$1,$2,$3}, [$4];", "=f,=f,=f,=f,l"(ptr addrspace(1) %p)
  %v0 = extractvalue { float, float, float, float } %v, 0
  %v1 = extractvalue { float, float, float, float } %v, 1
  %v2 = extractvalue { float, float, float, float } %v, 2
  %v3 = extractvalue { float, float, float, float } %v, 3
  %s = fadd float %v0, %v3
  %l = call float asm sideeffect "ld.global.lu.f32 $0, [$1+4];", "=f,l"(ptr addrspace(1) %p)
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i4
  %ii = call { i32, i32 } asm sideeffect "ld.global.ca.v2.s32 {$0,$1}, [$2];", "=r,=r,l"(ptr addrspace(1) %pi)
  %i0 = extractvalue { i32, i32 } %ii, 0
  %i1 = extractvalue { i32, i32 } %ii, 1
  %ix = xor i32 %i0, %i1
  %fx = bitcast i32 %ix to float
  %q = getelementptr float, ptr addrspace(1) %out, i32 %i4
  call void asm sideeffect "st.global.cs.v4.f32 [$0], {$1,$2,$3,$4};", "l,f,f,f,f,~{memory}"(ptr addrspace(1) %q, float %s, float %l, float %fx, float %v2)
  ret void
}

; Special registers (the launch environment's values on both sides: %clock and %smid read 0).
define ptx_kernel void @sregs(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %l = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %w = call i32 asm sideeffect "{ .reg .u32 t; mov.u32 t, %warpid; shl.b32 t, t, 8; add.u32 $0, t, $1; }", "=r,r"(i32 %l)
  %c = call { i32, i32 } asm sideeffect "{ .reg .u64 c; mov.u64 c, %clock64; mov.u32 $0, %smid; cvt.u32.u64 $1, c; }", "=r,=r"()
  %sm = extractvalue { i32, i32 } %c, 0
  %cl = extractvalue { i32, i32 } %c, 1
  %x = add i32 %w, %sm
  %y = add i32 %x, %cl
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @refused(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %m = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %m, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
