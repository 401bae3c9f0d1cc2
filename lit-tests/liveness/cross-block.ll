; Phase 10 EarlyOriSimpleLiveDead is local: it removes the dead add in `then`, but the multiply in
; `entry` is used in another block, so it stays. Phase 16 OriPerformLiveDeadFirst (global
; liveness) removes it. Disabling the group `OriPerformLiveDead` turns off all four instances;
; disabling one instance leaves the work to the next one.
; RUN: ori llc --emit=ori --dump-after=EarlyOriSimpleLiveDead --dump-after=OriPerformLiveDeadFirst %s 2>&1 >/dev/null \
; RUN:   | FileCheck %s --check-prefix=DUMP
; RUN: ori llc --emit=ori --disable-phase=OriPerformLiveDead %s | FileCheck %s --check-prefix=OFF
; RUN: ori llc --emit=ori --disable-phase=OriPerformLiveDeadFirst %s | FileCheck %s --check-prefix=ON
; RUN: ori llc --emit=ori %s | FileCheck %s --check-prefix=ON
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; DUMP-LABEL: *** IR Dump After EarlyOriSimpleLiveDead (phase 10) ***
; DUMP: bix0 (L0) <entry>:
; DUMP: IMAD
; DUMP: bix1 (L1) <then>:
; DUMP-NEXT: STG.E
; DUMP-LABEL: *** IR Dump After OriPerformLiveDeadFirst (phase 16) ***
; DUMP-NOT: IMAD
; DUMP: STG.E

; OFF: IMAD
; OFF: bix1 (L1) <then>:
; OFF-NEXT: MOV.64 {{%rd[0-9]+}}, c[0x0][0x210] ;
; OFF-NEXT: MOV {{%r[0-9]+}}, c[0x0][0x218] ;
; OFF-NEXT: STG.E

; ON-NOT: IMAD
; ON-NOT: IADD3
; ON: STG.E
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %x = mul i32 %a, %b
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %then, label %exit
then:
  %y = add i32 %x, 1
  store i32 %a, ptr addrspace(1) %out
  br label %exit
exit:
  ret void
}
