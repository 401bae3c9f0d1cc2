; The SASS listing has cuobjdump's shape: code for sm_90, Function : name, 16-byte steps,
; ptxas's kernel prologue (LDC R1, c[0x0][0x28]), guards right-aligned before the opcode, LDC
; for constant-bank reads, ISETP writing Pd, PT, branch targets as addresses, EXIT, and the
; final self-branch.
; RUN: ori llc --emit=sass %s | FileCheck %s --strict-whitespace

target triple = "nvptx64-nvidia-cuda"

; CHECK: {{^}}	code for sm_90
; CHECK: {{^}}		Function : k
; CHECK-NEXT: {{^}}	.headerflags	@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
; CHECK-NEXT: {{^}}        /*0000*/                   LDC R1, c[0x0][0x28] ;
; CHECK-NEXT: {{^}}        /*0010*/                   LDC R{{[0-9]+}}, c[0x0][0x210] ;
; CHECK-NEXT: {{^}}        /*0020*/                   S2R R{{[0-9]+}}, SR_TID.X ;
; CHECK-NEXT: {{^}}        /*0030*/                   ISETP.GE.U32.AND P{{[0-9]+}}, PT, R{{[0-9]+}}, R{{[0-9]+}}, PT ;
; CHECK-NEXT: {{^}}        /*0040*/{{ +}}@P{{[0-9]+}} BRA 0x70 ;
; CHECK-NEXT: {{^}}        /*0050*/                   LDC.64 R{{[0-9]+}}, c[0x0][0x218] ;
; CHECK-NEXT: {{^}}        /*0060*/                   STG.E [R{{[0-9]+}}.64], R{{[0-9]+}} ;
; CHECK-NEXT: {{^}}        /*0070*/                   EXIT ;
; CHECK-NEXT: {{^}}        /*0080*/                   BRA 0x80;
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %p) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp uge i32 %t, %n
  br i1 %c, label %done, label %store
store:
  store i32 %t, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
