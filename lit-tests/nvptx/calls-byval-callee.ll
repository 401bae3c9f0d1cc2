; A direct call passes an argument by value when the callee's declaration says `byval`, even
; if the call site does not (LLVM's CallBase::paramHasAttr, which llc's call lowering asks): the
; call of the external @ext passes the pointee in a .param block. Inlined (@caller), the callee
; gets a copy likewise, so its writes do not reach the caller's buffer (ori check vs JIT). A
; call site that says byval to a callee that does not calls through a prototype of the call site
; on the callee's address, as llc-19 does (calls-signature-mismatch.ll).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %S/Inputs/calls-byval-call-site-only.ll -o - | FileCheck %s --check-prefix=BAD
; REQUIRES: ptxas
; EXEC: caller: ok (jit
; EXEC: external: skipped
; BAD: mov.u64 [[F:%rd[0-9]+]], bar;
; BAD: prototype_0 : .callprototype _ (.param .align 8 .b8 _[16]);
; BAD: call [[F]], (param0), prototype_0;
; CHECK-LABEL: .extern .func (.param .b32 func_retval0) ext(
; CHECK-NEXT: .param .align 4 .b8 ext_param_0[16]
; CHECK-LABEL: .entry external(
; CHECK: .param .align 4 .b8 param0[16];
; CHECK: call.uni (retval0), ext, (param0);

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define i32 @sum_and_clobber(ptr byval([4 x i32]) align 4 %a) noinline {
  %p1 = getelementptr i32, ptr %a, i32 1
  %x0 = load i32, ptr %a
  %x1 = load i32, ptr %p1
  store i32 -1, ptr %a
  %s = add i32 %x0, %x1
  ret i32 %s
}

define ptx_kernel void @caller(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %buf = alloca [4 x i32], align 4
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pi
  store i32 %x, ptr %buf
  %b1 = getelementptr i32, ptr %buf, i32 1
  store i32 7, ptr %b1
  %s = call i32 @sum_and_clobber(ptr %buf)
  %after = load i32, ptr %buf
  %r = xor i32 %s, %after
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

declare i32 @ext(ptr byval([4 x i32]) align 4)

define ptx_kernel void @external(ptr addrspace(1) %out) {
  %buf = alloca [4 x i32], align 4
  store i32 3, ptr %buf
  %s = call i32 @ext(ptr %buf)
  store i32 %s, ptr addrspace(1) %out
  ret void
}
