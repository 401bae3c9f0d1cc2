; `llvm.loop.unroll.disable` (and `llvm.loop.unroll.count 1`) on a loop's latch becomes PTX's
; `.pragma "nounroll"` at the loop header, as llc's NVPTX printer writes it, so that ptxas keeps
; the loop rolled; loops without the metadata, and the exit block, get no pragma.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry loops(
; CHECK: $L__bix0:
; CHECK: $L__bix[[H1:[0-9]+]]:
; CHECK-NEXT: .pragma "nounroll";
; CHECK: bra{{.*}} $L__bix[[H1]];
; CHECK: $L__bix[[H2:[0-9]+]]:
; CHECK-NEXT: .pragma "nounroll";
; CHECK: bra{{.*}} $L__bix[[H2]];
; CHECK-NOT: .pragma
; CHECK: ret;

; EXEC: loops: ok

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @loops(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %a
a:
  %i = phi i32 [ 0, %entry ], [ %i1, %a ]
  %s = phi i32 [ %t, %entry ], [ %s1, %a ]
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %a, label %b, !llvm.loop !0
b:
  %j = phi i32 [ 0, %a ], [ %j1, %b ]
  %u = phi i32 [ %s1, %a ], [ %u1, %b ]
  %u1 = mul i32 %u, 3
  %j1 = add i32 %j, 1
  %d = icmp ult i32 %j1, 4
  br i1 %d, label %b, label %l3, !llvm.loop !2
l3:
  %k = phi i32 [ 0, %b ], [ %k1, %l3 ]
  %w = phi i32 [ %u1, %b ], [ %w1, %l3 ]
  %w1 = xor i32 %w, %k
  %k1 = add i32 %k, 1
  %e = icmp ult i32 %k1, %n
  br i1 %e, label %l3, label %done
done:
  %x = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %x
  store i32 %w1, ptr addrspace(1) %p
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.count", i32 1}
