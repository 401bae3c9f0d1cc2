; Special registers: %tid / %ctaid / %laneid / %lanemask_lt are S2R reads of SR_TID.X,
; SR_CTAID.X, SR_LANEID, SR_LTMASK; %ntid and %nctaid live in constant bank 0 on sm_90 (LDC
; c[0x0][RZ] for ntid.x, c[0x0][0x4], c[0x0][0xc]); %warpsize is the constant 32; the 64-bit
; %clock64 is CS2R of the clock pair. PTX reads them all with mov.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX: mov.u32 {{%r[0-9]+}}, %tid.x;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %tid.y;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %ctaid.x;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %ntid.x;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %ntid.y;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %nctaid.x;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %laneid;
; PTX-NEXT: mov.u32 {{%r[0-9]+}}, %lanemask_lt;
; PTX-NEXT: mov.u64 {{%rd[0-9]+}}, %clock64;
; PTX: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 32;

; SASS: S2R [[TX:R[0-9]+]], SR_TID.X ;
; SASS-NEXT: S2R [[TY:R[0-9]+]], SR_TID.Y ;
; SASS-NEXT: S2R [[CX:R[0-9]+]], SR_CTAID.X ;
; SASS-NEXT: LDC [[NX:R[0-9]+]], c[0x0][RZ] ;
; SASS-NEXT: LDC [[NY:R[0-9]+]], c[0x0][0x4] ;
; SASS-NEXT: LDC [[GX:R[0-9]+]], c[0x0][0xc] ;
; SASS-NEXT: S2R [[LN:R[0-9]+]], SR_LANEID ;
; SASS-NEXT: S2R [[LT:R[0-9]+]], SR_LTMASK ;
; SASS-NEXT: CS2R [[CK:R[0-9]+]], SR_CLOCKLO ;
; SASS-NEXT: IMAD [[CX]], [[CX]], [[NX]], RZ ;
; SASS: IADD3 {{R[0-9]+}}, {{R[0-9]+}}, 0x20, RZ ;
; SASS: STG.E.64 [R{{[0-9]+}}.64+0x8], [[CK]] ;
define ptx_kernel void @sregs(ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %ln = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %lt = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %ck = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %a = mul i32 %cx, %nx
  %b = add i32 %a, %tx
  %c = mul i32 %ty, %ny
  %d = add i32 %b, %c
  %e = add i32 %d, %gx
  %f = add i32 %e, %ln
  %g = add i32 %f, %ws
  %h = xor i32 %g, %lt
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store i32 %h, ptr addrspace(1) %p
  %q = getelementptr i64, ptr addrspace(1) %out, i32 1
  store i64 %ck, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
