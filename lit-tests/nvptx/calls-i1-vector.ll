; Vectors of i1 as call arguments and results: one byte 0/1 per element at offset k, as llc-19
; writes them (llc declares the array with the vector's allocation size, [1] for <3 x i1>, and
; stores past its end; ori declares every byte). Device functions are inlined; a recursive one
; stays a call (`flip` recurses `depth` times). `ori check` runs the calls against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK-LABEL: .func (.param .align 1 .b8 func_retval0[3]) flip(
; CHECK-NEXT: .param .align 1 .b8 flip_param_0[3],
; CHECK-NEXT: .param .align 1 .b8 flip_param_1[5],
; CHECK-NEXT: .param .b32 flip_param_2
; CHECK: ld.param.u8 {{%r[0-9]+}}, [flip_param_0+2];
; CHECK: ld.param.u8 {{%r[0-9]+}}, [flip_param_1+4];
; CHECK: st.param.u8 [func_retval0+2],
; CHECK-LABEL: .entry k(
; CHECK: .param .align 1 .b8 param1[5];
; CHECK: st.param.b8 [param1+4],
; CHECK: call.uni (retval0), flip, (param0, param1, param2);
; CHECK: ld.param.b8 {{%r[0-9]+}}, [retval0+2];

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; a ^ (b's first three lanes), lane 2 also or'ed with b's last lane, `depth` + 1 times
define internal <3 x i1> @flip(<3 x i1> %a, <5 x i1> %b, i32 %depth) {
  %b3 = shufflevector <5 x i1> %b, <5 x i1> poison, <3 x i32> <i32 0, i32 1, i32 2>
  %x = xor <3 x i1> %a, %b3
  %b4 = extractelement <5 x i1> %b, i32 4
  %x2 = extractelement <3 x i1> %x, i32 2
  %o = or i1 %x2, %b4
  %r = insertelement <3 x i1> %x, i1 %o, i32 2
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %again, label %done
again:
  %d1 = sub i32 %depth, 1
  %rr = call <3 x i1> @flip(<3 x i1> %r, <5 x i1> %b, i32 %d1)
  ret <3 x i1> %rr
done:
  ret <3 x i1> %r
}

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %i = add i32 %cn, %t
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pi
  %s = insertelement <3 x i32> poison, i32 %v, i32 0
  %sp = shufflevector <3 x i32> %s, <3 x i32> poison, <3 x i32> zeroinitializer
  %a = icmp ugt <3 x i32> %sp, <i32 10, i32 20, i32 40>
  %s5 = insertelement <5 x i32> poison, i32 %i, i32 0
  %sp5 = shufflevector <5 x i32> %s5, <5 x i32> poison, <5 x i32> zeroinitializer
  %m = and <5 x i32> %sp5, <i32 1, i32 2, i32 4, i32 8, i32 16>
  %b = icmp ne <5 x i32> %m, zeroinitializer
  %depth = and i32 %v, 3
  %r = call <3 x i1> @flip(<3 x i1> %a, <5 x i1> %b, i32 %depth)
  %z = zext <3 x i1> %r to <3 x i8>
  %o = mul i32 %i, 3
  %po = getelementptr i8, ptr addrspace(1) %out, i32 %o
  store <3 x i8> %z, ptr addrspace(1) %po, align 1
  ret void
}
