; Addresses in initializers (constant expressions), as llc-19 writes them: a pointer in the
; generic space to a variable is `generic(x)`, in the variable's own space plain `x`; constant
; `getelementptr` offsets and `add` of a constant become `+N` (a negative one `+-4`, the form
; ptxas accepts; llc's `-4` is a syntax error there); `ptrtoint` to i64 is the address itself;
; a function's address is its name (declared before the variable). An aggregate with addresses
; at 8-byte offsets is a `.u64` array; a packed one with a misaligned address is a `.u8` array
; with one masked term per address byte. The kernel follows every stored address and `ori
; check` compares what it reads with LLVM's JIT (the interpreter writes each target's address
; into the variable, so a wrong target or offset reads different data).
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: ori check --maxrregcount=24 %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: .func (.param .b32 func_retval0) triple(
; CHECK: .visible .global .align 4 .b8 arr[16] = {10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40};
; CHECK: .visible .const .align 4 .b8 cst[8] = {50, 0, 0, 0, 60};
; CHECK: .visible .global .align 8 .u64 tab[3] = {generic(arr)+8, triple, 0};
; CHECK: .visible .global .align 8 .u64 in_space = arr+12;
; CHECK: .visible .global .align 8 .u64 before = generic(arr)+-4;
; CHECK: .visible .global .align 8 .u64 as_int = arr+4;
; CHECK: .visible .global .align 8 .u64 to_const = cst+4;
; CHECK: .visible .global .align 8 .u64 rec[3] = {2, generic(arr), 3};
; CHECK: .visible .global .align 8 .u8 packed[9] = {7, 0xFF(generic(arr)+4), 0xFF00(generic(arr)+4), 0xFF0000(generic(arr)+4), 0xFF000000(generic(arr)+4), 0xFF00000000(generic(arr)+4), 0xFF0000000000(generic(arr)+4), 0xFF000000000000(generic(arr)+4), 0xFF00000000000000(generic(arr)+4)};

@arr = addrspace(1) global [4 x i32] [i32 10, i32 20, i32 30, i32 40]
@cst = addrspace(4) constant [2 x i32] [i32 50, i32 60]
@tab = addrspace(1) global [3 x ptr] [ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i64 8), ptr @triple, ptr null]
@in_space = addrspace(1) global ptr addrspace(1) getelementptr ([4 x i32], ptr addrspace(1) @arr, i64 0, i64 3)
@before = addrspace(1) global ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i64 -4)
@as_int = addrspace(1) global i64 add (i64 ptrtoint (ptr addrspace(1) @arr to i64), i64 4)
@to_const = addrspace(1) global ptr addrspace(4) getelementptr (i32, ptr addrspace(4) @cst, i64 1)
@rec = addrspace(1) global { i32, i32, ptr, i16 } { i32 2, i32 0, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i16 3 }
@packed = addrspace(1) global <{ i8, ptr }> <{ i8 7, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i64 4) }>

define internal i32 @triple(i32 %x) noinline {
  %y = mul i32 %x, 3
  ret i32 %y
}

; EXEC: follow: ok (jit;
define ptx_kernel void @follow(ptr addrspace(1) %out) {
  %p0 = load ptr, ptr addrspace(1) @tab
  %a = load i32, ptr %p0
  %fp = load ptr, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @tab, i64 8)
  %isf = icmp eq ptr %fp, @triple
  %b = zext i1 %isf to i32
  %p1 = load ptr addrspace(1), ptr addrspace(1) @in_space
  %c = load i32, ptr addrspace(1) %p1
  %p2 = load ptr, ptr addrspace(1) @before
  %p2b = getelementptr i32, ptr %p2, i64 1
  %d = load i32, ptr %p2b
  %i3 = load i64, ptr addrspace(1) @as_int
  %p3 = inttoptr i64 %i3 to ptr addrspace(1)
  %e = load i32, ptr addrspace(1) %p3
  %p4 = load ptr addrspace(4), ptr addrspace(1) @to_const
  %f = load i32, ptr addrspace(4) %p4
  %p5 = load ptr, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @rec, i64 8)
  %g = load i32, ptr %p5
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
  ret void
}
