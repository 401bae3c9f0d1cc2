; Register pressure over the budget: forty floats loaded before any is used, then summed in
; reverse order, so all forty are live at once. --maxrregcount=24 leaves R0..R21 (R1 is the stack
; pointer): the allocator spills to a local-memory spill area after the frame (STL/LDL through
; __local_depot), ptxas accepts the PTX, and -v reports the budget. Without a limit, no spills.
; A budget below ptxas's lower bound of 24 is raised to it, with ptxas's warning.
; RUN: ori llc -v --emit=ori --maxrregcount=24 %s -o %t.ori 2> %t.err
; RUN: FileCheck %s --check-prefix=ORI --input-file=%t.ori
; RUN: FileCheck %s --check-prefix=V24 --input-file=%t.err
; RUN: ori llc -v -maxrregcount=24 %s -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori llc -v %s -o %t.free.ptx 2>&1 | FileCheck %s --check-prefix=FREE
; RUN: %ptxas -arch=sm_90 %t.free.ptx -o %t.free.cubin 2>&1 | count 0
; RUN: ori llc -v --maxrregcount=8 %s -o %t.low.ptx 2>&1 | FileCheck %s --check-prefix=LOW
; REQUIRES: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; ORI-LABEL: .function pressure (kernel)
; ORI: STL @__local_depot+{{[0-9]+}}, %r{{[0-9]+}} ;
; ORI: LDL %r{{[0-9]+}}, @__local_depot+{{[0-9]+}} ;

; V24: ori info    : Compiling entry function 'pressure' for 'sm_90'
; V24-NEXT: ori info    : Function properties for pressure
; V24-NEXT: {{[1-9][0-9]*}} bytes stack frame, {{[1-9][0-9]*}} bytes spill stores, {{[1-9][0-9]*}} bytes spill loads
; V24-NEXT: ori info    : Used {{(1[0-9]|2[0-4])}} registers, used 0 barriers

; PTX: .local .align 16 .b8 __local_depot[{{[0-9]+}}];
; PTX: st.local.b32 [__local_depot+{{[0-9]+}}], %r{{[0-9]+}};
; PTX: ld.local.b32 %r{{[0-9]+}}, [__local_depot+{{[0-9]+}}];

; FREE: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
; FREE-NEXT: ori info    : Used {{4[0-9]}} registers, used 0 barriers

; LOW: warning: For profile sm_90 adjusting per thread register count of 8 to lower bound of 24
; LOW: ori info    : Used {{(1[0-9]|2[0-4])}} registers

define ptx_kernel void @pressure(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 0
  %x0 = load float, ptr addrspace(1) %p0, align 4
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 1
  %x1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 2
  %x2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds float, ptr addrspace(1) %in, i64 3
  %x3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds float, ptr addrspace(1) %in, i64 4
  %x4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds float, ptr addrspace(1) %in, i64 5
  %x5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds float, ptr addrspace(1) %in, i64 6
  %x6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds float, ptr addrspace(1) %in, i64 7
  %x7 = load float, ptr addrspace(1) %p7, align 4
  %p8 = getelementptr inbounds float, ptr addrspace(1) %in, i64 8
  %x8 = load float, ptr addrspace(1) %p8, align 4
  %p9 = getelementptr inbounds float, ptr addrspace(1) %in, i64 9
  %x9 = load float, ptr addrspace(1) %p9, align 4
  %p10 = getelementptr inbounds float, ptr addrspace(1) %in, i64 10
  %x10 = load float, ptr addrspace(1) %p10, align 4
  %p11 = getelementptr inbounds float, ptr addrspace(1) %in, i64 11
  %x11 = load float, ptr addrspace(1) %p11, align 4
  %p12 = getelementptr inbounds float, ptr addrspace(1) %in, i64 12
  %x12 = load float, ptr addrspace(1) %p12, align 4
  %p13 = getelementptr inbounds float, ptr addrspace(1) %in, i64 13
  %x13 = load float, ptr addrspace(1) %p13, align 4
  %p14 = getelementptr inbounds float, ptr addrspace(1) %in, i64 14
  %x14 = load float, ptr addrspace(1) %p14, align 4
  %p15 = getelementptr inbounds float, ptr addrspace(1) %in, i64 15
  %x15 = load float, ptr addrspace(1) %p15, align 4
  %p16 = getelementptr inbounds float, ptr addrspace(1) %in, i64 16
  %x16 = load float, ptr addrspace(1) %p16, align 4
  %p17 = getelementptr inbounds float, ptr addrspace(1) %in, i64 17
  %x17 = load float, ptr addrspace(1) %p17, align 4
  %p18 = getelementptr inbounds float, ptr addrspace(1) %in, i64 18
  %x18 = load float, ptr addrspace(1) %p18, align 4
  %p19 = getelementptr inbounds float, ptr addrspace(1) %in, i64 19
  %x19 = load float, ptr addrspace(1) %p19, align 4
  %p20 = getelementptr inbounds float, ptr addrspace(1) %in, i64 20
  %x20 = load float, ptr addrspace(1) %p20, align 4
  %p21 = getelementptr inbounds float, ptr addrspace(1) %in, i64 21
  %x21 = load float, ptr addrspace(1) %p21, align 4
  %p22 = getelementptr inbounds float, ptr addrspace(1) %in, i64 22
  %x22 = load float, ptr addrspace(1) %p22, align 4
  %p23 = getelementptr inbounds float, ptr addrspace(1) %in, i64 23
  %x23 = load float, ptr addrspace(1) %p23, align 4
  %p24 = getelementptr inbounds float, ptr addrspace(1) %in, i64 24
  %x24 = load float, ptr addrspace(1) %p24, align 4
  %p25 = getelementptr inbounds float, ptr addrspace(1) %in, i64 25
  %x25 = load float, ptr addrspace(1) %p25, align 4
  %p26 = getelementptr inbounds float, ptr addrspace(1) %in, i64 26
  %x26 = load float, ptr addrspace(1) %p26, align 4
  %p27 = getelementptr inbounds float, ptr addrspace(1) %in, i64 27
  %x27 = load float, ptr addrspace(1) %p27, align 4
  %p28 = getelementptr inbounds float, ptr addrspace(1) %in, i64 28
  %x28 = load float, ptr addrspace(1) %p28, align 4
  %p29 = getelementptr inbounds float, ptr addrspace(1) %in, i64 29
  %x29 = load float, ptr addrspace(1) %p29, align 4
  %p30 = getelementptr inbounds float, ptr addrspace(1) %in, i64 30
  %x30 = load float, ptr addrspace(1) %p30, align 4
  %p31 = getelementptr inbounds float, ptr addrspace(1) %in, i64 31
  %x31 = load float, ptr addrspace(1) %p31, align 4
  %p32 = getelementptr inbounds float, ptr addrspace(1) %in, i64 32
  %x32 = load float, ptr addrspace(1) %p32, align 4
  %p33 = getelementptr inbounds float, ptr addrspace(1) %in, i64 33
  %x33 = load float, ptr addrspace(1) %p33, align 4
  %p34 = getelementptr inbounds float, ptr addrspace(1) %in, i64 34
  %x34 = load float, ptr addrspace(1) %p34, align 4
  %p35 = getelementptr inbounds float, ptr addrspace(1) %in, i64 35
  %x35 = load float, ptr addrspace(1) %p35, align 4
  %p36 = getelementptr inbounds float, ptr addrspace(1) %in, i64 36
  %x36 = load float, ptr addrspace(1) %p36, align 4
  %p37 = getelementptr inbounds float, ptr addrspace(1) %in, i64 37
  %x37 = load float, ptr addrspace(1) %p37, align 4
  %p38 = getelementptr inbounds float, ptr addrspace(1) %in, i64 38
  %x38 = load float, ptr addrspace(1) %p38, align 4
  %p39 = getelementptr inbounds float, ptr addrspace(1) %in, i64 39
  %x39 = load float, ptr addrspace(1) %p39, align 4
  %s38 = fmul float %x39, %x38
  %s37 = fmul float %s38, %x37
  %s36 = fmul float %s37, %x36
  %s35 = fmul float %s36, %x35
  %s34 = fmul float %s35, %x34
  %s33 = fmul float %s34, %x33
  %s32 = fmul float %s33, %x32
  %s31 = fmul float %s32, %x31
  %s30 = fmul float %s31, %x30
  %s29 = fmul float %s30, %x29
  %s28 = fmul float %s29, %x28
  %s27 = fmul float %s28, %x27
  %s26 = fmul float %s27, %x26
  %s25 = fmul float %s26, %x25
  %s24 = fmul float %s25, %x24
  %s23 = fmul float %s24, %x23
  %s22 = fmul float %s23, %x22
  %s21 = fmul float %s22, %x21
  %s20 = fmul float %s21, %x20
  %s19 = fmul float %s20, %x19
  %s18 = fmul float %s19, %x18
  %s17 = fmul float %s18, %x17
  %s16 = fmul float %s17, %x16
  %s15 = fmul float %s16, %x15
  %s14 = fmul float %s15, %x14
  %s13 = fmul float %s14, %x13
  %s12 = fmul float %s13, %x12
  %s11 = fmul float %s12, %x11
  %s10 = fmul float %s11, %x10
  %s9 = fmul float %s10, %x9
  %s8 = fmul float %s9, %x8
  %s7 = fmul float %s8, %x7
  %s6 = fmul float %s7, %x6
  %s5 = fmul float %s6, %x5
  %s4 = fmul float %s5, %x4
  %s3 = fmul float %s4, %x3
  %s2 = fmul float %s3, %x2
  %s1 = fmul float %s2, %x1
  %s0 = fmul float %s1, %x0
  store float %s0, ptr addrspace(1) %out, align 4
  ret void
}
