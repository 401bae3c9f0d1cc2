; ConvertToUniformReg (phase 74, seed 002): the block-uniform part of a global index
; (ctaid.x * ntid.x, kernel parameters) moves to UR; the thread id and everything derived from
; it stays in R. A vector IADD3 reads the UR (rule b). The phase is gated (--uniform-regs):
; without it the registers keep their R names.
; RUN: ori llc --uniform-regs --emit=ori %s | FileCheck %s
; RUN: ori llc --emit=ori %s | FileCheck %s --check-prefix=OFF
; RUN: ori llc --uniform-regs %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: ULDC [[N:%ur[0-9]+]], c[0x0][0x210] ;
; CHECK: S2UR [[C:%ur[0-9]+]], SR_CTAID.X ;
; CHECK: ULDC [[NT:%ur[0-9]+]], c[0x0][0x0] ;
; CHECK: UIMAD [[BASE:%ur[0-9]+]], [[C]], [[NT]], URZ ;
; CHECK: S2R [[T:%r[0-9]+]], SR_TID.X ;
; CHECK: IADD3 [[I:%r[0-9]+]], [[BASE]], [[T]], RZ ;
; CHECK: ISETP.LT.S32.AND [[P:%p[0-9]+]], [[I]], [[N]], PT ;
; CHECK: @!{{%p[0-9]+}} BRA
; CHECK: MOV.64 [[OUT:%rd[0-9]+]], c[0x0][0x218] ;

; OFF-NOT: %ur
; OFF-NOT: %up

; PTX: .reg .b32 %ur<
; PTX: mov.u32 %ur{{[0-9]+}}, %ctaid.x;
; PTX: mov.u32 %ur{{[0-9]+}}, %ntid.x;
; PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
define ptx_kernel void @index(i32 %n, ptr addrspace(1) %out) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %c, %nt
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %base, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %idx = sext i32 %i to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %idx
  store i32 %base, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
