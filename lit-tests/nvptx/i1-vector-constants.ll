; Constant i1 lanes in vector shuffles: a lane taken from a constant vector is copied into a
; predicate as the constant itself (the IR verifier accepts a constant in a predicate position,
; as the emitters do). Run by `ori check` against LLVM's JIT.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori llc %s --dump-after=AnalyzeControlFlow -o /dev/null 2>&1 | FileCheck %s
; REQUIRES: ptxas
; EXEC: k: ok (jit;
; CHECK: PLOP3.LUT %p{{[0-9]+}}, 0x0, PT, PT ;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %cta, 6
  %gid = add i32 %first, %tid
  %i = zext i32 %gid to i64
  %p = getelementptr <4 x i32>, ptr addrspace(1) %in, i64 %i
  %x = load <4 x i32>, ptr addrspace(1) %p, align 16
  %c = icmp slt <4 x i32> %x, zeroinitializer
  ; Lanes 0 and 2 from the comparison, 1 and 3 from the constants.
  %s = shufflevector <4 x i1> %c, <4 x i1> <i1 false, i1 true, i1 false, i1 true>, <4 x i32> <i32 0, i32 4, i32 2, i32 7>
  ; A shuffle of two constant vectors, combined with the comparison.
  %k = shufflevector <4 x i1> zeroinitializer, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i32> <i32 poison, i32 7, i32 1, i32 4>
  %m = xor <4 x i1> %k, %s
  %w = zext <4 x i1> %m to <4 x i32>
  %q = getelementptr <4 x i32>, ptr addrspace(1) %out, i64 %i
  store <4 x i32> %w, ptr addrspace(1) %q, align 16
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
