; Integer arithmetic, 32 and 64 bits: PTX and the SASS listing ptxas's spellings. 32-bit ops map
; one to one (IADD3 with the immediate in the B slot, IMAD, SHF.L.U32 / SHF.R.S32.HI with RZ,
; LOP3.LUT with its table and !PT, VIMNMX with PT for min and !PT for max, PRMT for bswap);
; 64-bit ones become word pairs: IADD3 + IADD3.X through a carry predicate, the 64-bit multiply as
; cross products plus IMAD.WIDE.U32, SHF.L.U64.HI / SHF.R.U64 funnel pairs, per-word LOP3.
; Widening is SHF.R.S32.HI (sign) or MOV RZ (zero) into the high word, LOP3 0xff for u8; a GEP
; on a sign-extended i32 index is one IMAD.WIDE.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX-LABEL: .visible .entry int32(
; PTX: add.s32 [[ADD:%r[0-9]+]], [[A:%r[0-9]+]], [[B:%r[0-9]+]];
; PTX-NEXT: sub.s32 [[SUB:%r[0-9]+]], [[A]], 7;
; PTX-NEXT: mul.lo.s32 {{%r[0-9]+}}, [[ADD]], [[SUB]];
; PTX-NEXT: shl.b32
; PTX-NEXT: shr.s32
; PTX-NEXT: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 255;
; PTX-NEXT: xor.b32
; PTX-NEXT: min.s32
; PTX-NEXT: max.u32
; PTX-NEXT: popc.b32
; PTX-NEXT: prmt.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0, 291;
; PTX-NEXT: abs.s32
; PTX-NEXT: st.global.b32

; SASS-LABEL: Function : int32
; SASS: IADD3 [[ADD:R[0-9]+]], [[A:R[0-9]+]], [[B:R[0-9]+]], RZ ;
; SASS-NEXT: IADD3 [[SUB:R[0-9]+]], [[A]], -0x7, RZ ;
; SASS-NEXT: IMAD [[M:R[0-9]+]], [[ADD]], [[SUB]], RZ ;
; SASS-NEXT: SHF.L.U32 [[M]], [[M]], 0x3, RZ ;
; SASS-NEXT: SHF.R.S32.HI [[M]], RZ, [[B]], [[M]] ;
; SASS-NEXT: LOP3.LUT [[M]], [[M]], 0xff, RZ, 0xc0, !PT ;
; SASS-NEXT: LOP3.LUT [[M]], [[M]], [[A]], RZ, 0x3c, !PT ;
; SASS-NEXT: VIMNMX [[MIN:R[0-9]+]], [[M]], [[B]], PT ;
; SASS-NEXT: VIMNMX.U32 [[MAX:R[0-9]+]], [[MIN]], [[A]], !PT ;
; SASS-NEXT: POPC [[MAX]], [[MAX]] ;
; SASS-NEXT: PRMT [[MAX]], [[MAX]], 0x123, RZ ;
; SASS-NEXT: IABS [[MAX]], [[MAX]] ;
; SASS-NEXT: STG.E [R{{[0-9]+}}.64], [[MAX]] ;
define ptx_kernel void @int32(ptr %out, i32 %a, i32 %b) {
  %add = add i32 %a, %b
  %sub = sub i32 %a, 7
  %mul = mul i32 %add, %sub
  %shl = shl i32 %mul, 3
  %sra = ashr i32 %shl, %b
  %and = and i32 %sra, 255
  %xor = xor i32 %and, %a
  %min = call i32 @llvm.smin.i32(i32 %xor, i32 %b)
  %max = call i32 @llvm.umax.i32(i32 %min, i32 %a)
  %pc = call i32 @llvm.ctpop.i32(i32 %max)
  %bs = call i32 @llvm.bswap.i32(i32 %pc)
  %ab = call i32 @llvm.abs.i32(i32 %bs, i1 false)
  store i32 %ab, ptr %out
  ret void
}

; PTX-LABEL: .visible .entry int64(
; PTX: add.s64
; PTX-NEXT: sub.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 40;
; PTX-NEXT: mul.lo.s64
; PTX-NEXT: shl.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 5;
; PTX: shr.u64
; PTX-NEXT: or.b64
; PTX-NEXT: cvt.s64.s32
; PTX-NEXT: cvt.u32.u8
; PTX-NEXT: cvt.u64.u32
; PTX: mul.wide.s32 [[O:%td[0-9]+]], {{%r[0-9]+}}, 8;
; PTX-NEXT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[O]];
; PTX-NEXT: st.global.b64
; PTX-NEXT: mad.lo.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 8, {{%rd[0-9]+}};

; SASS-LABEL: Function : int64
; SASS: LDC.U8 [[C:R[0-9]+]], c[0x0][0x22c] ;
; SASS-NEXT: IADD3 [[S:R[0-9]+]], [[P:P[0-6]]], [[A:R[0-9]+]], [[B:R[0-9]+]], RZ ;
; SASS-NEXT: IADD3.X R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, RZ, [[P]], !PT ;
; SASS-NEXT: IADD3 [[S]], [[Q:P[0-6]]], [[S]], -0x28, RZ ;
; SASS-NEXT: IADD3.X R{{[0-9]+}}, R{{[0-9]+}}, -0x1, RZ, [[Q]], !PT ;
; SASS-NEXT: IMAD [[T:R[0-9]+]], R{{[0-9]+}}, [[B]], RZ ;
; SASS-NEXT: IMAD [[T]], [[S]], R{{[0-9]+}}, [[T]] ;
; SASS-NEXT: IMAD.WIDE.U32 [[S]], [[S]], [[B]], RZ ;
; SASS-NEXT: IADD3 [[SH:R[0-9]+]], [[SH]], [[T]], RZ ;
; SASS-NEXT: SHF.L.U64.HI [[SH]], [[S]], 0x5, [[SH]] ;
; SASS-NEXT: SHF.L.U32 [[S]], [[S]], 0x5, RZ ;
; SASS-NEXT: MOV [[N:R[0-9]+]], [[B]] ;
; SASS-NEXT: SHF.R.U64 [[S]], [[S]], [[N]], [[SH]] ;
; SASS-NEXT: SHF.R.U32.HI [[SH]], RZ, [[N]], [[SH]] ;
; SASS-NEXT: LOP3.LUT [[A]], [[S]], [[A]], RZ, 0xfc, !PT ;
; SASS-NEXT: LOP3.LUT R{{[0-9]+}}, [[SH]], R{{[0-9]+}}, RZ, 0xfc, !PT ;
; SASS-NEXT: MOV [[X:R[0-9]+]], [[I:R[0-9]+]] ;
; SASS-NEXT: SHF.R.S32.HI R{{[0-9]+}}, RZ, 0x1f, [[X]] ;
; SASS-NEXT: LOP3.LUT [[C]], [[C]], 0xff, RZ, 0xc0, !PT ;
; SASS-NEXT: MOV R{{[0-9]+}}, RZ ;
; SASS: IMAD.WIDE [[E:R[0-9]+]], [[I]], 0x8, [[OUT:R[0-9]+]] ;
; SASS-NEXT: STG.E.64 [[[E]].64], R{{[0-9]+}} ;
; SASS-NEXT: SHF.L.U32 [[T2:R[0-9]+]], R{{[0-9]+}}, 0x3, RZ ;
; SASS-NEXT: IMAD.WIDE.U32 [[OUT]], [[B]], 0x8, [[OUT]] ;
; SASS-NEXT: IADD3 R{{[0-9]+}}, R{{[0-9]+}}, [[T2]], RZ ;
; SASS-NOT: I2I
; SASS-NOT: IMAD.64
; SASS-NOT: MOV.64
define ptx_kernel void @int64(ptr %out, i64 %a, i64 %b, i32 %i, i8 %c) {
  %add = add i64 %a, %b
  %sub = sub i64 %add, 40
  %mul = mul i64 %sub, %b
  %shl = shl i64 %mul, 5
  %lshr = lshr i64 %shl, %b
  %or = or i64 %lshr, %a
  %si = sext i32 %i to i64
  %zc = zext i8 %c to i64
  %s = add i64 %or, %si
  %t = add i64 %s, %zc
  %p = getelementptr i64, ptr %out, i64 %si
  store i64 %t, ptr %p
  %q = getelementptr i64, ptr %out, i64 %b
  %tr = trunc i64 %t to i32
  store i32 %tr, ptr %q
  ret void
}

declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.abs.i32(i32, i1)
