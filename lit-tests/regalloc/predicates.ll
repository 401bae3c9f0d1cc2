; Predicates beyond P0..P6: ten comparisons live at once (each selects a value at the end, in
; reverse order). The allocator spills predicates through general registers (seed 000's P2R/R2P
; dependency): `SEL c, 0x1, RZ, p` after the definition, `ISETP.NE.U32.AND p, c, RZ, PT` before a
; use. Predicates stay within P0..P6 and ptxas accepts the PTX.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc --dump-after=AdvancedPhaseAllocReg %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PHYS
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: ISETP.{{[A-Z]+}}.S32.AND [[P:%p[0-9]+]],
; CHECK-NEXT: SEL [[C:%r[0-9]+]], 0x1, RZ, [[P]] ;
; CHECK: ISETP.NE.U32.AND [[Q:%p[0-9]+]], [[C]], RZ, PT ;
; CHECK-NEXT: SEL {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[Q]] ;

; PHYS-NOT: {{P[7-9]}}
; PHYS: EXIT ;
define ptx_kernel void @preds(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 0
  %x0 = load i32, ptr addrspace(1) %p0, align 4
  %c0 = icmp slt i32 %x0, 0
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 1
  %x1 = load i32, ptr addrspace(1) %p1, align 4
  %c1 = icmp slt i32 %x1, 7
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 2
  %x2 = load i32, ptr addrspace(1) %p2, align 4
  %c2 = icmp slt i32 %x2, 14
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 3
  %x3 = load i32, ptr addrspace(1) %p3, align 4
  %c3 = icmp slt i32 %x3, 21
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 4
  %x4 = load i32, ptr addrspace(1) %p4, align 4
  %c4 = icmp slt i32 %x4, 28
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 5
  %x5 = load i32, ptr addrspace(1) %p5, align 4
  %c5 = icmp slt i32 %x5, 35
  %p6 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 6
  %x6 = load i32, ptr addrspace(1) %p6, align 4
  %c6 = icmp slt i32 %x6, 42
  %p7 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 7
  %x7 = load i32, ptr addrspace(1) %p7, align 4
  %c7 = icmp slt i32 %x7, 49
  %p8 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 8
  %x8 = load i32, ptr addrspace(1) %p8, align 4
  %c8 = icmp slt i32 %x8, 56
  %p9 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 9
  %x9 = load i32, ptr addrspace(1) %p9, align 4
  %c9 = icmp slt i32 %x9, 63
  %s9 = select i1 %c9, i32 %x9, i32 0
  %s8 = select i1 %c8, i32 %x8, i32 %s9
  %s7 = select i1 %c7, i32 %x7, i32 %s8
  %s6 = select i1 %c6, i32 %x6, i32 %s7
  %s5 = select i1 %c5, i32 %x5, i32 %s6
  %s4 = select i1 %c4, i32 %x4, i32 %s5
  %s3 = select i1 %c3, i32 %x3, i32 %s4
  %s2 = select i1 %c2, i32 %x2, i32 %s3
  %s1 = select i1 %c1, i32 %x1, i32 %s2
  %s0 = select i1 %c0, i32 %x0, i32 %s1
  store i32 %s0, ptr addrspace(1) %out, align 4
  ret void
}
