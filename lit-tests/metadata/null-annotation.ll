; `!nvvm.annotations` entries whose subject is not a function — `null` (llvm-extract leaves
; `!{null, !"kernel", i32 1}` behind when it drops a function), a string, a constant, an empty node —
; are ignored as llc-19 ignores them: the module compiles, @k is still a kernel (its own entry),
; and `ori check` runs it (malformed-annotation.ll: entries on which llc-19 itself crashes).
; RUN: ori llc %s -o %t.ptx 2>%t.err
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: count 0 < %t.err
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: llc -mcpu=sm_90 %s -o - | FileCheck %s --check-prefix=LLC
; RUN: ori check %s 2>/dev/null | FileCheck %s --check-prefix=CHECKED
; REQUIRES: ptxas

; CHECK: .visible .entry k(
; CHECK: .maxntid 64, 1, 1
; CHECK-NOT: .entry
; LLC: .visible .entry k(
; CHECKED: k: ok

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %t
  store i32 %t, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{null, !"kernel", i32 1}
!1 = !{ptr @k, !"kernel", i32 1}
!2 = !{!"kernel", ptr @k}
!3 = !{}
!4 = !{i32 0, !"kernel", i32 1}
!5 = !{null, !"maxntidx", i32 1}
!6 = !{ptr @k, !"maxntidx", i32 64}
