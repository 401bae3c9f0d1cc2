; Vectors of 4 and 8 bytes through the device-function .param ABI, as llc-19 passes them: a
; `.param .align N .b8 name[N]` byte array holding the vector's memory image (<2 x half>,
; <2 x bfloat>, <4 x i8>, <2 x i16>: 4 bytes; <2 x float>, <2 x i32>, <4 x half>, <8 x i8>: 8
; bytes). ori writes and reads it lane by lane at the lanes' offsets (the aggregate ABI of
; lower/call_abi.rs; llc: .b32 or .v2.b32 words of the same bytes). A wider vector (<8 x bfloat>,
; llc: .param .align 16 .b8 [16]) is declared as llc declares it. The recursive functions are
; never inlined; `ori check` runs the calls against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %S/Inputs/bf16-wide-vector-lib.ll -o %t.wide.ptx
; RUN: FileCheck %s --check-prefix=WIDE --input-file=%t.wide.ptx
; RUN: %ptxas -arch=sm_90 %t.wide.ptx -o %t.wide.cubin 2>&1 | count 0
; REQUIRES: ptxas
; EXEC: vector_calls: ok (jit
; WIDE: .visible .func (.param .align 16 .b8 func_retval0[16]) twice(
; WIDE-NEXT: .param .align 16 .b8 twice_param_0[16]
; WIDE-DAG: ld.param.u16 {{%r[0-9]+}}, [twice_param_0+14];
; WIDE-DAG: add.rn.bf16
; WIDE-DAG: st.param.u16 [func_retval0+14],

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; CHECK-LABEL: .visible .func (.param .align 8 .b8 func_retval0[8]) mix(
; CHECK-NEXT: .param .align 4 .b8 mix_param_0[4],
; CHECK-NEXT: .param .align 4 .b8 mix_param_1[4],
; CHECK-NEXT: .param .align 4 .b8 mix_param_2[4],
; CHECK-NEXT: .param .align 8 .b8 mix_param_3[8],
; CHECK-NEXT: .param .align 8 .b8 mix_param_4[8],
; CHECK-NEXT: .param .b32 mix_param_5
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [mix_param_0+2];
; CHECK-DAG: ld.param.u8 {{%r[0-9]+}}, [mix_param_1+3];
; CHECK-DAG: ld.param.b32 {{%r[0-9]+}}, [mix_param_3+4];
; CHECK-DAG: ld.param.u8 {{%r[0-9]+}}, [mix_param_4+7];
; CHECK: .param .align 8 .b8 param4[8];
; CHECK-NEXT: st.param.b8 [param4],
; CHECK: st.param.b8 [param4+7],
; CHECK: call.uni (retval0), mix, (param0, param1, param2, param3, param4, param5);
; CHECK: st.param.b32 [func_retval0+4],
define <2 x float> @mix(<2 x half> %h, <4 x i8> %b, <2 x i16> %s, <2 x float> %f, <8 x i8> %w, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %h2 = fadd <2 x half> %h, <half 0xH3C00, half 0xH3800>
  %b2 = add <4 x i8> %b, <i8 1, i8 2, i8 3, i8 4>
  %s2 = shl <2 x i16> %s, <i16 1, i16 2>
  %f2 = fmul <2 x float> %f, <float 1.5, float -0.5>
  %w2 = xor <8 x i8> %w, <i8 1, i8 2, i8 4, i8 8, i8 16, i8 32, i8 64, i8 -128>
  %r = call <2 x float> @mix(<2 x half> %h2, <4 x i8> %b2, <2 x i16> %s2, <2 x float> %f2, <8 x i8> %w2, i32 %m)
  ret <2 x float> %r
done:
  %hf = fpext <2 x half> %h to <2 x float>
  %bw = bitcast <4 x i8> %b to <2 x i16>
  %sum = add <2 x i16> %bw, %s
  %sf = uitofp <2 x i16> %sum to <2 x float>
  %wl = bitcast <8 x i8> %w to <2 x i32>
  %wf = sitofp <2 x i32> %wl to <2 x float>
  %x = fadd <2 x float> %hf, %sf
  %y = fadd <2 x float> %x, %f
  %z = fadd <2 x float> %y, %wf
  ret <2 x float> %z
}

; CHECK-LABEL: .visible .func (.param .align 4 .b8 func_retval0[4]) halves(
; CHECK-NEXT: .param .align 8 .b8 halves_param_0[8],
; CHECK: ld.param.u16 {{%r[0-9]+}}, [halves_param_0+6];
; CHECK: call.uni (retval0), halves, (param0, param1);
; CHECK: ld.param.b16 {{%r[0-9]+}}, [retval0+2];
; CHECK: st.param.u16 [func_retval0+2],
define <2 x bfloat> @halves(<4 x half> %v, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %v2 = fmul <4 x half> %v, <half 0xH3E00, half 0xH3E00, half 0xH3400, half 0xH3400>
  %r = call <2 x bfloat> @halves(<4 x half> %v2, i32 %m)
  ret <2 x bfloat> %r
done:
  %lo = shufflevector <4 x half> %v, <4 x half> poison, <2 x i32> <i32 0, i32 3>
  %lf = fpext <2 x half> %lo to <2 x float>
  %r2 = fptrunc <2 x float> %lf to <2 x bfloat>
  ret <2 x bfloat> %r2
}

define ptx_kernel void @vector_calls(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out2) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c64 = shl i32 %cta, 6
  %t = add i32 %c64, %tid
  %p = getelementptr <8 x i8>, ptr addrspace(1) %in, i32 %t
  %w = load <8 x i8>, ptr addrspace(1) %p
  %w32 = bitcast <8 x i8> %w to <2 x i32>
  %h = bitcast <8 x i8> %w to <4 x half>
  %h2 = shufflevector <4 x half> %h, <4 x half> poison, <2 x i32> <i32 0, i32 1>
  %b = shufflevector <8 x i8> %w, <8 x i8> poison, <4 x i32> <i32 7, i32 5, i32 3, i32 1>
  %s = bitcast <4 x i8> %b to <2 x i16>
  %f = sitofp <2 x i32> %w32 to <2 x float>
  %n = and i32 %t, 3
  %r = call <2 x float> @mix(<2 x half> %h2, <4 x i8> %b, <2 x i16> %s, <2 x float> %f, <8 x i8> %w, i32 %n)
  %po = getelementptr <2 x float>, ptr addrspace(1) %out, i32 %t
  store <2 x float> %r, ptr addrspace(1) %po
  %hs = lshr <8 x i8> %w, <i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2>
  %hv = bitcast <8 x i8> %hs to <4 x half>
  %r2 = call <2 x bfloat> @halves(<4 x half> %hv, i32 %n)
  %p2 = getelementptr <2 x bfloat>, ptr addrspace(1) %out2, i32 %t
  store <2 x bfloat> %r2, ptr addrspace(1) %p2
  ret void
}
