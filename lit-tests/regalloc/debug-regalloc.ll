; --debug-regalloc prints the allocator's REGALLOC GUIDANCE dump (seed 003 "Per-Class Driver") to
; stderr: per function the budget, then per register class (P, UP, B, UR, R, the allocation
; order) the virtual registers and budget, one "-CLASS NOSPILL REGALLOC: attemp N" line per
; fat-point round (ptxas's string, typo included), the SPILL phase's candidates with their spill
; costs, the result and the assignment. Thirty floats live at once do not fit in 24 registers:
; three NOSPILL rounds fail, the cheapest registers are spilled to local memory, and the next
; round fits. The loop counter's predicate is allocated in P. With --uniform-regs the kernel
; parameter n lives in a uniform register. The dump is deterministic.
; RUN: ori llc --debug-regalloc --maxrregcount=24 %s -o /dev/null 2> %t.err
; RUN: FileCheck %s --input-file=%t.err
; RUN: ori llc -debug-regalloc -maxrregcount=24 %s -o /dev/null 2> %t.again
; RUN: diff %t.err %t.again
; RUN: ori llc --debug-regalloc --uniform-regs %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNIFORM
; RUN: ori llc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

target triple = "nvptx64-nvidia-cuda"

; CHECK: REGALLOC GUIDANCE:
; CHECK-NEXT: function @pressure: budget 24 registers (maxrregcount): R0..R21 (R1 is the stack pointer)
; CHECK-NEXT: P-CLASS: 1 virtual registers, budget 7 (P0..P6)
; CHECK-NEXT: P-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): ok, highest P0
; CHECK-NEXT: P-CLASS RESULT: 1 virtual registers in P0..P0, 0 spilled
; CHECK-NEXT: P-CLASS REGISTERS: %p{{[0-9]+}}=P0
; CHECK-NEXT: UP-CLASS: no virtual registers
; CHECK-NEXT: B-CLASS: no virtual registers
; CHECK-NEXT: UR-CLASS: no virtual registers
; CHECK-NEXT: R-CLASS: [[N:[0-9]+]] virtual registers, budget 22 (R0..R21)
; CHECK-NEXT: R-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): {{[0-9]+}} failed: %r
; CHECK-NEXT: R-CLASS NOSPILL REGALLOC: attemp 2 (definition): {{[0-9]+}} failed: %r
; CHECK-NEXT: R-CLASS NOSPILL REGALLOC: attemp 3 (spill-cost): {{[0-9]+}} failed: %r
; CHECK-NEXT: R-CLASS SPILL REGALLOC: attemp 3: [[S:[0-9]+]] spill candidates: %r{{[0-9]+}} (cost {{[0-9.]+}} = weight {{[0-9]+}} / {{[0-9]+}} points)
; CHECK-NEXT: R-CLASS: {{[0-9]+}} virtual registers, budget 22 (R0..R21)
; CHECK-NEXT: R-CLASS NOSPILL REGALLOC: attemp 4 (wide-first): ok, highest R{{[0-9]+}}
; CHECK-NEXT: R-CLASS RESULT: {{[0-9]+}} virtual registers in R0..R{{[0-9]+}}, [[S]] spilled (to local memory): %r
; CHECK-NEXT: R-CLASS REGISTERS: {{.*}}=R0 {{.*}}
; CHECK-NOT: REGALLOC GUIDANCE

; UNIFORM: function @pressure: budget 255 registers (default): R0..R252 (R1 is the stack pointer)
; UNIFORM: UR-CLASS: {{[1-9][0-9]*}} virtual registers, budget 63 (UR0..UR62)
; UNIFORM-NEXT: UR-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): ok, highest UR{{[0-9]+}}
; UNIFORM-NEXT: UR-CLASS RESULT: {{[0-9]+}} virtual registers in UR0..UR{{[0-9]+}}, 0 spilled
; UNIFORM-NEXT: UR-CLASS REGISTERS: %ur{{[0-9]+}}=UR
; UNIFORM: R-CLASS NOSPILL REGALLOC: attemp 1 (wide-first): ok
; UNIFORM-NOT: SPILL REGALLOC

; QUIET-NOT: REGALLOC

define ptx_kernel void @pressure(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 0
  %x0 = load float, ptr addrspace(1) %p0, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 1
  %x1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 2
  %x2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %in, i64 3
  %x3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds float, ptr addrspace(1) %in, i64 4
  %x4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds float, ptr addrspace(1) %in, i64 5
  %x5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds float, ptr addrspace(1) %in, i64 6
  %x6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds float, ptr addrspace(1) %in, i64 7
  %x7 = load float, ptr addrspace(1) %p7, align 4
  %p8 = getelementptr inbounds float, ptr addrspace(1) %in, i64 8
  %x8 = load float, ptr addrspace(1) %p8, align 4
  %p9 = getelementptr inbounds float, ptr addrspace(1) %in, i64 9
  %x9 = load float, ptr addrspace(1) %p9, align 4
  %p10 = getelementptr inbounds float, ptr addrspace(1) %in, i64 10
  %x10 = load float, ptr addrspace(1) %p10, align 4
  %p11 = getelementptr inbounds float, ptr addrspace(1) %in, i64 11
  %x11 = load float, ptr addrspace(1) %p11, align 4
  %p12 = getelementptr inbounds float, ptr addrspace(1) %in, i64 12
  %x12 = load float, ptr addrspace(1) %p12, align 4
  %p13 = getelementptr inbounds float, ptr addrspace(1) %in, i64 13
  %x13 = load float, ptr addrspace(1) %p13, align 4
  %p14 = getelementptr inbounds float, ptr addrspace(1) %in, i64 14
  %x14 = load float, ptr addrspace(1) %p14, align 4
  %p15 = getelementptr inbounds float, ptr addrspace(1) %in, i64 15
  %x15 = load float, ptr addrspace(1) %p15, align 4
  %p16 = getelementptr inbounds float, ptr addrspace(1) %in, i64 16
  %x16 = load float, ptr addrspace(1) %p16, align 4
  %p17 = getelementptr inbounds float, ptr addrspace(1) %in, i64 17
  %x17 = load float, ptr addrspace(1) %p17, align 4
  %p18 = getelementptr inbounds float, ptr addrspace(1) %in, i64 18
  %x18 = load float, ptr addrspace(1) %p18, align 4
  %p19 = getelementptr inbounds float, ptr addrspace(1) %in, i64 19
  %x19 = load float, ptr addrspace(1) %p19, align 4
  %p20 = getelementptr inbounds float, ptr addrspace(1) %in, i64 20
  %x20 = load float, ptr addrspace(1) %p20, align 4
  %p21 = getelementptr inbounds float, ptr addrspace(1) %in, i64 21
  %x21 = load float, ptr addrspace(1) %p21, align 4
  %p22 = getelementptr inbounds float, ptr addrspace(1) %in, i64 22
  %x22 = load float, ptr addrspace(1) %p22, align 4
  %p23 = getelementptr inbounds float, ptr addrspace(1) %in, i64 23
  %x23 = load float, ptr addrspace(1) %p23, align 4
  %p24 = getelementptr inbounds float, ptr addrspace(1) %in, i64 24
  %x24 = load float, ptr addrspace(1) %p24, align 4
  %p25 = getelementptr inbounds float, ptr addrspace(1) %in, i64 25
  %x25 = load float, ptr addrspace(1) %p25, align 4
  %p26 = getelementptr inbounds float, ptr addrspace(1) %in, i64 26
  %x26 = load float, ptr addrspace(1) %p26, align 4
  %p27 = getelementptr inbounds float, ptr addrspace(1) %in, i64 27
  %x27 = load float, ptr addrspace(1) %p27, align 4
  %p28 = getelementptr inbounds float, ptr addrspace(1) %in, i64 28
  %x28 = load float, ptr addrspace(1) %p28, align 4
  %p29 = getelementptr inbounds float, ptr addrspace(1) %in, i64 29
  %x29 = load float, ptr addrspace(1) %p29, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %acc.next = fadd float %acc, %x0
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %s29 = fmul float %acc.next, %x29
  %s28 = fmul float %s29, %x28
  %s27 = fmul float %s28, %x27
  %s26 = fmul float %s27, %x26
  %s25 = fmul float %s26, %x25
  %s24 = fmul float %s25, %x24
  %s23 = fmul float %s24, %x23
  %s22 = fmul float %s23, %x22
  %s21 = fmul float %s22, %x21
  %s20 = fmul float %s21, %x20
  %s19 = fmul float %s20, %x19
  %s18 = fmul float %s19, %x18
  %s17 = fmul float %s18, %x17
  %s16 = fmul float %s17, %x16
  %s15 = fmul float %s16, %x15
  %s14 = fmul float %s15, %x14
  %s13 = fmul float %s14, %x13
  %s12 = fmul float %s13, %x12
  %s11 = fmul float %s12, %x11
  %s10 = fmul float %s11, %x10
  %s9 = fmul float %s10, %x9
  %s8 = fmul float %s9, %x8
  %s7 = fmul float %s8, %x7
  %s6 = fmul float %s7, %x6
  %s5 = fmul float %s6, %x5
  %s4 = fmul float %s5, %x4
  %s3 = fmul float %s4, %x3
  %s2 = fmul float %s3, %x2
  %s1 = fmul float %s2, %x1
  store float %s1, ptr addrspace(1) %out, align 4
  ret void
}
