; Inline PTX is opaque to the interpreter: the kernel is skipped with the reason, and skipping is
; not a failure (exit status 0).
; RUN: ori check %s | FileCheck %s
; CHECK: asm: skipped (pre-RA: unsupported inline PTX assembly (ASM.0 `brev.b32 $0, $1;`)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @asm(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r = call i32 asm "brev.b32 $0, $1;", "=r,r"(i32 %t)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
