; Atomics on i8, i16 and half, as llc-19 compiles them for sm_90: and/or/xor are the 32-bit atom on
; the aligned word that holds the value (the operand shifted into place, the other bytes ones for
; and); fadd half is atom.add.noftz.f16; every other atomicrmw, and cmpxchg, is a compare-and-swap
; loop on that word with the value masked and shifted into place (the shift is known when the access
; is 4-aligned). The threads of a CTA work on adjacent bytes of the same words, so their CAS loops
; contend and retry; `ori check` runs every kernel against LLVM's JIT, which executes the same
; atomics natively on the host.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: i8_own_byte: ok (jit
; EXEC: i16_half_shared: ok (jit
; EXEC: contended: ok (jit
; EXEC: cmpxchg_narrow: ok (jit
; EXEC: generic_narrow: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

@s16 = internal addrspace(3) global [64 x i16] undef, align 4
@sh = internal addrspace(3) global [64 x half] undef, align 4
@cnt = internal addrspace(3) global [4 x i8] undef, align 4
@bits = internal addrspace(3) global [4 x i8] undef, align 4
@c16 = internal addrspace(3) global [2 x i16] undef, align 4
@m16 = internal addrspace(3) global [2 x i16] undef, align 4
@hmax = internal addrspace(3) global [2 x half] undef, align 4
@ctr = internal addrspace(3) global [4 x i8] undef, align 4
@gs = internal addrspace(3) global [64 x i16] undef, align 4

; Each thread applies every integer operation to its own byte of a global buffer (align 1: the
; byte's place in its word is computed at run time); four threads share each word.
; CHECK-LABEL: .entry i8_own_byte
; CHECK: and.b64 [[W:%rd[0-9]+]], {{%rd[0-9]+}}, 0xfffffffffffffffc;
; CHECK: cvt.u32.u64 [[S:%r[0-9]+]], {{%rd[0-9]+}};
; CHECK-NEXT: and.b32 [[S]], [[S]], 3;
; CHECK-NEXT: shl.b32 [[S]], [[S]], 3;
; CHECK: ld.volatile.global.b32 [[OLD:%r[0-9]+]], [[[W]]];
; CHECK: [[LOOP:\$L__bix[0-9]+]]:
; CHECK: add.s32
; CHECK: lop3.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[OLD]], {{%r[0-9]+}}, 0xe4;
; CHECK: atom.global.cas.b32 [[GOT:%r[0-9]+]], [[[W]]], [[OLD]],
; CHECK: setp.ne.u32 [[P:%p[0-9]+]], [[GOT]], [[OLD]];
; CHECK: @[[P]] bra [[LOOP]];
; CHECK: shr.u32
; The nand: one select-nand LOP3.
; CHECK: lop3.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, 0x7a;
; CHECK: atom.global.cas.b32
; and/or/xor need no loop.
; CHECK: atom.global.and.b32
; CHECK: atom.global.or.b32
; CHECK: atom.global.xor.b32
; CHECK: max.s32
; CHECK: atom.global.cas.b32
define ptx_kernel void @i8_own_byte(ptr addrspace(1) %b, ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %p = getelementptr i8, ptr addrspace(1) %b, i32 %i
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %v = trunc i32 %x to i8
  %w = sub i8 -100, %v
  %o0 = atomicrmw add ptr addrspace(1) %p, i8 %v monotonic, align 1
  %o1 = atomicrmw sub ptr addrspace(1) %p, i8 %w monotonic, align 1
  %o2 = atomicrmw nand ptr addrspace(1) %p, i8 %v seq_cst, align 1
  %o3 = atomicrmw and ptr addrspace(1) %p, i8 -7 monotonic, align 1
  %o4 = atomicrmw or ptr addrspace(1) %p, i8 %v monotonic, align 1
  %o5 = atomicrmw xor ptr addrspace(1) %p, i8 85 monotonic, align 1
  %o6 = atomicrmw max ptr addrspace(1) %p, i8 %w monotonic, align 1
  %o7 = atomicrmw xchg ptr addrspace(1) %p, i8 %w acquire, align 1
  %o8 = atomicrmw min ptr addrspace(1) %p, i8 %v monotonic, align 1
  %o9 = atomicrmw umax ptr addrspace(1) %p, i8 %w release, align 1
  %o10 = atomicrmw umin ptr addrspace(1) %p, i8 %v monotonic, align 1
  %o11 = atomicrmw uinc_wrap ptr addrspace(1) %p, i8 %w acq_rel, align 1
  %o12 = atomicrmw udec_wrap ptr addrspace(1) %p, i8 %v monotonic, align 1
  %o13 = atomicrmw udec_wrap ptr addrspace(1) %p, i8 -1 monotonic, align 1
  %o14 = atomicrmw or ptr addrspace(1) %p, i8 0 monotonic, align 1
  %ob = shl i32 %i, 4
  %q0 = getelementptr i8, ptr addrspace(1) %out, i32 %ob
  store i8 %o0, ptr addrspace(1) %q0
  %q1 = getelementptr i8, ptr addrspace(1) %q0, i32 1
  store i8 %o1, ptr addrspace(1) %q1
  %q2 = getelementptr i8, ptr addrspace(1) %q0, i32 2
  store i8 %o2, ptr addrspace(1) %q2
  %q3 = getelementptr i8, ptr addrspace(1) %q0, i32 3
  store i8 %o3, ptr addrspace(1) %q3
  %q4 = getelementptr i8, ptr addrspace(1) %q0, i32 4
  store i8 %o4, ptr addrspace(1) %q4
  %q5 = getelementptr i8, ptr addrspace(1) %q0, i32 5
  store i8 %o5, ptr addrspace(1) %q5
  %q6 = getelementptr i8, ptr addrspace(1) %q0, i32 6
  store i8 %o6, ptr addrspace(1) %q6
  %q7 = getelementptr i8, ptr addrspace(1) %q0, i32 7
  store i8 %o7, ptr addrspace(1) %q7
  %q8 = getelementptr i8, ptr addrspace(1) %q0, i32 8
  store i8 %o8, ptr addrspace(1) %q8
  %q9 = getelementptr i8, ptr addrspace(1) %q0, i32 9
  store i8 %o9, ptr addrspace(1) %q9
  %q10 = getelementptr i8, ptr addrspace(1) %q0, i32 10
  store i8 %o10, ptr addrspace(1) %q10
  %q11 = getelementptr i8, ptr addrspace(1) %q0, i32 11
  store i8 %o11, ptr addrspace(1) %q11
  %q12 = getelementptr i8, ptr addrspace(1) %q0, i32 12
  store i8 %o12, ptr addrspace(1) %q12
  %q13 = getelementptr i8, ptr addrspace(1) %q0, i32 13
  store i8 %o13, ptr addrspace(1) %q13
  %q14 = getelementptr i8, ptr addrspace(1) %q0, i32 14
  store i8 %o14, ptr addrspace(1) %q14
  ret void
}

; i16 (align 2: the halfword's place is computed) and half on shared memory, each thread on its own
; element; fadd half is the native atom.add.noftz.f16 through .b16 registers.
; CHECK-LABEL: .entry i16_half_shared
; CHECK: mov.b32 [[M:%r[0-9]+]], 65535;
; CHECK: atom.shared.cas.b32
; CHECK: min.s32
; CHECK: atom.shared.cas.b32
; CHECK: atom.shared.add.noftz.f16 %ha1, [{{%rd[0-9]+}}], %ha0;
; fsub: add.rn of the operand negated before the loop.
; CHECK: neg.f16
; CHECK: add.rn.f16
; CHECK: atom.shared.cas.b32
; CHECK: max.f16
; CHECK: atom.shared.cas.b32
define ptx_kernel void @i16_half_shared(ptr addrspace(1) %in, ptr addrspace(1) %hin, ptr addrspace(1) %out, ptr addrspace(1) %hout) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %v = trunc i32 %x to i16
  %w = mul i16 %v, -1021
  %ph = getelementptr half, ptr addrspace(1) %hin, i32 %i
  %hx = load half, ptr addrspace(1) %ph
  %hy = fmul half %hx, 0xH3C00
  %p = getelementptr [64 x i16], ptr addrspace(3) @s16, i32 0, i32 %t
  store i16 %w, ptr addrspace(3) %p
  %q = getelementptr [64 x half], ptr addrspace(3) @sh, i32 0, i32 %t
  store half %hx, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  %o0 = atomicrmw add ptr addrspace(3) %p, i16 %v monotonic, align 2
  %o1 = atomicrmw sub ptr addrspace(3) %p, i16 %w monotonic, align 2
  %o2 = atomicrmw min ptr addrspace(3) %p, i16 %w monotonic, align 2
  %o3 = atomicrmw nand ptr addrspace(3) %p, i16 %v monotonic, align 2
  %o4 = atomicrmw xchg ptr addrspace(3) %p, i16 %w monotonic, align 2
  %o5 = atomicrmw max ptr addrspace(3) %p, i16 %v monotonic, align 2
  %o6 = atomicrmw umin ptr addrspace(3) %p, i16 %w monotonic, align 2
  %o7 = atomicrmw and ptr addrspace(3) %p, i16 %w monotonic, align 2
  %o8 = atomicrmw xor ptr addrspace(3) %p, i16 -1 monotonic, align 2
  %o9 = atomicrmw uinc_wrap ptr addrspace(3) %p, i16 %v monotonic, align 2
  %o10 = atomicrmw umax ptr addrspace(3) %p, i16 %v monotonic, align 2
  %o11 = atomicrmw or ptr addrspace(3) %p, i16 0 monotonic, align 2
  %h0 = atomicrmw fadd ptr addrspace(3) %q, half %hy monotonic, align 2
  %h1 = atomicrmw fsub ptr addrspace(3) %q, half 0xH4100 monotonic, align 2
  %h2 = atomicrmw fmax ptr addrspace(3) %q, half %hx monotonic, align 2
  %h3 = atomicrmw fmin ptr addrspace(3) %q, half 0xH3800 monotonic, align 2
  %h4 = atomicrmw xchg ptr addrspace(3) %q, half %hy monotonic, align 2
  %h5 = atomicrmw fadd ptr addrspace(3) %q, half 0xH8000 monotonic, align 2
  %ob = shl i32 %i, 4
  %r0 = getelementptr i16, ptr addrspace(1) %out, i32 %ob
  store i16 %o0, ptr addrspace(1) %r0
  %r1 = getelementptr i16, ptr addrspace(1) %r0, i32 1
  store i16 %o1, ptr addrspace(1) %r1
  %r2 = getelementptr i16, ptr addrspace(1) %r0, i32 2
  store i16 %o2, ptr addrspace(1) %r2
  %r3 = getelementptr i16, ptr addrspace(1) %r0, i32 3
  store i16 %o3, ptr addrspace(1) %r3
  %r4 = getelementptr i16, ptr addrspace(1) %r0, i32 4
  store i16 %o4, ptr addrspace(1) %r4
  %r5 = getelementptr i16, ptr addrspace(1) %r0, i32 5
  store i16 %o5, ptr addrspace(1) %r5
  %r6 = getelementptr i16, ptr addrspace(1) %r0, i32 6
  store i16 %o6, ptr addrspace(1) %r6
  %r7 = getelementptr i16, ptr addrspace(1) %r0, i32 7
  store i16 %o7, ptr addrspace(1) %r7
  %r8 = getelementptr i16, ptr addrspace(1) %r0, i32 8
  store i16 %o8, ptr addrspace(1) %r8
  %r9 = getelementptr i16, ptr addrspace(1) %r0, i32 9
  store i16 %o9, ptr addrspace(1) %r9
  %r10 = getelementptr i16, ptr addrspace(1) %r0, i32 10
  store i16 %o10, ptr addrspace(1) %r10
  %r11 = getelementptr i16, ptr addrspace(1) %r0, i32 11
  store i16 %o11, ptr addrspace(1) %r11
  %hb = shl i32 %i, 3
  %s0 = getelementptr half, ptr addrspace(1) %hout, i32 %hb
  store half %h0, ptr addrspace(1) %s0
  %s1 = getelementptr half, ptr addrspace(1) %s0, i32 1
  store half %h1, ptr addrspace(1) %s1
  %s2 = getelementptr half, ptr addrspace(1) %s0, i32 2
  store half %h2, ptr addrspace(1) %s2
  %s3 = getelementptr half, ptr addrspace(1) %s0, i32 3
  store half %h3, ptr addrspace(1) %s3
  %s4 = getelementptr half, ptr addrspace(1) %s0, i32 4
  store half %h4, ptr addrspace(1) %s4
  %s5 = getelementptr half, ptr addrspace(1) %s0, i32 5
  store half %h5, ptr addrspace(1) %s5
  ret void
}

; Every thread of the CTA hammers the four bytes (or two halfwords) of one word with operations
; whose final value does not depend on the order: counts, bit sets, sums, maxima. The global bytes
; are shared by both CTAs. The words are 4-aligned: the byte's place is still computed (align 1).
; CHECK-LABEL: .entry contended
; CHECK: atom.shared.cas.b32
; CHECK: atom.shared.or.b32
; CHECK: atom.shared.cas.b32
; CHECK: atom.global.cas.b32
define ptx_kernel void @contended(ptr addrspace(1) %g, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go

init:
  store i32 0, ptr addrspace(3) @cnt
  store i32 0, ptr addrspace(3) @bits
  store i32 0, ptr addrspace(3) @c16
  store i32 -1, ptr addrspace(3) @m16
  store i32 0, ptr addrspace(3) @hmax
  br label %go

go:
  call void @llvm.nvvm.barrier0()
  %k = and i32 %t, 3
  %h = and i32 %t, 1
  %pb = getelementptr [4 x i8], ptr addrspace(3) @cnt, i32 0, i32 %k
  %a0 = atomicrmw add ptr addrspace(3) %pb, i8 1 monotonic, align 1
  %sh = lshr i32 %t, 2
  %sh7 = and i32 %sh, 7
  %bit32 = shl i32 1, %sh7
  %bit = trunc i32 %bit32 to i8
  %pbits = getelementptr [4 x i8], ptr addrspace(3) @bits, i32 0, i32 %k
  %a1 = atomicrmw or ptr addrspace(3) %pbits, i8 %bit monotonic, align 1
  %t16 = trunc i32 %t to i16
  %pc = getelementptr [2 x i16], ptr addrspace(3) @c16, i32 0, i32 %h
  %a2 = atomicrmw sub ptr addrspace(3) %pc, i16 %t16 monotonic, align 2
  %sc = mul i16 %t16, 37
  %pm = getelementptr [2 x i16], ptr addrspace(3) @m16, i32 0, i32 %h
  %a3 = atomicrmw umin ptr addrspace(3) %pm, i16 %sc seq_cst, align 2
  %hf = sitofp i32 %t to half
  %hn = fneg half %hf
  %ph = getelementptr [2 x half], ptr addrspace(3) @hmax, i32 0, i32 %h
  %a4 = atomicrmw fmin ptr addrspace(3) %ph, half %hn monotonic, align 2
  %pg = getelementptr i8, ptr addrspace(1) %g, i32 %k
  %a5 = atomicrmw add ptr addrspace(1) %pg, i8 3 monotonic, align 1
  %k4 = add i32 %k, 4
  %pg2 = getelementptr i8, ptr addrspace(1) %g, i32 %k4
  %t8 = trunc i32 %t to i8
  %a6 = atomicrmw max ptr addrspace(1) %pg2, i8 %t8 monotonic, align 1
  call void @llvm.nvvm.barrier0()
  br i1 %first, label %dump, label %done

dump:
  %o = shl i32 %c, 3
  %d0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  %w0 = load i32, ptr addrspace(3) @cnt
  store i32 %w0, ptr addrspace(1) %d0
  %d1 = getelementptr i32, ptr addrspace(1) %d0, i32 1
  %w1 = load i32, ptr addrspace(3) @bits
  store i32 %w1, ptr addrspace(1) %d1
  %d2 = getelementptr i32, ptr addrspace(1) %d0, i32 2
  %w2 = load i32, ptr addrspace(3) @c16
  store i32 %w2, ptr addrspace(1) %d2
  %d3 = getelementptr i32, ptr addrspace(1) %d0, i32 3
  %w3 = load i32, ptr addrspace(3) @m16
  store i32 %w3, ptr addrspace(1) %d3
  %d4 = getelementptr i32, ptr addrspace(1) %d0, i32 4
  %w4 = load i32, ptr addrspace(3) @hmax
  store i32 %w4, ptr addrspace(1) %d4
  br label %done

done:
  ret void
}

; cmpxchg on i8 (align 1) and i16 (align 2, and align 4 where the halfword's place is known), each
; thread on its own element: a success, a failure, a weak one; then every thread increments a
; shared byte counter through its own cmpxchg retry loop (four counters in one word).
; CHECK-LABEL: .entry cmpxchg_narrow
; CHECK: ld.volatile.global.b32
; CHECK: atom.global.cas.b32 [[GOT:%r[0-9]+]], [{{%rd[0-9]+}}], [[CMP:%r[0-9]+]], {{%r[0-9]+}};
; CHECK-NEXT: setp.eq.u32 {{%p[0-9]+}}, [[GOT]], [[CMP]];
; The failure path retries while only the other bytes changed.
; CHECK: and.b32 [[REST:%r[0-9]+]], [[GOT]], {{%r[0-9]+}};
; CHECK-NEXT: setp.ne.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, [[REST]];
define ptx_kernel void @cmpxchg_narrow(ptr addrspace(1) %b, ptr addrspace(1) %hw, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go

init:
  store i32 0, ptr addrspace(3) @ctr
  br label %go

go:
  %p = getelementptr i8, ptr addrspace(1) %b, i32 %i
  %cur = atomicrmw or ptr addrspace(1) %p, i8 0 monotonic, align 1
  %t8 = trunc i32 %t to i8
  %n8 = mul i8 %t8, 3
  %x0 = cmpxchg ptr addrspace(1) %p, i8 %cur, i8 %n8 monotonic monotonic, align 1
  %x1 = cmpxchg ptr addrspace(1) %p, i8 %cur, i8 77 acq_rel acquire, align 1
  %x2 = cmpxchg weak ptr addrspace(1) %p, i8 %n8, i8 -2 seq_cst seq_cst, align 1
  %q = getelementptr i16, ptr addrspace(1) %hw, i32 %i
  %hcur = atomicrmw or ptr addrspace(1) %q, i16 0 monotonic, align 2
  %t16 = trunc i32 %t to i16
  %n16 = mul i16 %t16, -999
  %y0 = cmpxchg ptr addrspace(1) %q, i16 %hcur, i16 %n16 monotonic monotonic, align 2
  %y1 = cmpxchg ptr addrspace(1) %q, i16 %hcur, i16 1 release monotonic, align 2
  %i2 = shl i32 %i, 1
  %i2o = add i32 %i2, 256
  %q4 = getelementptr i16, ptr addrspace(1) %hw, i32 %i2o
  %y2 = cmpxchg ptr addrspace(1) %q4, i16 0, i16 %n16 monotonic monotonic, align 4
  call void @llvm.nvvm.barrier0()
  %k = and i32 %t, 3
  %pk = getelementptr [4 x i8], ptr addrspace(3) @ctr, i32 0, i32 %k
  %start = load atomic i8, ptr addrspace(3) %pk monotonic, align 1
  br label %retry

retry:
  %seen = phi i8 [ %start, %go ], [ %got, %retry ]
  %inc = add i8 %seen, 1
  %r = cmpxchg ptr addrspace(3) %pk, i8 %seen, i8 %inc monotonic monotonic, align 1
  %got = extractvalue { i8, i1 } %r, 0
  %ok = extractvalue { i8, i1 } %r, 1
  br i1 %ok, label %counted, label %retry

counted:
  call void @llvm.nvvm.barrier0()
  %ctrs = load i32, ptr addrspace(3) @ctr
  %x0v = extractvalue { i8, i1 } %x0, 0
  %x0s = extractvalue { i8, i1 } %x0, 1
  %x1v = extractvalue { i8, i1 } %x1, 0
  %x1s = extractvalue { i8, i1 } %x1, 1
  %x2v = extractvalue { i8, i1 } %x2, 0
  %x2s = extractvalue { i8, i1 } %x2, 1
  %y0v = extractvalue { i16, i1 } %y0, 0
  %y0s = extractvalue { i16, i1 } %y0, 1
  %y1v = extractvalue { i16, i1 } %y1, 0
  %y1s = extractvalue { i16, i1 } %y1, 1
  %y2v = extractvalue { i16, i1 } %y2, 0
  %y2s = extractvalue { i16, i1 } %y2, 1
  %ob = shl i32 %i, 3
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %ob
  %e0 = zext i8 %x0v to i32
  %f0 = zext i1 %x0s to i32
  %g0 = shl i32 %f0, 16
  %v0 = or i32 %e0, %g0
  store i32 %v0, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 1
  %e1 = zext i8 %x1v to i32
  %f1 = zext i1 %x1s to i32
  %g1 = shl i32 %f1, 16
  %v1 = or i32 %e1, %g1
  store i32 %v1, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %o0, i32 2
  %e2 = zext i8 %x2v to i32
  %f2 = zext i1 %x2s to i32
  %g2 = shl i32 %f2, 16
  %v2 = or i32 %e2, %g2
  store i32 %v2, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %o0, i32 3
  %e3 = zext i16 %y0v to i32
  %f3 = zext i1 %y0s to i32
  %g3 = shl i32 %f3, 16
  %v3 = or i32 %e3, %g3
  store i32 %v3, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %o0, i32 4
  %e4 = zext i16 %y1v to i32
  %f4 = zext i1 %y1s to i32
  %g4 = shl i32 %f4, 16
  %v4 = or i32 %e4, %g4
  store i32 %v4, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %o0, i32 5
  %e5 = zext i16 %y2v to i32
  %f5 = zext i1 %y2s to i32
  %g5 = shl i32 %f5, 16
  %v5 = or i32 %e5, %g5
  store i32 %v5, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %o0, i32 6
  store i32 %ctrs, ptr addrspace(1) %o6
  ret void
}

; Generic pointers that may address shared or global memory (a select of both: the space stays
; unknown, so the accesses are generic `atom`s).
; CHECK-LABEL: .entry generic_narrow
; CHECK: atom.cas.b32
; CHECK: atom.xor.b32
; CHECK: atom.cas.b32
; CHECK: atom.global.add.noftz.f16
define ptx_kernel void @generic_narrow(ptr addrspace(1) %g, ptr addrspace(1) %hg, ptr addrspace(1) %out, i1 %shared) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pg = getelementptr i16, ptr addrspace(1) %g, i32 %i
  %init = load i16, ptr addrspace(1) %pg
  %ps = getelementptr [64 x i16], ptr addrspace(3) @gs, i32 0, i32 %t
  store i16 %init, ptr addrspace(3) %ps
  call void @llvm.nvvm.barrier0()
  %gs = addrspacecast ptr addrspace(3) %ps to ptr
  %gg = addrspacecast ptr addrspace(1) %pg to ptr
  %p = select i1 %shared, ptr %gs, ptr %gg
  %t16 = trunc i32 %t to i16
  %o0 = atomicrmw sub ptr %p, i16 %t16 monotonic, align 2
  %o1 = atomicrmw xor ptr %p, i16 %o0 monotonic, align 2
  %o2 = atomicrmw max ptr %p, i16 -5 monotonic, align 2
  %o3 = atomicrmw umin ptr %p, i16 %t16 monotonic, align 2
  %b = getelementptr i8, ptr %p, i32 1
  %o4 = atomicrmw add ptr %b, i8 9 monotonic, align 1
  %r = cmpxchg ptr %p, i16 %o3, i16 %o2 monotonic monotonic, align 2
  %o5 = extractvalue { i16, i1 } %r, 0
  %phg = getelementptr half, ptr addrspace(1) %hg, i32 %i
  %ph = addrspacecast ptr addrspace(1) %phg to ptr
  %hv = sitofp i16 %t16 to half
  %h0 = atomicrmw fadd ptr %ph, half %hv monotonic, align 2
  %h1 = atomicrmw fmax ptr %ph, half 0xH4400 monotonic, align 2
  %fin = load atomic i16, ptr %p monotonic, align 2
  %ob = shl i32 %i, 3
  %q0 = getelementptr i16, ptr addrspace(1) %out, i32 %ob
  store i16 %o0, ptr addrspace(1) %q0
  %q1 = getelementptr i16, ptr addrspace(1) %q0, i32 1
  store i16 %o1, ptr addrspace(1) %q1
  %q2 = getelementptr i16, ptr addrspace(1) %q0, i32 2
  store i16 %o2, ptr addrspace(1) %q2
  %q3 = getelementptr i16, ptr addrspace(1) %q0, i32 3
  store i16 %o3, ptr addrspace(1) %q3
  %q4 = getelementptr i16, ptr addrspace(1) %q0, i32 4
  %o4w = zext i8 %o4 to i16
  store i16 %o4w, ptr addrspace(1) %q4
  %q5 = getelementptr i16, ptr addrspace(1) %q0, i32 5
  store i16 %o5, ptr addrspace(1) %q5
  %q6 = getelementptr i16, ptr addrspace(1) %q0, i32 6
  store i16 %fin, ptr addrspace(1) %q6
  %q7 = getelementptr i16, ptr addrspace(1) %q0, i32 7
  %h0i = bitcast half %h0 to i16
  %h1i = bitcast half %h1 to i16
  %hx = xor i16 %h0i, %h1i
  store i16 %hx, ptr addrspace(1) %q7
  ret void
}
