; The `.param` declarations of declared (`.extern .func`) functions for every argument and result
; type llc-19 accepts, checked against llc-19's own output with the same DECL lines (FileCheck
; treats runs of blanks alike; llc breaks the line before the parameter list): scalars of up to
; 32 bits in `.b32`, up to 64 in `.b64`, half and bfloat in `.align 2 .b8 [2]`; i128, vectors,
; structs and arrays in `.align A .b8 [size]` with the type's ABI alignment and allocation size;
; byval structs likewise. The call writes each scalar at its offset (CHECK). ptxas checks the
; module as a relocatable object; `ori check` skips the kernel (the callees are in another
; module), and runs an indirect call with aggregate arguments against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: FileCheck %s --input-file=%t.ptx --check-prefix=DECL
; RUN: llc -march=nvptx64 -mcpu=sm_90 %s -o %t.llc.ptx
; RUN: FileCheck %s --input-file=%t.llc.ptx --check-prefix=DECL
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: externs: skipped
; EXEC: through_pointer: ok (jit

target triple = "nvptx64-nvidia-cuda"

%S = type { i32, float, i8 }
%B = type { [5 x i32], double }
%N = type { i8, { i16, <2 x float> }, [2 x i8] }
%P = type <{ i8, i32 }>

; DECL: .extern .func {{ *}}(.param .b32 func_retval0) ext_narrow{{$|\(}}
; DECL: .param .b32 ext_narrow_param_0,
; DECL: .param .b32 ext_narrow_param_1,
; DECL: .param .b32 ext_narrow_param_2
; DECL: .extern .func {{ *}}(.param .align 16 .b8 func_retval0[16]) ext_i128{{$|\(}}
; DECL: .param .align 16 .b8 ext_i128_param_0[16],
; DECL: .param .b64 ext_i128_param_1
; DECL: .extern .func {{ *}}(.param .align 8 .b8 func_retval0[8]) ext_v2f{{$|\(}}
; DECL: .param .align 8 .b8 ext_v2f_param_0[8],
; DECL: .param .align 16 .b8 ext_v2f_param_1[16]
; DECL: .extern .func {{ *}}(.param .align 4 .b8 func_retval0[4]) ext_v3i8{{$|\(}}
; DECL: .param .align 4 .b8 ext_v3i8_param_0[4],
; DECL: .param .align 4 .b8 ext_v3i8_param_1[4]
; DECL: .extern .func {{ *}}(.param .align 4 .b8 func_retval0[12]) ext_s{{$|\(}}
; DECL: .param .align 4 .b8 ext_s_param_0[12],
; DECL: .param .align 4 .b8 ext_s_param_1[12]
; DECL: .extern .func {{ *}}ext_byval{{$|\(}}
; DECL: .param .align 8 .b8 ext_byval_param_0[32],
; DECL: .param .b32 ext_byval_param_1
; DECL: .extern .func {{ *}}(.param .align 8 .b8 func_retval0[16]) ext_pair{{$|\(}}
; DECL: .param .align 8 .b8 ext_pair_param_0[16]
; DECL: .extern .func {{ *}}(.param .align 2 .b8 func_retval0[2]) ext_half{{$|\(}}
; DECL: .param .align 2 .b8 ext_half_param_0[2],
; DECL: .param .align 8 .b8 ext_half_param_1[8]
; DECL: .extern .func {{ *}}(.param .align 16 .b8 func_retval0[16]) ext_v2d{{$|\(}}
; DECL: .param .align 16 .b8 ext_v2d_param_0[16],
; DECL: .param .align 16 .b8 ext_v2d_param_1[16]
; DECL: .extern .func {{ *}}(.param .align 8 .b8 func_retval0[16]) ext_arr{{$|\(}}
; DECL: .param .align 8 .b8 ext_arr_param_0[16]
; DECL: .extern .func {{ *}}(.param .align 8 .b8 func_retval0[32]) ext_nested{{$|\(}}
; DECL: .param .align 8 .b8 ext_nested_param_0[32]
; DECL: .extern .func {{ *}}(.param .align 1 .b8 func_retval0[5]) ext_packed{{$|\(}}
; DECL: .param .align 1 .b8 ext_packed_param_0[5]
; DECL: .extern .func {{ *}}(.param .b64 func_retval0) ext_i48{{$|\(}}
; DECL: .param .b32 ext_i48_param_0
; DECL: .extern .func {{ *}}(.param .align 8 .b8 func_retval0[8]) ext_v4i16{{$|\(}}
; DECL: .param .align 8 .b8 ext_v4i16_param_0[8]
; DECL: .extern .func {{ *}}(.param .align 2 .b8 func_retval0[2]) ext_bf16{{$|\(}}
; DECL: .param .align 2 .b8 ext_bf16_param_0[2],
; DECL: .param .align 4 .b8 ext_bf16_param_1[4],
; DECL: .param .align 4 .b8 ext_bf16_param_2[8]
declare i8 @ext_narrow(i8, i16, i1)
declare i128 @ext_i128(i128, i64)
declare <2 x float> @ext_v2f(<2 x float>, <4 x i32>)
declare <3 x i8> @ext_v3i8(<3 x i8>, <2 x half>)
declare %S @ext_s(%S, [3 x i32])
declare void @ext_byval(ptr byval(%B) align 8, i32)
declare { i64, i1 } @ext_pair({ i64, i1 })
declare half @ext_half(half, <4 x half>)
declare <2 x double> @ext_v2d(<2 x double>, <3 x float>)
declare [2 x ptr] @ext_arr([2 x ptr])
declare %N @ext_nested(%N)
declare %P @ext_packed(%P)
declare i48 @ext_i48(i24)
declare <4 x i16> @ext_v4i16(<4 x i16>)
declare bfloat @ext_bf16(bfloat, <2 x bfloat>, { bfloat, float })

; CHECK-LABEL: .entry externs(
; The struct: i32 at 0, float at 4, i8 at 8; the result read back the same way.
; CHECK: .param .align 4 .b8 param0[12];
; CHECK-NEXT: st.param.b32 [param0],
; CHECK-NEXT: st.param.b32 [param0+4],
; CHECK-NEXT: st.param.b8 [param0+8],
; CHECK: call.uni (retval0), ext_s, (param0, param1);
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0+4];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+8];
; The byval struct: its 32 bytes in four 8-byte pieces.
; CHECK: .param .align 8 .b8 param0[32];
; CHECK-NEXT: st.param.b64 [param0],
; CHECK-NEXT: st.param.b64 [param0+8],
; CHECK-NEXT: st.param.b64 [param0+16],
; CHECK-NEXT: st.param.b64 [param0+24],
; CHECK: call.uni ext_byval, (param0, param1);
; The i1 of {i64, i1} is the byte at offset 8.
; CHECK: st.param.b64 [param0],
; CHECK-NEXT: st.param.b8 [param0+8], {{%r[0-9]+}};
; The nested struct: i8 at 0, i16 at 8, the floats at 16 and 20, the bytes at 24 and 25.
; CHECK: call.uni (retval0), ext_nested, (param0);
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0];
; CHECK-NEXT: ld.param.b16 {{%r[0-9]+}}, [retval0+8];
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0+16];
; CHECK-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0+20];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+24];
; CHECK-NEXT: ld.param.b8 {{%r[0-9]+}}, [retval0+25];
; The packed struct: the i32 at offset 1.
; CHECK: st.param.b32 [param0+1],
; CHECK: call.uni (retval0), ext_packed, (param0);
; bfloat: 2 bytes, alone, as a vector lane and as a struct field (the float at offset 4).
; CHECK: .param .align 4 .b8 param2[8];
; CHECK-NEXT: st.param.b16 [param2],
; CHECK-NEXT: st.param.b32 [param2+4],
; CHECK: call.uni (retval0), ext_bf16, (param0, param1, param2);
; CHECK-NEXT: ld.param.b16 {{%r[0-9]+}}, [retval0];
define ptx_kernel void @externs(ptr addrspace(1) %o, i32 %x) {
  %a = trunc i32 %x to i8
  %b = trunc i32 %x to i16
  %c = trunc i32 %x to i1
  %r1 = call i8 @ext_narrow(i8 %a, i16 %b, i1 %c)
  store volatile i8 %r1, ptr addrspace(1) %o
  %w = zext i32 %x to i128
  %r2 = call i128 @ext_i128(i128 %w, i64 5)
  store volatile i128 %r2, ptr addrspace(1) %o
  %r3 = call <2 x float> @ext_v2f(<2 x float> <float 1.0, float 2.0>, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  store volatile <2 x float> %r3, ptr addrspace(1) %o
  %r4 = call <3 x i8> @ext_v3i8(<3 x i8> <i8 1, i8 2, i8 3>, <2 x half> <half 1.0, half 2.0>)
  store volatile <3 x i8> %r4, ptr addrspace(1) %o
  %xf = uitofp i32 %x to float
  %s0 = insertvalue %S { i32 0, float 0.0, i8 9 }, i32 %x, 0
  %s1 = insertvalue %S %s0, float %xf, 1
  %r5 = call %S @ext_s(%S %s1, [3 x i32] [i32 1, i32 2, i32 3])
  store volatile %S %r5, ptr addrspace(1) %o
  %bv = alloca %B, align 8
  store i32 %x, ptr %bv
  call void @ext_byval(ptr byval(%B) align 8 %bv, i32 %x)
  %p0 = insertvalue { i64, i1 } { i64 0, i1 true }, i64 7, 0
  %r6 = call { i64, i1 } @ext_pair({ i64, i1 } %p0)
  %r6a = extractvalue { i64, i1 } %r6, 0
  store volatile i64 %r6a, ptr addrspace(1) %o
  %r7 = call half @ext_half(half 1.0, <4 x half> <half 1.0, half 2.0, half 3.0, half 4.0>)
  store volatile half %r7, ptr addrspace(1) %o
  %r8 = call <2 x double> @ext_v2d(<2 x double> <double 1.0, double 2.0>, <3 x float> <float 1.0, float 2.0, float 3.0>)
  store volatile <2 x double> %r8, ptr addrspace(1) %o
  %r9 = call [2 x ptr] @ext_arr([2 x ptr] zeroinitializer)
  store volatile [2 x ptr] %r9, ptr addrspace(1) %o
  %r10 = call %N @ext_nested(%N zeroinitializer)
  store volatile %N %r10, ptr addrspace(1) %o
  %r11 = call %P @ext_packed(%P <{ i8 1, i32 2 }>)
  store volatile %P %r11, ptr addrspace(1) %o
  %r12 = call i48 @ext_i48(i24 5)
  %r12w = zext i48 %r12 to i64
  store volatile i64 %r12w, ptr addrspace(1) %o
  %r13 = call <4 x i16> @ext_v4i16(<4 x i16> <i16 1, i16 2, i16 3, i16 4>)
  store volatile <4 x i16> %r13, ptr addrspace(1) %o
  %xb = fptrunc float %xf to bfloat
  %sb = insertvalue { bfloat, float } { bfloat 0xR3F80, float 2.0 }, bfloat %xb, 0
  %r14 = call bfloat @ext_bf16(bfloat %xb, <2 x bfloat> <bfloat 0xR3F80, bfloat 0xR4000>, { bfloat, float } %sb)
  store volatile bfloat %r14, ptr addrspace(1) %o
  ret void
}

; An indirect call with a struct argument and a vector result (`.callprototype` with byte
; arrays); the callees' addresses are taken, so they are emitted as .func.
define internal <2 x i32> @swap_add(%S %s, i32 %k) {
  %x = extractvalue %S %s, 0
  %c = extractvalue %S %s, 2
  %c32 = zext i8 %c to i32
  %a = add i32 %x, %k
  %v0 = insertelement <2 x i32> undef, i32 %c32, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %a, i32 1
  ret <2 x i32> %v1
}

define internal <2 x i32> @mul_pair(%S %s, i32 %k) {
  %x = extractvalue %S %s, 0
  %m = mul i32 %x, %k
  %v0 = insertelement <2 x i32> undef, i32 %m, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %k, i32 1
  ret <2 x i32> %v1
}

; CHECK-LABEL: .entry through_pointer(
; CHECK: prototype_0 : .callprototype (.param .align 8 .b8 _[8]) _ (.param .align 4 .b8 _[12], .param .b32 _);
; CHECK: call (retval0), {{%rd[0-9]+}}, (param0, param1), prototype_0;
define ptx_kernel void @through_pointer(ptr addrspace(1) %out, i32 %sel) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %sel, 1
  %c = icmp eq i32 %odd, 0
  %f = select i1 %c, ptr @swap_add, ptr @mul_pair
  %s0 = insertvalue %S { i32 0, float 1.0, i8 3 }, i32 %t, 0
  %r = call <2 x i32> %f(%S %s0, i32 %sel)
  %r0 = extractelement <2 x i32> %r, i32 0
  %r1 = extractelement <2 x i32> %r, i32 1
  %o = xor i32 %r0, %r1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %o, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
