; Legal inputs. A CUDA `bool` parameter (`i1 noundef zeroext`) only ever holds 0 or 1: across the
; seeds it takes both values, so both branches run (and are compared with the LLVM JIT, which,
; like llc-19 and ori, reads bit 0 of the parameter byte: `and.b32 ..., 1`). An integer with a
; `range(i32 0, 8)` attribute stays in [0, 8) whatever the seed; a `dereferenceable(4096)` pointer
; gets a buffer of at least 4096 bytes (the buffers here are 16 elements: --elements=16). A `byval`
; aggregate is read from its .param byte array (`.param .align 4 .b8 k_param_1[8]`), not as a
; pointer.
; RUN: ori llc %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
; RUN: ori check --elements=16 %s | FileCheck %s
; RUN: ori check --seeds=5 --elements=16 %s | FileCheck %s --check-prefix=FIVE
; RUN: ori llc %S/Inputs/byval-param.ll -o - | FileCheck %s --check-prefix=BYVAL
; REQUIRES: ptxas

; PTX-LABEL: .visible .entry julia(
; PTX: ld.param.u8 [[B:%r[0-9]+]], [julia_param_1];
; PTX-NEXT: and.b32 [[B1:%r[0-9]+]], [[B]], 1;
; PTX-NEXT: setp.ne.u32 %p{{[0-9]+}}, [[B1]], 0;

; CHECK: julia: ok (jit; 128 output elements written)
; CHECK-NEXT: inputs: 3 seeds; grid 2x1x1, block 64x1x1; %isJulia = 1, 0, 1; %k = {{[0-7]}}, {{[0-7]}}, {{[0-7]}}
; FIVE: inputs: 5 seeds; grid 2x1x1, block 64x1x1; %isJulia = 1, 0, 1, 0, 1; %k = {{[0-7]}}, {{[0-7]}}, {{[0-7]}}, {{[0-7]}}, {{[0-7]}}
; BYVAL: .param .align 4 .b8 k_param_1[8]
; BYVAL: ld.param.{{[a-z0-9]+}} {{%r[0-9]+}}, [k_param_1]

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @julia(ptr addrspace(1) noundef align 4 dereferenceable(4096) %out, i1 noundef zeroext %isJulia, i32 noundef range(i32 0, 8) %k) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %g0 = mul i32 %b, 64
  %g = add i32 %g0, %t
  br i1 %isJulia, label %julia, label %mandel
julia:
  %j = mul i32 %g, 7
  br label %done
mandel:
  %m = add i32 %g, 1000
  br label %done
done:
  %v = phi i32 [ %j, %julia ], [ %m, %mandel ]
  %w = add i32 %v, %k
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %w, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
