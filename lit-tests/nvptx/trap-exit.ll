; llvm.trap is `trap;` (then the `exit` of the `unreachable` after it, as llc writes
; `trap; exit;`), llvm.debugtrap `brkpt;` (llc-19 writes `trap; exit;`: without a debugger both
; abort the kernel), llvm.nvvm.exit `exit;` in a device function (`ret` ends a kernel's thread
; the same way), CUDA's assert a call of the declared `__assertfail` then `unreachable`.
; `ori check` compares traps as outcomes: for inputs on which the pre-allocation run traps, the
; function as lowered, the LLVM JIT reference and the post-allocation run must trap as well
; (`ok (jit; the kernel traps in every run: ...)`); threads that exit leave barriers to the others.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: guarded_trap: ok (jit; the kernel traps in every run: trap (llvm.trap)
; EXEC: no_trap: ok (jit; {{[0-9]+}} output elements written)
; EXEC: debug_trap: ok (jit; the kernel traps in every run: brkpt (llvm.debugtrap)
; EXEC: exit_before_barrier: ok (jit; {{[0-9]+}} output elements written)
; EXEC: exit_in_callee: ok (jit;
; EXEC: cuda_assert: ok (jit; the kernel traps in every run: assertion `g != 70` failed (kernel.cu:12, cuda_assert) (__assertfail)
; EXEC: trap_while_others_wait: ok (jit; the kernel traps in every run: trap (llvm.trap)

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.trap()
declare void @llvm.debugtrap()
declare void @llvm.nvvm.exit()
declare void @__assertfail(ptr, ptr, i32, ptr, i64)

@msg = private unnamed_addr constant [8 x i8] c"g != 70\00"
@file = private unnamed_addr constant [10 x i8] c"kernel.cu\00"
@func = private unnamed_addr constant [12 x i8] c"cuda_assert\00"

; CHECK: .extern .func __assertfail(
; CHECK-NEXT: .param .b64 __assertfail_param_0,
; CHECK-NEXT: .param .b64 __assertfail_param_1,
; CHECK-NEXT: .param .b32 __assertfail_param_2,
; CHECK-NEXT: .param .b64 __assertfail_param_3,
; CHECK-NEXT: .param .b64 __assertfail_param_4

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  ret i32 %g
}

; A recursive device function that ends the thread at depth 0 for odd values.
; CHECK-LABEL: .func (.param .b32 func_retval0) count_or_exit(
; CHECK: exit;
define internal i32 @count_or_exit(i32 %x, i32 %depth) {
  %z = icmp eq i32 %depth, 0
  br i1 %z, label %bottom, label %rec
bottom:
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %leave, label %back
leave:
  call void @llvm.nvvm.exit()
  unreachable
back:
  ret i32 %x
rec:
  %d1 = sub i32 %depth, 1
  %r = call i32 @count_or_exit(i32 %x, i32 %d1)
  %r1 = add i32 %r, 1
  ret i32 %r1
}

; Thread 100 traps when %n is even: seeds with an even %n trap, the others run to the end.
; CHECK-LABEL: .entry guarded_trap(
; CHECK: trap;
; CHECK-NEXT: ret;
define ptx_kernel void @guarded_trap(ptr addrspace(1) %out, i32 %n) {
  %g = call i32 @gid()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %g, ptr addrspace(1) %p
  %e = and i32 %n, 1
  %h = icmp eq i32 %g, 100
  %ev = icmp eq i32 %e, 0
  %c = and i1 %h, %ev
  br i1 %c, label %bad, label %ok
bad:
  call void @llvm.trap()
  unreachable
ok:
  ret void
}

; The same trap behind a condition that never holds.
define ptx_kernel void @no_trap(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %g, ptr addrspace(1) %p
  %c = icmp eq i32 %g, 1000000
  br i1 %c, label %bad, label %ok
bad:
  call void @llvm.trap()
  unreachable
ok:
  ret void
}

; CHECK-LABEL: .entry debug_trap(
; CHECK: brkpt;
define ptx_kernel void @debug_trap(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %c = icmp eq i32 %g, 3
  br i1 %c, label %bad, label %ok
bad:
  call void @llvm.debugtrap()
  br label %ok
ok:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %g, ptr addrspace(1) %p
  ret void
}

; Odd threads exit before the barrier; the even ones meet there and read a neighbour's value.
@sh = internal addrspace(3) global [64 x i32] undef, align 4
define ptx_kernel void @exit_before_barrier(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = call i32 @gid()
  %odd = and i32 %t, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %leave, label %stay
leave:
  call void @llvm.nvvm.exit()
  unreachable
stay:
  %s = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  %v = add i32 %g, 1000
  store i32 %v, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %t2 = add i32 %t, 2
  %w = and i32 %t2, 63
  %s2 = getelementptr [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %w
  %x = load i32, ptr addrspace(3) %s2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @exit_in_callee(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %d = and i32 %g, 3
  %r = call i32 @count_or_exit(i32 %g, i32 %d)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; assert(g != 70) as clang writes it for CUDA.
; CHECK-LABEL: .entry cuda_assert(
; CHECK: call.uni __assertfail, (param0, param1, param2, param3, param4);
define ptx_kernel void @cuda_assert(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %g = call i32 @gid()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %v = load i32, ptr addrspace(1) %pi
  %c = icmp ne i32 %g, 70
  br i1 %c, label %ok, label %fail
fail:
  call void @__assertfail(ptr @msg, ptr @file, i32 12, ptr @func, i64 1)
  unreachable
ok:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; Thread 5 traps while the others wait at a barrier it never reaches.
define ptx_kernel void @trap_while_others_wait(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 5
  br i1 %c, label %bad, label %ok
bad:
  call void @llvm.trap()
  unreachable
ok:
  call void @llvm.nvvm.barrier0()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %p
  ret void
}
