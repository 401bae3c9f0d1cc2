; Texture fetches and queries as llc-19 writes them for sm_90: CUDA texture objects (i64 handle
; parameters: `tex1Dfetch`, `tex2D`, `tex3D`, `tex2DLod`, `tex2DGrad`, layered and gather forms),
; the non-unified form with a sampler, `txq`/`istypep`, kernel parameters annotated
; `rdoimage`/`sampler` (`.param .u64 .ptr .texref`/`.samplerref`) and module texture references
; (`.global .texref`, the handle a `mov.u64` of the symbol). `ori check` binds each handle to a
; seeded image of the model in `ori::interp::texture` (clamped texel coordinates, point
; filtering, one mipmap level) and the JIT reference runs the same model through `ori.ref.image`.
; clang-19's CUDA headers write texture-object fetches as inline PTX: one such instruction with
; its operands in template order runs through the same model in both.
; Cube textures, `.samplerref` variables, other uses of a `.texref` variable and the metadata form
; of `texsurf.handle` are refused.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: not ori llc %S/Inputs/texsurf-cube.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=CUBE
; RUN: not ori llc %S/Inputs/texsurf-samplerref.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=SAMPLERREF
; RUN: not ori llc %S/Inputs/texsurf-ref-load.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=LOAD
; RUN: not ori llc %S/Inputs/texsurf-handle-metadata.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=META
; RUN: not ls %t.err.ptx
; REQUIRES: ptxas
; EXEC: fetch_1d: ok (jit
; EXEC: fetch_2d_float: ok (jit
; EXEC: fetch_3d: ok (jit
; EXEC: fetch_level_grad: ok (jit
; EXEC: fetch_layered: ok (jit
; EXEC: sampler_gather: ok (jit
; EXEC: queries: ok (jit
; EXEC: fetch_texref: ok (jit
; EXEC: cuda_tex_objects: ok (jit
; EXEC-NOT: RACE
; CUBE: ori: error: unsupported cube texture fetch in function @cube
; SAMPLERREF: ori: error: unsupported .samplerref variable (ptxas rejects it under the unified texture mode) in global @smp
; LOAD: ori: error: unsupported use of the .texref variable @tex other than its handle in function @peek
; META: ori: error: unsupported llvm.nvvm.texsurf.handle.p1 (the metadata form; llc-19 cannot select it either) in function @meta

target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .texref tex;
; CHECK-NEXT: .global .texref tex_local;
@tex = addrspace(1) global i64 0, align 8
@tex_local = internal addrspace(1) global i64 0, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
declare { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.3d.v4s32.s32(i64, i32, i32, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.3d.v4u32.f32(i64, float, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.level.v4u32.f32(i64, float, float, float)
declare { float, float, float, float } @llvm.nvvm.tex.unified.2d.grad.v4f32.f32(i64, float, float, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.array.v4f32.f32(i64, i32, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.array.v4s32.s32(i64, i32, i32, i32)
declare { float, float, float, float } @llvm.nvvm.tex.2d.v4f32.f32(i64, i64, float, float)
declare { float, float, float, float } @llvm.nvvm.tld4.unified.r.2d.v4f32.f32(i64, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.tld4.a.2d.v4s32.f32(i64, i64, float, float)
declare i32 @llvm.nvvm.txq.width(i64)
declare i32 @llvm.nvvm.txq.height(i64)
declare i32 @llvm.nvvm.txq.depth(i64)
declare i32 @llvm.nvvm.txq.array.size(i64)
declare i32 @llvm.nvvm.txq.channel.data.type(i64)
declare i32 @llvm.nvvm.txq.channel.order(i64)
declare i32 @llvm.nvvm.txq.num.mipmap.levels(i64)
declare i32 @llvm.nvvm.txq.num.samples(i64)
declare i1 @llvm.nvvm.istypep.texture(i64)
declare i1 @llvm.nvvm.istypep.surface(i64)
declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))

; tex1Dfetch<float4>(obj, i): the sum of the four channels.
; CHECK-LABEL: .entry fetch_1d(
; CHECK-NEXT: .param .u64 fetch_1d_param_0,
; CHECK: ld.param.u64 [[H:%rd[0-9]+]], [fetch_1d_param_0];
; CHECK: tex.1d.v4.f32.s32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[H]], {{\{%r[0-9]+[}]}}];
define ptx_kernel void @fetch_1d(i64 %obj, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %n
  %i = add i32 %m, %t
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %obj, i32 %i)
  %x = extractvalue { float, float, float, float } %v, 0
  %y = extractvalue { float, float, float, float } %v, 1
  %z = extractvalue { float, float, float, float } %v, 2
  %w = extractvalue { float, float, float, float } %v, 3
  %s1 = fadd float %x, %y
  %s2 = fadd float %z, %w
  %s = fadd float %s1, %s2
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %s, ptr addrspace(1) %p
  ret void
}

; tex2D<float4>(obj, x + 0.5, y + 0.5) over a 16x16 block, and one at a negative x (clamped).
; CHECK-LABEL: .entry fetch_2d_float(
; CHECK: tex.2d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: tex.2d.v4.f32.f32
define ptx_kernel void @fetch_2d_float(i64 %obj, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %fx = sitofp i32 %tx to float
  %fy = sitofp i32 %ty to float
  %cx = fadd float %fx, 5.000000e-01
  %cy = fadd float %fy, 5.000000e-01
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %obj, float %cx, float %cy)
  %nx = fsub float 0.000000e+00, %cx
  %e = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %obj, float %nx, float %cy)
  %a = extractvalue { float, float, float, float } %v, 1
  %b = extractvalue { float, float, float, float } %e, 2
  %s = fsub float %a, %b
  %i = call i32 @index2d(i32 %tx, i32 %ty, i32 %c)
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %s, ptr addrspace(1) %p
  ret void
}

; x + 16 y + 256 ctaid.x: a 16x16 block's element.
define internal i32 @index2d(i32 %tx, i32 %ty, i32 %c) {
  %row = mul i32 %ty, 16
  %cta = mul i32 %c, 256
  %a = add i32 %row, %tx
  %i = add i32 %a, %cta
  ret i32 %i
}

; 3D fetches with integer and float coordinates: the fourth PTX coordinate repeats the third.
; CHECK-LABEL: .entry fetch_3d(
; CHECK: tex.3d.v4.s32.s32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{}}[[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Z:%r[0-9]+]], [[Z]]}];
; CHECK: tex.3d.v4.u32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{}}[[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Z:%r[0-9]+]], [[Z]]}];
define ptx_kernel void @fetch_3d(i64 %obj, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %v = call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.3d.v4s32.s32(i64 %obj, i32 %tx, i32 %ty, i32 %tz)
  %fx = uitofp i32 %tz to float
  %fy = uitofp i32 %tx to float
  %fz = uitofp i32 %ty to float
  %u = call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.3d.v4u32.f32(i64 %obj, float %fx, float %fy, float %fz)
  %a = extractvalue { i32, i32, i32, i32 } %v, 0
  %b = extractvalue { i32, i32, i32, i32 } %u, 3
  %s = add i32 %a, %b
  %r1 = mul i32 %tz, 4
  %r2 = add i32 %r1, %ty
  %r3 = mul i32 %r2, 8
  %r4 = add i32 %r3, %tx
  %cta = mul i32 %c, 128
  %i = add i32 %r4, %cta
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; tex2DLod / tex2DGrad (one mipmap level in the model, whatever the level or gradients).
; CHECK-LABEL: .entry fetch_level_grad(
; CHECK: ld.param.u32 [[LOD:%r[0-9]+]], [fetch_level_grad_param_2];
; CHECK: tex.level.2d.v4.u32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}], [[LOD]];
; CHECK: tex.grad.2d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}], {0f3F800000, 0f00000000}, {0f00000000, [[LOD]]};
define ptx_kernel void @fetch_level_grad(i64 %obj, ptr addrspace(1) %out, float %lod) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %fx = uitofp i32 %tx to float
  %fy = uitofp i32 %ty to float
  %l = call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.level.v4u32.f32(i64 %obj, float %fx, float %fy, float %lod)
  %g = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.grad.v4f32.f32(i64 %obj, float %fy, float %fx, float 1.000000e+00, float 0.000000e+00, float 0.000000e+00, float %lod)
  %a = extractvalue { i32, i32, i32, i32 } %l, 2
  %b = extractvalue { float, float, float, float } %g, 0
  %bi = bitcast float %b to i32
  %s = xor i32 %a, %bi
  %i = call i32 @index2d(i32 %tx, i32 %ty, i32 %c)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; Layered textures (tex1DLayered, tex2DLayered): the layer first; past the last layer it is
; clamped.
; CHECK-LABEL: .entry fetch_layered(
; CHECK: tex.a1d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: tex.a2d.v4.s32.s32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{}}[[L:%r[0-9]+]], [[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Y]]}];
define ptx_kernel void @fetch_layered(i64 %obj1, i64 %obj2, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %layer = urem i32 %tx, 6
  %fx = uitofp i32 %ty to float
  %a = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.array.v4f32.f32(i64 %obj1, i32 %layer, float %fx)
  %b = call { i32, i32, i32, i32 } @llvm.nvvm.tex.unified.2d.array.v4s32.s32(i64 %obj2, i32 %ty, i32 %tx, i32 %layer)
  %a0 = extractvalue { float, float, float, float } %a, 0
  %b1 = extractvalue { i32, i32, i32, i32 } %b, 1
  %af = fptosi float %a0 to i32
  %s = add i32 %af, %b1
  %i = call i32 @index2d(i32 %tx, i32 %ty, i32 %c)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; The non-unified form names a sampler; the rdoimage/sampler annotations declare the
; parameters `.texref` / `.samplerref`; tld4 gathers one channel of the 2x2 footprint.
; CHECK-LABEL: .entry sampler_gather(
; CHECK-NEXT: .param .u64 .ptr .texref sampler_gather_param_0,
; CHECK-NEXT: .param .u64 .ptr .samplerref sampler_gather_param_1,
; CHECK-NEXT: .param .u64 sampler_gather_param_2
; CHECK-DAG: ld.param.u64 [[IMG:%rd[0-9]+]], [sampler_gather_param_0];
; CHECK-DAG: ld.param.u64 [[SMP:%rd[0-9]+]], [sampler_gather_param_1];
; CHECK: tex.2d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[IMG]], [[SMP]], {{\{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: tld4.r.2d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[IMG]], {{\{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: tld4.a.2d.v4.s32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[IMG]], [[SMP]], {{\{%r[0-9]+, %r[0-9]+[}]}}];
define ptx_kernel void @sampler_gather(i64 %img, i64 %smp, ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %fx = uitofp i32 %tx to float
  %fy = uitofp i32 %ty to float
  %v = call { float, float, float, float } @llvm.nvvm.tex.2d.v4f32.f32(i64 %img, i64 %smp, float %fx, float %fy)
  %g = call { float, float, float, float } @llvm.nvvm.tld4.unified.r.2d.v4f32.f32(i64 %img, float %fx, float %fy)
  %h = call { i32, i32, i32, i32 } @llvm.nvvm.tld4.a.2d.v4s32.f32(i64 %img, i64 %smp, float %fy, float %fx)
  %v3 = extractvalue { float, float, float, float } %v, 3
  %g0 = extractvalue { float, float, float, float } %g, 0
  %g2 = extractvalue { float, float, float, float } %g, 2
  %h1 = extractvalue { i32, i32, i32, i32 } %h, 1
  %s1 = fadd float %v3, %g0
  %s2 = fsub float %s1, %g2
  %si = bitcast float %s2 to i32
  %s = xor i32 %si, %h1
  %i = call i32 @index2d(i32 %tx, i32 %ty, i32 %c)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; txq fields and istypep (thread 0 of CTA 0), and a fetch at constant coordinates.
; CHECK-LABEL: .entry queries(
; CHECK: txq.width.b32 %r{{[0-9]+}}, {{\[}}[[H:%rd[0-9]+]]];
; CHECK-NEXT: txq.height.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.depth.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.array_size.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.channel_data_type.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.channel_order.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.num_mipmap_levels.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: txq.num_samples.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: istypep.texref %p{{[0-9]+}}, [[H]];
; CHECK-NEXT: istypep.surfref %p{{[0-9]+}}, [[H]];
; CHECK-NEXT: tex.2d.v4.f32.f32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[H]], {0f3F800000, 0f40000000}];
define ptx_kernel void @queries(i64 %obj, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tc = or i32 %t, %c
  %go = icmp eq i32 %tc, 0
  br i1 %go, label %q, label %done
q:
  %w = call i32 @llvm.nvvm.txq.width(i64 %obj)
  %h = call i32 @llvm.nvvm.txq.height(i64 %obj)
  %d = call i32 @llvm.nvvm.txq.depth(i64 %obj)
  %a = call i32 @llvm.nvvm.txq.array.size(i64 %obj)
  %ct = call i32 @llvm.nvvm.txq.channel.data.type(i64 %obj)
  %co = call i32 @llvm.nvvm.txq.channel.order(i64 %obj)
  %ml = call i32 @llvm.nvvm.txq.num.mipmap.levels(i64 %obj)
  %ns = call i32 @llvm.nvvm.txq.num.samples(i64 %obj)
  %it = call i1 @llvm.nvvm.istypep.texture(i64 %obj)
  %is = call i1 @llvm.nvvm.istypep.surface(i64 %obj)
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %obj, float 1.0, float 2.0)
  %itz = zext i1 %it to i32
  %isz = zext i1 %is to i32
  store i32 %w, ptr addrspace(1) %out
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %h, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %d, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %a, ptr addrspace(1) %p3
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %ct, ptr addrspace(1) %p4
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %co, ptr addrspace(1) %p5
  %p6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %ml, ptr addrspace(1) %p6
  %p7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %ns, ptr addrspace(1) %p7
  %p8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store i32 %itz, ptr addrspace(1) %p8
  %p9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store i32 %isz, ptr addrspace(1) %p9
  %v0 = extractvalue { float, float, float, float } %v, 0
  %p10 = getelementptr float, ptr addrspace(1) %out, i32 10
  store float %v0, ptr addrspace(1) %p10
  br label %done
done:
  ret void
}

; Module texture references: the handle is `mov.u64` of the `.texref` symbol, as in llc-19.
; CHECK-LABEL: .entry fetch_texref(
; CHECK: mov.u64 [[T:%rd[0-9]+]], tex;
; CHECK: mov.u64 [[L:%rd[0-9]+]], tex_local;
; CHECK: tex.1d.v4.f32.s32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[T]], {{\{%r[0-9]+[}]}}];
; CHECK: tex.1d.v4.f32.s32 {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[}}[[L]], {{\{%r[0-9]+[}]}}];
; CHECK: txq.width.b32 %r{{[0-9]+}}, {{\[}}[[L]]];
define ptx_kernel void @fetch_texref(ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @tex)
  %h2 = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @tex_local)
  %v = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %h, i32 %t)
  %u = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %h2, i32 %c)
  %w = call i32 @llvm.nvvm.txq.width(i64 %h2)
  %a = extractvalue { float, float, float, float } %v, 0
  %b = extractvalue { float, float, float, float } %u, 1
  %wf = uitofp i32 %w to float
  %s1 = fadd float %a, %b
  %s = fadd float %s1, %wf
  %cta = mul i32 %c, 64
  %i = add i32 %t, %cta
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %s, ptr addrspace(1) %p
  ret void
}

; CUDA texture objects as clang-19 compiles them with its __clang_cuda_texture_intrinsics.h
; (the templates and constraints are clang's; the kernel is this test's):
;   __global__ void cuda_tex_objects(cudaTextureObject_t t, float *out) {
;     int i = blockIdx.x * blockDim.x + threadIdx.x;
;     float4 v = tex1Dfetch<float4>(t, i);
;     float w = tex2D<float>(t, threadIdx.x + 0.5f, 1.5f);
;     int4 z = tex3D<int4>(t, 1.0f, 2.0f, 3.0f);
;     out[i] = v.x + v.w + w + z.y;
;   }
; CHECK-LABEL: .entry cuda_tex_objects(
; CHECK: tex.1d.v4.f32.s32{{[[:space:]]+\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: tex.2d.v4.f32.f32{{[[:space:]]+\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: tex.3d.v4.s32.f32{{[[:space:]]+\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{}}[[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Z:%r[0-9]+]], [[Z]]}];
define ptx_kernel void @cuda_tex_objects(i64 noundef %t, ptr nocapture noundef writeonly %out) {
  %c = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %n
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %m, %tid
  %v = tail call { float, float, float, float } asm "tex.1d.v4.f32.s32\09{$0, $1, $2, $3}, [$4, {$5}];", "=f,=f,=f,=f,l,r"(i64 %t, i32 %i)
  %vx = extractvalue { float, float, float, float } %v, 0
  %vw = extractvalue { float, float, float, float } %v, 3
  %ft = uitofp nneg i32 %tid to float
  %x = fadd contract float %ft, 5.000000e-01
  %w4 = tail call { float, float, float, float } asm "tex.2d.v4.f32.f32\09{$0, $1, $2, $3}, [$4, {$5, $6}];", "=f,=f,=f,=f,l,f,f"(i64 %t, float %x, float 1.500000e+00)
  %w = extractvalue { float, float, float, float } %w4, 0
  %z4 = tail call { i32, i32, i32, i32 } asm "tex.3d.v4.s32.f32\09{$0, $1, $2, $3}, [$4, {$5, $6, $7, $7}];", "=r,=r,=r,=r,l,f,f,f"(i64 %t, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00)
  %zy = extractvalue { i32, i32, i32, i32 } %z4, 1
  %s1 = fadd contract float %vx, %vw
  %s2 = fadd contract float %s1, %w
  %zf = sitofp i32 %zy to float
  %s = fadd contract float %s2, %zf
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float %s, ptr %p, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr addrspace(1) @tex, !"texture", i32 1}
!1 = !{ptr addrspace(1) @tex_local, !"texture", i32 1}
!2 = !{ptr @sampler_gather, !"rdoimage", i32 0}
!3 = !{ptr @sampler_gather, !"sampler", i32 1}
