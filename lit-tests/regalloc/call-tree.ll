; -v with device functions, as ptxas prints it: a kernel gets `Compiling entry function` and a
; `Used N registers` line that covers every function it calls (directly or through others, here
; a recursive one that keeps more values live than the kernel); a device function gets only its
; `Function properties` lines. Each function is allocated on its own.
; RUN: ori llc -v %s -o %t.ptx 2> %t.err
; RUN: FileCheck %s --input-file=%t.err
; RUN: ori llc --dump-after=AdvancedPhaseAllocReg %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PHYS
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: ori info    : Compiling entry function 'k' for 'sm_90'
; CHECK-NEXT: ori info    : Function properties for k
; CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; CHECK-NEXT: ori info    : Used [[N:[0-9]+]] registers, used 0 barriers
; CHECK-NEXT: ori info    : Function properties for mix
; CHECK-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; CHECK-NOT: Used

; PHYS-LABEL: .function mix (device)
; PHYS: CALL.ABS.NOINC R{{[0-9]+}}, @mix,
; PHYS-LABEL: .function k (kernel)
; PHYS: CALL.ABS.NOINC R{{[0-9]+}}, @mix,

define i32 @mix(i32 %n, i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
done:
  %s0 = add i32 %a, %b
  %s1 = xor i32 %c, %d
  %s = mul i32 %s0, %s1
  ret i32 %s
rec:
  %m = sub i32 %n, 1
  %a1 = mul i32 %a, %b
  %b1 = add i32 %b, %c
  %c1 = xor i32 %c, %d
  %d1 = sub i32 %d, %a
  %r = call i32 @mix(i32 %m, i32 %a1, i32 %b1, i32 %c1, i32 %d1)
  %t0 = add i32 %r, %a
  %t1 = mul i32 %t0, %b
  %t2 = xor i32 %t1, %c
  %t3 = add i32 %t2, %d
  ret i32 %t3
}

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %f = call i32 @mix(i32 %n, i32 1, i32 2, i32 3, i32 4)
  store i32 %f, ptr addrspace(1) %out
  ret void
}
