; Warp-level intrinsics beyond shuffles: the pre-Volta votes (no member mask: vote.sync over
; activemask, since ptxas rejects vote without .sync on sm_70+), match.any / match.all on 32 and
; 64 bits (MATCH), redux.sync (REDUX), nanosleep, bar.warp.sync, activemask and the numbered
; barriers (barrier.sync id[, count]). Lanes take part in groups of equal values, and half of
; the warp votes inside a branch so that the member masks are partial.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: warp: ok (jit;

; CHECK: activemask.b32 [[M:%r[0-9]+]];
; CHECK: vote.sync.all.pred {{%p[0-9]+}}, {{%p[0-9]+}}, [[M]];
; CHECK: vote.sync.any.pred
; CHECK: vote.sync.uni.pred
; CHECK: vote.sync.ballot.b32
; CHECK: match.any.sync.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0xffffffff;
; CHECK: match.any.sync.b64 {{%r[0-9]+}}, {{%rd[0-9]+}}, 0xffffffff;
; CHECK: match.all.sync.b32 {{%r[0-9]+}}|{{%p[0-9]+}}, {{%r[0-9]+}}, 0xffffffff;
; CHECK: redux.sync.add.s32
; CHECK: redux.sync.min.s32
; CHECK: redux.sync.max.u32
; CHECK: redux.sync.xor.b32
; CHECK: nanosleep.u32
; CHECK: bar.warp.sync 0xffffffff;
; CHECK: barrier.sync 1;
; CHECK: barrier.sync 2, 64;
; SASS: MATCH.ANY
; SASS: MATCH.ALL
; SASS: REDUX.SUM
; SASS: NANOSLEEP
; SASS: WARPSYNC

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @warp(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %base = mul i32 %i, 12
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pin
  %g = and i32 %v, 3
  %odd = and i32 %t, 1
  %half = icmp eq i32 %odd, 0
  %am0 = call i32 @llvm.nvvm.activemask()
  br i1 %half, label %votes, label %join

votes:
  ; Only the even lanes: the legacy votes see activemask = 0x55555555.
  %c = icmp ugt i32 %v, 20
  %all = call i1 @llvm.nvvm.vote.all(i1 %c)
  %any = call i1 @llvm.nvvm.vote.any(i1 %c)
  %uni = call i1 @llvm.nvvm.vote.uni(i1 %c)
  %bal = call i32 @llvm.nvvm.vote.ballot(i1 %c)
  %a1 = zext i1 %all to i32
  %a2 = zext i1 %any to i32
  %a3 = zext i1 %uni to i32
  %s1 = shl i32 %a2, 1
  %s2 = shl i32 %a3, 2
  %f1 = or i32 %a1, %s1
  %f2 = or i32 %f1, %s2
  %x = xor i32 %f2, %bal
  ; Inside the branch the mask is the even lanes. (At the join it would depend on whether the
  ; warp has reconverged there, which the PTX model leaves open: the JIT reference and the
  ; interpreter may legitimately disagree, so it is not read there.)
  %amv = call i32 @llvm.nvvm.activemask()
  br label %join

join:
  %vr = phi i32 [ %x, %votes ], [ 7, %entry ]
  %am = phi i32 [ %amv, %votes ], [ %am0, %entry ]
  %w64 = zext i32 %g to i64
  %m1 = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %g)
  %m2 = call i32 @llvm.nvvm.match.any.sync.i64(i32 -1, i64 %w64)
  %ma = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %odd)
  %ma0 = extractvalue { i32, i1 } %ma, 0
  %ma1 = extractvalue { i32, i1 } %ma, 1
  %map = zext i1 %ma1 to i32
  %r1 = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  %sv = sub i32 %v, 30
  %r2 = call i32 @llvm.nvvm.redux.sync.min(i32 %sv, i32 -1)
  %r3 = call i32 @llvm.nvvm.redux.sync.umax(i32 %sv, i32 -1)
  %r4 = call i32 @llvm.nvvm.redux.sync.xor(i32 %v, i32 -1)
  call void @llvm.nvvm.nanosleep(i32 %g)
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  call void @llvm.nvvm.barrier.sync(i32 1)
  call void @llvm.nvvm.barrier.sync.cnt(i32 2, i32 64)
  %res = insertelement <12 x i32> poison, i32 %vr, i32 0
  %res1 = insertelement <12 x i32> %res, i32 %am, i32 1
  %res2 = insertelement <12 x i32> %res1, i32 %m1, i32 2
  %res3 = insertelement <12 x i32> %res2, i32 %m2, i32 3
  %res4 = insertelement <12 x i32> %res3, i32 %ma0, i32 4
  %res5 = insertelement <12 x i32> %res4, i32 %map, i32 5
  %res6 = insertelement <12 x i32> %res5, i32 %r1, i32 6
  %res7 = insertelement <12 x i32> %res6, i32 %r2, i32 7
  %res8 = insertelement <12 x i32> %res7, i32 %r3, i32 8
  %res9 = insertelement <12 x i32> %res8, i32 %r4, i32 9
  %res10 = insertelement <12 x i32> %res9, i32 %g, i32 10
  %res11 = insertelement <12 x i32> %res10, i32 %v, i32 11
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %base
  store <12 x i32> %res11, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
