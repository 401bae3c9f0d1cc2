; The JIT reference runs `llvm.nvvm.sad.{i,ui}` (|a - b| + c in the operands' signedness) and
; `vprintf` (a no-op returning 0, as the interpreter executes it). Both used to leave the kernel
; compared pre-RA vs post-RA only ("no host implementation", "a call of the external function").
; RUN: ori check %s | FileCheck %s
; CHECK-DAG: sad: ok (jit
; CHECK-DAG: printf: ok (jit
; CHECK-NOT: JIT reference
; CHECK-NOT: RACE

target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr addrspace(1) constant [6 x i8] c"x=%d\0A\00"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  ret i32 %g
}
declare i32 @llvm.nvvm.sad.i(i32, i32, i32)
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32)
declare i32 @vprintf(ptr, ptr)

define ptx_kernel void @sad(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %t = call i32 @gid()
  %pa = getelementptr i32, ptr addrspace(1) %a, i32 %t
  %pb = getelementptr i32, ptr addrspace(1) %b, i32 %t
  %x = load i32, ptr addrspace(1) %pa
  %y = load i32, ptr addrspace(1) %pb
  %s = call i32 @llvm.nvvm.sad.i(i32 %x, i32 %y, i32 %t)
  %u = call i32 @llvm.nvvm.sad.ui(i32 %x, i32 %y, i32 7)
  %r = xor i32 %s, %u
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; The printed value's buffer is built in local memory as clang does; the kernel's store of
; vprintf's result is compared too.
define ptx_kernel void @printf(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %buf = alloca i32, align 4
  %t = call i32 @gid()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  store i32 %x, ptr %buf
  %f = addrspacecast ptr addrspace(1) @fmt to ptr
  %n = call i32 @vprintf(ptr %f, ptr %buf)
  %v = add i32 %x, %n
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}
