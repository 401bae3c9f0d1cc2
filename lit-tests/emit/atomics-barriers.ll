; Atomics, fences and barriers. Global atomics through a kernel pointer are atom.global in PTX and
; ATOMG.E.op[.type].STRONG.GPU PT, d, [a.64], b in SASS (.S32 for a signed max, .F32.FTZ.RN for a
; float add, no type for u32 / b32); an atomic whose result nobody reads is a reduction (REDG),
; an immediate operand goes through a register first, cmpxchg is ATOMG.E.CAS with [a] and both
; values. Shared atomics are ATOMS. A seq_cst fence is membar.gl, which ptxas spells MEMBAR.SC.GPU
; + ERRBAR + CGAERRBAR + CCTL.IVALL; the barrier is BAR.SYNC.DEFER_BLOCKING 0x0.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

@counts = internal addrspace(3) global [32 x i32] undef, align 4

; PTX: atom.global.add.u32 [[OLD:%r[0-9]+]], [[[G:%rd[0-9]+]]], {{%r[0-9]+}};
; PTX: atom.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
; PTX: atom.global.max.s32
; PTX: atom.global.exch.b32
; PTX: atom.global.cas.b32 {{%r[0-9]+}}, [[[G]]], {{%r[0-9]+}}, {{%r[0-9]+}};
; PTX: atom.global.add.f32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 0f3F800000;
; PTX: atom.shared.add.u32
; PTX-NEXT: membar.gl;
; PTX-NEXT: bar.sync 0;

; SASS: ATOMG.E.ADD.STRONG.GPU PT, [[OLD:R[0-9]+]], [[[G:R[0-9]+]].64], [[V:R[0-9]+]] ;
; SASS-NEXT: IADD3 [[G1:R[0-9]+]], [[C:P[0-6]]], [[G]], 0x4, RZ ;
; SASS-NEXT: IADD3.X R{{[0-9]+}}, R{{[0-9]+}}, RZ, RZ, [[C]], !PT ;
; SASS-NEXT: MOV [[ONE:R[0-9]+]], 0x1 ;
; SASS-NEXT: REDG.E.ADD.STRONG.GPU [[[G1]].64], [[ONE]] ;
; SASS: ATOMG.E.MAX.S32.STRONG.GPU PT, [[MX:R[0-9]+]], [R{{[0-9]+}}.64], [[OLD]] ;
; SASS: ATOMG.E.EXCH.STRONG.GPU PT, [[EX:R[0-9]+]], [R{{[0-9]+}}.64], [[MX]] ;
; SASS-NEXT: ATOMG.E.CAS.STRONG.GPU PT, [[CAS:R[0-9]+]], [[[G]]], [[EX]], [[V]] ;
; SASS-NEXT: MOV [[F1:R[0-9]+]], 0x3f800000 ;
; SASS-NEXT: ATOMG.E.ADD.F32.FTZ.RN.STRONG.GPU PT, {{R[0-9]+}}, [R{{[0-9]+}}.64], [[F1]] ;
; SASS: ATOMS.ADD [[SO:R[0-9]+]], [R{{[0-9]+}}], [[CAS]] ;
; SASS-NEXT: MEMBAR.SC.GPU ;
; SASS-NEXT: ERRBAR ;
; SASS-NEXT: CGAERRBAR ;
; SASS-NEXT: CCTL.IVALL ;
; SASS-NEXT: BAR.SYNC.DEFER_BLOCKING 0x0 ;
; SASS-NOT: ATOM.E
define ptx_kernel void @atomics(ptr %g, ptr %f, i32 %v, i32 %lane) {
  %old = atomicrmw add ptr %g, i32 %v monotonic
  %g1 = getelementptr i32, ptr %g, i32 1
  %unused = atomicrmw add ptr %g1, i32 1 monotonic
  %g2 = getelementptr i32, ptr %g, i32 2
  %mx = atomicrmw max ptr %g2, i32 %old monotonic
  %g3 = getelementptr i32, ptr %g, i32 3
  %ex = atomicrmw xchg ptr %g3, i32 %mx monotonic
  %pair = cmpxchg ptr %g, i32 %ex, i32 %v monotonic monotonic
  %cas = extractvalue { i32, i1 } %pair, 0
  %fo = atomicrmw fadd ptr %f, float 1.0 monotonic
  %s = getelementptr [32 x i32], ptr addrspace(3) @counts, i32 0, i32 %lane
  %so = atomicrmw add ptr addrspace(3) %s, i32 %cas monotonic
  fence seq_cst
  call void @llvm.nvvm.barrier0()
  %r = add i32 %so, %cas
  %fi = fptosi float %fo to i32
  %r2 = add i32 %r, %fi
  %g4 = getelementptr i32, ptr %g, i32 4
  store i32 %r2, ptr %g4
  ret void
}

declare void @llvm.nvvm.barrier0()
