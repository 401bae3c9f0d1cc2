; Lowering of a saxpy-shaped kernel: parameters from c[0x0][0x210...] at their alignment,
; %ntid.x from c[0x0][0x0], S2R for tid/ctaid, IMAD.WIDE for the 32-bit GEP index, LDG/STG
; through the global twins of the kernel's pointer parameters (CVTA.TO.GLOBAL, as llc's
; NVPTXLowerArgs does; OriDoRematEarly re-makes the parameter read and its conversion in the block
; that uses them), FMUL/FADD; the conditional branch falls into the taken block.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function saxpy (kernel) params: [saxpy_param_0:.u32@c[0x0][0x210], saxpy_param_1:.f32@c[0x0][0x214], saxpy_param_2:.u64@c[0x0][0x218], saxpy_param_3:.u64@c[0x0][0x220]]
; CHECK: MOV [[N:%r[0-9]+]], c[0x0][0x210] ;
; CHECK: S2R [[CTA:%r[0-9]+]], SR_CTAID.X ;
; CHECK: MOV [[NTID:%r[0-9]+]], c[0x0][0x0] ;
; CHECK: IMAD [[M:%r[0-9]+]], [[CTA]], [[NTID]], RZ ;
; CHECK: S2R [[TID:%r[0-9]+]], SR_TID.X ;
; CHECK: IADD3 [[I:%r[0-9]+]], [[M]], [[TID]], RZ ;
; CHECK: ISETP.LT.S32.AND [[P:%p[0-9]+]], [[I]], [[N]], PT ;
; CHECK: @![[P]] BRA bix2 ;
; CHECK: bix1 (L1)
; CHECK: MOV.64 [[XP:%rd[0-9]+]], c[0x0][0x218] ;
; CHECK-NEXT: CVTA.TO.GLOBAL [[X:%rd[0-9]+]], [[XP]] ;
; CHECK-NEXT: IMAD.WIDE [[XA:%rd[0-9]+]], [[I]], 0x4, [[X]] ;
; CHECK: LDG.E [[XV:%r[0-9]+]], [[XA]] ;
; CHECK: FMUL
; CHECK: FADD [[S:%r[0-9]+]],
; CHECK: STG.E {{%rd[0-9]+}}, [[S]] ;
; CHECK: bix2 (L2)
; CHECK-NEXT: EXIT ;
define void @saxpy(i32 %n, float %a, ptr %x, ptr %y) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %mul = mul i32 %ctaid, %ntid
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %mul, %tid
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %body, label %exit
body:
  %px = getelementptr inbounds float, ptr %x, i32 %i
  %xv = load float, ptr %px, align 4
  %ax = fmul float %a, %xv
  %py = getelementptr inbounds float, ptr %y, i32 %i
  %yv = load float, ptr %py, align 4
  %s = fadd float %ax, %yv
  store float %s, ptr %py, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @saxpy, !"kernel", i32 1}
