; Allocas of a variable size (C VLAs) on PTX's dynamic stack: `alloca.u64` with the byte size
; (the count zero-extended, times the element size) and the alloca's alignment (at least 8;
; llc-19 writes 0 there, which ptxas rejects), `cvta.local` for the generic pointer, accesses
; through the local address. llvm.stacksave / llvm.stackrestore are `stacksave.u64` /
; `stackrestore.u64` (llc-19 cannot select them). ori check runs every kernel against LLVM's JIT;
; the interpreter keeps one stack per thread.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: vla_i32: ok (jit
; EXEC: vla_loop_saved: ok (jit
; EXEC: vla_divergent: ok (jit
; EXEC: vla_i64_count: ok (jit
; EXEC: vla_in_callee: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; The thread's index in the grid.
define internal i32 @gid() alwaysinline {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  ret i32 %g
}
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)

; A VLA in a called (recursive, so not inlined) device function: each activation has its own
; (vla_in_callee calls it).
; CHECK-LABEL: .func (.param .b32 func_retval0) fill_sum
; CHECK: alloca.u64
define internal i32 @fill_sum(i32 %n, i32 %depth) {
entry:
  %cnt = add i32 %n, 1
  %buf = alloca i32, i32 %cnt, align 4
  store i32 %depth, ptr %buf
  %stop = icmp eq i32 %depth, 0
  br i1 %stop, label %done, label %rec
rec:
  %d1 = sub i32 %depth, 1
  %r = call i32 @fill_sum(i32 %n, i32 %d1)
  br label %done
done:
  %inner = phi i32 [ 0, %entry ], [ %r, %rec ]
  %mine = load i32, ptr %buf
  %s = add i32 %inner, %mine
  ret i32 %s
}

; A VLA of n+1 ints filled with a prefix sum, next to a static slot.
; CHECK-LABEL: .entry vla_i32
; CHECK: .local .align 16 .b8 __local_depot[16];
; CHECK: mul.wide.u32 [[S:%rd[0-9]+]], {{%r[0-9]+}}, 4;
; CHECK: alloca.u64 [[A:%rd[0-9]+]], [[S]], 8;
; The generic pointer, for the access whose space is not known.
; CHECK-NEXT: cvta.local.u64 {{%rd[0-9]+}}, [[A]];
; CHECK: st.local.b32 [{{%rd[0-9]+}}]
; CHECK: ld.b32
define ptx_kernel void @vla_i32(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %fixed = alloca i32, align 4
  store i32 %t, ptr %fixed
  %m = and i32 %n, 15
  %cnt = add i32 %m, 1
  %vla = alloca i32, i32 %cnt, align 4
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %fill ]
  %acc1 = add i32 %acc, %i
  %p = getelementptr i32, ptr %vla, i32 %i
  store i32 %acc1, ptr %p
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %cnt
  br i1 %more, label %fill, label %read
read:
  %k = urem i32 %t, %cnt
  %q = getelementptr i32, ptr %vla, i32 %k
  %gout = addrspacecast ptr addrspace(1) %out to ptr
  %odd = icmp ugt i32 %k, 100
  %sel = select i1 %odd, ptr %gout, ptr %q
  %v = load i32, ptr %sel
  %f = load i32, ptr %fixed
  %s = add i32 %v, %f
  %g = call i32 @gid()
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s, ptr addrspace(1) %o
  ret void
}

; A VLA per loop iteration, released by stackrestore (what clang emits for a VLA in a loop body).
; CHECK-LABEL: .entry vla_loop_saved
; CHECK: stacksave.u64 [[SP:%rd[0-9]+]];
; CHECK: cvta.local.u64
; CHECK: alloca.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 16;
; CHECK: cvta.to.local.u64 [[R:%rd[0-9]+]]
; CHECK: stackrestore.u64 [[R]];
define ptx_kernel void @vla_loop_saved(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum1, %loop ]
  %sp = call ptr @llvm.stacksave.p0()
  %len = add i32 %i, 2
  %buf = alloca i64, i32 %len, align 16
  %last = getelementptr i64, ptr %buf, i32 %i
  %ti = add i32 %t, %i
  %tw = zext i32 %ti to i64
  store i64 %tw, ptr %buf
  store i64 %sum, ptr %last
  %a = load i64, ptr %buf
  %b = load i64, ptr %last
  %ab = add i64 %a, %b
  %sum1 = add i64 %ab, 1
  call void @llvm.stackrestore.p0(ptr %sp)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 20
  br i1 %more, label %loop, label %done
done:
  %g = call i32 @gid()
  %o = getelementptr i64, ptr addrspace(1) %out, i32 %g
  store i64 %sum1, ptr addrspace(1) %o
  ret void
}

; Lanes allocate different sizes under divergent control flow, then a second VLA.
; CHECK-LABEL: .entry vla_divergent
; CHECK: alloca.u64
; CHECK: alloca.u64
define ptx_kernel void @vla_divergent(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %big, label %join
big:
  %n = add i32 %t, 3
  %pad = alloca i8, i32 %n, align 1
  store volatile i8 1, ptr %pad
  br label %join
join:
  %w = add i32 %odd, 1
  %v = alloca i16, i32 %w, align 2
  %t16 = trunc i32 %t to i16
  store i16 %t16, ptr %v
  %e = getelementptr i16, ptr %v, i32 %odd
  store i16 7, ptr %e
  %x = load i16, ptr %v
  %y = load i16, ptr %e
  %x32 = zext i16 %x to i32
  %y32 = zext i16 %y to i32
  %s = mul i32 %x32, %y32
  %g = call i32 @gid()
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s, ptr addrspace(1) %o
  ret void
}

; An i64 count (IMAD.64 scaling) and a local-space (addrspace 5) alloca result.
; CHECK-LABEL: .entry vla_i64_count
; CHECK: alloca.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 32;
define ptx_kernel void @vla_i64_count(ptr addrspace(1) %out, i64 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i64 %n, 7
  %cnt = add i64 %m, 1
  %a = alloca double, i64 %cnt, align 32, addrspace(5)
  %td = uitofp i32 %t to double
  store double %td, ptr addrspace(5) %a
  %l = getelementptr double, ptr addrspace(5) %a, i64 %m
  store double 2.5, ptr addrspace(5) %l
  %x = load double, ptr addrspace(5) %a
  %y = load double, ptr addrspace(5) %l
  %s = fadd double %x, %y
  %g = call i32 @gid()
  %o = getelementptr double, ptr addrspace(1) %out, i32 %g
  store double %s, ptr addrspace(1) %o
  ret void
}

define ptx_kernel void @vla_in_callee(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %d = and i32 %t, 3
  %r = call i32 @fill_sum(i32 %t, i32 %d)
  %g = call i32 @gid()
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %o
  ret void
}
