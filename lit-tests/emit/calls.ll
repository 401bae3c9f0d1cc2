; Calls of a device function that cannot be inlined (recursion): the PTX .param ABI (one .param
; word per argument and for the result, st.param / call / ld.param in a scoped block, ld.param
; of the callee's parameters, st.param of func_retval0). In SASS, as ptxas lists it, the callee's
; code follows the kernel's in the same Function, arguments travel in registers from R4 (a
; pointer in the pair R4:R5), the return address in R20:R21, the call is CALL.REL.NOINC to the
; callee's address and the return RET.REL.NODEC R20 0x0; the result comes back in R4.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori llc --emit=sass %s | FileCheck %s --check-prefix=SASS
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; PTX-LABEL: {{^}}.func (.param .b32 func_retval0) walk(
; PTX-NEXT: .param .b64 walk_param_0,
; PTX-NEXT: .param .b32 walk_param_1
; PTX: ld.param.b64 [[P:%rd[0-9]+]], [walk_param_0];
; PTX-NEXT: ld.param.b32 [[N:%r[0-9]+]], [walk_param_1];
; PTX: st.param.b32 [func_retval0], %t0;
; PTX-NEXT: ret;
; PTX: .param .b64 param0;
; PTX-NEXT: st.param.b64 [param0], {{%rd[0-9]+}};
; PTX-NEXT: .param .b32 param1;
; PTX-NEXT: st.param.b32 [param1], {{%r[0-9]+}};
; PTX-NEXT: .param .b32 retval0;
; PTX-NEXT: call.uni (retval0), walk, (param0, param1);
; PTX-NEXT: ld.param.b32 {{%r[0-9]+}}, [retval0];
; PTX-LABEL: .visible .entry caller(
; PTX: call.uni (retval0), walk, (param0, param1);

; SASS-NOT: Function : walk
; SASS-LABEL: Function : caller
; SASS: MOV R4, [[PL:R[0-9]+]] ;
; SASS-NEXT: MOV R5, R{{[0-9]+}} ;
; SASS-NEXT: MOV R6, [[N:R[0-9]+]] ;
; SASS-NEXT: MOV R20, 0xa0 ;
; SASS-NEXT: MOV R21, 0x0 ;
; SASS-NEXT: /*0090*/ CALL.REL.NOINC 0xd0 ;
; SASS-NEXT: /*00a0*/ MOV [[R:R[0-9]+]], R4 ;
; SASS: EXIT ;
; The callee: its parameters out of R4:R5 and R6, the result into R4.
; SASS-NEXT: /*00d0*/ MOV {{R[0-9]+}}, R4 ;
; SASS-NEXT: MOV {{R[0-9]+}}, R5 ;
; SASS-NEXT: MOV {{R[0-9]+}}, R6 ;
; SASS: MOV R4, 0x0 ;
; SASS-NEXT: RET.REL.NODEC R20 0x0 ;
; SASS: CALL.REL.NOINC 0xd0 ;
; SASS: RET.REL.NODEC R20 0x0 ;
; SASS-NOT: Function : walk
define internal i32 @walk(ptr %p, i32 %n) noinline {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i32 0
rec:
  %v = load i32, ptr %p
  %q = getelementptr i32, ptr %p, i32 1
  %m = sub i32 %n, 1
  %r = call i32 @walk(ptr %q, i32 %m)
  %s = add i32 %v, %r
  ret i32 %s
}

define ptx_kernel void @caller(ptr %data, ptr %out, i32 %n) {
  %r = call i32 @walk(ptr %data, i32 %n)
  store i32 %r, ptr %out
  ret void
}
