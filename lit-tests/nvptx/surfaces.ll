; Surface loads, stores and queries as llc-19 writes them for sm_90: CUDA surface objects (i64
; handle parameters: `surf1Dread`/`surf2Dwrite` and friends, whose x coordinate is a byte
; offset), every access width (`b8` to `v4.b32`, `b64`, `v2.b64`), the three out-of-range modes
; (`.trap`, `.clamp`, `.zero`), 3D and layered surfaces, `suq`/`istypep`, kernel parameters
; annotated `wroimage`/`rdwrimage` (`.param .u64 .ptr .surfref`) and module surface references
; (`.global .surfref`). `ori check` binds each handle to a seeded surface of the model in
; `ori::interp::texture` and compares the surfaces' final contents with the JIT reference's. An
; out-of-range `.trap` access faults in the interpreter (the kernel is skipped, naming it).
; Formatted stores (`sust.p`) and handle annotations on non-i64 parameters are refused.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check %S/Inputs/texsurf-trap.ll | FileCheck %s --check-prefix=TRAP
; RUN: not ori llc %S/Inputs/texsurf-sust-p.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=SUSTP
; RUN: not ori llc %S/Inputs/texsurf-annotated-ptr.ll -o %t.err.ptx 2>&1 | FileCheck %s --check-prefix=PTR
; RUN: not ls %t.err.ptx
; REQUIRES: ptxas
; EXEC: copy_1d: ok (jit
; EXEC: float4_2d: ok (jit
; EXEC: widths: ok (jit
; EXEC: out_of_range: ok (jit
; EXEC: layered_3d: ok (jit
; EXEC: queries: ok (jit
; EXEC: annotated: ok (jit
; EXEC: surfref: ok (jit
; EXEC-NOT: RACE
; TRAP: past_the_edge: skipped (pre-RA run failed: surface load out of range (.trap): x 256 (bytes), y 0, z 0, layer 0
; SUSTP: ori: error: unsupported formatted surface store (sust.p) llvm.nvvm.sust.p.2d.i32.trap in function @formatted
; PTR: ori: error: unsupported .surfref annotation on parameter 0, which is not an i64 in function @k

target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .surfref surf;
@surf = addrspace(1) global i64 0, align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.suld.1d.i32.trap(i64, i32)
declare void @llvm.nvvm.sust.b.1d.i32.trap(i64, i32, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.suld.2d.v4i32.clamp(i64, i32, i32)
declare void @llvm.nvvm.sust.b.2d.v4i32.zero(i64, i32, i32, i32, i32, i32, i32)
declare i16 @llvm.nvvm.suld.1d.i8.zero(i64, i32)
declare { i16, i16 } @llvm.nvvm.suld.1d.v2i16.trap(i64, i32)
declare { i16, i16, i16, i16 } @llvm.nvvm.suld.1d.v4i8.clamp(i64, i32)
declare i64 @llvm.nvvm.suld.1d.i64.trap(i64, i32)
declare { i64, i64 } @llvm.nvvm.suld.1d.v2i64.zero(i64, i32)
declare void @llvm.nvvm.sust.b.1d.i8.trap(i64, i32, i16)
declare void @llvm.nvvm.sust.b.1d.v2i16.clamp(i64, i32, i16, i16)
declare void @llvm.nvvm.sust.b.1d.i64.zero(i64, i32, i64)
declare void @llvm.nvvm.sust.b.1d.v2i64.trap(i64, i32, i64, i64)
declare i32 @llvm.nvvm.suld.2d.i32.clamp(i64, i32, i32)
declare i32 @llvm.nvvm.suld.2d.i32.zero(i64, i32, i32)
declare void @llvm.nvvm.sust.b.2d.i32.zero(i64, i32, i32, i32)
declare i32 @llvm.nvvm.suld.3d.i32.trap(i64, i32, i32, i32)
declare { i32, i32 } @llvm.nvvm.suld.2d.array.v2i32.clamp(i64, i32, i32, i32)
declare void @llvm.nvvm.sust.b.2d.array.v2i32.trap(i64, i32, i32, i32, i32, i32)
declare void @llvm.nvvm.sust.b.1d.array.i16.zero(i64, i32, i32, i16)
declare i32 @llvm.nvvm.suq.width(i64)
declare i32 @llvm.nvvm.suq.height(i64)
declare i32 @llvm.nvvm.suq.depth(i64)
declare i32 @llvm.nvvm.suq.array.size(i64)
declare i32 @llvm.nvvm.suq.channel.data.type(i64)
declare i32 @llvm.nvvm.suq.channel.order(i64)
declare i1 @llvm.nvvm.istypep.surface(i64)
declare i1 @llvm.nvvm.istypep.sampler(i64)
declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))

; The global index ctaid.x * ntid.x + tid.x.
define internal i32 @gid() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %n
  %i = add i32 %m, %t
  ret i32 %i
}

; surf1Dread<int>(src, 4 i) + i written with surf1Dwrite to dst.
; CHECK-LABEL: .entry copy_1d(
; CHECK-DAG: ld.param.u64 [[SRC:%rd[0-9]+]], [copy_1d_param_0];
; CHECK-DAG: ld.param.u64 [[DST:%rd[0-9]+]], [copy_1d_param_1];
; CHECK: suld.b.1d.b32.trap {[[V:%r[0-9]+]]}, {{\[}}[[SRC]], {[[X:%r[0-9]+]]}];
; CHECK: sust.b.1d.b32.trap {{\[}}[[DST]], {[[X]]}], {%r{{[0-9]+}}};
define ptx_kernel void @copy_1d(i64 %src, i64 %dst) {
  %i = call i32 @gid()
  %x = shl i32 %i, 2
  %v = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %src, i32 %x)
  %r = add i32 %v, %i
  call void @llvm.nvvm.sust.b.1d.i32.trap(i64 %dst, i32 %x, i32 %r)
  ret void
}

; A float4 surface read and written in place (x in bytes: 16 per element).
; CHECK-LABEL: .entry float4_2d(
; CHECK: suld.b.2d.v4.b32.clamp {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}];
; CHECK: sust.b.2d.v4.b32.zero {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}], {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}};
define ptx_kernel void @float4_2d(i64 %s) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cx = mul i32 %c, 16
  %gx = add i32 %tx, %cx
  %x = shl i32 %gx, 4
  %v = call { i32, i32, i32, i32 } @llvm.nvvm.suld.2d.v4i32.clamp(i64 %s, i32 %x, i32 %ty)
  %a = extractvalue { i32, i32, i32, i32 } %v, 0
  %b = extractvalue { i32, i32, i32, i32 } %v, 1
  %cc = extractvalue { i32, i32, i32, i32 } %v, 2
  %d = extractvalue { i32, i32, i32, i32 } %v, 3
  %af = bitcast i32 %a to float
  %bf = bitcast i32 %b to float
  %sum = fadd float %af, %bf
  %prod = fmul float %af, %bf
  %si = bitcast float %sum to i32
  %pi = bitcast float %prod to i32
  call void @llvm.nvvm.sust.b.2d.v4i32.zero(i64 %s, i32 %x, i32 %ty, i32 %si, i32 %pi, i32 %d, i32 %cc)
  ret void
}

; Every access width: b8 (zero-extended into its register), v2.b16, v4.b8, b64 and v2.b64 loads
; from one surface, stores of each width to another.
; CHECK-LABEL: .entry widths(
; CHECK: suld.b.1d.b8.zero {%r{{[0-9]+}}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: suld.b.1d.v2.b16.trap {%r{{[0-9]+}}, %r{{[0-9]+}}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: suld.b.1d.v4.b8.clamp {{\{(%r[0-9]+, ){3}%r[0-9]+[}]}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: suld.b.1d.b64.trap {%rd{{[0-9]+}}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: suld.b.1d.v2.b64.zero {%rd{{[0-9]+}}, %rd{{[0-9]+}}}, {{\[%rd[0-9]+, \{%r[0-9]+[}]}}];
; CHECK: sust.b.1d.b8.trap {{\[%rd[0-9]+, \{%r[0-9]+[}]}}], {%r{{[0-9]+}}};
; CHECK: sust.b.1d.v2.b16.clamp {{\[%rd[0-9]+, \{%r[0-9]+[}]}}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
; CHECK: sust.b.1d.b64.zero {{\[%rd[0-9]+, \{%r[0-9]+[}]}}], {%rd{{[0-9]+}}};
; CHECK: sust.b.1d.v2.b64.trap {{\[%rd[0-9]+, \{%r[0-9]+[}]}}], {%rd{{[0-9]+}}, %rd{{[0-9]+}}};
define ptx_kernel void @widths(i64 %in, i64 %out) {
  %i = call i32 @gid()
  %x16 = shl i32 %i, 4
  %b = call i16 @llvm.nvvm.suld.1d.i8.zero(i64 %in, i32 %x16)
  %h = call { i16, i16 } @llvm.nvvm.suld.1d.v2i16.trap(i64 %in, i32 %x16)
  %q = call { i16, i16, i16, i16 } @llvm.nvvm.suld.1d.v4i8.clamp(i64 %in, i32 %x16)
  %l = call i64 @llvm.nvvm.suld.1d.i64.trap(i64 %in, i32 %x16)
  %w = call { i64, i64 } @llvm.nvvm.suld.1d.v2i64.zero(i64 %in, i32 %x16)
  %h0 = extractvalue { i16, i16 } %h, 0
  %h1 = extractvalue { i16, i16 } %h, 1
  %q3 = extractvalue { i16, i16, i16, i16 } %q, 3
  %w0 = extractvalue { i64, i64 } %w, 0
  %w1 = extractvalue { i64, i64 } %w, 1
  %bq = add i16 %b, %q3
  call void @llvm.nvvm.sust.b.1d.i8.trap(i64 %out, i32 %x16, i16 %bq)
  %x16a = add i32 %x16, 4
  call void @llvm.nvvm.sust.b.1d.v2i16.clamp(i64 %out, i32 %x16a, i16 %h1, i16 %h0)
  %x16b = add i32 %x16, 8
  %lw = xor i64 %l, %w1
  call void @llvm.nvvm.sust.b.1d.i64.zero(i64 %out, i32 %x16b, i64 %lw)
  %x16c = add i32 %x16, 4096
  call void @llvm.nvvm.sust.b.1d.v2i64.trap(i64 %out, i32 %x16c, i64 %w1, i64 %w0)
  ret void
}

; Out of range: `.clamp` reads the edge (x < 0 for the first threads), `.zero` reads 0 past the
; last row and drops a store there.
; CHECK-LABEL: .entry out_of_range(
; CHECK: suld.b.2d.b32.clamp
; CHECK: suld.b.2d.b32.zero
; CHECK: sust.b.2d.b32.zero
define ptx_kernel void @out_of_range(i64 %s, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %k = sub i32 %i, 8
  %x = shl i32 %k, 2
  %a = call i32 @llvm.nvvm.suld.2d.i32.clamp(i64 %s, i32 %x, i32 3)
  %y = add i32 %i, 60
  %b = call i32 @llvm.nvvm.suld.2d.i32.zero(i64 %s, i32 0, i32 %y)
  call void @llvm.nvvm.sust.b.2d.i32.zero(i64 %s, i32 0, i32 1000, i32 %i)
  %r = add i32 %a, %b
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; 3D and layered surfaces: coordinates padded to four like llc's, the layer first.
; CHECK-LABEL: .entry layered_3d(
; CHECK: suld.b.3d.b32.trap {%r{{[0-9]+}}}, {{\[%rd[0-9]+, \{}}[[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Z:%r[0-9]+]], [[Z]]}];
; CHECK: suld.b.a2d.v2.b32.clamp {%r{{[0-9]+}}, %r{{[0-9]+}}}, {{\[%rd[0-9]+, \{}}[[L:%r[0-9]+]], [[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Y]]}];
; CHECK: sust.b.a2d.v2.b32.trap {{\[%rd[0-9]+, \{}}[[L:%r[0-9]+]], [[X:%r[0-9]+]], [[Y:%r[0-9]+]], [[Y]]}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
; CHECK: sust.b.a1d.b16.zero {{\[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+[}]}}], {%r{{[0-9]+}}};
define ptx_kernel void @layered_3d(i64 %vol, i64 %layers, i64 %lines) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x4 = shl i32 %tx, 2
  %v = call i32 @llvm.nvvm.suld.3d.i32.trap(i64 %vol, i32 %x4, i32 %ty, i32 %tz)
  %x8 = shl i32 %tx, 3
  %cy = mul i32 %c, 4
  %y = add i32 %ty, %cy
  %p = call { i32, i32 } @llvm.nvvm.suld.2d.array.v2i32.clamp(i64 %layers, i32 %tz, i32 %x8, i32 %y)
  %p0 = extractvalue { i32, i32 } %p, 0
  %p1 = extractvalue { i32, i32 } %p, 1
  %n0 = add i32 %p0, %v
  call void @llvm.nvvm.sust.b.2d.array.v2i32.trap(i64 %layers, i32 %tz, i32 %x8, i32 %y, i32 %p1, i32 %n0)
  %r1 = mul i32 %ty, 8
  %r2 = add i32 %r1, %tx
  %x2 = shl i32 %r2, 1
  %l = add i32 %tz, %cy
  %h = trunc i32 %v to i16
  call void @llvm.nvvm.sust.b.1d.array.i16.zero(i64 %lines, i32 %l, i32 %x2, i16 %h)
  ret void
}

; suq fields and istypep (thread 0 of CTA 0).
; CHECK-LABEL: .entry queries(
; CHECK: suq.width.b32 %r{{[0-9]+}}, {{\[}}[[H:%rd[0-9]+]]];
; CHECK-NEXT: suq.height.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: suq.depth.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: suq.array_size.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: suq.channel_data_type.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: suq.channel_order.b32 %r{{[0-9]+}}, {{\[}}[[H]]];
; CHECK-NEXT: istypep.surfref %p{{[0-9]+}}, [[H]];
; CHECK-NEXT: istypep.samplerref %p{{[0-9]+}}, [[H]];
define ptx_kernel void @queries(i64 %s, ptr addrspace(1) %out) {
  %i = call i32 @gid()
  %go = icmp eq i32 %i, 0
  br i1 %go, label %q, label %done
q:
  %w = call i32 @llvm.nvvm.suq.width(i64 %s)
  %h = call i32 @llvm.nvvm.suq.height(i64 %s)
  %d = call i32 @llvm.nvvm.suq.depth(i64 %s)
  %a = call i32 @llvm.nvvm.suq.array.size(i64 %s)
  %ct = call i32 @llvm.nvvm.suq.channel.data.type(i64 %s)
  %co = call i32 @llvm.nvvm.suq.channel.order(i64 %s)
  %is = call i1 @llvm.nvvm.istypep.surface(i64 %s)
  %ip = call i1 @llvm.nvvm.istypep.sampler(i64 %s)
  %v = call i32 @llvm.nvvm.suld.2d.i32.trap(i64 %s, i32 4, i32 5)
  %isz = zext i1 %is to i32
  %ipz = zext i1 %ip to i32
  %s1 = add i32 %w, %h
  %s2 = mul i32 %d, %a
  %s3 = xor i32 %ct, %co
  %s4 = shl i32 %isz, 1
  %s5 = or i32 %s4, %ipz
  %t1 = add i32 %s1, %s2
  %t2 = add i32 %s3, %s5
  %t3 = add i32 %t1, %t2
  %t = add i32 %t3, %v
  store i32 %t, ptr addrspace(1) %out
  br label %done
done:
  ret void
}

; Parameters annotated as surfaces (a kernel by annotation): `.param .u64 .ptr .surfref`.
; CHECK-LABEL: .entry annotated(
; CHECK-NEXT: .param .u64 .ptr .surfref annotated_param_0,
; CHECK-NEXT: .param .u64 .ptr .surfref annotated_param_1
define void @annotated(i64 %wo, i64 %rw) {
  %i = call i32 @gid()
  %x = shl i32 %i, 2
  %v = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %rw, i32 %x)
  %n = mul i32 %v, 3
  call void @llvm.nvvm.sust.b.1d.i32.trap(i64 %wo, i32 %x, i32 %n)
  call void @llvm.nvvm.sust.b.1d.i32.trap(i64 %rw, i32 %x, i32 %i)
  ret void
}

; A module surface reference: the handle is `mov.u64` of the `.surfref` symbol; the surface's
; final contents are compared under the variable's name.
; CHECK-LABEL: .entry surfref(
; CHECK: mov.u64 [[S:%rd[0-9]+]], surf;
; CHECK: suld.b.1d.b32.trap {%r{{[0-9]+}}}, {{\[}}[[S]], {{\{%r[0-9]+[}]}}];
; CHECK: sust.b.1d.b32.trap {{\[}}[[S]], {{\{%r[0-9]+[}]}}], {%r{{[0-9]+}}};
define ptx_kernel void @surfref() {
  %i = call i32 @gid()
  %x = shl i32 %i, 2
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @surf)
  %v = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %h, i32 %x)
  %n = sub i32 %v, %i
  call void @llvm.nvvm.sust.b.1d.i32.trap(i64 %h, i32 %x, i32 %n)
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr addrspace(1) @surf, !"surface", i32 1}
!1 = !{ptr @annotated, !"kernel", i32 1}
!2 = !{ptr @annotated, !"wroimage", i32 0}
!3 = !{ptr @annotated, !"rdwrimage", i32 1}
