; Constant vector indices past the end (poison in LLVM) lower without crashing; variable
; indices select the lane by comparing the index with each lane number (see
; nvptx/vector-variable-index.ll). (Both found by scripts/fuzz.)
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc --emit=ori %S/Inputs/vector-variable-index.ll | FileCheck %s --check-prefix=VAR
; VAR: ISETP.EQ.U32.AND [[P:%p[0-9]+]], {{%r[0-9]+}}, 0x1, PT ;
; VAR-NEXT: SEL {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[P]] ;

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function k (kernel)
; CHECK: STG.E
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a) {
  %v0 = insertelement <2 x i32> poison, i32 %a, i32 0
  %v = insertelement <2 x i32> %v0, i32 %a, i32 1
  %e = extractelement <2 x i32> %v, i32 394359
  %w = insertelement <2 x i32> %v, i32 7, i32 9
  %f = extractelement <2 x i32> %w, i32 0
  %s = add i32 %e, %f
  store i32 %s, ptr addrspace(1) %out
  ret void
}
