; Atomics on local memory (PTX has no atom.local; local memory is private to the thread) become a
; plain load, the operation and a store, as LLVM's NVPTXAtomicLower does: atomicrmw of every
; operation, at 8 to 64 bits and f32/f64, and cmpxchg, through addrspace(5) pointers and through
; generic pointers proved local (allocas). Executed by `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: local_rmw: ok
; EXEC: local_narrow_cas: ok

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry local_rmw
; CHECK-NOT: atom.
; CHECK: ld.local.b32
; CHECK: st.local.b32
; CHECK-NOT: atom.
; CHECK: ret;
define ptx_kernel void @local_rmw(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = alloca [4 x i32], align 8
  %dslot = alloca double, align 8
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  store i32 %x, ptr %slot
  %s1 = getelementptr i32, ptr %slot, i32 1
  store i32 %t, ptr %s1
  %l = addrspacecast ptr %slot to ptr addrspace(5)
  %a0 = atomicrmw add ptr addrspace(5) %l, i32 %t monotonic
  %a1 = atomicrmw sub ptr %slot, i32 3 monotonic
  %a2 = atomicrmw max ptr %slot, i32 -7 seq_cst
  %a3 = atomicrmw umin ptr %s1, i32 %x monotonic
  %a4 = atomicrmw xor ptr %s1, i32 %a2 monotonic
  %a5 = atomicrmw uinc_wrap ptr %s1, i32 17 monotonic
  %a6 = atomicrmw udec_wrap ptr %slot, i32 5 monotonic
  %a7 = atomicrmw xchg ptr %slot, i32 %a0 monotonic
  store double 1.5, ptr %dslot
  %xd = uitofp i32 %x to double
  %f0 = atomicrmw fadd ptr %dslot, double %xd monotonic
  %f1 = load double, ptr %dslot
  %fi = fptosi double %f1 to i32
  %v0 = load i32, ptr %slot
  %v1 = load i32, ptr %s1
  %r0 = add i32 %a1, %a3
  %r1 = xor i32 %r0, %a4
  %r2 = mul i32 %r1, %a5
  %r3 = add i32 %r2, %a6
  %r4 = add i32 %r3, %a7
  %r5 = add i32 %r4, %v0
  %r6 = xor i32 %r5, %v1
  %r7 = add i32 %r6, %fi
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r7, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: .entry local_narrow_cas
; CHECK-NOT: atom.
; CHECK: ld.local.u8
; CHECK: st.local.u8
; CHECK: ret;
define ptx_kernel void @local_narrow_cas(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = alloca i8, align 1
  %h = alloca i16, align 2
  %q = alloca i64, align 8
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  %x8 = trunc i32 %x to i8
  %t8 = trunc i32 %t to i8
  store i8 %x8, ptr %b
  %c0 = cmpxchg ptr %b, i8 %t8, i8 99 monotonic monotonic
  %m8 = atomicrmw min ptr %b, i8 -100 monotonic
  %t16 = trunc i32 %t to i16
  store i16 %t16, ptr %h
  %c1 = cmpxchg ptr %h, i16 %t16, i16 -2 monotonic monotonic
  %a16 = atomicrmw add ptr %h, i16 3 monotonic
  %x64 = zext i32 %x to i64
  store i64 %x64, ptr %q
  %c2 = cmpxchg ptr %q, i64 %x64, i64 -1 seq_cst seq_cst
  %o64 = atomicrmw or ptr %q, i64 4294967296 monotonic
  %v8 = load i8, ptr %b
  %v16 = load i16, ptr %h
  %v64 = load i64, ptr %q
  %ok0 = extractvalue { i8, i1 } %c0, 1
  %ok1 = extractvalue { i16, i1 } %c1, 1
  %ok2 = extractvalue { i64, i1 } %c2, 1
  %z8 = sext i8 %v8 to i32
  %zm = sext i8 %m8 to i32
  %z16 = zext i16 %v16 to i32
  %za = zext i16 %a16 to i32
  %h64 = lshr i64 %v64, 20
  %t64 = trunc i64 %h64 to i32
  %t64b = trunc i64 %o64 to i32
  %k0 = zext i1 %ok0 to i32
  %k1 = zext i1 %ok1 to i32
  %k2 = zext i1 %ok2 to i32
  %s0 = add i32 %z8, %zm
  %s1 = add i32 %s0, %z16
  %s2 = add i32 %s1, %za
  %s3 = xor i32 %s2, %t64
  %s4 = add i32 %s3, %t64b
  %s5 = shl i32 %k0, 1
  %s6 = shl i32 %k1, 2
  %s7 = shl i32 %k2, 3
  %s8 = or i32 %s5, %s6
  %s9 = or i32 %s8, %s7
  %s10 = add i32 %s4, %s9
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s10, ptr addrspace(1) %po
  ret void
}
