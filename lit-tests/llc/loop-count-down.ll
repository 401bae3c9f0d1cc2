; loop-count-down (llvm/count_down.rs): a counter used only by an equality exit test becomes a
; count-down to zero from the bound (llc's LSR choice), so ptxas keeps it in a uniform register.
; Rewritten: i.next == N from 0 (the phi starts at N itself), from a nonzero start (N - start in
; the preheader), a test of i rather than i.next with `ne`, a `sub` step. Left alone: a counter
; with another use, an unsigned-less-than test (not exact without trip-count reasoning), and a
; bound computed inside the loop.
; RUN: ori opt -passes=loop-count-down -S %s | FileCheck %s --check-prefix=IR
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin -passes=loop-count-down -S %s -o %t.plugin.ll && ori opt -passes=loop-count-down -S %s -o %t.ori.ll && diff %t.plugin.ll %t.ori.ll %}
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = shl i32 %c, 6
  %g = add i32 %b, %t
  ret i32 %g
}

; IR-LABEL: @from_zero(
; IR: loop:
; IR-NEXT: %count = phi i32 [ %n1, %entry ], [ %count.next, %loop ]
; IR-NOT: %i =
; IR: %count.next = sub i32 %count, 1
; IR-NEXT: %done = icmp eq i32 %count.next, 0
; EXEC-DAG: from_zero: ok (jit
define ptx_kernel void @from_zero(ptr addrspace(1) %out, i32 %m) {
entry:
  %g = call i32 @gid()
  %n = and i32 %m, 15
  %n1 = or i32 %n, 1
  %x0 = add i32 %g, 7
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi i32 [ %x0, %entry ], [ %x.next, %loop ]
  %x3 = mul i32 %x, 3
  %x.next = xor i32 %x3, %g
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n1
  br i1 %done, label %exit, label %loop

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x.next, ptr addrspace(1) %p
  ret void
}

; IR-LABEL: @from_five_test_i_ne(
; IR: %count = sub i64 %n, 5
; IR: loop:
; IR-NEXT: %count1 = phi i64 [ %count, %entry ], [ %count.next, %loop ]
; IR: %count.next = add i64 %count1, 2
; IR-NEXT: %more = icmp ne i64 %count1, 0
; EXEC-DAG: from_five_test_i_ne: ok (jit
define ptx_kernel void @from_five_test_i_ne(ptr addrspace(1) %out, i32 %m) {
entry:
  %g = call i32 @gid()
  %k = and i32 %m, 7
  %kk = shl i32 %k, 1
  %k64 = zext i32 %kk to i64
  %n = sub i64 5, %k64
  br label %loop

loop:
  %i = phi i64 [ 5, %entry ], [ %i.next, %loop ]
  %x = phi i32 [ %g, %entry ], [ %x.next, %loop ]
  %x.next = add i32 %x, 11
  %i.next = sub i64 %i, 2
  %more = icmp ne i64 %i, %n
  br i1 %more, label %loop, label %exit

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %x.next, ptr addrspace(1) %p
  ret void
}

; IR-LABEL: @left_alone(
; IR: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; IR: %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
; IR: %l = phi i32 [ 0, %entry ], [ %l.next, %loop ]
; IR-NOT: %count
; EXEC-DAG: left_alone: ok (jit
define ptx_kernel void @left_alone(ptr addrspace(1) %out, i32 %m) {
entry:
  %g = call i32 @gid()
  %n = and i32 %m, 15
  %n1 = or i32 %n, 1
  br label %loop

loop:
  ; %i is also summed: it must stay.
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  ; %j's test is unsigned less-than.
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  ; %l's bound varies in the loop.
  %l = phi i32 [ 0, %entry ], [ %l.next, %loop ]
  %s = phi i32 [ %g, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %j.next = add i32 %j, 1
  %l.next = add i32 %l, 1
  %b = add i32 %s, 1
  %t1 = icmp eq i32 %i.next, %n1
  %t2 = icmp ult i32 %j.next, %n1
  %t3 = icmp eq i32 %l.next, %b
  %t12 = or i1 %t1, %t2
  %t = or i1 %t12, %t3
  br i1 %t, label %loop, label %exit

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s.next, ptr addrspace(1) %p
  ret void
}
