; Calls of functions that are only declared (defined in another module, linked later with
; nvlink / -rdc): a `.extern .func` declaration with llc-19's `.param` forms (.b32 for i1, i8,
; i16, i32 and float, .b64 for i64, double and pointers, `.align 2 .b8 [2]` for half) and the
; call ABI in a scoped block: `.param` per argument, `st.param`, `call.uni (retval0), f, (...)`,
; `ld.param` of the result. An i1 travels as 0/1. ptxas checks the module as a relocatable
; object (-c). `ori check` cannot execute another module's code: the kernel is skipped, naming
; the function.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .extern .func (.param .b32 func_retval0) ext_add(
; CHECK-NEXT: .param .b32 ext_add_param_0,
; CHECK-NEXT: .param .b32 ext_add_param_1
; CHECK-NEXT: );
; CHECK: .extern .func ext_void(
; CHECK-NEXT: .param .b64 ext_void_param_0,
; CHECK-NEXT: .param .b64 ext_void_param_1
; CHECK-NEXT: );
; CHECK: .extern .func (.param .b32 func_retval0) ext_mixed(
; CHECK-NEXT: .param .b32 ext_mixed_param_0,
; CHECK-NEXT: .param .b64 ext_mixed_param_1,
; CHECK-NEXT: .param .b32 ext_mixed_param_2,
; CHECK-NEXT: .param .b32 ext_mixed_param_3,
; CHECK-NEXT: .param .b32 ext_mixed_param_4
; CHECK-NEXT: );
; CHECK: .extern .func (.param .align 2 .b8 func_retval0[2]) ext_half(
; CHECK-NEXT: .param .align 2 .b8 ext_half_param_0[2]
; CHECK-NEXT: );
; CHECK: .extern .func (.param .b32 func_retval0) ext_bool(
; CHECK-NEXT: .param .b32 ext_bool_param_0
; CHECK-NEXT: );
; CHECK-NOT: unused_decl

; CHECK-LABEL: .visible .entry caller(
; CHECK: .param .b32 param0;
; CHECK-NEXT: st.param.b32 [param0], [[N:%r[0-9]+]];
; CHECK-NEXT: .param .b32 param1;
; CHECK-NEXT: st.param.b32 [param1], {{%r[0-9]+}};
; CHECK-NEXT: .param .b32 retval0;
; CHECK-NEXT: call.uni (retval0), ext_add, (param0, param1);
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK: call.uni ext_void, (param0, param1);
; CHECK: .param .b64 param1;
; CHECK-NEXT: st.param.b64 [param1], {{%rd[0-9]+}};
; CHECK: call.uni (retval0), ext_mixed, (param0, param1, param2, param3, param4);
; CHECK: .param .align 2 .b8 param0[2];
; CHECK-NEXT: st.param.b16 [param0], {{%r[0-9]+}};
; CHECK-NEXT: .param .align 2 .b8 retval0[2];
; CHECK-NEXT: call.uni (retval0), ext_half, (param0);
; CHECK-NEXT: ld.param.b16 {{%r[0-9]+}}, [retval0];
; CHECK: selp.b32 [[B:%r[0-9]+]], 1, 0, {{%p[0-9]+}};
; CHECK: st.param.b32 [param0], [[B]];
; CHECK: call.uni (retval0), ext_bool, (param0);
; CHECK-NEXT: ld.param.b32 [[R:%r[0-9]+]], [retval0];
; CHECK: setp.ne.u32 {{%p[0-9]+}}, [[R]], 0;

; EXEC: caller: skipped (pre-RA: unsupported call of @ext_add in @caller, a function defined in another module

declare i32 @ext_add(i32, i32)
declare void @ext_void(ptr, i64)
declare float @ext_mixed(float, double, i16, i8, i1)
declare half @ext_half(half)
declare i1 @ext_bool(i1)
declare void @unused_decl(i32)

define ptx_kernel void @caller(ptr addrspace(1) %out, i32 %n, half %h) {
  %a = call i32 @ext_add(i32 %n, i32 7)
  %g = addrspacecast ptr addrspace(1) %out to ptr
  call void @ext_void(ptr %g, i64 5)
  %f = call float @ext_mixed(float 1.0, double 2.0, i16 3, i8 4, i1 true)
  %hh = call half @ext_half(half %h)
  %c = icmp sgt i32 %a, 0
  %bb = call i1 @ext_bool(i1 %c)
  %fi = fptosi float %f to i32
  %hi = bitcast half %hh to i16
  %hz = zext i16 %hi to i32
  %s1 = add i32 %fi, %hz
  %s2 = select i1 %bb, i32 %s1, i32 %a
  store i32 %s2, ptr addrspace(1) %out
  ret void
}
