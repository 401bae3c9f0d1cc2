; FMA contraction (llvm/fma_contract.rs, llc-19's NVPTX rule): an fadd/fsub and the fmul feeding
; it are fused into fma.rn when both carry `contract` (or `fast`) and sit in one block; an fmul
; with other uses stays for them; with two candidate fmuls the one with fewer uses is folded;
; fsub forms negate the addend or the product; nothing is fused without the flags, across blocks,
; or with --fmad=false. f64 and f16 (scalar, and <2 x half> as one packed fma.rn.f16x2) are fused too.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --fmad=false %s | FileCheck %s --check-prefix=OFF
; RUN: ori opt -passes=fma-contract -S %s | FileCheck %s --check-prefix=IR
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin -passes=fma-contract -S %s -o %t.plugin.ll && ori opt -passes=fma-contract -S %s -o %t.ori.ll && diff %t.plugin.ll %t.ori.ll %}
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; RUN: ori check %s | FileCheck %s --check-prefix=CHECK-RUN
; RUN: ori check --fmad=false %s | FileCheck %s --check-prefix=CHECK-RUN
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX-LABEL: .entry forms(
; PTX: fma.rn.f32 [[S:%r[0-9]+]], [[A:%r[0-9]+]], [[B:%r[0-9]+]], [[C:%r[0-9]+]];
; PTX: neg.f32 [[NC:%r[0-9]+]], [[C]];
; PTX-NEXT: fma.rn.f32 {{%r[0-9]+}}, [[A]], [[B]], [[NC]];
; PTX: neg.f32 [[NA:%r[0-9]+]], [[A]];
; PTX-NEXT: fma.rn.f32 {{%r[0-9]+}}, [[NA]], [[B]], [[C]];
; PTX: fma.rn.f32 {{%r[0-9]+}}, [[NA]], [[B]], [[NC]];
; PTX-NOT: mul.rn.f32
; PTX-LABEL: .entry choices(
; The fmul without `contract`, the fadd without it, and the fmul with two uses stay apart; the
; one-use multiply of the last add is folded.
; PTX: mul.rn.f32
; PTX: add.rn.f32
; PTX: mul.rn.f32
; PTX: add.rn.f32
; PTX: fma.rn.f32
; PTX-LABEL: .entry wide_and_half(
; PTX: fma.rn.f64
; PTX: fma.rn.f16 %hs
; PTX: fma.rn.f16x2
; PTX-LABEL: .entry across_blocks(
; PTX: mul.rn.f32
; PTX: add.rn.f32
; PTX-NOT: fma

; OFF-NOT: fma.rn

; IR-LABEL: define ptx_kernel void @forms(
; IR: %s = call contract float @llvm.fma.f32(float %a, float %b, float %c)
; IR: [[N:%[0-9]+]] = fneg float %c
; IR-NEXT: %u = call contract float @llvm.fma.f32(float %a, float %b, float [[N]])
; IR-NOT: fmul
; IR-LABEL: define ptx_kernel void @choices(

; SASS-LABEL: Function : forms
; SASS: FFMA
; SASS-LABEL: Function : wide_and_half
; SASS: DFMA

; CHECK-RUN: forms: ok
; CHECK-RUN: choices: ok
; CHECK-RUN: wide_and_half: ok
; CHECK-RUN: across_blocks: ok

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Inexact inputs (tid / 10, tid / 3, ...) so that fused and separate roundings differ somewhere.
define ptx_kernel void @forms(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tf = uitofp i32 %t to float
  %a = fmul float %tf, 0x3FB99999A0000000
  %b = fadd float %tf, 0x3FD5555560000000
  %c = fdiv float %tf, 7.0
  %m = fmul contract float %a, %b
  %s = fadd contract float %m, %c
  %u = fsub contract float %m, %c
  %v = fsub contract float %c, %m
  %n = fneg float %m
  %w = fsub contract float %n, %c
  %i = zext i32 %t to i64
  %p0 = getelementptr [4 x float], ptr addrspace(1) %out, i64 %i, i64 0
  store float %s, ptr addrspace(1) %p0
  %p1 = getelementptr [4 x float], ptr addrspace(1) %out, i64 %i, i64 1
  store float %u, ptr addrspace(1) %p1
  %p2 = getelementptr [4 x float], ptr addrspace(1) %out, i64 %i, i64 2
  store float %v, ptr addrspace(1) %p2
  %p3 = getelementptr [4 x float], ptr addrspace(1) %out, i64 %i, i64 3
  store float %w, ptr addrspace(1) %p3
  ret void
}

define ptx_kernel void @choices(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = uitofp i32 %t to float
  %b = fmul float %a, 0x3FB99999A0000000
  %c = fdiv float %a, 3.0
  %m1 = fmul float %a, %b
  %s1 = fadd contract float %m1, %c
  %m2 = fmul contract float %b, %c
  %s2 = fadd float %m2, %a
  %m3 = fmul contract float %a, %c
  %m4 = fmul contract float %b, %b
  %s3 = fadd contract float %m3, %m4
  %x = fadd float %s1, %s2
  %y = fadd float %x, %s3
  %z = fadd float %y, %m3
  %i = zext i32 %t to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %i
  store float %z, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @wide_and_half(ptr addrspace(1) %out, ptr addrspace(1) %hout) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = uitofp i32 %t to double
  %b = fdiv double %a, 3.0
  %m = fmul contract double %a, %b
  %s = fadd contract double %m, 0x3FB999999999999A
  %i = zext i32 %t to i64
  %p = getelementptr double, ptr addrspace(1) %out, i64 %i
  store double %s, ptr addrspace(1) %p
  %h = fptrunc double %b to half
  %hm = fmul contract half %h, %h
  %hs = fadd contract half %hm, 0xH3555
  %v0 = insertelement <2 x half> poison, half %h, i32 0
  %v = insertelement <2 x half> %v0, half %hs, i32 1
  %vm = fmul contract <2 x half> %v, %v
  %vs = fadd contract <2 x half> %vm, %v
  %hp = getelementptr <2 x half>, ptr addrspace(1) %hout, i64 %i
  store <2 x half> %vs, ptr addrspace(1) %hp
  ret void
}

define ptx_kernel void @across_blocks(ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = uitofp i32 %t to float
  %b = fdiv float %a, 3.0
  %m = fmul contract float %a, %b
  %c = icmp ult i32 %t, %n
  br i1 %c, label %then, label %done
then:
  %s = fadd contract float %m, %b
  %i = zext i32 %t to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %i
  store float %s, ptr addrspace(1) %p
  br label %done
done:
  ret void
}
