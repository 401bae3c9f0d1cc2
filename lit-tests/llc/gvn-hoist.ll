; GvnCse's hoisting (ori/opt/gvn_hoist.rs): two guarded stores into rows ty and ty + 1 of a shared
; tile compute the same partial address &tile[ty][tx] (gep-reassociate separates the row's +1)
; in blocks that do not dominate each other; the address chain moves to their common dominator,
; the entry block, and both stores use it (the second with the row's 132 bytes as its offset).
; Without the phase each guarded block keeps its own MOV/IMAD.WIDE chain.
; RUN: ori llc --emit=ori --dump-after=GvnCse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CSE
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --disable-phase=GvnCse %s -o - | FileCheck %s --check-prefix=OFF
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [8 x [33 x float]] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()

; CSE-LABEL: *** IR Dump After GvnCse (phase 49) ***
; CSE: bix0 (L0) <entry>:
; CSE: MOV.64 {{%rd[0-9]+}}, @tile ;
; CSE: bix1
; CSE-NOT: @tile
; CSE: EXIT

; PTX-LABEL: .entry rows(
; PTX: st.shared.b32 [%rd[[A:[0-9]+]]],
; PTX: st.shared.b32 [%rd[[A]]+132],

; OFF-LABEL: .entry rows(
; OFF-COUNT-2: mov.u64 {{%rd[0-9]+}}, tile;

; EXEC: rows: ok (jit
define ptx_kernel void @rows(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %w) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tyc = and i32 %ty, 3
  %txc = and i32 %tx, 31
  %row = zext i32 %tyc to i64
  %col = zext i32 %txc to i64
  %lin = add nuw nsw i32 %txc, 5
  %pi = getelementptr float, ptr addrspace(1) %in, i32 %lin
  %v = load float, ptr addrspace(1) %pi
  %c1 = icmp slt i32 %txc, %w
  br i1 %c1, label %first, label %mid

first:
  %p0 = getelementptr inbounds [8 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %col
  store float %v, ptr addrspace(3) %p0
  br label %mid

mid:
  %t1 = add nuw nsw i32 %tyc, 1
  %c2 = icmp slt i32 %t1, %w
  br i1 %c2, label %second, label %done

second:
  %r1 = zext nneg i32 %t1 to i64
  %p1 = getelementptr inbounds [8 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %r1, i64 %col
  store float %v, ptr addrspace(3) %p1
  br label %done

done:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [8 x [33 x float]], ptr addrspace(3) @tile, i64 0, i64 %row, i64 %col
  %x = load float, ptr addrspace(3) %q
  %po = getelementptr float, ptr addrspace(1) %out, i32 %tx
  store float %x, ptr addrspace(1) %po
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @rows, !"reqntidx", i32 32}
