; A counted loop: phis become MovPhi, eliminated with one temporary per phi (copies in the
; predecessors, the phi result copied from its temporary at the top of the header).
; RUN: ori llc --emit=ori --disable-phase=EliminateMovPhi %s | FileCheck %s --check-prefix=SSA
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; SSA: bix1 (L1) <loop>:
; SSA-NEXT: MovPhi [[I:%r[0-9]+]], 0x0, bix0, [[INEXT:%r[0-9]+]], bix1 ;
; SSA-NEXT: MovPhi [[S:%r[0-9]+]], 0x0, bix0, [[SNEXT:%r[0-9]+]], bix1 ;

; CHECK: bix0 (L0) <entry>:
; CHECK: COPY [[TI:%r[0-9]+]], 0x0 ;
; CHECK: COPY [[TS:%r[0-9]+]], 0x0 ;
; CHECK: bix1 (L1) <loop>:
; CHECK-NEXT: COPY [[I:%r[0-9]+]], [[TI]] ;
; CHECK-NEXT: COPY [[S:%r[0-9]+]], [[TS]] ;
; CHECK: COPY [[TI]], {{%r[0-9]+}} ;
; CHECK-NEXT: COPY [[TS]], {{%r[0-9]+}} ;
; CHECK-NEXT: @{{!?%p[0-9]+}} BRA bix1 ;
define ptx_kernel void @sum(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %s.next, ptr addrspace(1) %out
  ret void
}
