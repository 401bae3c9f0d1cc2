; Straight-line chains are merged (MergeBasicBlocks) unless --dont-merge-basicblocks /
; -no-bb-merge; SetControlFlowOpLastInBB splits a block after a guarded branch that is followed by
; an unconditional one.
; RUN: ori llc --emit=ori %s | FileCheck %s --check-prefix=MERGE
; RUN: ori llc --emit=ori --dont-merge-basicblocks %s | FileCheck %s --check-prefix=NOMERGE
; RUN: ori llc --emit=ori -no-bb-merge %s | FileCheck %s --check-prefix=NOMERGE

target triple = "nvptx64-nvidia-cuda"

; MERGE: bix0 (L0) <entry>:
; MERGE: STG.E
; MERGE: STG.E
; MERGE: STG.E
; MERGE-NEXT: EXIT ;
; MERGE-NOT: bix1

; NOMERGE: bix0 (L0) <entry>:
; NOMERGE: bix1 (L1) <a>:
; NOMERGE: bix2 (L2) <b>:
; NOMERGE-NEXT: MOV.64 {{%rd[0-9]+}}, c[0x0][0x210] ;
; NOMERGE-NEXT: STG.E
; NOMERGE-NEXT: EXIT ;
define ptx_kernel void @chain(ptr addrspace(1) %out) {
entry:
  store i32 1, ptr addrspace(1) %out
  br label %a
a:
  store i32 2, ptr addrspace(1) %out
  br label %b
b:
  store i32 3, ptr addrspace(1) %out
  ret void
}
