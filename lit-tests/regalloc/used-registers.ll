; ptxas's register count: `Used N registers` = highest R index + 1 + 2 reserved, and R1 (the
; stack pointer) always counts. An empty kernel uses 4; a kernel whose values fit R0 and R2..R5
; (a 64-bit pointer in the aligned pair R2:R3, three words in R0, R4, R5) uses 8. 64-bit values
; take even/odd pairs (never R0:R1, which holds the stack pointer): three live 64-bit values and a
; fourth being written need R2..R9, so 12.
; RUN: ori llc -v --dump-after=AdvancedPhaseAllocReg %s -o %t.ptx 2> %t.err
; RUN: FileCheck %s --input-file=%t.err
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function empty (kernel)
; CHECK-NEXT: bix0 (L0) <entry>:
; CHECK-NEXT: EXIT ;
define ptx_kernel void @empty() {
entry:
  ret void
}

; CHECK-LABEL: .function five (kernel)
; CHECK-NEXT: bix0 (L0) <entry>:
; CHECK-NEXT: MOV.64 R2, c[0x0][0x210] ;
; CHECK-NOT: {{R1[^0-9]}}
; CHECK: STG.E R2, {{R[045]}} ;
define ptx_kernel void @five(ptr addrspace(1) %p, i32 %a, i32 %b, i32 %c) {
entry:
  %t = add i32 %a, %b
  %s = mul i32 %t, %c
  store i32 %s, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: .function pairs (kernel)
; CHECK-NOT: {{R1[^0-9]}}
; CHECK: EXIT ;
define ptx_kernel void @pairs(ptr addrspace(1) %p, i64 %a, i64 %b) {
entry:
  %x = mul i64 %a, %b
  %y = xor i64 %x, %a
  %z = add i64 %y, %b
  store i64 %z, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK: ori info    : Compiling entry function 'empty' for 'sm_90'
; CHECK-NEXT: ori info    : Function properties for empty
; CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; CHECK-NEXT: ori info    : Used 4 registers, used 0 barriers
; CHECK: ori info    : Compiling entry function 'five' for 'sm_90'
; CHECK: ori info    : Used 8 registers, used 0 barriers
; CHECK: ori info    : Compiling entry function 'pairs' for 'sm_90'
; CHECK: ori info    : Used 12 registers, used 0 barriers
