; AnalyzeControlFlow on a loop nest with an early exit: the DOT dump and the RPO/backedge dump in
; ptxas's formats (seed 001). Blocks: bix0 entry, bix1 outer header, bix2 inner loop (self
; backedge), bix3 outer latch (backedge to bix1), bix4 exit.
; RUN: ori llc --dump-cfg --dump-rpo -o /dev/null %s 2>&1 | FileCheck %s
; The same dumps into a file:
; RUN: ori llc --dump-cfg --dump-rpo --dump-file=%t.dump -o /dev/null %s
; RUN: FileCheck %s --input-file=%t.dump

target triple = "nvptx64-nvidia-cuda"

; CHECK: digraph f {
; CHECK-NEXT: node [fontname="Courier",fontsize=10,shape=Mrecord];
; CHECK-NEXT: "bix0"
; CHECK-NEXT: [label="bix0(L0)"]
; CHECK-NEXT: bix0 -> bix1
; CHECK-NEXT: "bix1"
; CHECK-NEXT: [label="bix1(L1)"]
; CHECK-NEXT: bix1 -> bix2
; CHECK-NEXT: "bix2"
; CHECK-NEXT: [label="bix2(L2)"]
; CHECK-NEXT: bix2 -> bix2
; CHECK-NEXT: bix2 -> bix3
; CHECK-NEXT: "bix3"
; CHECK-NEXT: [label="bix3(L3)"]
; CHECK-NEXT: bix3 -> bix1
; CHECK-NEXT: bix3 -> bix4
; CHECK-NEXT: "bix4"
; CHECK-NEXT: [label="bix4(L4)"]
; CHECK-NEXT: }
; CHECK-NEXT: Showing RPO state for each basic block:
; CHECK-NEXT: bix0 -> RPONum: 0
; CHECK-NEXT: bix1 -> RPONum: 1
; CHECK-NEXT: bix2 -> RPONum: 2
; CHECK-NEXT: bix3 -> RPONum: 3
; CHECK-NEXT: bix4 -> RPONum: 4
; CHECK-NEXT: RPO traversal order: [0, 1, 2, 3, 4]
; CHECK-NEXT: Showing backedge info:
; CHECK-NEXT: bix2 -> backedge's successor BB: 2
; CHECK-NEXT: bix3 -> backedge's successor BB: 1
define ptx_kernel void @nest(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %jd = icmp eq i32 %j.next, %n
  br i1 %jd, label %latch, label %inner
latch:
  %i.next = add i32 %i, 1
  %id = icmp eq i32 %i.next, %n
  br i1 %id, label %exit, label %outer
exit:
  store i32 %i.next, ptr addrspace(1) %out
  ret void
}
