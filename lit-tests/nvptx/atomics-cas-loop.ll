; 32- and 64-bit atomicrmw operations PTX has no atom for, as llc-19 compiles them for sm_90: a
; compare-and-swap loop (read the value, compute, atom.cas, retry while the value found differs,
; compared as bits): nand, fsub/fmax/fmin on float and double, and i64 uinc_wrap/udec_wrap; i32
; uinc_wrap/udec_wrap are atom.inc/atom.dec (PTX's inc and dec wrap exactly like LLVM's), xchg of
; floats, doubles and pointers atom.exch. The same operations on local memory are a plain load, the
; operation and a store. `ori check` runs every kernel against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: wide_own: ok (jit
; EXEC: wide_contended: ok (jit
; EXEC: wide_local: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

@fmx = internal addrspace(3) global float undef, align 4
@dmn = internal addrspace(3) global double undef, align 8

; CHECK-LABEL: .entry wide_own
; CHECK: ld.volatile.global.b32 [[OLD:%r[0-9]+]], [[[A:%rd[0-9]+]]];
; CHECK: and.b32 [[T:%r[0-9]+]], [[OLD]], {{%r[0-9]+}};
; CHECK-NEXT: not.b32 [[N:%r[0-9]+]], [[T]];
; CHECK-NEXT: atom.global.cas.b32 [[GOT:%r[0-9]+]], [[[A]]], [[OLD]], [[N]];
; CHECK-NEXT: setp.ne.u32 [[P:%p[0-9]+]], [[GOT]], [[OLD]];
; CHECK: @[[P]] bra
; CHECK: and.b64
; CHECK-NEXT: not.b64
; CHECK-NEXT: atom.global.cas.b64
; CHECK-NEXT: setp.ne.u64
; CHECK: atom.global.inc.u32
; CHECK: atom.global.dec.u32
; CHECK: setp.ge.u64
; CHECK: atom.global.cas.b64
; CHECK: setp.gt.u64
; CHECK: atom.global.cas.b64
; fsub adds the operand negated once, before the loop.
; CHECK: neg.f32
; CHECK: add.rn.f32
; CHECK: atom.global.cas.b32
; CHECK: max.f32
; CHECK: atom.global.cas.b32
; CHECK: min.f64
; CHECK: atom.global.cas.b64
; CHECK: atom.global.exch.b32
; CHECK: atom.global.exch.b64
; CHECK: atom.global.exch.b64
define ptx_kernel void @wide_own(ptr addrspace(1) %a32, ptr addrspace(1) %a64, ptr addrspace(1) %f32, ptr addrspace(1) %f64, ptr addrspace(1) %pp, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %p32 = getelementptr i32, ptr addrspace(1) %a32, i32 %i
  %p64 = getelementptr i64, ptr addrspace(1) %a64, i32 %i
  %pf = getelementptr float, ptr addrspace(1) %f32, i32 %i
  %pd = getelementptr double, ptr addrspace(1) %f64, i32 %i
  %x = zext i32 %t to i64
  %x2 = mul i64 %x, 7
  %tf = uitofp i32 %t to float
  %tf2 = fmul float %tf, 0.25
  %td = uitofp i32 %t to double
  %o0 = atomicrmw nand ptr addrspace(1) %p32, i32 %t monotonic
  %o1 = atomicrmw nand ptr addrspace(1) %p64, i64 %x2 seq_cst
  %o2 = atomicrmw uinc_wrap ptr addrspace(1) %p32, i32 40 monotonic
  %o3 = atomicrmw udec_wrap ptr addrspace(1) %p32, i32 %t monotonic
  %o4 = atomicrmw uinc_wrap ptr addrspace(1) %p64, i64 %x2 monotonic
  %o5 = atomicrmw udec_wrap ptr addrspace(1) %p64, i64 30 monotonic
  %o6 = atomicrmw sub ptr addrspace(1) %p64, i64 %x monotonic
  %f0 = atomicrmw fsub ptr addrspace(1) %pf, float %tf2 monotonic
  %f1 = atomicrmw fmax ptr addrspace(1) %pf, float 1.5 monotonic
  %f2 = atomicrmw fmin ptr addrspace(1) %pd, double %td monotonic
  %f3 = atomicrmw fsub ptr addrspace(1) %pd, double -2.5 monotonic
  %f4 = atomicrmw fmax ptr addrspace(1) %pd, double 0.0 monotonic
  %f5 = atomicrmw xchg ptr addrspace(1) %pf, float %tf monotonic
  %f6 = atomicrmw xchg ptr addrspace(1) %pd, double %td monotonic
  %f7 = atomicrmw fmin ptr addrspace(1) %pf, float -0.0 monotonic
  %ppi = getelementptr ptr, ptr addrspace(1) %pp, i32 %i
  %self = addrspacecast ptr addrspace(1) %ppi to ptr
  %q0 = atomicrmw xchg ptr addrspace(1) %ppi, ptr %self monotonic
  %q1 = atomicrmw xchg ptr addrspace(1) %ppi, ptr null monotonic
  %q1i = ptrtoint ptr %q1 to i64
  %q1s = ptrtoint ptr %self to i64
  %same = icmp eq i64 %q1i, %q1s
  %ob = shl i32 %i, 4
  %r0 = getelementptr i64, ptr addrspace(1) %out, i32 %ob
  %e0 = zext i32 %o0 to i64
  store i64 %e0, ptr addrspace(1) %r0
  %r1 = getelementptr i64, ptr addrspace(1) %r0, i32 1
  store i64 %o1, ptr addrspace(1) %r1
  %r2 = getelementptr i64, ptr addrspace(1) %r0, i32 2
  %e2 = zext i32 %o2 to i64
  store i64 %e2, ptr addrspace(1) %r2
  %r3 = getelementptr i64, ptr addrspace(1) %r0, i32 3
  %e3 = zext i32 %o3 to i64
  store i64 %e3, ptr addrspace(1) %r3
  %r4 = getelementptr i64, ptr addrspace(1) %r0, i32 4
  store i64 %o4, ptr addrspace(1) %r4
  %r5 = getelementptr i64, ptr addrspace(1) %r0, i32 5
  store i64 %o5, ptr addrspace(1) %r5
  %r6 = getelementptr i64, ptr addrspace(1) %r0, i32 6
  store i64 %o6, ptr addrspace(1) %r6
  %r7 = getelementptr i64, ptr addrspace(1) %r0, i32 7
  %e7 = bitcast float %f0 to i32
  %e7w = zext i32 %e7 to i64
  store i64 %e7w, ptr addrspace(1) %r7
  %r8 = getelementptr i64, ptr addrspace(1) %r0, i32 8
  %e8 = bitcast float %f1 to i32
  %e8w = zext i32 %e8 to i64
  store i64 %e8w, ptr addrspace(1) %r8
  %r9 = getelementptr i64, ptr addrspace(1) %r0, i32 9
  %e9 = bitcast double %f2 to i64
  store i64 %e9, ptr addrspace(1) %r9
  %r10 = getelementptr i64, ptr addrspace(1) %r0, i32 10
  %e10 = bitcast double %f3 to i64
  store i64 %e10, ptr addrspace(1) %r10
  %r11 = getelementptr i64, ptr addrspace(1) %r0, i32 11
  %e11 = bitcast double %f4 to i64
  store i64 %e11, ptr addrspace(1) %r11
  %r12 = getelementptr i64, ptr addrspace(1) %r0, i32 12
  %e12 = bitcast float %f5 to i32
  %e12w = zext i32 %e12 to i64
  store i64 %e12w, ptr addrspace(1) %r12
  %r13 = getelementptr i64, ptr addrspace(1) %r0, i32 13
  %e13 = bitcast double %f6 to i64
  store i64 %e13, ptr addrspace(1) %r13
  %r14 = getelementptr i64, ptr addrspace(1) %r0, i32 14
  %e14 = bitcast float %f7 to i32
  %e14w = zext i32 %e14 to i64
  store i64 %e14w, ptr addrspace(1) %r14
  %r15 = getelementptr i64, ptr addrspace(1) %r0, i32 15
  %e15 = zext i1 %same to i64
  store i64 %e15, ptr addrspace(1) %r15
  ret void
}

; Every thread of both CTAs updates the same global word and double; each CTA also has a shared
; float and double: maxima and minima do not depend on the order.
; CHECK-LABEL: .entry wide_contended
; CHECK: max.f32
; CHECK: atom.shared.cas.b32
; CHECK: min.f64
; CHECK: atom.shared.cas.b64
; CHECK: atom.global.cas.b32
; CHECK: atom.global.cas.b64
define ptx_kernel void @wide_contended(ptr addrspace(1) %in, ptr addrspace(1) %g, ptr addrspace(1) %gd, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %init, label %go

init:
  store float 0xFFF0000000000000, ptr addrspace(3) @fmx
  store double 0x7FF0000000000000, ptr addrspace(3) @dmn
  br label %go

go:
  call void @llvm.nvvm.barrier0()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pi = getelementptr float, ptr addrspace(1) %in, i32 %i
  %v = load float, ptr addrspace(1) %pi
  %vd = fpext float %v to double
  %a0 = atomicrmw fmax ptr addrspace(3) @fmx, float %v monotonic
  %a1 = atomicrmw fmin ptr addrspace(3) @dmn, double %vd monotonic
  %a2 = atomicrmw nand ptr addrspace(1) %g, i32 -1 monotonic
  %a3 = atomicrmw fmin ptr addrspace(1) %gd, double %vd monotonic
  call void @llvm.nvvm.barrier0()
  br i1 %first, label %dump, label %done

dump:
  %m = load float, ptr addrspace(3) @fmx
  %n = load double, ptr addrspace(3) @dmn
  %po = getelementptr float, ptr addrspace(1) %out, i32 %c
  store float %m, ptr addrspace(1) %po
  %c2 = add i32 %c, 2
  %pd = getelementptr float, ptr addrspace(1) %out, i32 %c2
  %nf = fptrunc double %n to float
  store float %nf, ptr addrspace(1) %pd
  br label %done

done:
  ret void
}

; The same operations on local memory: no atom at all.
; CHECK-LABEL: .entry wide_local
; CHECK-NOT: atom.
; CHECK: ld.local.b32
; CHECK: not.b32
; CHECK: st.local.b32
; CHECK: max.f32
; CHECK: ld.local.u8
; CHECK: st.local.u8
; CHECK: ld.local.u16
; CHECK: st.local.u16
; CHECK-NOT: atom.
; CHECK: ret;
define ptx_kernel void @wide_local(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cb = shl i32 %c, 6
  %i = add i32 %cb, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %s = alloca i32, align 4
  %sf = alloca float, align 4
  %sd = alloca i64, align 8
  %sb = alloca i8, align 1
  %sh = alloca half, align 2
  store i32 %x, ptr %s
  %xf = sitofp i32 %x to float
  store float %xf, ptr %sf
  %x64 = zext i32 %x to i64
  store i64 %x64, ptr %sd
  %x8 = trunc i32 %x to i8
  store i8 %x8, ptr %sb
  %xh = sitofp i32 %x to half
  store half %xh, ptr %sh
  %o0 = atomicrmw nand ptr %s, i32 %t monotonic
  %o1 = atomicrmw fmax ptr %sf, float 20.0 monotonic
  %o2 = atomicrmw fsub ptr %sf, float 0.5 monotonic
  %o3 = atomicrmw uinc_wrap ptr %sd, i64 40 monotonic
  %o4 = atomicrmw nand ptr %sb, i8 -86 monotonic
  %o5 = atomicrmw fmin ptr %sh, half 0xH4800 monotonic
  %o6 = atomicrmw fadd ptr %sh, half 0xH3800 monotonic
  %fin = load half, ptr %sh
  %finf = load float, ptr %sf
  %e1 = bitcast float %o1 to i32
  %e2 = bitcast float %o2 to i32
  %e3 = trunc i64 %o3 to i32
  %e4 = zext i8 %o4 to i32
  %e5 = bitcast half %o5 to i16
  %e5w = zext i16 %e5 to i32
  %e6 = bitcast half %o6 to i16
  %e6w = zext i16 %e6 to i32
  %e7 = bitcast half %fin to i16
  %e7w = zext i16 %e7 to i32
  %e8 = bitcast float %finf to i32
  %r0 = add i32 %o0, %e1
  %r1 = xor i32 %r0, %e2
  %r2 = add i32 %r1, %e3
  %r3 = mul i32 %r2, %e4
  %r4 = add i32 %r3, %e5w
  %r5 = xor i32 %r4, %e6w
  %r6 = add i32 %r5, %e7w
  %r7 = xor i32 %r6, %e8
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r7, ptr addrspace(1) %po
  ret void
}
