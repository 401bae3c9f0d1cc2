; Integer lowering: narrow types are normalized (I2I) where high bits matter, 64-bit values
; use the wide forms, i1 lives in predicates, division is the IDIV macro, shifts are SHF.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .function ints (kernel)
define ptx_kernel void @ints(ptr addrspace(1) %out, i8 %c, i32 %a, i64 %w) {
; i8 lshr: the byte is zero-extended first.
; CHECK: I2I.U32.U8 [[CZ:%r[0-9]+]],
; CHECK: SHF.R.U32.HI {{%r[0-9]+}}, [[CZ]], 0x1 ;
  %s = lshr i8 %c, 1
  store i8 %s, ptr addrspace(1) %out
; signed division of i32 by a constant: the magic-number multiplication (ori/lower/divconst.rs).
; CHECK: IMAD.HI {{%r[0-9]+}}, {{%r[0-9]+}}, 0x92492493, RZ ;
; CHECK: SHF.R.S32.HI {{%r[0-9]+}}, {{%r[0-9]+}}, 0x2 ;
  %d = sdiv i32 %a, 7
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %d, ptr addrspace(1) %p1
; 64-bit arithmetic and comparisons on pairs.
; CHECK: IMAD.64 [[M64:%rd[0-9]+]], {{%rd[0-9]+}}, 0x3, RZ ;
; CHECK: ISETP.GT.U64.AND [[P:%p[0-9]+]], [[M64]], 0x64, PT ;
; CHECK: SEL.64 {{%rd[0-9]+}}, 0x1, 0x0, [[P]] ;
  %m = mul i64 %w, 3
  %gt = icmp ugt i64 %m, 100
  %z = zext i1 %gt to i64
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 2
  store i64 %z, ptr addrspace(1) %p2
; sext i32 -> i64 and a 64-bit arithmetic shift.
; CHECK: I2I.S64.S32 [[SX:%rd[0-9]+]],
; CHECK: SHF.R.S64.HI {{%rd[0-9]+}}, [[SX]], 0x4 ;
  %sx = sext i32 %a to i64
  %sh = ashr i64 %sx, 4
; i1 logic in predicates.
; CHECK: PLOP3.LUT {{%p[0-9]+}}, {{%p[0-9]+}}, {{%p[0-9]+}}, PT ;
  %b1 = icmp eq i32 %a, 0
  %b2 = icmp ne i64 %sh, 0
  %both = and i1 %b1, %b2
  %r = select i1 %both, i64 %sh, i64 %w
; CHECK: SEL.64
; CHECK: STG.E.64
  %p3 = getelementptr i64, ptr addrspace(1) %out, i32 3
  store i64 %r, ptr addrspace(1) %p3
  ret void
}
