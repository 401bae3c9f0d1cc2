; Bad input exits 1 with a diagnostic and leaves no output file behind.
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/unsupported-asm.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=ASM
; ASM: ori: error: unsupported inline asm constraint '*m' in function @k
; RUN: not ori llc %S/Inputs/malformed.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: ori: {{.*}}malformed.ll:5:3: error: expected value token
; RUN: not ori llc %S/does-not-exist.ll 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: ori: error: could not open '{{.*}}does-not-exist.ll': No such file or directory
; RUN: not ori llc --dump-after=NoSuchPhase %S/Inputs/malformed.ll 2>&1 | FileCheck %s --check-prefix=PHASE
; PHASE: ori: error: unknown phase 'NoSuchPhase' (phases: AnalyzeControlFlow (3), SetControlFlowOpLastInBB (6)
; The failed runs above wrote nothing:
; RUN: not ls %t.ptx
