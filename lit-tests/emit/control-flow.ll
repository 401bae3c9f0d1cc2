; Control flow: a bounds check that branches to the exit, a counted loop, and a switch inside it
; (a compare-and-branch per case, then the default). PTX branches to $L__bixN labels (bra.uni
; when unguarded or on a uniform predicate; the tid bounds check is divergent: bra); the SASS listing has the branches at absolute addresses of the 16-byte slots,
; guards right-aligned, a compare with zero against RZ, and the loop's back edge to its header.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS --strict-whitespace
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX: setp.ge.u32 [[SKIP:%p[0-9]+]],
; PTX: @[[SKIP]] bra $L__bix8;
; PTX-NEXT: $L__bix1:
; PTX-NEXT: ld.param.u32 [[SEL:%r[0-9]+]], [cf_param_2];
; PTX-NEXT: setp.eq.u32 [[C0:%p[0-9]+]], [[SEL]], 0;
; PTX-NEXT: @[[C0]] bra.uni $L__bix4;
; PTX-NEXT: $L__bix2:
; PTX-NEXT: ld.param.u32 [[SEL:%r[0-9]+]], [cf_param_2];
; PTX-NEXT: setp.eq.u32 [[C1:%p[0-9]+]], [[SEL]], 1;
; PTX-NEXT: @[[C1]] bra.uni $L__bix5;
; PTX-NEXT: $L__bix3:
; PTX-NEXT: sub.s32
; PTX-NEXT: bra.uni $L__bix6;
; PTX: $L__bix6:
; PTX: add.s32 [[I:%r[0-9]+]], [[I]], 1;
; PTX-NEXT: ld.param.u32 [[N:%r[0-9]+]], [cf_param_1];
; PTX-NEXT: setp.lt.s32 [[MORE:%p[0-9]+]], [[I]], [[N]];
; PTX: @[[MORE]] bra.uni $L__bix1;
; PTX: $L__bix8:
; PTX-NEXT: ret;

; SASS:      {{^}}        /*0010*/                   LDC [[N:R[0-9]+]], c[0x0][0x218] ;
; SASS-NEXT: {{^}}        /*0020*/                   S2R [[TID:R[0-9]+]], SR_TID.X ;
; SASS-NEXT: {{^}}        /*0030*/                   ISETP.GE.U32.AND [[P:P[0-6]]], PT, [[TID]], [[N]], PT ;
; SASS-NEXT: {{^}}        /*0040*/                   MOV [[I:R[0-9]+]], RZ ;
; SASS-NEXT: {{^}}        /*0050*/                   MOV [[ACC:R[0-9]+]], RZ ;
; SASS-NEXT: {{^}}        /*0060*/               @[[P]] BRA 0x1c0 ;
; SASS-NEXT: {{^}}        /*0070*/                   LDC [[SEL:R[0-9]+]], c[0x0][0x21c] ;
; SASS-NEXT: {{^}}        /*0080*/                   ISETP.EQ.U32.AND [[P]], PT, [[SEL]], RZ, PT ;
; SASS-NEXT: {{^}}        /*0090*/               @[[P]] BRA 0xf0 ;
; SASS-NEXT: {{^}}        /*00a0*/                   LDC [[SEL]], c[0x0][0x21c] ;
; SASS-NEXT: {{^}}        /*00b0*/                   ISETP.EQ.U32.AND [[P]], PT, [[SEL]], 0x1, PT ;
; SASS-NEXT: {{^}}        /*00c0*/               @[[P]] BRA 0x110 ;
; SASS-NEXT: {{^}}        /*00d0*/                   IADD3 [[ACC]], [[ACC]], -0x1, RZ ;
; SASS-NEXT: {{^}}        /*00e0*/                   BRA 0x130 ;
; SASS-NEXT: {{^}}        /*00f0*/                   IADD3 [[ACC]], [[ACC]], [[I]], RZ ;
; SASS-NEXT: {{^}}        /*0100*/                   BRA 0x130 ;
; SASS-NEXT: {{^}}        /*0110*/                   LOP3.LUT [[ACC]], [[ACC]], [[I]], RZ, 0x3c, !PT ;
; SASS-NEXT: {{^}}        /*0120*/                   BRA 0x130 ;
; SASS-NEXT: {{^}}        /*0130*/                   MOV [[OUT:R[0-9]+]], [[ACC]] ;
; SASS-NEXT: {{^}}        /*0140*/                   IADD3 [[I]], [[I]], 0x1, RZ ;
; SASS-NEXT: {{^}}        /*0150*/                   LDC [[ACC]], c[0x0][0x218] ;
; SASS-NEXT: {{^}}        /*0160*/                   ISETP.LT.AND [[P]], PT, [[I]], [[ACC]], PT ;
; SASS-NEXT: {{^}}        /*0170*/                   MOV [[ACC]], [[OUT]] ;
; SASS-NEXT: {{^}}        /*0180*/               @[[P]] BRA 0x70 ;
; SASS-NEXT: {{^}}        /*0190*/                   LDC.64 [[A:R[0-9]+]], c[0x0][0x210] ;
; SASS-NEXT: {{^}}        /*01a0*/                   IMAD.WIDE [[A]], [[TID]], 0x4, [[A]] ;
; SASS-NEXT: {{^}}        /*01b0*/                   STG.E [[[A]].64], [[OUT]] ;
; SASS-NEXT: {{^}}        /*01c0*/                   EXIT ;
; SASS-NEXT: {{^}}        /*01d0*/                   BRA 0x1d0;
define ptx_kernel void @cf(ptr addrspace(1) %out, i32 %n, i32 %sel) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %skip = icmp uge i32 %tid, %n
  br i1 %skip, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %latch ]
  switch i32 %sel, label %dflt [ i32 0, label %case0
                                 i32 1, label %case1 ]
case0:
  %a0 = add i32 %acc, %i
  br label %latch
case1:
  %a1 = xor i32 %acc, %i
  br label %latch
dflt:
  %a2 = sub i32 %acc, 1
  br label %latch
latch:
  %acc1 = phi i32 [ %a0, %case0 ], [ %a1, %case1 ], [ %a2, %dflt ]
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc1, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
