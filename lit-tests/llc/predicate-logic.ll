; i1 logic in PTX (emit/plop3.rs): PTX has no three-input predicate LUT, so each PLOP3 is spelled
; with the fewest and/or/xor/not.pred instructions (negated sources allowed). LLVM's logical and
; / or (`select c, x, false` / `select c, true, y`) fold their constant arm into the LUT and
; become one and.pred / or.pred; a true i1 select takes three instructions; nothing goes through
; 32-bit selp/lop3/setp.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry logic(
; CHECK: and.pred [[AND:%p[0-9]+]], %p{{[0-9]+}}, %p{{[0-9]+}};
; CHECK: or.pred {{%p[0-9]+}}, %p{{[0-9]+}}, %p{{[0-9]+}};
; CHECK: and.pred {{%p[0-9]+}}, !%p{{[0-9]+}}, %p{{[0-9]+}};
; CHECK: and.pred [[T1:%tp[0-9]+]], %p{{[0-9]+}}, %p{{[0-9]+}};
; CHECK-NEXT: and.pred [[T2:%tp[0-9]+]], !%p{{[0-9]+}}, %p{{[0-9]+}};
; CHECK-NEXT: or.pred {{%p[0-9]+}}, [[T1]], [[T2]];
; CHECK-NOT: lop3.b32
; CHECK: ret;

; EXEC: logic: ok

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @logic(ptr addrspace(1) %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = icmp ult i32 %t, %n
  %b = icmp ugt i32 %t, 7
  %m = and i32 %t, 3
  %c = icmp eq i32 %m, 1
  %and = select i1 %a, i1 %b, i1 false
  %or = select i1 %b, i1 true, i1 %c
  %andn = select i1 %c, i1 false, i1 %a
  %sel = select i1 %a, i1 %b, i1 %c
  %x0 = zext i1 %and to i32
  %x1 = zext i1 %or to i32
  %x2 = zext i1 %andn to i32
  %x3 = zext i1 %sel to i32
  %y1 = shl i32 %x1, 1
  %y2 = shl i32 %x2, 2
  %y3 = shl i32 %x3, 3
  %z0 = or i32 %x0, %y1
  %z1 = or i32 %z0, %y2
  %z2 = or i32 %z1, %y3
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %i
  store i32 %z2, ptr addrspace(1) %p
  ret void
}
