; The LLVM JIT reference runs warp shuffles: a full-warp sum by shfl.sync.down.f32 (lane 0 of
; each warp stores it), a butterfly sum within segments of 8 lanes (shfl.sync.bfly.i32 with
; c = 0x181f: segment mask 24, clamp 31), a shfl.sync.up.i32p whose predicate says whether the
; source lane existed, and a shfl.sync.idx.i32 broadcast of lane 5. Both runs agree only
; if every lane reads the lane the PTX rules name.
; RUN: ori check %s | FileCheck %s
; RUN: ori check --maxrregcount=24 %s | FileCheck %s
; CHECK: warp_shuffles: ok (jit; 132 output elements written)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @warp_shuffles(ptr addrspace(1) %sums, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pi = getelementptr float, ptr addrspace(1) %in, i32 %i
  %v = load float, ptr addrspace(1) %pi
  %d16 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %v1 = fadd float %v, %d16
  %d8 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v1, i32 8, i32 31)
  %v2 = fadd float %v1, %d8
  %d4 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v2, i32 4, i32 31)
  %v3 = fadd float %v2, %d4
  %d2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v3, i32 2, i32 31)
  %v4 = fadd float %v3, %d2
  %d1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v4, i32 1, i32 31)
  %v5 = fadd float %v4, %d1
  ; Integer work on the bits of the input: a butterfly sum over segments of 8 lanes.
  %k = fptosi float %v to i32
  %k7 = and i32 %k, 255
  %e4 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %k7, i32 4, i32 6175)
  %k1 = add i32 %k7, %e4
  %e2 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %k1, i32 2, i32 6175)
  %k2 = add i32 %k1, %e2
  %e1 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %k2, i32 1, i32 6175)
  %k3 = add i32 %k2, %e1
  ; Up by 3 with the predicate: lanes 0..2 have no source.
  %up = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %i, i32 3, i32 0)
  %uv = extractvalue { i32, i1 } %up, 0
  %ok = extractvalue { i32, i1 } %up, 1
  %ub = select i1 %ok, i32 %uv, i32 -7
  %bc = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %i, i32 5, i32 31)
  %r1 = mul i32 %k3, 1000
  %r2 = add i32 %r1, %ub
  %r3 = mul i32 %bc, 7
  %r = xor i32 %r2, %r3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %po
  %lane = and i32 %t, 31
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %write, label %exit

write:
  %w = lshr i32 %i, 5
  %ps = getelementptr float, ptr addrspace(1) %sums, i32 %w
  store float %v5, ptr addrspace(1) %ps
  br label %exit

exit:
  ret void
}

declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
