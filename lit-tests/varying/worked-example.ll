; Seed 002 "Worked Example", in LLVM IR with the seed's register names as value names: phases
; 53/70 classify R10..R17 and P0 exactly as the seed's table. R12 is the wide multiply (IMUL.WIDE
; R10, 4); R13 is the kernel parameter (LDC c[0][...]); R17 merges R15 (uniform) and R16 (SHFL)
; across the divergent branch on P0, so it is varying through the MovPhi rule.
; RUN: ori llc --dump-varying %s -o /dev/null 2>&1 | FileCheck %s
; The same result whether phase 53 or 70 reports it (phi elimination in between changes nothing):
; RUN: ori llc --dump-varying --disable-phase=OriPropagateVaryingSecond %s -o /dev/null 2>&1 | FileCheck %s

; --dump-cfg draws the divergent branch (bix0, on P0) and its edges red; the uniform rest stays plain.
; RUN: ori llc --dump-cfg %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT
; DOT: [label="bix0(L0)",color=red,fontcolor=red]
; DOT-NEXT: bix0 -> bix1 [color=red]
; DOT-NEXT: bix0 -> bix2 [color=red]
; DOT: [label="bix1(L1)"]
; DOT-NEXT: bix1 -> bix3{{$}}

; CHECK: @worked %R13 uniform
; CHECK-NEXT: @worked %out uniform
; CHECK-NEXT: @worked %R10 varying
; CHECK-NEXT: @worked %R11 uniform
; CHECK-NEXT: @worked %w varying
; CHECK-NEXT: @worked %R12 varying
; CHECK-NEXT: @worked %R14 varying
; CHECK-NEXT: @worked %P0 varying
; CHECK-NEXT: @worked %R15 uniform
; CHECK-NEXT: @worked %t varying
; CHECK-NEXT: @worked %R16 varying
; CHECK-NEXT: @worked %R17 varying
; CHECK: divergent branches: bix0 (joins: bix3)

target triple = "nvptx64-nvidia-cuda"

define void @worked(i64 %R13, ptr addrspace(1) %out) {
B0:
  %R10 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %R11 = freeze i64 1024
  %w = zext i32 %R10 to i64
  %R12 = mul i64 %w, 4
  %R14 = add i64 %R12, %R13
  %P0 = icmp sge i64 %R14, %R11
  br i1 %P0, label %B2, label %B1
B1:
  %R15 = freeze i32 7
  br label %B3
B2:
  %t = trunc i64 %R14 to i32
  %R16 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 0, i32 31)
  br label %B3
B3:
  %R17 = phi i32 [ %R15, %B1 ], [ %R16, %B2 ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %R10
  store i32 %R17, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
!nvvm.annotations = !{!0}
!0 = !{ptr @worked, !"kernel", i32 1}
