; Dead computations disappear (phase 10 EarlyOriSimpleLiveDead and phases 16/33/61/84
; OriPerformLiveDead, seed 000); with both disabled they stay in the Ori IR.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc --emit=ori --disable-phase=EarlyOriSimpleLiveDead --disable-phase=OriPerformLiveDead %s \
; RUN:   | FileCheck %s --check-prefix=KEEP
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; End to end, the dead computations are in neither the PTX nor the SASS listing.
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; PTX-NOT: mul.lo
; PTX-NOT: xor.b32
; PTX-NOT: shl.b32
; PTX: add.s32
; PTX-NOT: mul.lo
; PTX-NOT: shl.b32
; SASS-NOT: IMAD
; SASS-NOT: LOP3
; SASS-NOT: SHF
; SASS: STG.E

target triple = "nvptx64-nvidia-cuda"

; The multiply, the xor fed only by it, and the shift in `then` are dead; the add is stored.
; CHECK-LABEL: .function k (kernel)
; CHECK: bix0 (L0) <entry>:
; CHECK-NOT: IMAD
; CHECK-NOT: LOP3
; CHECK: IADD3 [[LIVE:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, RZ ;
; CHECK-NEXT: ISETP.GT.S32.AND
; CHECK: bix1 (L1) <then>:
; CHECK-NEXT: MOV.64 [[OUT:%rd[0-9]+]], c[0x0][0x210] ;
; CHECK-NEXT: STG.E [[OUT]], [[LIVE]] ;
; CHECK-NEXT: bix2 (L2) <exit>:
; CHECK-NEXT: EXIT ;

; KEEP: IMAD [[D:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, RZ ;
; KEEP-NEXT: LOP3.LUT {{%r[0-9]+}}, [[D]], 0x7, RZ ;
; KEEP: bix1 (L1) <then>:
; KEEP-NEXT: SHF.L.U32
; KEEP-NEXT: MOV.64
; KEEP-NEXT: STG.E
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %dead = mul i32 %a, %b
  %dead2 = xor i32 %dead, 7
  %live = add i32 %a, %b
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %then, label %exit
then:
  %dead3 = shl i32 %live, 3
  store i32 %live, ptr addrspace(1) %out
  br label %exit
exit:
  ret void
}
