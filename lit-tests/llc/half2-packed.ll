; Packed <2 x half> (ori/lower/half2.rs): arithmetic on <2 x half> is one .f16x2 instruction on
; a 32-bit register (HADD2 / HMUL2 / HFMA2 without lane selectors), a load aligned to 4 whose
; value is computed or stored packed is one ld.b32, a store of a packed value aligned to 4 one
; st.b32, as llc-19 selects them. Lanes are unpacked (and.b32 / shr.b32) only where a lane is
; read; operands without a packed form are packed with prmt (llc: mov.b32 {a, b}). Not packed:
; loads aligned to 2 and volatile loads (two 16-bit loads, as before).
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: %cuobjdump -sass -fun axpy2 %t.cubin | FileCheck %s --check-prefix=SASS
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=LIST
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas, cuobjdump
; EXEC: axpy2: ok (jit
; EXEC: arith2: ok (jit
; EXEC: lanes_and_constants: ok (jit
; EXEC: not_packed_loads: ok (jit
; EXEC: loop_carried: ok (jit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
declare <2 x half> @llvm.fabs.v2f16(<2 x half>)

; y = a * x + y on pairs: two 32-bit loads, one fma.rn.f16x2, one 32-bit store.
; CHECK-LABEL: .entry axpy2(
; CHECK: ld.global.b32 [[X:%r[0-9]+]],
; CHECK: ld.global.b32 [[Y:%r[0-9]+]],
; CHECK: prmt.b32 [[A:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, 21520;
; CHECK-NEXT: fma.rn.f16x2 [[R:%r[0-9]+]], [[A]], [[X]], [[Y]];
; CHECK-NEXT: st.global.b32 [{{%rd[0-9]+}}], [[R]];
; CHECK-NOT: u16
; CHECK: ret;
; SASS: LDG.E R
; SASS: LDG.E R
; SASS: HFMA2{{(.MMA)?}} R
; SASS: STG.E desc
; SASS-NOT: PRMT R{{[0-9]+}}, R{{[0-9]+}}, 0x7632
; LIST-LABEL: Function : axpy2
; LIST: HFMA2 R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}} ;
define ptx_kernel void @axpy2(ptr addrspace(1) %x, ptr addrspace(1) %y, half %a) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %bid, 6
  %t = add i32 %b64, %tid
  %a0 = insertelement <2 x half> poison, half %a, i64 0
  %as = shufflevector <2 x half> %a0, <2 x half> poison, <2 x i32> zeroinitializer
  %px = getelementptr <2 x half>, ptr addrspace(1) %x, i32 %t
  %vx = load <2 x half>, ptr addrspace(1) %px, align 4
  %py = getelementptr <2 x half>, ptr addrspace(1) %y, i32 %t
  %vy = load <2 x half>, ptr addrspace(1) %py, align 4
  %m = fmul contract <2 x half> %as, %vx
  %r = fadd contract <2 x half> %m, %vy
  store <2 x half> %r, ptr addrspace(1) %py, align 4
  ret void
}

; add, sub (negate and add), mul, neg, fabs and fma, all packed.
; CHECK-LABEL: .entry arith2(
; CHECK-DAG: add.rn.f16x2
; CHECK-DAG: neg.f16x2
; CHECK-DAG: mul.rn.f16x2
; CHECK-DAG: abs.f16x2
; CHECK-DAG: fma.rn.f16x2
; CHECK-NOT: .f16 
; CHECK: ret;
define ptx_kernel void @arith2(ptr addrspace(1) %x, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %px = getelementptr [2 x <2 x half>], ptr addrspace(1) %x, i32 %t
  %py = getelementptr <2 x half>, ptr addrspace(1) %px, i32 1
  %a = load <2 x half>, ptr addrspace(1) %px, align 8
  %b = load <2 x half>, ptr addrspace(1) %py, align 4
  %s = fadd <2 x half> %a, %b
  %d = fsub <2 x half> %s, %b
  %p = fmul <2 x half> %d, %a
  %n = fneg <2 x half> %p
  %f = call <2 x half> @llvm.fabs.v2f16(<2 x half> %n)
  %g = call <2 x half> @llvm.fma.v2f16(<2 x half> %f, <2 x half> %a, <2 x half> %n)
  %po = getelementptr <2 x half>, ptr addrspace(1) %o, i32 %t
  store <2 x half> %g, ptr addrspace(1) %po, align 4
  ret void
}

; A lane read by scalar code is unpacked (the high one by a shift); a constant pair is one
; 32-bit immediate; a store aligned to 2 stays two 16-bit stores.
; CHECK-LABEL: .entry lanes_and_constants(
; CHECK: ld.global.b32 [[V:%r[0-9]+]],
; CHECK: mov.b32 [[K:%r[0-9]+]], 0x40003c00;
; CHECK: add.rn.f16x2 [[S:%r[0-9]+]], [[V]], [[K]];
; CHECK: shr.u32 {{%r[0-9]+}}, [[S]], 16;
; CHECK: st.global.u16
; CHECK: st.global.u16
define ptx_kernel void @lanes_and_constants(ptr addrspace(1) %x, ptr addrspace(1) %o, ptr addrspace(1) %o2) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %px = getelementptr <2 x half>, ptr addrspace(1) %x, i32 %t
  %v = load <2 x half>, ptr addrspace(1) %px, align 4
  %s = fadd <2 x half> %v, <half 1.0, half 2.0>
  %hi = extractelement <2 x half> %s, i32 1
  %w = fpext half %hi to float
  %po = getelementptr float, ptr addrspace(1) %o, i32 %t
  store float %w, ptr addrspace(1) %po, align 4
  %po2 = getelementptr <2 x half>, ptr addrspace(1) %o2, i32 %t
  store <2 x half> %s, ptr addrspace(1) %po2, align 2
  ret void
}

; Negative: a load aligned to 2 and a volatile load stay two 16-bit loads each; their lanes are
; packed with prmt for the packed add.
; CHECK-LABEL: .entry not_packed_loads(
; CHECK: ld.global.u16
; CHECK-NEXT: ld.global.u16
; CHECK: ld.volatile.global.u16
; CHECK-NEXT: ld.volatile.global.u16
; CHECK: prmt.b32
; CHECK: prmt.b32
; CHECK: add.rn.f16x2
define ptx_kernel void @not_packed_loads(ptr addrspace(1) %x, ptr addrspace(1) %o) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %px = getelementptr [2 x <2 x half>], ptr addrspace(1) %x, i32 %t
  %py = getelementptr <2 x half>, ptr addrspace(1) %px, i32 1
  %a = load <2 x half>, ptr addrspace(1) %px, align 2
  %b = load volatile <2 x half>, ptr addrspace(1) %py, align 4
  %s = fadd <2 x half> %a, %b
  %po = getelementptr <2 x half>, ptr addrspace(1) %o, i32 %t
  store <2 x half> %s, ptr addrspace(1) %po, align 4
  ret void
}

; A <2 x half> accumulator carried around a loop (the phi keeps its lanes).
; CHECK-LABEL: .entry loop_carried(
; CHECK: fma.rn.f16x2
define ptx_kernel void @loop_carried(ptr addrspace(1) %x, ptr addrspace(1) %o) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %acc = phi <2 x half> [ zeroinitializer, %entry ], [ %acc2, %loop ]
  %k = add i32 %i, %t
  %px = getelementptr <2 x half>, ptr addrspace(1) %x, i32 %k
  %v = load <2 x half>, ptr addrspace(1) %px, align 4
  %acc2 = call <2 x half> @llvm.fma.v2f16(<2 x half> %v, <2 x half> <half 0.5, half 0.25>, <2 x half> %acc)
  %i2 = add i32 %i, 1
  %c = icmp ult i32 %i2, 4
  br i1 %c, label %loop, label %done
done:
  %po = getelementptr <2 x half>, ptr addrspace(1) %o, i32 %t
  store <2 x half> %acc2, ptr addrspace(1) %po, align 4
  ret void
}
