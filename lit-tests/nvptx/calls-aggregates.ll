; Device functions (recursive, so not inlined) taking and returning vectors, structs, arrays,
; i128 and narrow integers, and taking a struct byval, with llc-19's `.param` layout: an
; aggregate is `.param .align A .b8 name[size]` (A and size the type's ABI alignment and
; allocation size) holding each scalar at its offset with its store width; i1/i8/i16 travel as
; `.b32` (an i1 as 0/1, inside a struct a byte 0/1); a byval struct is a byte array the callee
; copies into its frame. `ori check` executes the calls against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: struct_calls: ok (jit
; EXEC: vector_calls: ok (jit
; EXEC: wide_calls: ok (jit
; EXEC: byval_calls: ok (jit
; EXEC: pair_calls: ok (jit

target triple = "nvptx64-nvidia-cuda"

%S = type { i32, float, i8 }
%B = type { [5 x i32], double }

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

; s.0 += a[2] * n, s.1 *= 2, s.2 += 1, n times.
; CHECK-LABEL: .func (.param .align 4 .b8 func_retval0[12]) step_s(
; CHECK-NEXT: .param .align 4 .b8 step_s_param_0[12],
; CHECK-NEXT: .param .align 4 .b8 step_s_param_1[12],
; CHECK-NEXT: .param .b32 step_s_param_2
; CHECK: ld.param.b32 {{%r[0-9]+}}, [step_s_param_0];
; CHECK: ld.param.b32 {{%r[0-9]+}}, [step_s_param_0+4];
; CHECK: ld.param.u8 {{%r[0-9]+}}, [step_s_param_0+8];
; CHECK: ld.param.b32 {{%r[0-9]+}}, [step_s_param_1+8];
; CHECK: st.param.u8 [func_retval0+8],
; CHECK: ret;
define internal %S @step_s(%S %s, [3 x i32] %a, i8 %n) {
  %z = icmp eq i8 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %x = extractvalue %S %s, 0
  %f = extractvalue %S %s, 1
  %c = extractvalue %S %s, 2
  %k = extractvalue [3 x i32] %a, 2
  %n32 = zext i8 %n to i32
  %kn = mul i32 %k, %n32
  %x1 = add i32 %x, %kn
  %f1 = fmul float %f, 2.0
  %c1 = add i8 %c, 1
  %s1 = insertvalue %S %s, i32 %x1, 0
  %s2 = insertvalue %S %s1, float %f1, 1
  %s3 = insertvalue %S %s2, i8 %c1, 2
  %n1 = sub i8 %n, 1
  %r = call %S @step_s(%S %s3, [3 x i32] %a, i8 %n1)
  ret %S %r
done:
  ret %S %s
}

; Vectors: <3 x i8> (.align 4 [4]), <2 x half> (.align 4 [4]), <4 x i32> (.align 16 [16]),
; an i1 and an i16 (.b32).
; CHECK-LABEL: .func (.param .align 4 .b8 func_retval0[4]) mix_v(
; CHECK-NEXT: .param .align 4 .b8 mix_v_param_0[4],
; CHECK-NEXT: .param .align 4 .b8 mix_v_param_1[4],
; CHECK-NEXT: .param .align 16 .b8 mix_v_param_2[16],
; CHECK-NEXT: .param .b32 mix_v_param_3,
; CHECK-NEXT: .param .b32 mix_v_param_4
; CHECK: ld.param.u8 {{%r[0-9]+}}, [mix_v_param_0+2];
; CHECK: ld.param.u16 {{%r[0-9]+}}, [mix_v_param_1+2];
; CHECK: ld.param.b32 {{%r[0-9]+}}, [mix_v_param_2+12];
; CHECK: st.param.u8 [func_retval0+2],
define internal <3 x i8> @mix_v(<3 x i8> %v, <2 x half> %h, <4 x i32> %w, i1 %neg, i16 %n) {
  %z = icmp eq i16 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %e0 = extractelement <3 x i8> %v, i32 0
  %e2 = extractelement <3 x i8> %v, i32 2
  %w3 = extractelement <4 x i32> %w, i32 3
  %w38 = trunc i32 %w3 to i8
  %hs = extractelement <2 x half> %h, i32 1
  %hb = fptoui half %hs to i8
  %a = add i8 %e0, %w38
  %b = add i8 %e2, %hb
  %nb = sub i8 0, %b
  %b1 = select i1 %neg, i8 %nb, i8 %b
  %v1 = insertelement <3 x i8> %v, i8 %a, i32 0
  %v2 = insertelement <3 x i8> %v1, i8 %b1, i32 2
  %n1 = sub i16 %n, 1
  %neg1 = xor i1 %neg, true
  %r = call <3 x i8> @mix_v(<3 x i8> %v2, <2 x half> %h, <4 x i32> %w, i1 %neg1, i16 %n1)
  ret <3 x i8> %r
done:
  ret <3 x i8> %v
}

; i128 in `.align 16 .b8 [16]` (two 64-bit halves), <2 x double>.
; CHECK-LABEL: .func (.param .align 16 .b8 func_retval0[16]) sum_wide(
; CHECK-NEXT: .param .align 16 .b8 sum_wide_param_0[16],
; CHECK-NEXT: .param .align 16 .b8 sum_wide_param_1[16],
; CHECK-NEXT: .param .b32 sum_wide_param_2
; CHECK: ld.param.b64 {{%rd[0-9]+}}, [sum_wide_param_0+8];
; CHECK: st.param.b64 [func_retval0+8],
define internal i128 @sum_wide(i128 %acc, <2 x double> %d, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %d0 = extractelement <2 x double> %d, i32 0
  %d1 = extractelement <2 x double> %d, i32 1
  %s = fadd double %d0, %d1
  %si = fptoui double %s to i64
  %sw = zext i64 %si to i128
  %sh = shl i128 %sw, 60
  %a1 = add i128 %acc, %sh
  %dd = fmul double %d1, 3.0
  %d2 = insertelement <2 x double> %d, double %dd, i32 1
  %n1 = sub i32 %n, 1
  %r = call i128 @sum_wide(i128 %a1, <2 x double> %d2, i32 %n1)
  ret i128 %r
done:
  ret i128 %acc
}

; A struct byval: the caller copies the bytes into the `.param` (8-byte pieces at align 8), the
; callee copies them into its frame; its writes do not reach the caller's struct.
; CHECK-LABEL: .func (.param .b32 func_retval0) sum_b(
; CHECK-NEXT: .param .align 8 .b8 sum_b_param_0[32],
; CHECK-NEXT: .param .b32 sum_b_param_1
; CHECK: ld.param.b64 [[W:%rd[0-9]+]], [sum_b_param_0+24];
; CHECK: st.local.b64 [{{%rd[0-9]+}}+24], [[W]];
define internal i32 @sum_b(ptr byval(%B) align 8 %p, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %e = getelementptr [5 x i32], ptr %p, i32 0, i32 %n
  %v = load i32, ptr %e
  %v1 = add i32 %v, 100
  store i32 %v1, ptr %e
  %n1 = sub i32 %n, 1
  %r = call i32 @sum_b(ptr byval(%B) align 8 %p, i32 %n1)
  %after = load i32, ptr %e
  %s = add i32 %r, %after
  ret i32 %s
done:
  %dp = getelementptr %B, ptr %p, i32 0, i32 1
  %d = load double, ptr %dp
  %di = fptosi double %d to i32
  %x = load i32, ptr %p
  %s0 = add i32 %x, %di
  ret i32 %s0
}

; A struct with an i1 field ({i64, i1}: the i1 is a byte 0/1 at offset 8).
; CHECK-LABEL: .func (.param .align 8 .b8 func_retval0[16]) count_down(
; CHECK-NEXT: .param .align 8 .b8 count_down_param_0[16]
; CHECK: ld.param.u8 {{%r[0-9]+}}, [count_down_param_0+8];
define internal { i64, i1 } @count_down({ i64, i1 } %p) {
  %v = extractvalue { i64, i1 } %p, 0
  %f = extractvalue { i64, i1 } %p, 1
  %z = icmp ult i64 %v, 3
  br i1 %z, label %done, label %rec
rec:
  %v1 = sub i64 %v, 3
  %f1 = xor i1 %f, true
  %q0 = insertvalue { i64, i1 } undef, i64 %v1, 0
  %q1 = insertvalue { i64, i1 } %q0, i1 %f1, 1
  %r = call { i64, i1 } @count_down({ i64, i1 } %q1)
  ret { i64, i1 } %r
done:
  ret { i64, i1 } %p
}

; The kernels calling them.

; CHECK-LABEL: .entry struct_calls(
; CHECK: .param .align 4 .b8 param0[12];
; CHECK-NEXT: st.param.b32 [param0],
; CHECK-NEXT: st.param.b32 [param0+4],
; CHECK-NEXT: st.param.b8 [param0+8],
; CHECK-NEXT: .param .align 4 .b8 param1[12];
; CHECK: .param .b32 param2;
; CHECK: .param .align 4 .b8 retval0[12];
; CHECK-NEXT: call.uni (retval0), step_s, (param0, param1, param2);
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0+4];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+8];
define ptx_kernel void @struct_calls(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %t = and i32 %g, 7
  %t8 = trunc i32 %t to i8
  %tf = uitofp i32 %g to float
  %s0 = insertvalue %S undef, i32 %g, 0
  %s1 = insertvalue %S %s0, float %tf, 1
  %s2 = insertvalue %S %s1, i8 250, 2
  %a0 = insertvalue [3 x i32] [i32 1, i32 2, i32 0], i32 %g, 2
  %r = call %S @step_s(%S %s2, [3 x i32] %a0, i8 %t8)
  %x = extractvalue %S %r, 0
  %f = extractvalue %S %r, 1
  %c = extractvalue %S %r, 2
  %fi = fptosi float %f to i32
  %c32 = zext i8 %c to i32
  %o1 = add i32 %x, %fi
  %o2 = mul i32 %c32, 1000
  %o = add i32 %o1, %o2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %o, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: .entry vector_calls(
; CHECK: .param .align 16 .b8 param2[16];
; CHECK-NEXT: st.param.b32 [param2],
; CHECK-NEXT: st.param.b32 [param2+4],
; CHECK-NEXT: st.param.b32 [param2+8],
; CHECK-NEXT: st.param.b32 [param2+12],
; CHECK: .param .align 4 .b8 retval0[4];
; CHECK-NEXT: call.uni (retval0), mix_v, (param0, param1, param2, param3, param4);
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+1];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+2];
define ptx_kernel void @vector_calls(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %g8 = trunc i32 %g to i8
  %v0 = insertelement <3 x i8> <i8 0, i8 77, i8 5>, i8 %g8, i32 0
  %w0 = insertelement <4 x i32> <i32 9, i32 8, i32 7, i32 0>, i32 %g, i32 3
  %odd = trunc i32 %g to i1
  %n = and i32 %g, 5
  %n16 = trunc i32 %n to i16
  %r = call <3 x i8> @mix_v(<3 x i8> %v0, <2 x half> <half 1.5, half 3.0>, <4 x i32> %w0, i1 %odd, i16 %n16)
  %r0 = extractelement <3 x i8> %r, i32 0
  %r1 = extractelement <3 x i8> %r, i32 1
  %r2 = extractelement <3 x i8> %r, i32 2
  %b0 = zext i8 %r0 to i32
  %b1 = zext i8 %r1 to i32
  %b2 = zext i8 %r2 to i32
  %s1 = shl i32 %b1, 8
  %s2 = shl i32 %b2, 16
  %o1 = or i32 %b0, %s1
  %b32 = or i32 %o1, %s2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %b32, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @wide_calls(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %n = and i32 %g, 3
  %gw = zext i32 %g to i128
  %gd = uitofp i32 %g to double
  %d = insertelement <2 x double> <double 0.5, double 0.0>, double %gd, i32 1
  %r = call i128 @sum_wide(i128 %gw, <2 x double> %d, i32 %n)
  %lo = trunc i128 %r to i64
  %hi128 = lshr i128 %r, 64
  %hi = trunc i128 %hi128 to i64
  %x = xor i64 %lo, %hi
  %p = getelementptr i64, ptr addrspace(1) %out, i32 %g
  store i64 %x, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: .entry byval_calls(
; CHECK: .param .align 8 .b8 param0[32];
; CHECK-NEXT: st.param.b64 [param0],
; CHECK-NEXT: st.param.b64 [param0+8],
; CHECK-NEXT: st.param.b64 [param0+16],
; CHECK-NEXT: st.param.b64 [param0+24],
define ptx_kernel void @byval_calls(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %b = alloca %B, align 8
  store i32 %g, ptr %b
  %e1 = getelementptr i32, ptr %b, i32 1
  store i32 11, ptr %e1
  %e2 = getelementptr i32, ptr %b, i32 2
  store i32 22, ptr %e2
  %e3 = getelementptr i32, ptr %b, i32 3
  store i32 33, ptr %e3
  %e4 = getelementptr i32, ptr %b, i32 4
  store i32 44, ptr %e4
  %dp = getelementptr %B, ptr %b, i32 0, i32 1
  store double 7.0, ptr %dp
  %n = and i32 %g, 3
  %n1 = add i32 %n, 1
  %r = call i32 @sum_b(ptr byval(%B) align 8 %b, i32 %n1)
  %still = load i32, ptr %e1
  %o = add i32 %r, %still
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %o, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @pair_calls(ptr addrspace(1) %out) {
  %g = call i32 @gid()
  %m = and i32 %g, 31
  %v = zext i32 %m to i64
  %q0 = insertvalue { i64, i1 } undef, i64 %v, 0
  %q1 = insertvalue { i64, i1 } %q0, i1 true, 1
  %r = call { i64, i1 } @count_down({ i64, i1 } %q1)
  %rv = extractvalue { i64, i1 } %r, 0
  %rf = extractvalue { i64, i1 } %r, 1
  %rf64 = zext i1 %rf to i64
  %sh = shl i64 %rf64, 32
  %o = or i64 %rv, %sh
  %p = getelementptr i64, ptr addrspace(1) %out, i32 %g
  store i64 %o, ptr addrspace(1) %p
  ret void
}

