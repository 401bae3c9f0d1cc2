; `!nvvm.annotations` entries on which llc-19 crashes (SIGSEGV: it asserts the shape instead of
; checking it): a key that is not a string, a value that is not an integer, `null` where a key or a
; value belongs, an odd operand count. ori warns, names the function, ignores the pair, and keeps
; the well-formed pairs of the same entry; for each key the first value wins, as in llc-19.
; RUN: ori llc %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s 2>/dev/null | FileCheck %s --check-prefix=CHECKED
; REQUIRES: ptxas

; WARN-DAG: warning: ignoring malformed !nvvm.annotations entry for function @k: a key is not a string
; WARN-DAG: warning: ignoring malformed !nvvm.annotations "maxntidy" on function @k: expected a positive integer
; WARN-DAG: warning: ignoring malformed !nvvm.annotations "maxntidz" on function @k: expected a positive integer
; WARN-DAG: warning: ignoring malformed !nvvm.annotations entry for function @k: odd number of operands
; CHECK: .visible .entry k(
; CHECK: .maxntid 64, 1, 1
; CHECKED: k: ok

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %t
  store i32 %t, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1, !"maxntidx", i32 64, i32 7, i32 1, !"maxntidy", !"one"}
!1 = !{ptr @k, null, i32 1, !"maxntidz", null, !"maxntidx", i32 32}
!2 = !{ptr @k, !"kernel"}
