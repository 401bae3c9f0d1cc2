; A call of a variadic function that is only declared (printf as C declares it, a device
; library's function): the declaration takes one more parameter, a pointer to the buffer of the
; variadic arguments at their natural alignment, which the caller fills in its local depot, as
; llc-19 calls it (`.extern .func printf(.param .b64, .param .b64)`) and as a module llc-19 or ori
; compiled defines it (lower-variadics.ll). `ori check` skips kernels calling another module.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: skipped
; CHECK-LABEL: .extern .func (.param .b32 func_retval0) logf(
; CHECK-NEXT: .param .b32 logf_param_0,
; CHECK-NEXT: .param .b64 logf_param_1
; CHECK-LABEL: .entry k(
; CHECK: .local .align 16 .b8 __local_depot[16];
; CHECK: cvta.local.u64 [[BUF:%rd[0-9]+]],
; CHECK: st.local.b32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK: mov.b64 [[D:%td[0-9]+]], 0x4000000000000000;
; CHECK: st.local.b64 [{{%rd[0-9]+}}+8], [[D]];
; CHECK: st.param.b32 [param0],
; CHECK: st.param.b64 [param1], [[BUF]];
; CHECK: call.uni (retval0), logf, (param0, param1);

target triple = "nvptx64-nvidia-cuda"
declare i32 @logf(i32, ...)
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %r = call i32 (i32, ...) @logf(i32 1, i32 %n, double 2.0)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
