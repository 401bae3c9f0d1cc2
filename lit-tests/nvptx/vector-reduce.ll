; llvm.vector.reduce.* folded lane by lane, as llc-19 expands them: integer add/mul/xor/smin on
; <4 x i32>, umax on <8 x i16>, smax on <16 x i8>; fadd (ordered from the start value) and a
; reassoc fmul (LLVM's halving tree, then the start value) on <4 x float>; fmax and the
; NaN-propagating fminimum; fadd on <8 x half>; fmaximum on <2 x double>; or/and on <4 x i1>
; (predicate logic). Also the integer smax/umin/abs intrinsics on vectors, lane by lane.
; `ori check` compares every output with LLVM's JIT at the default budget and at 24 registers.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; A reduction wider than 1024 lanes is refused cleanly, with no output file.
; RUN: rm -f %t.wide.ptx
; RUN: not ori llc %S/Inputs/reduce-too-wide.ll -o %t.wide.ptx 2>&1 | FileCheck %s --check-prefix=WIDE
; RUN: not ls %t.wide.ptx
; REQUIRES: ptxas
; WIDE: ori: error: unsupported intrinsic llvm.vector.reduce.add.v2048i32 on a vector of 2048 lanes (at most 1024) in function @wide
; EXEC: reduce: ok (jit;
; CHECK-LABEL: .entry reduce
; CHECK-COUNT-3: add.s32
; CHECK-COUNT-3: mul.lo.s32
; CHECK: min.s32
; CHECK: max.u32
; CHECK: add.rn.f32
; CHECK: max.f32
; CHECK: min.NaN.f32
; CHECK: add.rn.f16

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define ptx_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %pv = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %i
  %v = load <4 x i32>, ptr addrspace(1) %pv
  %add = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %mul = call i32 @llvm.vector.reduce.mul.v4i32(<4 x i32> %v)
  %xor = call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %v)
  %smin = call i32 @llvm.vector.reduce.smin.v4i32(<4 x i32> %v)
  %h = bitcast <4 x i32> %v to <8 x i16>
  %umax = call i16 @llvm.vector.reduce.umax.v8i16(<8 x i16> %h)
  %smax8 = bitcast <4 x i32> %v to <16 x i8>
  %sm = call i8 @llvm.vector.reduce.smax.v16i8(<16 x i8> %smax8)
  %f = bitcast <4 x i32> %v to <4 x float>
  %fadd = call float @llvm.vector.reduce.fadd.v4f32(float 1.0, <4 x float> %f)
  %fmul = call reassoc float @llvm.vector.reduce.fmul.v4f32(float 1.0, <4 x float> %f)
  %fmax = call float @llvm.vector.reduce.fmax.v4f32(<4 x float> %f)
  %fminimum = call float @llvm.vector.reduce.fminimum.v4f32(<4 x float> %f)
  %hf = bitcast <4 x i32> %v to <8 x half>
  %hadd = call half @llvm.vector.reduce.fadd.v8f16(half 0xH0000, <8 x half> %hf)
  %d = bitcast <4 x i32> %v to <2 x double>
  %dmax = call double @llvm.vector.reduce.fmaximum.v2f64(<2 x double> %d)
  %bits = icmp slt <4 x i32> %v, zeroinitializer
  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %bits)
  %all = call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %bits)
  %anyz = zext i1 %any to i32
  %allz = zext i1 %all to i32
  %both = shl i32 %allz, 1
  %flags = or i32 %anyz, %both
  %i16 = mul i32 %i, 16
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i16
  store i32 %add, ptr addrspace(1) %po
  %p1 = getelementptr i32, ptr addrspace(1) %po, i32 1
  store i32 %mul, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %po, i32 2
  store i32 %xor, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %po, i32 3
  store i32 %smin, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %po, i32 4
  store i16 %umax, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %po, i32 5
  store i8 %sm, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %po, i32 6
  store float %fadd, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %po, i32 7
  store float %fmul, ptr addrspace(1) %p7
  %p8 = getelementptr i32, ptr addrspace(1) %po, i32 8
  store float %fmax, ptr addrspace(1) %p8
  %p9 = getelementptr i32, ptr addrspace(1) %po, i32 9
  store float %fminimum, ptr addrspace(1) %p9
  %p10 = getelementptr i32, ptr addrspace(1) %po, i32 10
  store half %hadd, ptr addrspace(1) %p10
  %p12 = getelementptr i32, ptr addrspace(1) %po, i32 12
  store double %dmax, ptr addrspace(1) %p12
  %p14 = getelementptr i32, ptr addrspace(1) %po, i32 14
  store i32 %flags, ptr addrspace(1) %p14
  %vm = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %v, <4 x i32> <i32 0, i32 -5, i32 100, i32 7>)
  %hv = call <8 x i16> @llvm.umin.v8i16(<8 x i16> %h, <8 x i16> <i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 1000, i16 -1>)
  %av = call <4 x i32> @llvm.abs.v4i32(<4 x i32> %v, i1 false)
  %hvi = bitcast <8 x i16> %hv to <4 x i32>
  %s1 = add <4 x i32> %vm, %hvi
  %s2 = add <4 x i32> %s1, %av
  %pv2 = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 512
  %pv3 = getelementptr <4 x i32>, ptr addrspace(1) %pv2, i32 %i
  store <4 x i32> %s2, ptr addrspace(1) %pv3
  ret void
}
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.mul.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.xor.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smin.v4i32(<4 x i32>)
declare i16 @llvm.vector.reduce.umax.v8i16(<8 x i16>)
declare i8 @llvm.vector.reduce.smax.v16i8(<16 x i8>)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare float @llvm.vector.reduce.fmul.v4f32(float, <4 x float>)
declare float @llvm.vector.reduce.fmax.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fminimum.v4f32(<4 x float>)
declare half @llvm.vector.reduce.fadd.v8f16(half, <8 x half>)
declare double @llvm.vector.reduce.fmaximum.v2f64(<2 x double>)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)
declare i1 @llvm.vector.reduce.and.v4i1(<4 x i1>)
declare <4 x i32> @llvm.smax.v4i32(<4 x i32>, <4 x i32>)
declare <8 x i16> @llvm.umin.v8i16(<8 x i16>, <8 x i16>)
declare <4 x i32> @llvm.abs.v4i32(<4 x i32>, i1)
