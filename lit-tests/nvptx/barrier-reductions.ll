; __syncthreads_count / _and / _or (llvm.nvvm.barrier0.popc/and/or): one bar.red.popc each
; (and: the count of threads whose value is 0, compared with zero; or: the count of non-zero
; values, compared with zero). ori check runs them against LLVM's JIT, whose threads meet at the
; same barriers.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %s --emit=sass | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas
; EXEC: reduce: ok (jit

; CHECK-LABEL: .entry reduce
; CHECK: setp.ne.u32 [[P:%p[0-9]+]], [[X:%r[0-9]+]], 0;
; CHECK-NEXT: bar.red.popc.u32 {{%r[0-9]+}}, 0, [[P]];
; CHECK: setp.eq.u32 [[Q:%p[0-9]+]], {{%r[0-9]+}}, 0;
; CHECK-NEXT: bar.red.popc.u32 [[C:%r[0-9]+]], 0, [[Q]];
; CHECK-NEXT: setp.eq.u32 {{%p[0-9]+}}, [[C]], 0;
; CHECK: bar.red.popc.u32 [[D:%r[0-9]+]], 0,
; CHECK-NEXT: setp.ne.u32 {{%p[0-9]+}}, [[D]], 0;
; SASS: BAR.RED.POPC.DEFER_BLOCKING 0x0, P{{[0-9]}}
; SASS-NEXT: B2R.RESULT R{{[0-9]+}}

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
define ptx_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %pa
  %m = and i32 %x, 7
  %c = call i32 @llvm.nvvm.barrier0.popc(i32 %m)
  %lt = icmp ult i32 %t, 1000
  %lz = zext i1 %lt to i32
  %a = call i32 @llvm.nvvm.barrier0.and(i32 %lz)
  %o = call i32 @llvm.nvvm.barrier0.or(i32 %m)
  %b = call i32 @llvm.nvvm.barrier0.and(i32 %m)
  %s1 = mul i32 %c, 1000
  %s2 = mul i32 %a, 100
  %s3 = mul i32 %o, 10
  %r1 = add i32 %s1, %s2
  %r2 = add i32 %r1, %s3
  %r3 = add i32 %r2, %b
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r3, ptr addrspace(1) %po
  ret void
}
