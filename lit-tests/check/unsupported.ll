; Inline PTX runs in the interpreter only when the template is within the PTX subset of
; interp/ptx_block (warp-level instructions such as activemask are not). Anything else is opaque:
; the kernel is skipped with the reason (and the JIT reference, which cannot run it either, names
; the template too), and skipping is not a failure (exit status 0). A kernel with a known
; template runs in both; the JIT reference translates brev.b32 to llvm.bitreverse (it ignores the
; other kernel's template), and an interpreter that computed brev wrongly would mismatch against
; the values checked below.
; RUN: ori check %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; CHECK: asm: skipped (pre-RA: unsupported inline PTX assembly (ASM.0 `activemask.b32 $0;`)
; CHECK-NEXT: the JIT reference cannot run inline PTX "activemask.b32 $0;" either
; CHECK: known: ok (jit;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @asm(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  %r = add i32 %m, %t
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; brev of tid must equal bitreverse(tid): their difference scales the store index, so a wrong
; brev would store far out of the buffer and fault in the interpreter.
define ptx_kernel void @known(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 asm "brev.b32 $0, $1;", "=r,r"(i32 %t)
  %b = call i32 @llvm.bitreverse.i32(i32 %t)
  %d = sub i32 %r, %b
  %far = shl i32 %d, 24
  %i = add i32 %t, %far
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.bitreverse.i32(i32)
