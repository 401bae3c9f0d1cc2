; Unnamed functions and variables (`@0`, `@1`, ...) get llc's `__unnamed_N` names (functions
; first, then variables, in module order; a name already in use is skipped), so PTX never has an
; empty symbol. Executed by `ori check` (the reference gets the same names).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: __unnamed_3: ok

target triple = "nvptx64-nvidia-cuda"

; CHECK: .global .align 4 .u32 __unnamed_4 = 7;
@0 = internal addrspace(1) global i32 7

@__unnamed_2 = internal addrspace(1) global i32 3

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK: .func (.param .b32 {{.*}}) __unnamed_1(
define internal i32 @1(i32 %a) noinline {
  %c = icmp ult i32 %a, 2
  br i1 %c, label %done, label %rec
rec:
  %s = sub i32 %a, 1
  %r = call i32 @1(i32 %s)
  %m = add i32 %r, %a
  ret i32 %m
done:
  ret i32 %a
}

; CHECK: .visible .entry __unnamed_3(
; CHECK: mov.u64 {{.*}}, __unnamed_4;
; CHECK: call{{.*}}__unnamed_1
define ptx_kernel void @2(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = load i32, ptr addrspace(1) @0
  %h = load i32, ptr addrspace(1) @__unnamed_2
  %a = add i32 %t, %g
  %b = add i32 %a, %h
  %x = call i32 @1(i32 %b)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %x, ptr addrspace(1) %p
  ret void
}
