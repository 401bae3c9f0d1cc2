; lower-variadics (llvm/lower_variadics.rs): a variadic device function takes its variadic
; arguments through a pointer to a buffer its callers fill, each argument at its natural
; alignment (the layout clang's NVPTX va_arg reads: an i32 advances 4 bytes, a double is aligned
; to 8 by ptrmask, a byval struct is copied in whole); va_start stores the buffer pointer into
; the va_list, va_copy copies it, va_end goes. The function's address becomes the new
; function's, and an indirect call through the variadic type passes a buffer too.
; RUN: ori opt -passes=lower-variadics -S %s | FileCheck %s --check-prefix=IR
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin -passes=lower-variadics -S %s -o %t.plugin.ll && ori opt -passes=lower-variadics -S %s -o %t.ori.ll && diff %t.plugin.ll %t.ori.ll %}
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: variadic: ok (jit;
; IR: @table = internal addrspace(1) global ptr @sum
; IR-LABEL: define ptx_kernel void @variadic(
; IR: %vararg.buffer{{[0-9]*}} = alloca { i32, double, %struct.S{{.*}} }, align 8
; IR: %vararg.buffer{{[0-9]*}} = alloca { i32, i32, i32, double, %struct.S{{.*}} }, align 8
; IR: store i32 %a, ptr
; IR: store double %dh, ptr
; IR: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 1 %s, i64 16, i1 false)
; IR: %r1 = call i64 @sum(i32 3, ptr %vararg.buffer{{[0-9]*}})
; IR: %r2 = call i64 %fp(i32 1, ptr %vararg.buffer{{[0-9]*}})
; IR-LABEL: define internal i64 @sum(i32 %n, ptr %varargs)
; IR: store ptr %varargs, ptr %ap, align 8
; IR-NEXT: [[CUR:%.*]] = load ptr, ptr %ap, align 8
; IR-NEXT: store ptr [[CUR]], ptr %ap2, align 8
; IR-NOT: llvm.va_start
; IR-NOT: llvm.va_end

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i8, i64 }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

; sum(n, ...): n ints, then a double, then a struct S (clang's NVPTX va_arg arithmetic),
; and once more the first int through a va_copy.
define internal i64 @sum(i32 %n, ...) {
entry:
  %ap = alloca ptr, align 8
  %ap2 = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %cur = load ptr, ptr %ap, align 8
  %next = getelementptr inbounds i8, ptr %cur, i64 4
  store ptr %next, ptr %ap, align 8
  %x = load i32, ptr %cur, align 4
  %xw = sext i32 %x to i64
  %acc1 = add i64 %acc, %xw
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %tail
tail:
  %c0 = load ptr, ptr %ap, align 8
  %c1 = getelementptr inbounds i8, ptr %c0, i32 7
  %c2 = call ptr @llvm.ptrmask.p0.i64(ptr %c1, i64 -8)
  %c3 = getelementptr inbounds i8, ptr %c2, i64 8
  store ptr %c3, ptr %ap, align 8
  %d = load double, ptr %c2, align 8
  %s0 = load ptr, ptr %ap, align 8
  %s1 = getelementptr inbounds i8, ptr %s0, i32 7
  %s2 = call ptr @llvm.ptrmask.p0.i64(ptr %s1, i64 -8)
  %s3 = getelementptr inbounds i8, ptr %s2, i64 16
  store ptr %s3, ptr %ap, align 8
  %sa = load i32, ptr %s2, align 8
  %sbp = getelementptr inbounds i8, ptr %s2, i64 4
  %sb = load i8, ptr %sbp, align 4
  %scp = getelementptr inbounds i8, ptr %s2, i64 8
  %sc = load i64, ptr %scp, align 8
  %f0 = load ptr, ptr %ap2, align 8
  %first = load i32, ptr %f0, align 4
  call void @llvm.va_end.p0(ptr %ap)
  call void @llvm.va_end.p0(ptr %ap2)
  %di = fptosi double %d to i64
  %saw = sext i32 %sa to i64
  %sbw = zext i8 %sb to i64
  %fw = sext i32 %first to i64
  %t1 = add i64 %acc1, %di
  %t2 = mul i64 %t1, 31
  %t3 = add i64 %t2, %saw
  %t4 = mul i64 %t3, 31
  %t5 = add i64 %t4, %sbw
  %t6 = xor i64 %t5, %sc
  %t7 = mul i64 %fw, 1000003
  %r = add i64 %t6, %t7
  ret i64 %r
}

@table = internal addrspace(1) global ptr @sum, align 8

define ptx_kernel void @variadic(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %i4 = shl i32 %i, 2
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i4
  %a = load i32, ptr addrspace(1) %p
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  %bb = load i32, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  %c = load i32, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p, i32 3
  %e = load i32, ptr addrspace(1) %p3
  %s = alloca %struct.S, align 8
  store i32 %e, ptr %s, align 8
  %sf1 = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %e8 = trunc i32 %c to i8
  store i8 %e8, ptr %sf1, align 4
  %sf2 = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 2
  %aw = sext i32 %a to i64
  store i64 %aw, ptr %sf2, align 8
  %df = sitofp i32 %bb to double
  %dh = fmul double %df, 5.000000e-01
  %r1 = call i64 (i32, ...) @sum(i32 3, i32 %a, i32 %bb, i32 %c, double %dh, ptr byval(%struct.S) align 8 %s)
  %fp = load ptr, ptr addrspace(1) @table, align 8
  %r2 = call i64 (i32, ...) %fp(i32 1, i32 %e, double 2.500000e+00, ptr byval(%struct.S) align 8 %s)
  %i2 = shl i32 %i, 1
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %i2
  store i64 %r1, ptr addrspace(1) %po
  %po1 = getelementptr i64, ptr addrspace(1) %po, i32 1
  store i64 %r2, ptr addrspace(1) %po1
  ret void
}
