; Phase 19 OriSplitLiveRanges (seed 000 "Phase 19: OriSplitLiveRanges"): ten values loaded before
; the loop are read only after it, while the loop keeps twelve loads live at once. Under
; --maxrregcount=24 the allocator has R0..R21 with R1 the stack pointer: 21 slots. The loop's peak
; R pressure (28) is over that budget, so the phase splits the cheapest values live through the
; loop untouched: they are stored to the local frame before the loop (STL) and reloaded after it
; (LDL). (The kernel pointers need no split: OriDoRematEarly already re-reads `in` inside the loop
; and `out` after it, so neither is live through the loop.) The peak inside the loop drops to 21,
; the allocator then needs no spill of its own (the 28 bytes of spill stores are the split's seven
; values; without the phase the allocator spills 36 bytes), and nothing is loaded or stored inside
; the loop. Without a register limit the loop fits and nothing changes;
; --disable-phase=OriSplitLiveRanges turns the phase off. ptxas accepts the PTX, and `ori check`
; runs the reference, the pre-allocation and the post-allocation code and compares them.
; RUN: ori llc -v --dump-split-ranges --maxrregcount=24 %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SPLIT
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc --emit=ori --maxrregcount=24 --dump-after=OriSplitLiveRanges %s 2>&1 >/dev/null \
; RUN:   | FileCheck %s --check-prefix=IR
; RUN: ori llc -v --dump-split-ranges %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FITS
; RUN: ori llc -v --dump-split-ranges --disable-phase=OriSplitLiveRanges --maxrregcount=24 %s -o %t.off.ptx 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OFF
; RUN: %ptxas -arch=sm_90 %t.off.ptx -o %t.off.cubin 2>&1 | count 0
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; SPLIT: OriSplitLiveRanges: @split loop bix1: peak R pressure 28 > budget 21 (24 registers, maxrregcount): split %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} -> peak 21
; SPLIT: ori info    : Function properties for split
; SPLIT-NEXT: 32 bytes stack frame, 28 bytes spill stores, 28 bytes spill loads
; SPLIT-NEXT: ori info    : Used 24 registers, used 0 barriers

; IR-LABEL: *** IR Dump After OriSplitLiveRanges (phase 19) ***
; IR-NEXT: .function split (kernel) {{.*}} frame: 32
; IR: bix0 (L0) <entry>:
; IR: STL @__local_depot+0, %r{{[0-9]+}} ;
; IR-COUNT-6: STL @__local_depot+{{[0-9]+}}, %r{{[0-9]+}} ;
; IR-NEXT: bix1 (L1) <loop>:
; IR-NOT: {{STL|LDL}}
; IR: bix2 (L2) <exit>:
; IR-NEXT: LDL %r{{[0-9]+}}, @__local_depot+0 ;
; IR-COUNT-6: LDL %r{{[0-9]+}}, @__local_depot+{{[0-9]+}} ;
; IR: MOV.64 %rd{{[0-9]+}}, c[0x0][0x210] ;
; IR-NOT: {{STL|LDL}}
; IR: EXIT ;

; FITS: OriSplitLiveRanges: @split loop bix1: peak R pressure 28 <= budget 252 (255 registers, default)
; FITS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

; OFF-NOT: OriSplitLiveRanges
; OFF: ori info    : Function properties for split
; OFF-NEXT: {{[1-9][0-9]*}} bytes stack frame, {{[1-9][0-9]*}} bytes spill stores, {{[1-9][0-9]*}} bytes spill loads

; EXEC: split: ok (jit; 128 output elements written)

define ptx_kernel void @split(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = mul i32 %b, 64
  %i = add i32 %b64, %t
  %base = mul i32 %i, 10
  %a0 = add i32 %base, 0
  %p0 = getelementptr i32, ptr addrspace(1) %in, i32 %a0
  %x0 = load volatile i32, ptr addrspace(1) %p0
  %a1 = add i32 %base, 1
  %p1 = getelementptr i32, ptr addrspace(1) %in, i32 %a1
  %x1 = load volatile i32, ptr addrspace(1) %p1
  %a2 = add i32 %base, 2
  %p2 = getelementptr i32, ptr addrspace(1) %in, i32 %a2
  %x2 = load volatile i32, ptr addrspace(1) %p2
  %a3 = add i32 %base, 3
  %p3 = getelementptr i32, ptr addrspace(1) %in, i32 %a3
  %x3 = load volatile i32, ptr addrspace(1) %p3
  %a4 = add i32 %base, 4
  %p4 = getelementptr i32, ptr addrspace(1) %in, i32 %a4
  %x4 = load volatile i32, ptr addrspace(1) %p4
  %a5 = add i32 %base, 5
  %p5 = getelementptr i32, ptr addrspace(1) %in, i32 %a5
  %x5 = load volatile i32, ptr addrspace(1) %p5
  %a6 = add i32 %base, 6
  %p6 = getelementptr i32, ptr addrspace(1) %in, i32 %a6
  %x6 = load volatile i32, ptr addrspace(1) %p6
  %a7 = add i32 %base, 7
  %p7 = getelementptr i32, ptr addrspace(1) %in, i32 %a7
  %x7 = load volatile i32, ptr addrspace(1) %p7
  %a8 = add i32 %base, 8
  %p8 = getelementptr i32, ptr addrspace(1) %in, i32 %a8
  %x8 = load volatile i32, ptr addrspace(1) %p8
  %a9 = add i32 %base, 9
  %p9 = getelementptr i32, ptr addrspace(1) %in, i32 %a9
  %x9 = load volatile i32, ptr addrspace(1) %p9
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ja0 = add i32 %j, 0
  %q0 = getelementptr i32, ptr addrspace(1) %in, i32 %ja0
  %y0 = load volatile i32, ptr addrspace(1) %q0
  %ja1 = add i32 %j, 1
  %q1 = getelementptr i32, ptr addrspace(1) %in, i32 %ja1
  %y1 = load volatile i32, ptr addrspace(1) %q1
  %ja2 = add i32 %j, 2
  %q2 = getelementptr i32, ptr addrspace(1) %in, i32 %ja2
  %y2 = load volatile i32, ptr addrspace(1) %q2
  %ja3 = add i32 %j, 3
  %q3 = getelementptr i32, ptr addrspace(1) %in, i32 %ja3
  %y3 = load volatile i32, ptr addrspace(1) %q3
  %ja4 = add i32 %j, 4
  %q4 = getelementptr i32, ptr addrspace(1) %in, i32 %ja4
  %y4 = load volatile i32, ptr addrspace(1) %q4
  %ja5 = add i32 %j, 5
  %q5 = getelementptr i32, ptr addrspace(1) %in, i32 %ja5
  %y5 = load volatile i32, ptr addrspace(1) %q5
  %ja6 = add i32 %j, 6
  %q6 = getelementptr i32, ptr addrspace(1) %in, i32 %ja6
  %y6 = load volatile i32, ptr addrspace(1) %q6
  %ja7 = add i32 %j, 7
  %q7 = getelementptr i32, ptr addrspace(1) %in, i32 %ja7
  %y7 = load volatile i32, ptr addrspace(1) %q7
  %ja8 = add i32 %j, 8
  %q8 = getelementptr i32, ptr addrspace(1) %in, i32 %ja8
  %y8 = load volatile i32, ptr addrspace(1) %q8
  %ja9 = add i32 %j, 9
  %q9 = getelementptr i32, ptr addrspace(1) %in, i32 %ja9
  %y9 = load volatile i32, ptr addrspace(1) %q9
  %ja10 = add i32 %j, 10
  %q10 = getelementptr i32, ptr addrspace(1) %in, i32 %ja10
  %y10 = load volatile i32, ptr addrspace(1) %q10
  %ja11 = add i32 %j, 11
  %q11 = getelementptr i32, ptr addrspace(1) %in, i32 %ja11
  %y11 = load volatile i32, ptr addrspace(1) %q11
  %m0 = mul i32 %y0, %y11
  %s0 = add i32 %acc, %m0
  %m1 = mul i32 %y1, %y10
  %s1 = add i32 %s0, %m1
  %m2 = mul i32 %y2, %y9
  %s2 = add i32 %s1, %m2
  %m3 = mul i32 %y3, %y8
  %s3 = add i32 %s2, %m3
  %m4 = mul i32 %y4, %y7
  %s4 = add i32 %s3, %m4
  %m5 = mul i32 %y5, %y6
  %s5 = add i32 %s4, %m5
  %acc.next = add i32 %s5, %j
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %z0 = add i32 %acc.next, %x0
  %z1 = add i32 %z0, %x1
  %z2 = add i32 %z1, %x2
  %z3 = add i32 %z2, %x3
  %z4 = add i32 %z3, %x4
  %z5 = add i32 %z4, %x5
  %z6 = add i32 %z5, %x6
  %z7 = add i32 %z6, %x7
  %z8 = add i32 %z7, %x8
  %z9 = add i32 %z8, %x9
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %z9, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
