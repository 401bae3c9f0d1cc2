; A switch becomes a chain of ISETP.EQ + guarded BRA, then a BRA to the default unless it is
; the next block.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; SetControlFlowOpLastInBB (phase 6) puts each guarded branch last in its own block, and
; OriDoRematEarly re-reads the parameter in each of them.
; CHECK: MOV [[X:%r[0-9]+]], c[0x0][0x218] ;
; CHECK-NEXT: ISETP.EQ.U32.AND [[P1:%p[0-9]+]], [[X]], 0x1, PT ;
; CHECK-NEXT: @[[P1]] BRA bix4 ;
; CHECK-NEXT: bix1 (L0) <entry.split1>:
; CHECK-NEXT: MOV [[X:%r[0-9]+]], c[0x0][0x218] ;
; CHECK-NEXT: ISETP.EQ.U32.AND [[P2:%p[0-9]+]], [[X]], 0x7, PT ;
; CHECK-NEXT: @[[P2]] BRA bix5 ;
; CHECK-NEXT: bix2 (L0) <entry.split2>:
; CHECK-NEXT: MOV [[X:%r[0-9]+]], c[0x0][0x218] ;
; CHECK-NEXT: ISETP.EQ.U32.AND [[P3:%p[0-9]+]], [[X]], 0xfffffffe, PT ;
; CHECK-NEXT: @[[P3]] BRA bix6 ;
; CHECK-NEXT: bix3 (L1) <default>:
define ptx_kernel void @sw(ptr addrspace(1) %out, i32 %x) {
entry:
  switch i32 %x, label %default [
    i32 1, label %one
    i32 7, label %seven
    i32 -2, label %minus2
  ]
default:
  store i32 0, ptr addrspace(1) %out
  ret void
one:
  store i32 10, ptr addrspace(1) %out
  ret void
seven:
  store i32 70, ptr addrspace(1) %out
  ret void
minus2:
  store i32 -20, ptr addrspace(1) %out
  ret void
}
