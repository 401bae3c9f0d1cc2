; Kernel parameters of vector and struct type are `.param .align A .b8 name[size]` byte arrays
; (A the type's ABI alignment), as llc passes them; each element is read with its own ld.param
; at its byte offset. Parameters of at most 8 bytes run against LLVM's JIT in `ori check`; wider
; ones (the JIT's argument slots are 8 bytes) against the pre-allocation Ori run.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: small: ok (jit
; EXEC: wide: ok (pre-RA vs post-RA only: the JIT reference cannot run a parameter passed by value wider than 8 bytes

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry small(
; CHECK-NEXT: .param .u64 small_param_0,
; CHECK-NEXT: .param .align 8 .b8 small_param_1[8],
; CHECK-NEXT: .param .align 4 .b8 small_param_2[4],
; CHECK-NEXT: .param .align 4 .b8 small_param_3[4],
; CHECK-NEXT: .param .align 4 .b8 small_param_4[4],
; CHECK-NEXT: .param .align 4 .b8 small_param_5[8]
; CHECK-NEXT: )
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [small_param_1+4];
; CHECK-DAG: ld.param.u8 {{%r[0-9]+}}, [small_param_2+3];
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [small_param_3+2];
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [small_param_4+2];
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [small_param_5+4];
define ptx_kernel void @small(ptr addrspace(1) %out, <2 x float> %a, <4 x i8> %b, <2 x i16> %c, <2 x half> %h, { i32, float } %s) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a0 = extractelement <2 x float> %a, i32 0
  %a1 = extractelement <2 x float> %a, i32 1
  %tf = uitofp i32 %t to float
  %x = fmul float %a1, %tf
  %y = fadd float %x, %a0
  %yi = bitcast float %y to i32
  %b3 = extractelement <4 x i8> %b, i32 3
  %b0 = extractelement <4 x i8> %b, i32 0
  %b3z = zext i8 %b3 to i32
  %b0z = zext i8 %b0 to i32
  %c1 = extractelement <2 x i16> %c, i32 1
  %c1s = sext i16 %c1 to i32
  %h1 = extractelement <2 x half> %h, i32 1
  %h1b = bitcast half %h1 to i16
  %h1z = zext i16 %h1b to i32
  %s0 = extractvalue { i32, float } %s, 0
  %s1 = extractvalue { i32, float } %s, 1
  %s1i = bitcast float %s1 to i32
  %r0 = add i32 %yi, %b3z
  %r1 = add i32 %r0, %b0z
  %r2 = xor i32 %r1, %c1s
  %r3 = add i32 %r2, %h1z
  %r4 = mul i32 %r3, %s0
  %r5 = xor i32 %r4, %s1i
  %r6 = add i32 %r5, %t
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r6, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: .entry wide(
; CHECK-NEXT: .param .u64 wide_param_0,
; CHECK-NEXT: .param .align 16 .b8 wide_param_1[16],
; CHECK-NEXT: .param .align 16 .b8 wide_param_2[16],
; CHECK-NEXT: .param .align 8 .b8 wide_param_3[16]
; CHECK-NEXT: )
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [wide_param_1];
; CHECK-DAG: ld.param.u32 {{%r[0-9]+}}, [wide_param_2+8];
; CHECK-DAG: ld.param.u64 {{%rd[0-9]+}}, [wide_param_3+8];
define ptx_kernel void @wide(ptr addrspace(1) %out, <4 x i32> %a, <3 x float> %f, { i32, i64 } %s) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a0 = extractelement <4 x i32> %a, i32 0
  %a3 = extractelement <4 x i32> %a, i32 3
  %f2 = extractelement <3 x float> %f, i32 2
  %f2i = bitcast float %f2 to i32
  %s1 = extractvalue { i32, i64 } %s, 1
  %s1t = trunc i64 %s1 to i32
  %r0 = add i32 %a0, %t
  %r1 = add i32 %r0, %a3
  %r2 = xor i32 %r1, %f2i
  %r3 = add i32 %r2, %s1t
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r3, ptr addrspace(1) %p
  ret void
}
