; Predicates and selects: comparisons into P registers (a 64-bit unsigned compare is a low-word
; ISETP.U32 chained into ISETP...EX on the high words), i1 logic as PLOP3.LUT with its truth
; table (a = 0xf0, b = 0xcc, c = 0xaa: and 0xc0, or 0xfc, xor 0x3c), SEL per word for i32 / i64
; selects, and a zext of i1 as SEL d, RZ, 0x1, !P (the constant moves to the B slot under the
; negated predicate). PTX uses and/or/xor.pred and selp.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX: setp.lt.s32 [[P:%p[0-9]+]],
; PTX-NEXT: setp.ne.u32 [[Q:%p[0-9]+]], {{%r[0-9]+}}, 0;
; PTX-NEXT: setp.lt.u64 [[R:%p[0-9]+]],
; PTX-NEXT: and.pred [[PQ:%p[0-9]+]], [[P]], [[Q]];
; PTX-NEXT: or.pred [[ANY:%p[0-9]+]], [[PQ]], [[R]];
; PTX-NEXT: xor.pred [[ONE:%p[0-9]+]], [[ANY]], [[Q]];
; PTX-NEXT: selp.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 7, [[ONE]];
; PTX-NEXT: selp.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[PQ]];
; PTX-NEXT: selp.b32 {{%r[0-9]+}}, 1, 0, [[ANY]];

; SASS: ISETP.LT.AND [[P:P[0-6]]], PT, [[A:R[0-9]+]], R{{[0-9]+}}, PT ;
; SASS-NEXT: ISETP.NE.U32.AND [[Q:P[0-6]]], PT, [[A]], RZ, PT ;
; SASS-NEXT: ISETP.LT.U32.AND [[R:P[0-6]]], PT, [[X:R[0-9]+]], [[Y:R[0-9]+]], PT ;
; SASS-NEXT: ISETP.LT.U32.AND.EX [[R]], PT, R{{[0-9]+}}, R{{[0-9]+}}, PT, [[R]] ;
; SASS-NEXT: PLOP3.LUT [[PQ:P[0-6]]], PT, [[P]], [[Q]], PT, 0xc0, 0x0 ;
; SASS-NEXT: PLOP3.LUT [[ANY:P[0-6]]], PT, [[PQ]], [[R]], PT, 0xfc, 0x0 ;
; SASS-NEXT: PLOP3.LUT [[ONE:P[0-6]]], PT, [[ANY]], [[Q]], PT, 0x3c, 0x0 ;
; SASS-NEXT: SEL [[A]], [[A]], 0x7, [[ONE]] ;
; SASS-NEXT: SEL [[X]], [[X]], [[Y]], [[PQ]] ;
; SASS-NEXT: SEL R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, [[PQ]] ;
; SASS-NEXT: SEL [[Z:R[0-9]+]], RZ, 0x1, ![[ANY]] ;
; SASS-NEXT: IADD3 [[A]], [[A]], [[Z]], RZ ;
define ptx_kernel void @preds(ptr addrspace(1) %out, i32 %a, i32 %b, i64 %x, i64 %y) {
  %p = icmp slt i32 %a, %b
  %q = icmp ne i32 %a, 0
  %r = icmp ult i64 %x, %y
  %pq = and i1 %p, %q
  %any = or i1 %pq, %r
  %one = xor i1 %any, %q
  %s32 = select i1 %one, i32 %a, i32 7
  %s64 = select i1 %pq, i64 %x, i64 %y
  %z = zext i1 %any to i32
  %sum = add i32 %s32, %z
  store i32 %sum, ptr addrspace(1) %out
  %o2 = getelementptr i64, ptr addrspace(1) %out, i32 1
  store i64 %s64, ptr addrspace(1) %o2
  ret void
}
