; Address-space intrinsics: isspacep.{global,shared,local,const} on generic pointers into each
; space, the explicit conversions ptr.gen.to.<space> / ptr.<space>.to.gen (cvta as llc selects
; them), and the read-only loads ldg / ldu (i, f and p forms): ldg reads through the
; non-coherent path (ld.global.nc, as llc selects it), ldu through ld.global.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: spaces: ok (pre-RA vs post-RA only:
; EXEC: loads: ok (jit;

; CHECK-LABEL: .entry spaces(
; CHECK: isspacep.global {{%p[0-9]+}}, {{%rd[0-9]+}};
; CHECK: isspacep.shared
; CHECK: isspacep.local
; CHECK: isspacep.const
; CHECK: cvta.to.shared.u64
; CHECK: cvta.shared.u64
; CHECK-LABEL: .entry loads(
; CHECK: ld.global.b32
; CHECK: ld.global.nc.b32
; CHECK: ld.global.nc.b64

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

define ptx_kernel void @spaces(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %slot = alloca i32, align 4
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pin
  store volatile i32 %v, ptr %slot
  ; Each thread picks one of three generic pointers by its input.
  %gsh = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  %sh = addrspacecast ptr addrspace(3) %gsh to ptr
  %gl = addrspacecast ptr addrspace(1) %pin to ptr
  %k = urem i32 %v, 3
  %is0 = icmp eq i32 %k, 0
  %is1 = icmp eq i32 %k, 1
  %p01 = select i1 %is0, ptr %sh, ptr %gl
  %p = select i1 %is1, ptr %slot, ptr %p01
  %c0 = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  %c1 = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  %c2 = call i1 @llvm.nvvm.isspacep.local(ptr %p)
  %c3 = call i1 @llvm.nvvm.isspacep.const(ptr %p)
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %z3 = zext i1 %c3 to i32
  %s1 = shl i32 %z1, 1
  %s2 = shl i32 %z2, 2
  %s3 = shl i32 %z3, 3
  %o1 = or i32 %z0, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  ; Shared round trip through the explicit conversions.
  %spt = call ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr %sh)
  store i32 %o3, ptr addrspace(3) %spt
  %back = call ptr @llvm.nvvm.ptr.shared.to.gen.p0.p3(ptr addrspace(3) %spt)
  %r = load i32, ptr %back
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @loads(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %pp) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 64
  %i = add i32 %i0, %t
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %a = call i32 @llvm.nvvm.ldu.global.i.i32.p1(ptr addrspace(1) %pin, i32 4)
  %fp = getelementptr float, ptr addrspace(1) %in, i32 %t
  %f = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %fp, i32 4)
  %fi = fptosi float %f to i32
  %pq = getelementptr ptr, ptr addrspace(1) %pp, i32 %i
  %q = call ptr @llvm.nvvm.ldg.global.p.p0.p1(ptr addrspace(1) %pq, i32 8)
  %qi = ptrtoint ptr %q to i64
  %qt = trunc i64 %qi to i32
  %s = add i32 %a, %fi
  %s2 = add i32 %s, %qt
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s2, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
