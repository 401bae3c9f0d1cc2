; Arithmetic with an overflow flag, llvm.{u,s}{add,sub,mul}.with.overflow.iN, for a legal, two odd
; and the 64-bit widths, run by `ori check` against LLVM's JIT on random operands, small ones
; (products that fit) and operands next to the type's limits. Each helper stores, per operation,
; the wrapped result and the flag.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK-LABEL: .entry k
; The 64-bit products test the high half.
; CHECK-DAG: mul.hi.u64
; CHECK-DAG: mul.hi.s64
; The 64-bit unsigned sum overflowed when it is below an operand.
; CHECK-DAG: setp.lt.u64

target triple = "nvptx64-nvidia-cuda"

define internal void @ovf_i8(i8 %x, i8 %y, ptr addrspace(1) %o) {
  %uadd = call {i8, i1} @llvm.uadd.with.overflow.i8(i8 %x, i8 %y)
  %uadd.r = extractvalue {i8, i1} %uadd, 0
  %uadd.o = extractvalue {i8, i1} %uadd, 1
  %uadd.r64 = zext i8 %uadd.r to i64
  %uadd.o64 = zext i1 %uadd.o to i64
  %uadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 0
  store i64 %uadd.r64, ptr addrspace(1) %uadd.p0, align 8
  %uadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %uadd.o64, ptr addrspace(1) %uadd.p1, align 8
  %sadd = call {i8, i1} @llvm.sadd.with.overflow.i8(i8 %x, i8 %y)
  %sadd.r = extractvalue {i8, i1} %sadd, 0
  %sadd.o = extractvalue {i8, i1} %sadd, 1
  %sadd.r64 = zext i8 %sadd.r to i64
  %sadd.o64 = zext i1 %sadd.o to i64
  %sadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %sadd.r64, ptr addrspace(1) %sadd.p0, align 8
  %sadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %sadd.o64, ptr addrspace(1) %sadd.p1, align 8
  %usub = call {i8, i1} @llvm.usub.with.overflow.i8(i8 %x, i8 %y)
  %usub.r = extractvalue {i8, i1} %usub, 0
  %usub.o = extractvalue {i8, i1} %usub, 1
  %usub.r64 = zext i8 %usub.r to i64
  %usub.o64 = zext i1 %usub.o to i64
  %usub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %usub.r64, ptr addrspace(1) %usub.p0, align 8
  %usub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %usub.o64, ptr addrspace(1) %usub.p1, align 8
  %ssub = call {i8, i1} @llvm.ssub.with.overflow.i8(i8 %x, i8 %y)
  %ssub.r = extractvalue {i8, i1} %ssub, 0
  %ssub.o = extractvalue {i8, i1} %ssub, 1
  %ssub.r64 = zext i8 %ssub.r to i64
  %ssub.o64 = zext i1 %ssub.o to i64
  %ssub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %ssub.r64, ptr addrspace(1) %ssub.p0, align 8
  %ssub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %ssub.o64, ptr addrspace(1) %ssub.p1, align 8
  %umul = call {i8, i1} @llvm.umul.with.overflow.i8(i8 %x, i8 %y)
  %umul.r = extractvalue {i8, i1} %umul, 0
  %umul.o = extractvalue {i8, i1} %umul, 1
  %umul.r64 = zext i8 %umul.r to i64
  %umul.o64 = zext i1 %umul.o to i64
  %umul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %umul.r64, ptr addrspace(1) %umul.p0, align 8
  %umul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %umul.o64, ptr addrspace(1) %umul.p1, align 8
  %smul = call {i8, i1} @llvm.smul.with.overflow.i8(i8 %x, i8 %y)
  %smul.r = extractvalue {i8, i1} %smul, 0
  %smul.o = extractvalue {i8, i1} %smul, 1
  %smul.r64 = zext i8 %smul.r to i64
  %smul.o64 = zext i1 %smul.o to i64
  %smul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %smul.r64, ptr addrspace(1) %smul.p0, align 8
  %smul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %smul.o64, ptr addrspace(1) %smul.p1, align 8
  ret void
}

define internal void @ovf_i24(i24 %x, i24 %y, ptr addrspace(1) %o) {
  %uadd = call {i24, i1} @llvm.uadd.with.overflow.i24(i24 %x, i24 %y)
  %uadd.r = extractvalue {i24, i1} %uadd, 0
  %uadd.o = extractvalue {i24, i1} %uadd, 1
  %uadd.r64 = zext i24 %uadd.r to i64
  %uadd.o64 = zext i1 %uadd.o to i64
  %uadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 0
  store i64 %uadd.r64, ptr addrspace(1) %uadd.p0, align 8
  %uadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %uadd.o64, ptr addrspace(1) %uadd.p1, align 8
  %sadd = call {i24, i1} @llvm.sadd.with.overflow.i24(i24 %x, i24 %y)
  %sadd.r = extractvalue {i24, i1} %sadd, 0
  %sadd.o = extractvalue {i24, i1} %sadd, 1
  %sadd.r64 = zext i24 %sadd.r to i64
  %sadd.o64 = zext i1 %sadd.o to i64
  %sadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %sadd.r64, ptr addrspace(1) %sadd.p0, align 8
  %sadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %sadd.o64, ptr addrspace(1) %sadd.p1, align 8
  %usub = call {i24, i1} @llvm.usub.with.overflow.i24(i24 %x, i24 %y)
  %usub.r = extractvalue {i24, i1} %usub, 0
  %usub.o = extractvalue {i24, i1} %usub, 1
  %usub.r64 = zext i24 %usub.r to i64
  %usub.o64 = zext i1 %usub.o to i64
  %usub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %usub.r64, ptr addrspace(1) %usub.p0, align 8
  %usub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %usub.o64, ptr addrspace(1) %usub.p1, align 8
  %ssub = call {i24, i1} @llvm.ssub.with.overflow.i24(i24 %x, i24 %y)
  %ssub.r = extractvalue {i24, i1} %ssub, 0
  %ssub.o = extractvalue {i24, i1} %ssub, 1
  %ssub.r64 = zext i24 %ssub.r to i64
  %ssub.o64 = zext i1 %ssub.o to i64
  %ssub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %ssub.r64, ptr addrspace(1) %ssub.p0, align 8
  %ssub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %ssub.o64, ptr addrspace(1) %ssub.p1, align 8
  %umul = call {i24, i1} @llvm.umul.with.overflow.i24(i24 %x, i24 %y)
  %umul.r = extractvalue {i24, i1} %umul, 0
  %umul.o = extractvalue {i24, i1} %umul, 1
  %umul.r64 = zext i24 %umul.r to i64
  %umul.o64 = zext i1 %umul.o to i64
  %umul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %umul.r64, ptr addrspace(1) %umul.p0, align 8
  %umul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %umul.o64, ptr addrspace(1) %umul.p1, align 8
  %smul = call {i24, i1} @llvm.smul.with.overflow.i24(i24 %x, i24 %y)
  %smul.r = extractvalue {i24, i1} %smul, 0
  %smul.o = extractvalue {i24, i1} %smul, 1
  %smul.r64 = zext i24 %smul.r to i64
  %smul.o64 = zext i1 %smul.o to i64
  %smul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %smul.r64, ptr addrspace(1) %smul.p0, align 8
  %smul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %smul.o64, ptr addrspace(1) %smul.p1, align 8
  ret void
}

define internal void @ovf_i32(i32 %x, i32 %y, ptr addrspace(1) %o) {
  %uadd = call {i32, i1} @llvm.uadd.with.overflow.i32(i32 %x, i32 %y)
  %uadd.r = extractvalue {i32, i1} %uadd, 0
  %uadd.o = extractvalue {i32, i1} %uadd, 1
  %uadd.r64 = zext i32 %uadd.r to i64
  %uadd.o64 = zext i1 %uadd.o to i64
  %uadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 0
  store i64 %uadd.r64, ptr addrspace(1) %uadd.p0, align 8
  %uadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %uadd.o64, ptr addrspace(1) %uadd.p1, align 8
  %sadd = call {i32, i1} @llvm.sadd.with.overflow.i32(i32 %x, i32 %y)
  %sadd.r = extractvalue {i32, i1} %sadd, 0
  %sadd.o = extractvalue {i32, i1} %sadd, 1
  %sadd.r64 = zext i32 %sadd.r to i64
  %sadd.o64 = zext i1 %sadd.o to i64
  %sadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %sadd.r64, ptr addrspace(1) %sadd.p0, align 8
  %sadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %sadd.o64, ptr addrspace(1) %sadd.p1, align 8
  %usub = call {i32, i1} @llvm.usub.with.overflow.i32(i32 %x, i32 %y)
  %usub.r = extractvalue {i32, i1} %usub, 0
  %usub.o = extractvalue {i32, i1} %usub, 1
  %usub.r64 = zext i32 %usub.r to i64
  %usub.o64 = zext i1 %usub.o to i64
  %usub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %usub.r64, ptr addrspace(1) %usub.p0, align 8
  %usub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %usub.o64, ptr addrspace(1) %usub.p1, align 8
  %ssub = call {i32, i1} @llvm.ssub.with.overflow.i32(i32 %x, i32 %y)
  %ssub.r = extractvalue {i32, i1} %ssub, 0
  %ssub.o = extractvalue {i32, i1} %ssub, 1
  %ssub.r64 = zext i32 %ssub.r to i64
  %ssub.o64 = zext i1 %ssub.o to i64
  %ssub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %ssub.r64, ptr addrspace(1) %ssub.p0, align 8
  %ssub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %ssub.o64, ptr addrspace(1) %ssub.p1, align 8
  %umul = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %x, i32 %y)
  %umul.r = extractvalue {i32, i1} %umul, 0
  %umul.o = extractvalue {i32, i1} %umul, 1
  %umul.r64 = zext i32 %umul.r to i64
  %umul.o64 = zext i1 %umul.o to i64
  %umul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %umul.r64, ptr addrspace(1) %umul.p0, align 8
  %umul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %umul.o64, ptr addrspace(1) %umul.p1, align 8
  %smul = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %x, i32 %y)
  %smul.r = extractvalue {i32, i1} %smul, 0
  %smul.o = extractvalue {i32, i1} %smul, 1
  %smul.r64 = zext i32 %smul.r to i64
  %smul.o64 = zext i1 %smul.o to i64
  %smul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %smul.r64, ptr addrspace(1) %smul.p0, align 8
  %smul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %smul.o64, ptr addrspace(1) %smul.p1, align 8
  ret void
}

define internal void @ovf_i48(i48 %x, i48 %y, ptr addrspace(1) %o) {
  %uadd = call {i48, i1} @llvm.uadd.with.overflow.i48(i48 %x, i48 %y)
  %uadd.r = extractvalue {i48, i1} %uadd, 0
  %uadd.o = extractvalue {i48, i1} %uadd, 1
  %uadd.r64 = zext i48 %uadd.r to i64
  %uadd.o64 = zext i1 %uadd.o to i64
  %uadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 0
  store i64 %uadd.r64, ptr addrspace(1) %uadd.p0, align 8
  %uadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %uadd.o64, ptr addrspace(1) %uadd.p1, align 8
  %sadd = call {i48, i1} @llvm.sadd.with.overflow.i48(i48 %x, i48 %y)
  %sadd.r = extractvalue {i48, i1} %sadd, 0
  %sadd.o = extractvalue {i48, i1} %sadd, 1
  %sadd.r64 = zext i48 %sadd.r to i64
  %sadd.o64 = zext i1 %sadd.o to i64
  %sadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %sadd.r64, ptr addrspace(1) %sadd.p0, align 8
  %sadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %sadd.o64, ptr addrspace(1) %sadd.p1, align 8
  %usub = call {i48, i1} @llvm.usub.with.overflow.i48(i48 %x, i48 %y)
  %usub.r = extractvalue {i48, i1} %usub, 0
  %usub.o = extractvalue {i48, i1} %usub, 1
  %usub.r64 = zext i48 %usub.r to i64
  %usub.o64 = zext i1 %usub.o to i64
  %usub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %usub.r64, ptr addrspace(1) %usub.p0, align 8
  %usub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %usub.o64, ptr addrspace(1) %usub.p1, align 8
  %ssub = call {i48, i1} @llvm.ssub.with.overflow.i48(i48 %x, i48 %y)
  %ssub.r = extractvalue {i48, i1} %ssub, 0
  %ssub.o = extractvalue {i48, i1} %ssub, 1
  %ssub.r64 = zext i48 %ssub.r to i64
  %ssub.o64 = zext i1 %ssub.o to i64
  %ssub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %ssub.r64, ptr addrspace(1) %ssub.p0, align 8
  %ssub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %ssub.o64, ptr addrspace(1) %ssub.p1, align 8
  %umul = call {i48, i1} @llvm.umul.with.overflow.i48(i48 %x, i48 %y)
  %umul.r = extractvalue {i48, i1} %umul, 0
  %umul.o = extractvalue {i48, i1} %umul, 1
  %umul.r64 = zext i48 %umul.r to i64
  %umul.o64 = zext i1 %umul.o to i64
  %umul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %umul.r64, ptr addrspace(1) %umul.p0, align 8
  %umul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %umul.o64, ptr addrspace(1) %umul.p1, align 8
  %smul = call {i48, i1} @llvm.smul.with.overflow.i48(i48 %x, i48 %y)
  %smul.r = extractvalue {i48, i1} %smul, 0
  %smul.o = extractvalue {i48, i1} %smul, 1
  %smul.r64 = zext i48 %smul.r to i64
  %smul.o64 = zext i1 %smul.o to i64
  %smul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %smul.r64, ptr addrspace(1) %smul.p0, align 8
  %smul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %smul.o64, ptr addrspace(1) %smul.p1, align 8
  ret void
}

define internal void @ovf_i64(i64 %x, i64 %y, ptr addrspace(1) %o) {
  %uadd = call {i64, i1} @llvm.uadd.with.overflow.i64(i64 %x, i64 %y)
  %uadd.r = extractvalue {i64, i1} %uadd, 0
  %uadd.o = extractvalue {i64, i1} %uadd, 1
  %uadd.o64 = zext i1 %uadd.o to i64
  %uadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 0
  store i64 %uadd.r, ptr addrspace(1) %uadd.p0, align 8
  %uadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %uadd.o64, ptr addrspace(1) %uadd.p1, align 8
  %sadd = call {i64, i1} @llvm.sadd.with.overflow.i64(i64 %x, i64 %y)
  %sadd.r = extractvalue {i64, i1} %sadd, 0
  %sadd.o = extractvalue {i64, i1} %sadd, 1
  %sadd.o64 = zext i1 %sadd.o to i64
  %sadd.p0 = getelementptr i64, ptr addrspace(1) %o, i64 2
  store i64 %sadd.r, ptr addrspace(1) %sadd.p0, align 8
  %sadd.p1 = getelementptr i64, ptr addrspace(1) %o, i64 3
  store i64 %sadd.o64, ptr addrspace(1) %sadd.p1, align 8
  %usub = call {i64, i1} @llvm.usub.with.overflow.i64(i64 %x, i64 %y)
  %usub.r = extractvalue {i64, i1} %usub, 0
  %usub.o = extractvalue {i64, i1} %usub, 1
  %usub.o64 = zext i1 %usub.o to i64
  %usub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 4
  store i64 %usub.r, ptr addrspace(1) %usub.p0, align 8
  %usub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 5
  store i64 %usub.o64, ptr addrspace(1) %usub.p1, align 8
  %ssub = call {i64, i1} @llvm.ssub.with.overflow.i64(i64 %x, i64 %y)
  %ssub.r = extractvalue {i64, i1} %ssub, 0
  %ssub.o = extractvalue {i64, i1} %ssub, 1
  %ssub.o64 = zext i1 %ssub.o to i64
  %ssub.p0 = getelementptr i64, ptr addrspace(1) %o, i64 6
  store i64 %ssub.r, ptr addrspace(1) %ssub.p0, align 8
  %ssub.p1 = getelementptr i64, ptr addrspace(1) %o, i64 7
  store i64 %ssub.o64, ptr addrspace(1) %ssub.p1, align 8
  %umul = call {i64, i1} @llvm.umul.with.overflow.i64(i64 %x, i64 %y)
  %umul.r = extractvalue {i64, i1} %umul, 0
  %umul.o = extractvalue {i64, i1} %umul, 1
  %umul.o64 = zext i1 %umul.o to i64
  %umul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 8
  store i64 %umul.r, ptr addrspace(1) %umul.p0, align 8
  %umul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 9
  store i64 %umul.o64, ptr addrspace(1) %umul.p1, align 8
  %smul = call {i64, i1} @llvm.smul.with.overflow.i64(i64 %x, i64 %y)
  %smul.r = extractvalue {i64, i1} %smul, 0
  %smul.o = extractvalue {i64, i1} %smul, 1
  %smul.o64 = zext i1 %smul.o to i64
  %smul.p0 = getelementptr i64, ptr addrspace(1) %o, i64 10
  store i64 %smul.r, ptr addrspace(1) %smul.p0, align 8
  %smul.p1 = getelementptr i64, ptr addrspace(1) %o, i64 11
  store i64 %smul.o64, ptr addrspace(1) %smul.p1, align 8
  ret void
}

; Per thread: 5 widths x 3 operand pairs x 12 values.
define ptx_kernel void @k(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %first = mul i32 %cta, %ntid
  %gid = add i32 %first, %tid
  %i = zext i32 %gid to i64
  %pa = getelementptr i64, ptr addrspace(1) %in, i64 %i
  %a = load i64, ptr addrspace(1) %pa, align 8
  %j = xor i64 %i, 127
  %pb = getelementptr i64, ptr addrspace(1) %in, i64 %j
  %b = load i64, ptr addrspace(1) %pb, align 8
  ; Small operands (products that fit, or nearly), then an operand next to the maximum or the
  ; minimum of each width with a small one.
  %sa = ashr i64 %a, 58
  %sb = ashr i64 %b, 59
  %t3 = and i64 %i, 3
  %base = mul i64 %i, 180

  %x.i8.0 = trunc i64 %a to i8
  %y.i8.0 = trunc i64 %b to i8
  %at.i8.0 = add i64 %base, 0
  %o.i8.0 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i8.0
  call void @ovf_i8(i8 %x.i8.0, i8 %y.i8.0, ptr addrspace(1) %o.i8.0)
  %x.i8.1 = trunc i64 %sa to i8
  %y.i8.1 = trunc i64 %sb to i8
  %at.i8.1 = add i64 %base, 12
  %o.i8.1 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i8.1
  call void @ovf_i8(i8 %x.i8.1, i8 %y.i8.1, ptr addrspace(1) %o.i8.1)
  %hi.i8.2 = sub i64 127, %t3
  %lo.i8.2 = add i64 -128, %t3
  %odd.i8.2 = trunc i64 %i to i1
  %lim.i8.2 = select i1 %odd.i8.2, i64 %hi.i8.2, i64 %lo.i8.2
  %x.i8.2 = trunc i64 %lim.i8.2 to i8
  %y.i8.2 = trunc i64 %sb to i8
  %at.i8.2 = add i64 %base, 24
  %o.i8.2 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i8.2
  call void @ovf_i8(i8 %x.i8.2, i8 %y.i8.2, ptr addrspace(1) %o.i8.2)
  %x.i24.0 = trunc i64 %a to i24
  %y.i24.0 = trunc i64 %b to i24
  %at.i24.0 = add i64 %base, 36
  %o.i24.0 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i24.0
  call void @ovf_i24(i24 %x.i24.0, i24 %y.i24.0, ptr addrspace(1) %o.i24.0)
  %x.i24.1 = trunc i64 %sa to i24
  %y.i24.1 = trunc i64 %sb to i24
  %at.i24.1 = add i64 %base, 48
  %o.i24.1 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i24.1
  call void @ovf_i24(i24 %x.i24.1, i24 %y.i24.1, ptr addrspace(1) %o.i24.1)
  %hi.i24.2 = sub i64 8388607, %t3
  %lo.i24.2 = add i64 -8388608, %t3
  %odd.i24.2 = trunc i64 %i to i1
  %lim.i24.2 = select i1 %odd.i24.2, i64 %hi.i24.2, i64 %lo.i24.2
  %x.i24.2 = trunc i64 %lim.i24.2 to i24
  %y.i24.2 = trunc i64 %sb to i24
  %at.i24.2 = add i64 %base, 60
  %o.i24.2 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i24.2
  call void @ovf_i24(i24 %x.i24.2, i24 %y.i24.2, ptr addrspace(1) %o.i24.2)
  %x.i32.0 = trunc i64 %a to i32
  %y.i32.0 = trunc i64 %b to i32
  %at.i32.0 = add i64 %base, 72
  %o.i32.0 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i32.0
  call void @ovf_i32(i32 %x.i32.0, i32 %y.i32.0, ptr addrspace(1) %o.i32.0)
  %x.i32.1 = trunc i64 %sa to i32
  %y.i32.1 = trunc i64 %sb to i32
  %at.i32.1 = add i64 %base, 84
  %o.i32.1 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i32.1
  call void @ovf_i32(i32 %x.i32.1, i32 %y.i32.1, ptr addrspace(1) %o.i32.1)
  %hi.i32.2 = sub i64 2147483647, %t3
  %lo.i32.2 = add i64 -2147483648, %t3
  %odd.i32.2 = trunc i64 %i to i1
  %lim.i32.2 = select i1 %odd.i32.2, i64 %hi.i32.2, i64 %lo.i32.2
  %x.i32.2 = trunc i64 %lim.i32.2 to i32
  %y.i32.2 = trunc i64 %sb to i32
  %at.i32.2 = add i64 %base, 96
  %o.i32.2 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i32.2
  call void @ovf_i32(i32 %x.i32.2, i32 %y.i32.2, ptr addrspace(1) %o.i32.2)
  %x.i48.0 = trunc i64 %a to i48
  %y.i48.0 = trunc i64 %b to i48
  %at.i48.0 = add i64 %base, 108
  %o.i48.0 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i48.0
  call void @ovf_i48(i48 %x.i48.0, i48 %y.i48.0, ptr addrspace(1) %o.i48.0)
  %x.i48.1 = trunc i64 %sa to i48
  %y.i48.1 = trunc i64 %sb to i48
  %at.i48.1 = add i64 %base, 120
  %o.i48.1 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i48.1
  call void @ovf_i48(i48 %x.i48.1, i48 %y.i48.1, ptr addrspace(1) %o.i48.1)
  %hi.i48.2 = sub i64 140737488355327, %t3
  %lo.i48.2 = add i64 -140737488355328, %t3
  %odd.i48.2 = trunc i64 %i to i1
  %lim.i48.2 = select i1 %odd.i48.2, i64 %hi.i48.2, i64 %lo.i48.2
  %x.i48.2 = trunc i64 %lim.i48.2 to i48
  %y.i48.2 = trunc i64 %sb to i48
  %at.i48.2 = add i64 %base, 132
  %o.i48.2 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i48.2
  call void @ovf_i48(i48 %x.i48.2, i48 %y.i48.2, ptr addrspace(1) %o.i48.2)
  %at.i64.0 = add i64 %base, 144
  %o.i64.0 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i64.0
  call void @ovf_i64(i64 %a, i64 %b, ptr addrspace(1) %o.i64.0)
  %at.i64.1 = add i64 %base, 156
  %o.i64.1 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i64.1
  call void @ovf_i64(i64 %sa, i64 %sb, ptr addrspace(1) %o.i64.1)
  %hi.i64.2 = sub i64 9223372036854775807, %t3
  %lo.i64.2 = add i64 -9223372036854775808, %t3
  %odd.i64.2 = trunc i64 %i to i1
  %lim.i64.2 = select i1 %odd.i64.2, i64 %hi.i64.2, i64 %lo.i64.2
  %at.i64.2 = add i64 %base, 168
  %o.i64.2 = getelementptr i64, ptr addrspace(1) %out, i64 %at.i64.2
  call void @ovf_i64(i64 %lim.i64.2, i64 %sb, ptr addrspace(1) %o.i64.2)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare {i8, i1} @llvm.uadd.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.sadd.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.usub.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.ssub.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.umul.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.smul.with.overflow.i8(i8, i8)
declare {i24, i1} @llvm.uadd.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.sadd.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.usub.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.ssub.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.umul.with.overflow.i24(i24, i24)
declare {i24, i1} @llvm.smul.with.overflow.i24(i24, i24)
declare {i32, i1} @llvm.uadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.sadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.usub.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.ssub.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.smul.with.overflow.i32(i32, i32)
declare {i48, i1} @llvm.uadd.with.overflow.i48(i48, i48)
declare {i48, i1} @llvm.sadd.with.overflow.i48(i48, i48)
declare {i48, i1} @llvm.usub.with.overflow.i48(i48, i48)
declare {i48, i1} @llvm.ssub.with.overflow.i48(i48, i48)
declare {i48, i1} @llvm.umul.with.overflow.i48(i48, i48)
declare {i48, i1} @llvm.smul.with.overflow.i48(i48, i48)
declare {i64, i1} @llvm.uadd.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.sadd.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.usub.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.ssub.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.umul.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.smul.with.overflow.i64(i64, i64)
