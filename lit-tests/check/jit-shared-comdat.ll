; A function-scope `__shared__` variable of a template kernel is `linkonce_odr ... comdat`. The
; JIT reference turns shared variables into declarations, which may not sit in a comdat: it
; used to fail to verify ("Declaration may not be in a Comdat!") and the kernel was compared
; pre-RA vs post-RA only. Now the JIT reference runs it.
; RUN: ori check %s | FileCheck %s
; CHECK: _Z7reverseIiEvPT_: ok (jit
; CHECK-NOT: JIT reference failed

target triple = "nvptx64-nvidia-cuda"

$_Z7reverseIiEvPT_ = comdat any
$_ZZ7reverseIiEvPT_E3buf = comdat any

@_ZZ7reverseIiEvPT_E3buf = linkonce_odr addrspace(3) global [64 x i32] undef, comdat, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

; Each block reverses its 64 elements through shared memory.
define weak_odr ptx_kernel void @_Z7reverseIiEvPT_(ptr addrspace(1) %data) comdat {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %c, 6
  %g = add i32 %base, %t
  %p = getelementptr i32, ptr addrspace(1) %data, i32 %g
  %x = load i32, ptr addrspace(1) %p
  %s = getelementptr [64 x i32], ptr addrspace(3) @_ZZ7reverseIiEvPT_E3buf, i32 0, i32 %t
  store i32 %x, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %r = sub i32 63, %t
  %q = getelementptr [64 x i32], ptr addrspace(3) @_ZZ7reverseIiEvPT_E3buf, i32 0, i32 %r
  %y = load i32, ptr addrspace(3) %q
  store i32 %y, ptr addrspace(1) %p
  ret void
}
