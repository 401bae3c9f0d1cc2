; Allocator knobs (`-knob NAME=VALUE`, seed 003 "Key Knobs"). In this loop `%i` and `%i.next`
; are both live after it, so the phi copy `COPY i, t` cannot be an identity: every slot left for
; `i` costs 1 (a missed copy affinity). RegAllocThresholdForDiscardConflicts=0 discards all of
; them, so `i` finds no slot and is spilled; the default threshold (50) keeps them. The NOSPILL
; trial count (RegAllocNumNonSpillTrials) does not change a kernel that fits at once. Unknown
; knobs and malformed values are errors.
; RUN: ori llc -v %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: ori llc -v -knob RegAllocThresholdForDiscardConflicts=0 %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=STRICT
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc -v -knob RegAllocNumNonSpillTrials=1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: not ori llc -knob NoSuchKnob=1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not ori llc -knob RegAllocNumNonSpillTrials=many %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; DEFAULT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; STRICT: 16 bytes stack frame, {{[1-9][0-9]*}} bytes spill stores, {{[1-9][0-9]*}} bytes spill loads
; UNKNOWN: unknown knob 'NoSuchKnob' (known: RegAllocThresholdForDiscardConflicts, RegAllocNumNonSpillTrials)
; BAD: knob RegAllocNumNonSpillTrials: 'many' is not a non-negative integer
define ptx_kernel void @last(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store i32 %i, ptr addrspace(1) %out
  %o1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  store i32 %i.next, ptr addrspace(1) %o1
  ret void
}
