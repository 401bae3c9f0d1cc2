; Linkage and state spaces of module variables, as llc-19 spells them: external definitions are
; `.visible`, private/internal ones carry no directive, weak/weak_odr/linkonce_odr are `.weak`,
; common is `.common`, declarations are `.extern` (a scalar keeps its type, an array is bytes);
; addrspace(4) is `.const`, a generic-space variable
; lives in `.global` and its LLVM value is the generic address of the symbol (`cvta.global`).
; ptxas checks the module as a relocatable object (-c: the externs are resolved by a later link).
; `ori check` runs the kernel that reads defined variables; the one reading a variable defined
; in another module is skipped with its name, never given a verdict on invented contents.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 -c %t.ptx -o %t.o 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .visible .global .align 4 .u32 vis = 1;
; CHECK: {{^}}.global .align 4 .u32 priv = 2;
; CHECK: {{^}}.global .align 4 .u32 intern = 3;
; CHECK: .weak .global .align 4 .u32 wk = 4;
; CHECK: .weak .global .align 4 .u32 wodr = 5;
; CHECK: .weak .global .align 4 .u32 lodr = 6;
; CHECK: .common .global .align 4 .u32 cm;
; ptxas allows .common on .global only: a common variable of another space is .weak, as in llc.
; CHECK: .weak .shared .align 4 .u32 cms;
; CHECK: .extern .global .align 4 .u32 ext;
; CHECK: .extern .global .align 8 .b8 ext_arr[80];
; CHECK: .visible .const .align 4 .b8 coeffs[8] = {0, 0, 0, 63, 0, 0, 128, 62};
; CHECK: .visible .global .align 4 .u32 gen = 7;
; CHECK-LABEL: .entry readers(
; CHECK: mov.u64 [[G:%rd[0-9]+]], gen;
; CHECK-NEXT: cvta.global.u64 {{%rd[0-9]+}}, [[G]];

@vis = addrspace(1) global i32 1
@priv = private addrspace(1) global i32 2
@intern = internal addrspace(1) global i32 3
@wk = weak addrspace(1) global i32 4
@wodr = weak_odr addrspace(1) global i32 5
@lodr = linkonce_odr addrspace(1) global i32 6
@cm = common addrspace(1) global i32 0
@cms = common addrspace(3) global i32 0, align 4
@ext = external addrspace(1) global i32
@ext_arr = external addrspace(1) global [10 x i64]
@coeffs = addrspace(4) constant [2 x float] [float 0.5, float 0.25]
@gen = global i32 7

; EXEC: readers: ok (jit;
; EXEC: external: skipped (pre-RA: unsupported @ext (a function or variable whose code or storage is not available)
define ptx_kernel void @readers(ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(1) @vis
  %b = load i32, ptr addrspace(1) @priv
  %c = load i32, ptr addrspace(1) @intern
  %d = load i32, ptr addrspace(1) @wk
  %e = load i32, ptr addrspace(1) @wodr
  %f = load i32, ptr addrspace(1) @lodr
  %g = load i32, ptr @gen
  %h = load float, ptr addrspace(4) getelementptr (i8, ptr addrspace(4) @coeffs, i64 4)
  %hi = fptosi float %h to i32
  %k = load i32, ptr addrspace(1) @cm
  %s1 = add i32 %a, %b
  store i32 %s1, ptr addrspace(1) %out
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %c, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %d, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %e, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %f, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %g, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %hi, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %k, ptr addrspace(1) %o7
  ret void
}

define ptx_kernel void @external(ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(1) @ext
  %b = load i64, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @ext_arr, i64 8)
  %bt = trunc i64 %b to i32
  %s = add i32 %a, %bt
  store i32 %s, ptr addrspace(1) %out
  ret void
}
