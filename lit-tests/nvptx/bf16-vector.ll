; Vectors of bfloat: <2 x bfloat> (llc's packed bf16x2 registers), <3 x>, <4 x> and <8 x>
; lane by lane as ori keeps every vector; kernel parameters (.param .align 4 .b8 [4] / .align 8
; .b8 [8] byte arrays), loads and stores, constants, extract/insert/shuffle, fcmp + select on
; <2 x i1>, fpext/fptrunc to and from <N x float>, bitcasts to i32 / i64 / <2 x i16>, and
; non-inlined device functions taking and returning <2 x bfloat> / <4 x bfloat> (llc's
; `.param .align 4 .b8 [4]` / `.align 8 .b8 [8]`, written lane by lane: llc moves the same bytes
; as packed .b32 / .v2.b32 words). `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: v2_arith: ok (jit
; EXEC: v4_memory: ok (jit
; EXEC: v2_bits: ok (jit
; EXEC: v2_calls: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  ret i32 %i
}

; Calls through the .param ABI: a recursive function (never inlined) with a <2 x bfloat>
; parameter and result and a bfloat one, and a visible function with a <4 x bfloat> result
; (inlined here, still emitted).
; CHECK-LABEL: .visible .func (.param .align 4 .b8 func_retval0[4]) scale_n(
; CHECK-NEXT: .param .align 4 .b8 scale_n_param_0[4],
; CHECK-NEXT: .param .align 2 .b8 scale_n_param_1[2],
; CHECK-NEXT: .param .b32 scale_n_param_2
; CHECK: ld.param.u16 {{%r[0-9]+}}, [scale_n_param_0+2];
; CHECK: ld.param.u16 {{%r[0-9]+}}, [scale_n_param_1];
; CHECK: call.uni (retval0), scale_n, (param0, param1, param2);
; CHECK: st.param.u16 [func_retval0+2],
; CHECK-LABEL: .visible .func (.param .align 8 .b8 func_retval0[8]) splat4(
; CHECK: st.param.u16 [func_retval0+6],
define <2 x bfloat> @scale_n(<2 x bfloat> %v, bfloat %s, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %w = fmul <2 x bfloat> %v, <bfloat 0xR3FB0, bfloat 0xR3F30>
  %r = call <2 x bfloat> @scale_n(<2 x bfloat> %w, bfloat %s, i32 %m)
  %e = insertelement <2 x bfloat> poison, bfloat %s, i32 0
  %sp = shufflevector <2 x bfloat> %e, <2 x bfloat> poison, <2 x i32> zeroinitializer
  %a = fadd <2 x bfloat> %r, %sp
  ret <2 x bfloat> %a
done:
  ret <2 x bfloat> %v
}

define <4 x bfloat> @splat4(bfloat %s) {
  %e = insertelement <4 x bfloat> poison, bfloat %s, i32 0
  %sp = shufflevector <4 x bfloat> %e, <4 x bfloat> poison, <4 x i32> zeroinitializer
  %r = fmul <4 x bfloat> %sp, <bfloat 0xR3F80, bfloat 0xR4000, bfloat 0xR4040, bfloat 0xR4080>
  ret <4 x bfloat> %r
}

; CHECK-LABEL: .entry v2_arith(
; CHECK-NEXT: .param .u64 v2_arith_param_0,
; CHECK-NEXT: .param .u64 v2_arith_param_1,
; CHECK-NEXT: .param .align 4 .b8 v2_arith_param_2[4]
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [v2_arith_param_2];
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [v2_arith_param_2+2];
; CHECK-DAG: add.rn.bf16
; CHECK-DAG: mul.rn.bf16
; CHECK-DAG: fma.rn.bf16
; CHECK-DAG: setp.lt.bf16
; CHECK-DAG: div.rn.f32
define ptx_kernel void @v2_arith(ptr addrspace(1) %in, ptr addrspace(1) %out, <2 x bfloat> %p) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x bfloat>, ptr addrspace(1) %pa
  %i1 = add i32 %i, 1
  %pb = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i1
  %b = load <2 x bfloat>, ptr addrspace(1) %pb
  %x = fadd <2 x bfloat> %a, %b
  %y = fmul <2 x bfloat> %x, <bfloat 0xR3F8D, bfloat 0xR3F66>
  %z = fsub <2 x bfloat> %y, %p
  %den = fadd <2 x bfloat> %b, <bfloat 0xR4040, bfloat 0xR4040>
  %d = fdiv <2 x bfloat> %z, %den
  %n = fneg <2 x bfloat> %d
  %r = frem <2 x bfloat> %n, <bfloat 0xR3F40, bfloat 0xR3FC0>
  %f = call <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat> %r, <2 x bfloat> %a, <2 x bfloat> %b)
  %e = extractelement <2 x bfloat> %x, i32 1
  %ins = insertelement <2 x bfloat> %d, bfloat %e, i32 0
  %sh = shufflevector <2 x bfloat> %ins, <2 x bfloat> %f, <2 x i32> <i32 3, i32 0>
  %c = fcmp olt <2 x bfloat> %a, %b
  %s = select <2 x i1> %c, <2 x bfloat> %a, <2 x bfloat> %sh
  %i4 = mul i32 %i, 4
  %q0 = getelementptr <2 x bfloat>, ptr addrspace(1) %out, i32 %i4
  store <2 x bfloat> %z, ptr addrspace(1) %q0
  %q1 = getelementptr <2 x bfloat>, ptr addrspace(1) %q0, i32 1
  store <2 x bfloat> %f, ptr addrspace(1) %q1
  %q2 = getelementptr <2 x bfloat>, ptr addrspace(1) %q0, i32 2
  store <2 x bfloat> %s, ptr addrspace(1) %q2
  %q3 = getelementptr <2 x bfloat>, ptr addrspace(1) %q0, i32 3
  store <2 x bfloat> <bfloat 0xR3F80, bfloat 0xRC000>, ptr addrspace(1) %q3
  ret void
}

; <4 x bfloat> parameter, fpext / fptrunc with <4 x float>, <3 x bfloat> and <8 x bfloat>.
; CHECK-LABEL: .entry v4_memory(
; CHECK: .param .align 8 .b8 v4_memory_param_3[8]
; CHECK-DAG: ld.param.u16 {{%r[0-9]+}}, [v4_memory_param_3+6];
; CHECK-DAG: cvt.f32.bf16
; CHECK-DAG: cvt.rn.bf16.f32
define ptx_kernel void @v4_memory(ptr addrspace(1) %in, ptr addrspace(1) %fout, ptr addrspace(1) %out, <4 x bfloat> %q) {
  %i = call i32 @gid()
  %pa = getelementptr <4 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <4 x bfloat>, ptr addrspace(1) %pa
  %s = fadd <4 x bfloat> %a, %q
  %w = fpext <4 x bfloat> %s to <4 x float>
  %w3 = fmul <4 x float> %w, <float 0x3FD5555560000000, float 3.0, float 0x3FB99999A0000000, float -7.0>
  %pf = getelementptr <4 x float>, ptr addrspace(1) %fout, i32 %i
  store <4 x float> %w3, ptr addrspace(1) %pf
  %t = fptrunc <4 x float> %w3 to <4 x bfloat>
  %i2 = mul i32 %i, 2
  %po = getelementptr <8 x bfloat>, ptr addrspace(1) %out, i32 %i2
  %three = shufflevector <4 x bfloat> %t, <4 x bfloat> poison, <3 x i32> <i32 2, i32 1, i32 0>
  store <3 x bfloat> %three, ptr addrspace(1) %po
  %pa8 = getelementptr <8 x bfloat>, ptr addrspace(1) %in, i32 %i
  %e = load <8 x bfloat>, ptr addrspace(1) %pa8
  %e2 = fmul <8 x bfloat> %e, %e
  %po8 = getelementptr <8 x bfloat>, ptr addrspace(1) %po, i32 1
  store <8 x bfloat> %e2, ptr addrspace(1) %po8
  ret void
}

; Bitcasts between bf16 vectors and integers.
; CHECK-LABEL: .entry v2_bits(
define ptx_kernel void @v2_bits(ptr addrspace(1) %in, ptr addrspace(1) %ints, ptr addrspace(1) %out, ptr addrspace(1) %words) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x bfloat>, ptr addrspace(1) %pa
  %w = bitcast <2 x bfloat> %a to i32
  %neg = xor i32 %w, -2147450880
  %na = bitcast i32 %neg to <2 x bfloat>
  %pn = getelementptr i32, ptr addrspace(1) %ints, i32 %i
  %n = load i32, ptr addrspace(1) %pn
  %sh = shl i32 %n, 20
  %nb = bitcast i32 %sh to <2 x bfloat>
  %sum = fadd <2 x bfloat> %na, %nb
  %h = bitcast <2 x bfloat> %sum to <2 x i16>
  %h1 = extractelement <2 x i16> %h, i32 1
  %h0 = extractelement <2 x i16> %h, i32 0
  %hs = add i16 %h0, %h1
  %po = getelementptr <2 x bfloat>, ptr addrspace(1) %out, i32 %i
  store <2 x bfloat> %sum, ptr addrspace(1) %po
  %pa4 = getelementptr <4 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a4 = load <4 x bfloat>, ptr addrspace(1) %pa4
  %l = bitcast <4 x bfloat> %a4 to i64
  %l2 = lshr i64 %l, 16
  %lw = trunc i64 %l2 to i32
  %hz = zext i16 %hs to i32
  %x = xor i32 %lw, %hz
  %pw = getelementptr i32, ptr addrspace(1) %words, i32 %i
  store i32 %x, ptr addrspace(1) %pw
  ret void
}

; CHECK-LABEL: .entry v2_calls(
; CHECK: .param .align 4 .b8 param0[4];
; CHECK-NEXT: st.param.b16 [param0],
; CHECK-NEXT: st.param.b16 [param0+2],
; CHECK: .param .align 2 .b8 param1[2];
; CHECK-NEXT: st.param.b16 [param1],
; CHECK: .param .align 4 .b8 retval0[4];
; CHECK: ld.param.b16 {{%r[0-9]+}}, [retval0+2];
define ptx_kernel void @v2_calls(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %out4) {
  %i = call i32 @gid()
  %pa = getelementptr <2 x bfloat>, ptr addrspace(1) %in, i32 %i
  %a = load <2 x bfloat>, ptr addrspace(1) %pa
  %n = and i32 %i, 3
  %s = extractelement <2 x bfloat> %a, i32 1
  %r = call <2 x bfloat> @scale_n(<2 x bfloat> %a, bfloat %s, i32 %n)
  %po = getelementptr <2 x bfloat>, ptr addrspace(1) %out, i32 %i
  store <2 x bfloat> %r, ptr addrspace(1) %po
  %s0 = extractelement <2 x bfloat> %r, i32 0
  %v4 = call <4 x bfloat> @splat4(bfloat %s0)
  %p4 = getelementptr <4 x bfloat>, ptr addrspace(1) %out4, i32 %i
  store <4 x bfloat> %v4, ptr addrspace(1) %p4
  ret void
}

declare <2 x bfloat> @llvm.fma.v2bf16(<2 x bfloat>, <2 x bfloat>, <2 x bfloat>)
