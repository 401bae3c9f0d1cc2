; Inline asm with the `q` constraint (an i128 in a .b128 register, PTX 8.3), as llc-19 accepts
; it: an i128 is two 64-bit registers in ori, so each `q` operand is packed into a .b128
; temporary before the template (`mov.b128 %asm_qN, {lo, hi}`) and an output unpacked after
; it; a tied `q` input (`=q,l,0`) is packed into its output's temporary; the module's .version
; is raised to 8.3. ptxas accepts the PTX. The interpreter does not execute .b128 PTX blocks,
; and neither does the JIT reference: `ori check` skips the kernel and says why.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; REQUIRES: ptxas
; EXEC: b128: skipped (pre-RA: unsupported inline PTX assembly
; CHECK: .version 8.3
; CHECK-LABEL: .entry b128
; CHECK: .reg .b128 %asm_q<2>;
; CHECK-NEXT: mov.b128 %asm_q1, {[[LO:%rd[0-9]+]], [[HI:%rd[0-9]+]]};
; CHECK-NEXT: { mov.b128 %asm_q0, %asm_q1; }
; CHECK-NEXT: mov.b128 {[[OLO:%rd[0-9]+]], [[OHI:%rd[0-9]+]]}, %asm_q0;
; CHECK: .reg .b128 %asm_q<3>;
; CHECK-NEXT: mov.b128 %asm_q0, {[[OLO]], [[OHI]]};
; CHECK: add.u64 lo, lo, %rd{{[0-9]+}};
; CHECK: mov.b128 {%rd{{[0-9]+}}, %rd{{[0-9]+}}}, %asm_q0;

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define ptx_kernel void @b128(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = shl i32 %b, 6
  %i = add i32 %b64, %t
  %pa = getelementptr i128, ptr addrspace(1) %in, i32 %i
  %x = load i128, ptr addrspace(1) %pa
  %y = mul i128 %x, 3
  %z = call i128 asm "{ mov.b128 $0, $1; }", "=q,q"(i128 %y)
  %lo = trunc i128 %x to i64
  %w = call i128 asm "{\0A\09.reg .b64 lo;\0A\09.reg .b64 hi;\0A\09mov.b128 {lo, hi}, $0;\0A\09add.u64 lo, lo, $1;\0A\09mov.b128 $0, {lo, hi};\0A\09}", "=q,l,0"(i64 %lo, i128 %z)
  %po = getelementptr i128, ptr addrspace(1) %out, i32 %i
  store i128 %w, ptr addrspace(1) %po
  ret void
}
