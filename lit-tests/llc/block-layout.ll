; block-layout (llvm/block_layout.rs): every block after its forward predecessors, each natural
; loop contiguous, otherwise the source order. @exit_before_loop has the loop's exit block
; before the loop (as inlined cooperative-groups code has it): it moves after the loop.
; @inner_outer keeps a nested loop inside its outer loop. @in_order is already in such an order
; and is left alone.
; RUN: ori opt -passes=block-layout -S %s | FileCheck %s --check-prefix=IR
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin -passes=block-layout -S %s -o %t.plugin.ll && ori opt -passes=block-layout -S %s -o %t.ori.ll && diff %t.plugin.ll %t.ori.ll %}
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; IR-LABEL: @exit_before_loop(
; IR: entry:
; IR: loop:
; IR: exit:
; IR: done:
; EXEC-DAG: exit_before_loop: ok (jit
define ptx_kernel void @exit_before_loop(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

exit:
  %odd = and i32 %s.next, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %store, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ %t, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 9
  br i1 %more, label %loop, label %exit

store:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s.next, ptr addrspace(1) %p
  br label %done

done:
  ret void
}

; IR-LABEL: @inner_outer(
; IR: entry:
; IR: outer:
; IR: inner:
; IR: latch:
; IR: exit:
; EXEC-DAG: inner_outer: ok (jit
define ptx_kernel void @inner_outer(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer

latch:
  %j.next = add i32 %j, 1
  %more.o = icmp slt i32 %j.next, 4
  br i1 %more.o, label %outer, label %exit

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %a.next, ptr addrspace(1) %p
  ret void

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %acc = phi i32 [ %t, %entry ], [ %a.next, %latch ]
  br label %inner

inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  %a = phi i32 [ %acc, %outer ], [ %a.next, %inner ]
  %a3 = mul i32 %a, 3
  %a.next = xor i32 %a3, %k
  %k.next = add i32 %k, 1
  %more.i = icmp slt i32 %k.next, 3
  br i1 %more.i, label %inner, label %latch
}

; IR-LABEL: @in_order(
; IR: entry:
; IR: then:
; IR: join:
define ptx_kernel void @in_order(ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %then, label %join

then:
  store i32 1, ptr addrspace(1) %out
  br label %join

join:
  ret void
}
