; Inline asm with every constraint llc's NVPTX back end accepts: r l f d b h c n, several outputs
; (a struct return), clobbers and tied inputs. 16-bit operands go through .b16 temporaries
; around the template (PTX's 16-bit instructions want 16-bit registers); a tied input is copied
; into its output first. The interpreter and the JIT reference run every template here through
; the PTX-subset evaluator (interp/ptx_block), 16-bit wrapper included.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: sed 's/"=r,r,~{memory}"(i32 %y)/"=r,*m"(ptr addrspace(1) elementtype(i32) %in)/' %s > %t.mem.ll
; RUN: not ori llc %t.mem.ll -o %t.mem.ptx 2>&1 | FileCheck %s --check-prefix=MEM
; REQUIRES: ptxas
; EXEC: runs: ok (jit;
; EXEC: constraints: ok (jit;
; MEM: error: unsupported inline asm constraint '*m' in function @runs

; CHECK-LABEL: .entry runs(
; CHECK: popc.b32 {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-LABEL: .entry constraints(
; Two outputs.
; CHECK: add.s32 [[A:%r[0-9]+]], [[X:%r[0-9]+]], 1;
; CHECK-NEXT: sub.s32 {{%r[0-9]+}}, [[X]], [[X]];
; 16-bit operands (h, and c for i8).
; CHECK: .reg .b16 %asm_h<3>;
; CHECK-NEXT: cvt.u16.u32 %asm_h1, {{%r[0-9]+}};
; CHECK-NEXT: cvt.u16.u32 %asm_h2, {{%r[0-9]+}};
; CHECK-NEXT: add.u16 %asm_h0, %asm_h1, %asm_h2;
; CHECK-NEXT: cvt.u32.u16 {{%r[0-9]+}}, %asm_h0;
; CHECK: and.b16 %asm_h0, %asm_h1, 15;
; A tied input: copied into the output, both names are the output.
; CHECK: mov.b32 [[T:%r[0-9]+]], {{%r[0-9]+}};
; CHECK-NEXT: add.s32 [[T]], [[T]], {{%r[0-9]+}};
; A predicate, f32 / f64 operands and an immediate.
; CHECK: selp.b32 {{%r[0-9]+}}, 1, 2, {{%p[0-9]+}};
; CHECK: add.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK: mul.rn.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 42;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @runs(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %y = mul i32 %x, 123457
  %c = call i32 asm sideeffect "popc.b32 $0, $1;", "=r,r,~{memory}"(i32 %y)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %c, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @constraints(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %a = call { i32, i32 } asm "add.s32 $0, $2, 1;\0A\09sub.s32 $1, $2, $3;", "=r,=r,r,r,~{memory}"(i32 %x, i32 %x)
  %h = trunc i32 %x to i16
  %b = call i16 asm "add.u16 $0, $1, $2;", "=h,h,h"(i16 %h, i16 %h)
  %c8 = trunc i32 %x to i8
  %c = call i8 asm "and.b16 $0, $1, 15;", "=c,c"(i8 %c8)
  %tied = call i32 asm "add.s32 $0, $0, $2;", "=r,0,r"(i32 %x, i32 7)
  %pr = icmp sgt i32 %x, 20
  %e = call i32 asm "selp.b32 $0, 1, 2, $1;", "=r,b"(i1 %pr)
  %f = sitofp i32 %x to float
  %ff = call float asm "add.rn.f32 $0, $1, $2;", "=f,f,f"(float %f, float 0.5)
  %d = fpext float %f to double
  %dd = call double asm "mul.rn.f64 $0, $1, $2;", "=d,d,d"(double %d, double %d)
  %l = sext i32 %x to i64
  %ll = call i64 asm "add.s64 $0, $1, $2;", "=l,l,n"(i64 %l, i64 42)
  %a0 = extractvalue { i32, i32 } %a, 0
  %a1 = extractvalue { i32, i32 } %a, 1
  %s0 = add i32 %a0, %a1
  %bz = zext i16 %b to i32
  %cz = zext i8 %c to i32
  %s1 = add i32 %s0, %bz
  %s2 = add i32 %s1, %cz
  %s3 = add i32 %s2, %tied
  %s4 = add i32 %s3, %e
  %fi = fptosi float %ff to i32
  %di = fptosi double %dd to i32
  %lt = trunc i64 %ll to i32
  %s5 = add i32 %s4, %fi
  %s6 = add i32 %s5, %di
  %s7 = add i32 %s6, %lt
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s7, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
