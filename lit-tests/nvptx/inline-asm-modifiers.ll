; Operand modifiers in inline-asm templates: ${N} is operand N, ${N:c} an immediate bare, ${N:n}
; an immediate negated (LLVM's generic modifiers, as llc prints them). A template that ends in a
; `//` comment stays on its own line, so the closing brace of the asm block survives.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: not ori llc %S/Inputs/inline-asm-bad-modifier.ll -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
; REQUIRES: ptxas
; EXEC-DAG: modifiers: ok (jit
; EXEC-DAG: comments: skipped
; BAD: malformed inline asm operand
; CHECK-LABEL: .entry modifiers
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 7;
; CHECK-LABEL: .entry comments
; CHECK: //TEST 42
; CHECK-NEXT: }
; CHECK: //TEST -42
; CHECK-NEXT: }
; CHECK: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, -7;

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; ori check runs ${N} and ${N:c} in both the interpreter and the JIT reference.
define ptx_kernel void @modifiers(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 asm "add.s32 ${0}, ${1}, ${2:c};", "=r,r,i"(i32 %t, i32 7)
  %r3 = mul i32 %r, %r
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r3, ptr addrspace(1) %p
  ret void
}

; Comment-only templates and ${N:n}, which neither side of ori check evaluates (ori check skips
; the kernel and says why).
define ptx_kernel void @comments(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void asm sideeffect "//TEST ${0:c}", "i"(i32 42)
  call void asm sideeffect "//TEST ${0:n}", "i"(i32 42)
  %r = call i32 asm "add.s32 $0, $1, ${2:n};", "=r,r,i"(i32 %t, i32 7)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p
  ret void
}
