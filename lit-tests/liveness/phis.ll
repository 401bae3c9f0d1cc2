; Phis whose result is dead are removed by OriPerformLiveDead; their operands are live out of the
; predecessors (seed 000 phi handling), so the instructions feeding only a dead phi go one
; instance later (phase 16 removes the phis, phase 33 their inputs). After EliminateMovPhi the
; later instances (61, 84) run on non-SSA code and keep every copy that is used.
; RUN: ori llc --emit=ori --disable-phase=EarlyOriSimpleLiveDead \
; RUN:   --dump-after=OriPerformLiveDeadFirst --dump-after=OriPerformLiveDeadSecond %s 2>&1 >/dev/null \
; RUN:   | FileCheck %s
; RUN: ori llc --emit=ori %s | FileCheck %s --check-prefix=FINAL
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: *** IR Dump After OriPerformLiveDeadFirst (phase 16) ***
; CHECK: <then>:
; CHECK-NEXT: IMAD
; CHECK: <else>:
; CHECK-NEXT: SHF.L.U32
; CHECK: <join>:
; CHECK-NEXT: MovPhi [[KEEP:%r[0-9]+]], {{%r[0-9]+}}, bix1, {{%r[0-9]+}}, bix2 ;
; CHECK-NEXT: <loop>:
; CHECK-NEXT: MovPhi
; CHECK: <exit>:
; CHECK-NEXT: STG.E {{%rd[0-9]+}}, [[KEEP]] ;
; CHECK-LABEL: *** IR Dump After OriPerformLiveDeadSecond (phase 33) ***
; CHECK: <then>:
; CHECK-NOT: IMAD
; CHECK: <else>:
; CHECK-NOT: SHF
; CHECK: <join>:

; FINAL-NOT: IMAD
; FINAL-NOT: SHF
; FINAL: <join>:
; FINAL-NEXT: COPY [[KEEP:%r[0-9]+]], {{%r[0-9]+}} ;
; FINAL: <loop>:
; FINAL-NEXT: COPY
; FINAL: <exit>:
; FINAL-NEXT: MOV.64 [[OUT:%rd[0-9]+]], c[0x0][0x210] ;
; FINAL-NEXT: STG.E [[OUT]], [[KEEP]] ;
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b, i32 %n) {
entry:
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %then, label %else
then:
  %x = mul i32 %a, %b
  br label %join
else:
  %y = shl i32 %a, 2
  br label %join
join:
  %m = phi i32 [ %x, %then ], [ %y, %else ]
  %keep = phi i32 [ %a, %then ], [ %b, %else ]
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %loop ]
  %i.next = add i32 %i, %keep
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %last = phi i32 [ %i.next, %loop ]
  store i32 %keep, ptr addrspace(1) %out
  ret void
}
