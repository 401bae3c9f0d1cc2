; Phi copies coalesce: MovPhi elimination leaves COPYs whose source and destination the
; allocator's copy affinity gives one register (`COPY R4, R4` after allocation); they are deleted
; before emission, so the loop body has no moves. Physical names appear in dumps after the
; allocation phase, R1 (the stack pointer) is never given out, and -v prints ptxas's lines.
; These runs leave out OriDoRematEarly: by default the parameter `n` is re-read inside the loop
; (REMAT below: one register fewer, 7), and the allocator then gives the re-read the register the
; sum's φ copy wanted, so one COPY stays in the loop (a known weakness of the copy affinity,
; which only looks one copy away).
; RUN: ori llc -v --disable-phase=OriDoRematEarly --dump-after=AdvancedPhaseAllocReg %s -o %t.ptx 2> %t.err
; RUN: FileCheck %s --input-file=%t.err
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc -v --emit=ori %s -o - 2>&1 | FileCheck %s --check-prefix=REMAT
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: *** IR Dump After AdvancedPhaseAllocReg ***
; CHECK: bix0 (L0) <entry>:
; CHECK-NEXT: MOV.64 [[OUT:R[02-9][0-9]*]], c[0x0][0x210] ;
; CHECK-NEXT: MOV [[N:R[02-9][0-9]*]], c[0x0][0x218] ;
; CHECK-NEXT: COPY [[I:R[02-9][0-9]*]], 0x0 ;
; CHECK-NEXT: COPY [[S:R[02-9][0-9]*]], 0x0 ;
; CHECK: bix1 (L1) <loop>:
; CHECK-NEXT: COPY [[I]], [[I]] ;
; CHECK-NEXT: COPY [[S]], [[S]] ;
; CHECK-NEXT: IADD3 [[S]], [[S]], [[I]], RZ ;
; CHECK-NEXT: IADD3 [[I]], [[I]], 0x1, RZ ;
; CHECK-NEXT: ISETP.EQ.U32.AND [[P:P[0-6]]], [[I]], [[N]], PT ;
; CHECK-NEXT: COPY [[I]], [[I]] ;
; CHECK-NEXT: COPY [[S]], [[S]] ;
; CHECK-NEXT: @![[P]] BRA bix1 ;
; CHECK: STG.E [[OUT]], [[S]] ;
; CHECK: ori info    : Compiling entry function 'sum' for 'sm_90'
; CHECK-NEXT: ori info    : Function properties for sum
; CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; CHECK-NEXT: ori info    : Used 8 registers, used 0 barriers

; REMAT: ori info    : Used 7 registers, used 0 barriers
; REMAT: bix1 (L1) <loop>:
; REMAT: MOV [[N:%r[0-9]+]], c[0x0][0x218] ;
; REMAT-NEXT: ISETP.EQ.U32.AND {{%p[0-9]+}}, {{%r[0-9]+}}, [[N]], PT ;

; PTX: $L__bix1:
; PTX-NEXT: add.s32 [[S:%r[0-9]+]], [[S]], [[I:%r[0-9]+]];
; PTX-NEXT: add.s32 [[I]], [[I]], 1;
; PTX-NEXT: setp.eq.u32 [[P:%p[0-9]+]], [[I]], {{%r[0-9]+}};
; PTX-NEXT: @![[P]] bra.uni $L__bix1;
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
