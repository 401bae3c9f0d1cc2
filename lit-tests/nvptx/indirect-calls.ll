; Calls through function pointers: the PTX form llc-19 uses, a `.callprototype` declared in the
; call's block and `call (retval0), %rd, (params), prototype_<n>;` (not `.uni`: lanes may hold
; different targets). Function addresses are `mov.u64 %rd, f` or come from a table initialized
; with the functions' names. Address-taken functions are emitted (and declared before the table
; that names them), and their parameters are varying (any caller may reach them). `ori check`
; runs the calls (the interpreter maps code addresses back to functions); the kernel picks its
; target per block, so every warp calls one function. LLVM's JIT does not run indirect calls:
; the pre-allocation run is the reference, and `select` keeps the two paths observable.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .func (.param .b32 func_retval0) add_one(
; CHECK: .func (.param .b32 func_retval0) twice(
; CHECK: .visible .global .align 8 .u64 ops[2] = {add_one, twice};
; CHECK-LABEL: .visible .entry dispatch(
; CHECK: ld.global.b64 [[FP:%rd[0-9]+]],
; CHECK: .param .b32 param0;
; CHECK-NEXT: st.param.b32 [param0], {{%r[0-9]+}};
; CHECK-NEXT: .param .b32 retval0;
; CHECK-NEXT: prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
; CHECK-NEXT: call (retval0), [[FP]], (param0), prototype_0;
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK: mov.u64 {{%rd[0-9]+}}, twice;
; CHECK: prototype_2 : .callprototype (.param .b64 _) _ (.param .b64 _, .param .b32 _);
; CHECK-NEXT: call (retval0), {{%rd[0-9]+}}, (param0, param1), prototype_2;

; EXEC: dispatch: ok (jit;

@ops = addrspace(1) global [2 x ptr] [ptr @add_one, ptr @twice]

define internal i32 @add_one(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @twice(i32 %x) {
  %y = shl i32 %x, 1
  ret i32 %y
}

define internal i64 @scaled(i64 %x, i32 %k) {
  %k64 = sext i32 %k to i64
  %y = mul i64 %x, %k64
  ret i64 %y
}

define ptx_kernel void @dispatch(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 32
  %i = add i32 %i0, %t
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %p
  %which = and i32 %b, 1
  %slot = getelementptr ptr, ptr addrspace(1) @ops, i32 %which
  %fp = load ptr, ptr addrspace(1) %slot
  %r = call i32 %fp(i32 %x)
  %odd = icmp ne i32 %which, 0
  %g = select i1 %odd, ptr @twice, ptr @add_one
  %r2 = call i32 %g(i32 %r)
  %x64 = zext i32 %r2 to i64
  %h = select i1 %odd, ptr @scaled, ptr @scaled
  %r3 = call i64 %h(i64 %x64, i32 3)
  %r3t = trunc i64 %r3 to i32
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r3t, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
