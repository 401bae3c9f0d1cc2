; A racy shared-memory kernel: every thread stores its value to tile[tid] and, without a barrier,
; reads its neighbour's slot tile[tid + 1]. The race detector reports the conflicting pair with the
; memory space, the address, both threads (block, thread) and both instructions — the Ori text,
; the LLVM instruction and its debug location. The verdict is `race`, never MISMATCH, and the exit
; status 1. `--racecheck` runs the detector alone and finds the same race.
; RUN: not ori check %s | FileCheck %s
; RUN: not ori check --racecheck %s | FileCheck %s --check-prefix=ONLY
; RUN: ori check --no-racecheck %s | FileCheck %s --check-prefix=OFF

; Within a warp, lane 1's store precedes lane 0's load; across warps, warp 0 (lane 31) loads
; tile[32] before warp 1 (thread 32) stores it: two pairs.
; CHECK: neighbour: race (2 racing instruction pairs; outside the racy bytes
; CHECK-NEXT: inputs: 1 seed; grid 2x1x1, block 64x1x1
; CHECK-NEXT: in seed 0
; CHECK-NEXT: RACE shared [0x4]: write by block (0,0,0) thread (1,0,0) and read by block (0,0,0) thread (0,0,0), not ordered ({{[0-9]+}} conflicting byte accesses)
; CHECK-NEXT: write: bix0 #{{[0-9]+}} `STS {{.*}}` from `race.cu:7:13: store i32 %v, ptr addrspace(3) %mine, align 4`
; CHECK-NEXT: read: bix0 #{{[0-9]+}} `LDS {{.*}}` from `race.cu:8:11: %w = load i32, ptr addrspace(3) %next, align 4`
; CHECK-NEXT: RACE shared [0x80]: read by block (0,0,0) thread (31,0,0) and write by block (0,0,0) thread (32,0,0)
; ONLY: neighbour: race (2 racing instruction pairs)
; ONLY: RACE shared [0x4]: write by block (0,0,0) thread (1,0,0) and read by block (0,0,0) thread (0,0,0)
; OFF: neighbour: {{ok|MISMATCH}}
; OFF-NOT: RACE

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [65 x i32] undef, align 4

define ptx_kernel void @neighbour(ptr addrspace(1) %out, ptr addrspace(1) %in) !dbg !4 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %v = load i32, ptr addrspace(1) %p, !dbg !7
  %mine = getelementptr [65 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %mine, !dbg !8
  %t1 = add i32 %t, 1
  %next = getelementptr [65 x i32], ptr addrspace(3) @tile, i32 0, i32 %t1
  %w = load i32, ptr addrspace(3) %next, !dbg !9
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %w, ptr addrspace(1) %q, !dbg !10
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "race.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "neighbour", scope: !1, file: !1, line: 3, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 6, column: 11, scope: !4)
!8 = !DILocation(line: 7, column: 13, scope: !4)
!9 = !DILocation(line: 8, column: 11, scope: !4)
!10 = !DILocation(line: 9, column: 10, scope: !4)
