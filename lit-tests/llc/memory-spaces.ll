; Loads and stores in each space, shared variables by symbol, allocas in the local frame addressed
; from the stack pointer (c[0x0][0x28]), atomics and a barrier. Generic accesses through an alloca
; or an addrspacecast from shared keep their space (address-space inference, ori/lower/spaces.rs):
; STL/LDL and STS, with no CVTA left.
; RUN: ori llc --emit=ori %s | FileCheck %s
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] undef, align 4
@table = internal addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4

; PTX: {{^}}.shared .align 4 .b8 tile[256];
; PTX: {{^}}.const .align 4 .b8 table[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4};
; PTX: .local .align 16 .b8 __local_depot[16];

; CHECK-LABEL: .function spaces (kernel)
; CHECK: frame: 16
; CHECK: MOV [[SP:%r[0-9]+]], c[0x0][0x28] ;
; CHECK: IADD3 [[S:%r[0-9]+]], [[SP]], 0x0, RZ ;
; CHECK: I2I.U64.U32 [[L:%rd[0-9]+]], [[S]] ;
; CHECK-NOT: CVTA
; After allocation the stack pointer is R1 (pre-colored, as ptxas's LDC R1, c[0x0][0x28]).
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; SASS: LDC R1, c[0x0][0x28] ;
; SASS-NEXT: IADD3 R{{[0-9]+}}, R1, 0x0, RZ ;
define ptx_kernel void @spaces(ptr addrspace(1) %g, i32 %i) {
  %buf = alloca [4 x i32], align 4
; CHECK: MOV.64 [[T:%rd[0-9]+]], @tile ;
; CHECK: STS {{%rd[0-9]+}}, {{%r[0-9]+}} ;
  %v = load float, ptr addrspace(1) %g
  %ts = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %i
  store float %v, ptr addrspace(3) %ts
; CHECK: BAR.SYNC ;
  call void @llvm.nvvm.barrier0()
; CHECK: LDS
  %w = load float, ptr addrspace(3) %ts
; CHECK: LDC
  %cp = getelementptr [4 x i32], ptr addrspace(4) @table, i32 0, i32 %i
  %c = load i32, ptr addrspace(4) %cp
; CHECK: IMAD.WIDE [[BP:%rd[0-9]+]], {{%r[0-9]+}}, 0x4, [[L]] ;
; CHECK: STL [[BP]],
; CHECK: LDL {{%r[0-9]+}}, [[BP]] ;
  %bp = getelementptr [4 x i32], ptr %buf, i32 0, i32 %i
  store i32 %c, ptr %bp
  %b = load i32, ptr %bp
; CHECK: ATOMG.E.ADD.U32 {{%r[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}} ;
  %gi = getelementptr i32, ptr addrspace(1) %g, i32 1
  %old = atomicrmw add ptr addrspace(1) %gi, i32 %b monotonic
; CHECK-NOT: CVTA
; CHECK: STS {{%rd[0-9]+}}, {{%r[0-9]+}} ;
; CHECK-NOT: CVTA
  %gen = addrspacecast ptr addrspace(3) %ts to ptr
  store float %w, ptr %gen
  %o = getelementptr i32, ptr addrspace(1) %g, i32 2
  store i32 %old, ptr addrspace(1) %o
  ret void
}

declare void @llvm.nvvm.barrier0()
