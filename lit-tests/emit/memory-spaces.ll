; Memory spaces and address-space inference (ori/lower/spaces.rs). A generic access whose address
; derives from a kernel pointer parameter is global, as llc's NVPTXLowerArgs makes it: the
; parameter is converted once (cvta.to.global) and the access is ld.global / st.global, LDG / STG
; in SASS. Addresses from an addrspacecast of a shared or constant variable keep that space
; (ld.shared / LDS, ld.const / LDC c[0x3][...]), allocas are local (ld.local / STL, LDL), and the
; space flows through GEPs, selects and loop phis whose every input has it. What cannot be proved
; stays generic (ld / st, LD.E / ST.E): a pointer loaded from memory, a select of a global and a
; shared pointer, and a pointer that escapes by being stored.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] undef, align 4
@coef = internal addrspace(4) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4

; PTX-LABEL: .visible .entry spaces(
; PTX: ld.param.u64 [[IN:%rd[0-9]+]], [spaces_param_0];
; PTX-NEXT: cvta.to.global.u64 [[ING:%rd[0-9]+]], [[IN]];
; PTX-NEXT: ld.param.u64 [[OUT:%rd[0-9]+]], [spaces_param_1];
; PTX-NEXT: cvta.to.global.u64 [[OUTG:%rd[0-9]+]], [[OUT]];
; PTX: mul.wide.s32 [[O:%td[0-9]+]], {{%r[0-9]+}}, 4;
; PTX-NEXT: add.s64 [[P:%rd[0-9]+]], [[ING]], [[O]];
; PTX-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[P]]];
; PTX-NEXT: mov.u64 [[T:%rd[0-9]+]], tile;
; PTX-NEXT: mul.wide.s32 [[O:%td[0-9]+]], {{%r[0-9]+}}, 4;
; PTX-NEXT: add.s64 [[TP:%rd[0-9]+]], [[T]], [[O]];
; PTX-NEXT: st.shared.b32 [[[TP]]],
; PTX-NEXT: bar.sync 0;
; PTX-NEXT: ld.shared.b32 {{%r[0-9]+}}, [[[TP]]];
; PTX-NEXT: mov.u64 [[C:%rd[0-9]+]], coef;
; PTX-NEXT: ld.const.b32 {{%r[0-9]+}}, [[[C]]+4];
; PTX-NEXT: mul.wide.s32
; PTX-NEXT: add.s64 [[BP:%rd[0-9]+]],
; PTX-NEXT: st.local.b32 [[[BP]]],
; PTX-NEXT: ld.local.b32 {{%r[0-9]+}}, [[[BP]]];
; PTX-NEXT: mul.rn.f32
; PTX-NEXT: mul.wide.s32 [[O:%td[0-9]+]], {{%r[0-9]+}}, 4;
; PTX-NEXT: add.s64 [[Q:%rd[0-9]+]], [[OUTG]], [[O]];
; PTX-NEXT: st.global.b32 [[[Q]]],
; PTX-NOT: cvta.shared
; PTX-NOT: cvta.local

; SASS-LABEL: Function : spaces
; SASS: IMAD.WIDE [[P:R[0-9]+]], [[I:R[0-9]+]], 0x4, [[P]] ;
; SASS-NEXT: LDG.E [[V:R[0-9]+]], [[[P]].64] ;
; SASS-NEXT: MOV [[T:R[0-9]+]], 32@lo(tile) ;
; SASS-NEXT: MOV R{{[0-9]+}}, 32@hi(tile) ;
; SASS-NEXT: IMAD.WIDE [[T]], [[I]], 0x4, [[T]] ;
; SASS-NEXT: STS [[[T]]], [[V]] ;
; SASS-NEXT: BAR.SYNC.DEFER_BLOCKING 0x0 ;
; SASS-NEXT: LDS [[W:R[0-9]+]], [[[T]]] ;
; SASS: LDC [[C:R[0-9]+]], c[0x3][R{{[0-9]+}}+0x4] ;
; SASS-NEXT: IMAD.WIDE [[B:R[0-9]+]], [[I]], 0x4, R{{[0-9]+}} ;
; SASS-NEXT: STL [[[B]]], [[W]] ;
; SASS-NEXT: LDL {{R[0-9]+}}, [[[B]]] ;
; SASS: STG.E [R{{[0-9]+}}.64], R{{[0-9]+}} ;
; SASS-NOT: LD.E
; SASS-NOT: ST.E
define ptx_kernel void @spaces(ptr %in, ptr %out, i32 %i) {
entry:
  %buf = alloca [8 x float], align 4
  %p = getelementptr float, ptr %in, i32 %i
  %v = load float, ptr %p
  %t = getelementptr [64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i32 0, i32 %i
  store float %v, ptr %t
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr %t
  %c = load float, ptr getelementptr ([4 x float], ptr addrspacecast (ptr addrspace(4) @coef to ptr), i32 0, i32 1)
  %b = getelementptr [8 x float], ptr %buf, i32 0, i32 %i
  store float %w, ptr %b
  %x = load float, ptr %b
  %s = fmul float %x, %c
  %q = getelementptr float, ptr %out, i32 %i
  store float %s, ptr %q
  ret void
}

; A select of two kernel pointers, then a loop phi over it and its increment: all global.
; PTX-LABEL: .visible .entry loop(
; PTX: selp.b64 [[S:%rd[0-9]+]], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}};
; PTX: $L__bix1:
; PTX-NEXT: ld.global.b32 {{%r[0-9]+}}, [[[S]]];
; PTX: st.global.b32 [[[S]]],
; SASS-LABEL: Function : loop
; SASS: SEL [[A:R[0-9]+]], [[A]], R{{[0-9]+}}, [[P:P[0-6]]] ;
; SASS-NEXT: SEL R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, [[P]] ;
; SASS: /*0090*/ LDG.E [[V:R[0-9]+]], [[[A]].64] ;
; SASS-NEXT: IADD3 [[V]], [[V]], 0x1, RZ ;
; SASS-NEXT: STG.E [[[A]].64], [[V]] ;
; SASS-NEXT: IADD3 [[A]], [[C:P[0-6]]], [[A]], 0x4, RZ ;
; SASS-NEXT: IADD3.X R{{[0-9]+}}, R{{[0-9]+}}, RZ, RZ, [[C]], !PT ;
; SASS: @!P{{[0-6]}} BRA 0x90 ;
define ptx_kernel void @loop(ptr %a, ptr %b, i32 %n, i1 %which) {
entry:
  %start = select i1 %which, ptr %a, ptr %b
  br label %body
body:
  %p = phi ptr [ %start, %entry ], [ %next, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %v = load i32, ptr %p
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %p
  %next = getelementptr i32, ptr %p, i32 1
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; PTX-LABEL: .visible .entry unproved(
; PTX: ld.param.u64 [[PP:%rd[0-9]+]], [unproved_param_0];
; PTX-NEXT: cvta.to.global.u64 [[PPG:%rd[0-9]+]], [[PP]];
; PTX-NEXT: ld.param.u64 [[OUT:%rd[0-9]+]], [unproved_param_1];
; PTX-NOT: cvta.to.global
; PTX: ld.global.b64 [[L:%rd[0-9]+]], [[[PPG]]];
; PTX-NEXT: ld.b32 [[V:%r[0-9]+]], [[[L]]];
; PTX: cvta.shared.u64
; PTX-NEXT: selp.b64 [[M:%rd[0-9]+]], [[OUT]], {{%rd[0-9]+}}, {{%p[0-9]+}};
; PTX-NEXT: st.b32 [[[M]]], [[V]];
; PTX: add.s64 [[ESC:%rd[0-9]+]], [[OUT]], 16;
; PTX-NEXT: st.global.b64 [[[PPG]]+8], [[ESC]];
; PTX-NEXT: st.b32 [[[OUT]]+16], [[V]];
; SASS-LABEL: Function : unproved
; SASS: LDG.E.64 [[L:R[0-9]+]], [R{{[0-9]+}}.64] ;
; SASS-NEXT: LD.E [[V:R[0-9]+]], [[[L]].64] ;
; SASS: S2R [[HI:R[0-9]+]], SR_SWINHI ;
; SASS: ST.E [R{{[0-9]+}}.64], [[V]] ;
; SASS: STG.E.64 [R{{[0-9]+}}.64+0x8], [[ESC:R[0-9]+]] ;
; SASS-NEXT: ST.E [R{{[0-9]+}}.64+0x10], [[V]] ;
define ptx_kernel void @unproved(ptr %pp, ptr %out, i1 %which) {
  %loaded = load ptr, ptr %pp
  %v = load i32, ptr %loaded
  %mixed = select i1 %which, ptr %out, ptr addrspacecast (ptr addrspace(3) @tile to ptr)
  store i32 %v, ptr %mixed
  %slot = getelementptr ptr, ptr %pp, i32 1
  %esc = getelementptr i32, ptr %out, i32 4
  store ptr %esc, ptr %slot
  store i32 %v, ptr %esc
  ret void
}

declare void @llvm.nvvm.barrier0()
