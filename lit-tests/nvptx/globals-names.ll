; PTX names for any LLVM name, llc-19's rule: a private or internal symbol has each character
; outside [a-zA-Z0-9_$] replaced by `_$_` (`.str` -> `_$_str`), unnamed symbols are
; `__unnamed_<n>`, a renamed local that would collide with another symbol gets `_$_<n>`
; appended. The same name is used at the definition and at every use (loads, addresses in
; initializers, calls). `ori check` runs the kernel (LLVM's JIT knows the variables by their IR
; names).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK: .func (.param .b32 func_retval0) __unnamed_1(
; CHECK: .global .align 1 .b8 _$_str[4] = {97, 98, 99};
; CHECK: .global .align 1 .b8 _$_str_$_1[4] = {100, 101, 102};
; CHECK: .global .align 4 .u32 weird_$_name$x = 5;
; CHECK: .global .align 4 .u32 q_$_u_$_x = 6;
; CHECK: .visible .global .align 4 .u32 a_$_b = 7;
; CHECK: .global .align 4 .u32 a_$_b_$_1 = 8;
; CHECK: .global .align 4 .u32 __unnamed_2 = 9;
; CHECK: .visible .global .align 8 .u64 ptrs[2] = {generic(_$_str_$_1)+1, __unnamed_1};
; CHECK: .func (.param .b32 func_retval0) __unnamed_1(
; CHECK: .func (.param .b32 func_retval0) count_$_down(
; CHECK-LABEL: .visible .entry names(
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, weird_$_name$x;
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, q_$_u_$_x;
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, a_$_b;
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, a_$_b_$_1;
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, __unnamed_2;
; CHECK-DAG: mov.u64 {{%rd[0-9]+}}, _$_str;
; CHECK-DAG: call.uni (retval0), count_$_down, (param0);

@.str = private unnamed_addr addrspace(1) constant [4 x i8] c"abc\00"
@.str.1 = private unnamed_addr addrspace(1) constant [4 x i8] c"def\00"
@"weird-name$x" = internal addrspace(1) global i32 5
@"q.u\22x" = internal addrspace(1) global i32 6
@"a_$_b" = addrspace(1) global i32 7
@"a.b" = internal addrspace(1) global i32 8
@0 = internal addrspace(1) global i32 9
@ptrs = addrspace(1) global [2 x ptr] [ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @.str.1 to ptr), i64 1), ptr @1]

define internal i32 @1(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define internal i32 @"count-down"(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i32 0
rec:
  %m = sub i32 %n, 1
  %r = call i32 @"count-down"(i32 %m)
  %s = add i32 %r, 1
  ret i32 %s
}

; EXEC: names: ok (jit;
define ptx_kernel void @names(ptr addrspace(1) %out) {
  %a = load i32, ptr addrspace(1) @"weird-name$x"
  %b = load i32, ptr addrspace(1) @"q.u\22x"
  %c = load i32, ptr addrspace(1) @"a_$_b"
  %d = load i32, ptr addrspace(1) @"a.b"
  %e = load i32, ptr addrspace(1) @0
  %s = addrspacecast ptr addrspace(1) @.str to ptr
  %f8 = load i8, ptr %s
  %f = zext i8 %f8 to i32
  %p = load ptr, ptr addrspace(1) @ptrs
  %g8 = load i8, ptr %p
  %g = zext i8 %g8 to i32
  %h = call i32 @"count-down"(i32 %a)
  store i32 %a, ptr addrspace(1) %out
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %b, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %c, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %d, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %e, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %f, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %g, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %h, ptr addrspace(1) %o7
  ret void
}
