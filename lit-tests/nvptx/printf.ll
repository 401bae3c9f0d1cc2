; printf as clang-19 lowers it for CUDA: the arguments are stored into a local buffer (an alloca
; laid out like a struct), and `vprintf(format, buffer)` is called. ori declares vprintf as llc
; does (`.extern .func (.param .b32 func_retval0) vprintf(.param .b64, .param .b64)`), passes the
; generic addresses of the format string (`cvta.global` of the `.global` variable `_$_str`) and
; of the buffer (`cvta.local` of the frame slot), and ptxas links vprintf itself (no -c needed).
; `ori check` runs vprintf as a no-op returning 0 (documented in interp/simt.rs), so the kernel
; runs; the JIT reference runs it the same way, so the rest of the kernel is compared with LLVM.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: .extern .func (.param .b32 func_retval0) vprintf(
; CHECK-NEXT: .param .b64 vprintf_param_0,
; CHECK-NEXT: .param .b64 vprintf_param_1
; CHECK-NEXT: );
; CHECK: .global .align 1 .b8 _$_str[16] = {116, 105, 100, 61, 37, 100, 32, 120, 61, 37, 102, 32, 37, 115, 10};
; CHECK: .global .align 1 .b8 _$_str_$_1[3] = {111, 107};
; CHECK-LABEL: .visible .entry report(
; CHECK: .local .align 16 .b8 __local_depot[32];
; CHECK: cvta.local.u64 [[BUF:%rd[0-9]+]],
; CHECK: mov.u64 [[S1:%rd[0-9]+]], _$_str_$_1;
; CHECK-NEXT: cvta.global.u64 {{%rd[0-9]+}}, [[S1]];
; CHECK: mov.u64 [[S:%rd[0-9]+]], _$_str;
; CHECK-NEXT: cvta.global.u64 [[FMT:%rd[0-9]+]], [[S]];
; CHECK-NEXT: {
; CHECK-NEXT: .param .b64 param0;
; CHECK-NEXT: st.param.b64 [param0], [[FMT]];
; CHECK-NEXT: .param .b64 param1;
; CHECK-NEXT: st.param.b64 [param1], [[BUF]];
; CHECK-NEXT: .param .b32 retval0;
; CHECK-NEXT: call.uni (retval0), vprintf, (param0, param1);
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: }

; EXEC: report: ok (jit;

@.str = private unnamed_addr constant [16 x i8] c"tid=%d x=%f %s\0A\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"ok\00", align 1

define ptx_kernel void @report(ptr addrspace(1) %out, float %x) {
  %args = alloca { i32, double, ptr }, align 8
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %xd = fpext float %x to double
  store i32 %t, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store double %xd, ptr %a1, align 8
  %a2 = getelementptr inbounds i8, ptr %args, i64 16
  store ptr @.str.1, ptr %a2, align 8
  %n = call i32 @vprintf(ptr @.str, ptr %args)
  %r = add i32 %n, %t
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @vprintf(ptr, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
