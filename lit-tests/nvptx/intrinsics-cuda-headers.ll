; CUDA's device intrinsics as clang-19 compiles them with the bundled headers (cuda-include/):
; __ldg (32/64-bit, float, double), __funnelshift_l/_rc, __brev/__brevll, __byte_perm, __sad,
; __usad, __hadd, __rhadd, __mulhi, __umulhi, __umul64hi, __clz/__ffs/__popc on 32 and 64 bits,
; __fdividef, __saturatef, __activemask, 64-bit and double __shfl*_sync, __match_any_sync,
; __nanosleep (inline asm the interpreter runs), __syncwarp, __isGlobal/__isShared. Source:
;   __global__ void k(unsigned *o, const unsigned *in, const unsigned long long *in64,
;                     const double *dd, const float *ff)  -- one line per group of intrinsics,
;   summed into o[i] (compiled with scripts/gen-kernels' clang-19 command line at -O1).
; (__reduce_*_sync is left out: clang-19's header passes the member mask as the value and the
; value as the mask, so its IR is undefined whenever a lane's value leaves the lane out;
; ori check reports that as a fault of the pre-RA run.)
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: _Z1kPjPKjPKyPKdPKf: ok (pre-RA vs post-RA only:
; CHECK: match.any.sync.b32
; CHECK: bar.warp.sync
; CHECK: isspacep.global
; CHECK: isspacep.shared

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent norecurse nounwind
define dso_local void @_Z1kPjPKjPKyPKdPKf(ptr nocapture noundef writeonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2, ptr nocapture noundef readonly %3, ptr nocapture noundef readonly %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = sext i32 %10 to i64
  %12 = getelementptr inbounds i32, ptr %1, i64 %11
  %13 = tail call noundef i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr %12, i32 4)
  %14 = getelementptr inbounds i64, ptr %2, i64 %11
  %15 = tail call noundef i64 @llvm.nvvm.ldg.global.i.i64.p0(ptr %14, i32 8)
  %16 = getelementptr inbounds double, ptr %3, i64 %11
  %17 = tail call contract noundef double @llvm.nvvm.ldg.global.f.f64.p0(ptr %16, i32 8)
  %18 = getelementptr inbounds float, ptr %4, i64 %11
  %19 = tail call contract noundef float @llvm.nvvm.ldg.global.f.f32.p0(ptr %18, i32 4)
  %20 = mul i32 %13, 3
  %21 = tail call noundef i32 asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %13, i32 %20, i32 %10) #6, !srcloc !7
  %22 = tail call noundef i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %13, i32 %13, i32 %10) #6, !srcloc !8
  %23 = tail call noundef i32 @llvm.bitreverse.i32(i32 %13)
  %24 = add i32 %13, 1
  %25 = tail call noundef i32 @llvm.nvvm.prmt(i32 %13, i32 %24, i32 21520)
  %26 = tail call noundef i32 @llvm.nvvm.sad.i(i32 %10, i32 %13, i32 3)
  %27 = tail call noundef i32 @llvm.nvvm.sad.ui(i32 %13, i32 7, i32 1)
  %28 = and i32 %13, %10
  %29 = or i32 %13, %10
  %30 = tail call noundef i32 @llvm.nvvm.mulhi.i(i32 %10, i32 %13)
  %31 = tail call noundef i32 @llvm.nvvm.mulhi.ui(i32 %13, i32 %13)
  %32 = tail call noundef i64 @llvm.nvvm.mulhi.ull(i64 %15, i64 %15)
  %33 = trunc i64 %32 to i32
  %34 = tail call range(i64 0, 65) i64 @llvm.ctlz.i64(i64 %15, i1 false)
  %35 = trunc nuw nsw i64 %34 to i32
  %36 = sub i64 0, %15
  %37 = and i64 %15, %36
  %38 = tail call range(i64 0, 65) i64 @llvm.ctlz.i64(i64 %37, i1 false)
  %39 = trunc nuw nsw i64 %38 to i32
  %40 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %15)
  %41 = trunc nuw nsw i64 %40 to i32
  %42 = tail call i32 @llvm.bitreverse.i32(i32 %13)
  %43 = tail call i32 asm "bfind.shiftamt.u32 $0, $1;", "=r,r"(i32 %42) #7, !srcloc !9
  %44 = tail call noundef range(i32 0, 33) i32 @llvm.ctlz.i32(i32 %13, i1 false)
  %45 = tail call noundef range(i32 0, 33) i32 @llvm.ctpop.i32(i32 %13)
  %46 = tail call noundef float @llvm.nvvm.div.approx.f(float %19, float 3.000000e+00)
  %47 = tail call noundef float @llvm.nvvm.saturate.f(float %19)
  %48 = fadd contract float %47, %46
  %49 = tail call noundef i32 @llvm.nvvm.activemask()
  %50 = trunc i64 %15 to i32
  %51 = lshr i64 %15, 32
  %52 = trunc nuw i64 %51 to i32
  %53 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %49, i32 %50, i32 3, i32 31)
  %54 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %49, i32 %52, i32 3, i32 31)
  %55 = bitcast double %17 to i64
  %56 = trunc i64 %55 to i32
  %57 = lshr i64 %55, 32
  %58 = trunc nuw i64 %57 to i32
  %59 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 %49, i32 %56, i32 1, i32 31)
  %60 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 %49, i32 %58, i32 1, i32 31)
  %61 = zext i32 %60 to i64
  %62 = shl nuw i64 %61, 32
  %63 = zext i32 %59 to i64
  %64 = or disjoint i64 %62, %63
  %65 = bitcast i64 %64 to double
  %66 = fptoui double %65 to i32
  %67 = fptoui float %48 to i32
  %68 = tail call noundef i32 @llvm.nvvm.match.any.sync.i32(i32 %49, i32 %13)
  tail call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 10) #8, !srcloc !10
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %69 = tail call i1 @llvm.nvvm.isspacep.global(ptr %0)
  %70 = tail call i1 @llvm.nvvm.isspacep.shared(ptr %1)
  %71 = zext i1 %70 to i32
  %72 = tail call noundef i64 @llvm.bitreverse.i64(i64 %15)
  %73 = trunc i64 %72 to i32
  %74 = select i1 %69, i32 66, i32 65
  %75 = add nuw nsw i32 %74, %71
  %76 = add i32 %75, %29
  %77 = add i32 %76, %27
  %78 = add i32 %77, %26
  %79 = add i32 %78, %28
  %80 = add i32 %79, %30
  %81 = add i32 %80, %31
  %82 = add i32 %81, %23
  %83 = add i32 %82, %44
  %84 = add i32 %83, %45
  %85 = add i32 %84, %25
  %86 = add i32 %85, %33
  %87 = add i32 %86, %35
  %88 = add i32 %87, %41
  %89 = add i32 %88, %73
  %90 = add i32 %89, %21
  %91 = sub i32 %90, %39
  %92 = add i32 %91, %22
  %93 = add i32 %92, %43
  %94 = add i32 %93, %53
  %95 = add i32 %94, %67
  %96 = add i32 %95, %68
  %97 = add i32 %96, %66
  %98 = getelementptr inbounds i32, ptr %0, i64 %11
  store i32 %97, ptr %98, align 4, !tbaa !11
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr nocapture, i32) #2

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare i64 @llvm.nvvm.ldg.global.i.i64.p0(ptr nocapture, i32) #2

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare double @llvm.nvvm.ldg.global.f.f64.p0(ptr nocapture, i32) #2

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr nocapture, i32) #2

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.activemask() #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32) #3

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.nvvm.isspacep.global(ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.nvvm.isspacep.shared(ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctlz.i64(i64, i1 immarg) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.prmt(i32, i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.mulhi.i(i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.mulhi.ui(i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.nvvm.mulhi.ull(i64, i64) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.bitreverse.i64(i64) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.sad.i(i32, i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.saturate.f(float) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.div.approx.f(float, float) #5

attributes #0 = { convergent norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nounwind memory(argmem: read) }
attributes #3 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #4 = { convergent nocallback nounwind }
attributes #5 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #6 = { convergent nounwind memory(none) }
attributes #7 = { nounwind memory(none) }
attributes #8 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4, !5}
!nvvmir.version = !{!6}

!0 = !{ptr @_Z1kPjPKjPKyPKdPKf, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!6 = !{i32 2, i32 0}
!7 = !{i64 2384845}
!8 = !{i64 2385720}
!9 = !{i32 12369}
!10 = !{i64 2441716}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C++ TBAA"}
