; A device library compiled on its own (no kernel), as llc-19 emits it: every function other
; modules can call is a `.func` (`.visible`, `.weak` for weak / linkonce_odr), with the
; `.param` ABI for its parameters and result (an unused linkonce_odr function may be dropped:
; every module using it has its own copy); an internal function is inlined into its callers
; and, unused afterwards, dropped (llc would keep an unused copy; nothing outside the module can
; name it). Functions calling each other are compiled with the calls inlined. ptxas checks the
; module as a relocatable object (-c), which is how `-rdc` code is linked with nvlink.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-NOT: clamp_internal
; CHECK-LABEL: .visible .func (.param .b32 func_retval0) saturate(
; CHECK-NEXT: .param .b32 saturate_param_0,
; CHECK-NEXT: .param .b32 saturate_param_1
; CHECK-NEXT: )
; CHECK: ld.param.b32 {{%r[0-9]+}}, [saturate_param_0];
; CHECK: st.param.b32 [func_retval0], {{%r[0-9]+}};
; CHECK-NEXT: ret;
; CHECK-LABEL: .visible .func (.param .b64 func_retval0) dot2(
; CHECK-NEXT: .param .b64 dot2_param_0,
; CHECK-NEXT: .param .b64 dot2_param_1
; CHECK-NEXT: )
; CHECK-NOT: call
; CHECK: ld.b64
; CHECK-LABEL: .visible .func store_pair(
; CHECK-NEXT: .param .b64 store_pair_param_0,
; CHECK-NEXT: .param .b32 store_pair_param_1,
; CHECK-NEXT: .param .b32 store_pair_param_2
; CHECK-NEXT: )
; CHECK-NOT: call
; CHECK-LABEL: .weak .func (.param .align 2 .b8 func_retval0[2]) half_abs(
; CHECK-NEXT: .param .align 2 .b8 half_abs_param_0[2]
; CHECK-NEXT: )
; CHECK-LABEL: .weak .func (.param .b32 func_retval0) any_of(
; CHECK-NEXT: .param .b32 any_of_param_0,
; CHECK-NEXT: .param .b32 any_of_param_1
; CHECK-NEXT: )
; CHECK-NOT: .entry

define internal i32 @clamp_internal(i32 %x, i32 %hi) {
  %c = icmp sgt i32 %x, %hi
  %r = select i1 %c, i32 %hi, i32 %x
  ret i32 %r
}

define i32 @saturate(i32 %x, i32 %hi) {
  %a = call i32 @clamp_internal(i32 %x, i32 %hi)
  %n = icmp slt i32 %a, 0
  %r = select i1 %n, i32 0, i32 %a
  ret i32 %r
}

define double @dot2(ptr %a, ptr %b) {
  %x0 = load double, ptr %a
  %y0 = load double, ptr %b
  %a1 = getelementptr double, ptr %a, i64 1
  %b1 = getelementptr double, ptr %b, i64 1
  %x1 = load double, ptr %a1
  %y1 = load double, ptr %b1
  %p0 = fmul double %x0, %y0
  %p1 = fmul double %x1, %y1
  %s = fadd double %p0, %p1
  ret double %s
}

define void @store_pair(ptr %out, i32 %x, i32 %hi) {
  %s = call i32 @saturate(i32 %x, i32 %hi)
  store i32 %s, ptr %out
  %o1 = getelementptr i32, ptr %out, i64 1
  store i32 %x, ptr %o1
  ret void
}

define weak half @half_abs(half %x) {
  %r = call half @llvm.fabs.f16(half %x)
  ret half %r
}

define weak_odr i1 @any_of(i1 %a, i1 %b) {
  %r = or i1 %a, %b
  ret i1 %r
}

declare half @llvm.fabs.f16(half)
