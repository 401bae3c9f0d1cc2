; Phase 49 GvnCse and FoldAddressOffsets (ori/opt/gvn_cse.rs, ori/opt/fold_offsets.rs). Four GEPs into
; one row of a shared tile, hoisted to the loop preheader the way LLVM's LICM leaves them, lower
; to four MOV/IMAD.WIDE chains of the same row address plus a constant: GvnCse merges the chains
; with each other and with the row address of the entry block's store (one `MOV.64 @tile` and one
; row address remain, in the entry block), and the constants become the offsets of the
; loads inside the loop (`[%rd+4]`, LDS `[R+0x4]`), so one 64-bit pair is live through the loop
; instead of four. A negative constant folds too (`[%rd+-4]`, `.64-0x4]`); one outside SASS's
; signed 24-bit immediate stays an addition. Without the two phases the additions stay.
; RUN: ori llc --emit=ori --dump-after=GvnCse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CSE
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; RUN: ori llc --disable-phase=GvnCse --disable-phase=FoldAddressOffsets %s -o - | FileCheck %s --check-prefix=OFF
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [16 x [16 x float]] undef, align 4

; CSE-LABEL: *** IR Dump After GvnCse (phase 49) ***
; CSE: MOV.64 [[T:%rd[0-9]+]], @tile ;
; CSE-NEXT: IMAD.WIDE [[ROW:%rd[0-9]+]], %r{{[0-9]+}}, 0x40, [[T]] ;
; CSE-NOT: @tile
; CSE: bix1 (L1) <pre>:
; CSE-NEXT: IADD3.64 %rd{{[0-9]+}}, [[ROW]], 0x4, RZ ;
; CSE-NEXT: IADD3.64 %rd{{[0-9]+}}, [[ROW]], 0x8, RZ ;
; CSE-NEXT: IADD3.64 %rd{{[0-9]+}}, [[ROW]], 0xc, RZ ;
; CSE-NEXT: bix2

; PTX-LABEL: .visible .entry tiled(
; PTX: ld.param.u64 [[IN:%rd[0-9]+]], [tiled_param_1];
; PTX: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+-4];
; PTX-NEXT: add.s64 {{%rd[0-9]+}}, [[IN]], 0x1000000;
; PTX: mov.u64 [[T:%rd[0-9]+]], tile;
; PTX-NEXT: mul.wide.s32 [[O:%td[0-9]+]], {{%r[0-9]+}}, 64;
; PTX-NEXT: add.s64 [[ROW:%rd[0-9]+]], [[T]], [[O]];
; PTX-NOT: add.s64 {{%rd[0-9]+}}, [[ROW]], {{[0-9]+}};
; PTX: ld.shared.b32 {{%r[0-9]+}}, [[[ROW]]];
; PTX-NEXT: ld.shared.b32 {{%r[0-9]+}}, [[[ROW]]+4];
; PTX-NEXT: ld.shared.b32 {{%r[0-9]+}}, [[[ROW]]+8];
; PTX-NEXT: ld.shared.b32 {{%r[0-9]+}}, [[[ROW]]+12];

; SASS-LABEL: Function : tiled
; SASS: LDG.E {{R[0-9]+}}, [R{{[0-9]+}}.64-0x4] ;
; SASS: LDS {{R[0-9]+}}, [[[ROW:R[0-9]+]]] ;
; SASS-NEXT: LDS {{R[0-9]+}}, [[[ROW]]+0x4] ;
; SASS-NEXT: LDS {{R[0-9]+}}, [[[ROW]]+0x8] ;
; SASS-NEXT: LDS {{R[0-9]+}}, [[[ROW]]+0xc] ;

; OFF-LABEL: .visible .entry tiled(
; OFF: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0xfffffffffffffffc;
; OFF-COUNT-3: mov.u64 {{%rd[0-9]+}}, tile;
; OFF: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4;
; OFF-NEXT: mov.u64 {{%rd[0-9]+}}, tile;
; OFF: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 8;
; OFF-NEXT: mov.u64 {{%rd[0-9]+}}, tile;
; OFF: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 12;
; OFF-NOT: {{\+[0-9]+\]}}

; EXEC: tiled: ok

define ptx_kernel void @tiled(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %lin0 = shl i32 %ty, 4
  %lin = add i32 %lin0, %tx
  %lin1 = or i32 %lin, 1
  %gp = getelementptr float, ptr addrspace(1) %in, i32 %lin1
  %gprev = getelementptr i8, ptr addrspace(1) %gp, i64 -4
  %v = load float, ptr addrspace(1) %gprev
  %far = getelementptr i8, ptr addrspace(1) %in, i64 16777216
  %farp = ptrtoint ptr addrspace(1) %far to i64
  %inp = ptrtoint ptr addrspace(1) %in to i64
  ; The offset, not the address: host and interpreter addresses differ.
  %farv = sub i64 %farp, %inp
  %s = getelementptr [16 x [16 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 %tx
  store float %v, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %pre, label %done
pre:
  %r0 = getelementptr [16 x [16 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 0
  %r1 = getelementptr [16 x [16 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 1
  %r2 = getelementptr [16 x [16 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 2
  %r3 = getelementptr [16 x [16 x float]], ptr addrspace(3) @tile, i32 0, i32 %ty, i32 3
  br label %loop
loop:
  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %pre ], [ %acc3, %loop ]
  %x0 = load float, ptr addrspace(3) %r0
  %x1 = load float, ptr addrspace(3) %r1
  %x2 = load float, ptr addrspace(3) %r2
  %x3 = load float, ptr addrspace(3) %r3
  %acc0 = fadd float %acc, %x0
  %acc1 = fadd float %acc0, %x1
  %acc2 = fadd float %acc1, %x2
  %acc3 = fadd float %acc2, %x3
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %res = phi float [ 0.0, %entry ], [ %acc3, %loop ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %lin
  store float %res, ptr addrspace(1) %o
  %o2 = getelementptr i64, ptr addrspace(1) %out, i32 256
  store i64 %farv, ptr addrspace(1) %o2
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()
