; The i64 bit counts (ctpop, ctlz, cttz) produce a 32-bit count that lowering widens to the i64
; result; a `trunc` back to i32 reads the 32-bit count itself (trunc(zext x) = x), so no
; cvt pair is left, and after allocation no `mov` of a register onto itself survives. A count
; also used at 64 bits keeps its widening.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: counts: ok (jit;

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.cttz.i64(i64, i1)

; CHECK-LABEL: .entry counts(
; CHECK: popc.b64 [[P:%r[0-9]+]], [[X:%rd[0-9]+]];
; CHECK-NOT: cvt.u32.u64
; CHECK: bfind.u64
; CHECK-NOT: cvt.u32.u64
; CHECK: brev.b64
; CHECK: cvt.u64.u32
; CHECK-NOT: mov.b32 [[R:%r[0-9]+]], [[R]];
; CHECK: ret;
define ptx_kernel void @counts(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %wide) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %t = add i32 %base, %tid
  %i = zext i32 %t to i64
  %pi = getelementptr i64, ptr addrspace(1) %in, i64 %i
  %x = load i64, ptr addrspace(1) %pi
  %p = call i64 @llvm.ctpop.i64(i64 %x)
  %p32 = trunc i64 %p to i32
  %l = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
  %l32 = trunc i64 %l to i32
  %z = call i64 @llvm.cttz.i64(i64 %x, i1 false)
  %z32 = trunc i64 %z to i32
  %a = shl i32 %l32, 8
  %b = shl i32 %z32, 16
  %ab = or i32 %a, %b
  %r = or i32 %ab, %p32
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 %r, ptr addrspace(1) %po
  ; cttz also stored as i64: its widening stays.
  %pw = getelementptr i64, ptr addrspace(1) %wide, i64 %i
  %zw = add i64 %z, %x
  store i64 %zw, ptr addrspace(1) %pw
  ret void
}
