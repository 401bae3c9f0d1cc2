; A constant address (null, an inttoptr of a constant) in the global, shared or generic space
; goes through a register: ptxas takes `[imm]` for .local only ("Immediate addresses allowed only
; for .local state space"). llc does the same.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: .entry constant_addresses
; CHECK: mov.u64 [[A:%td[0-9]+]], 0;
; CHECK-NEXT: ld.global.u8 {{%r[0-9]+}}, {{\[}}[[A]]{{\]}};
; Non-zero constants are already materialized in a register by the lowering.
; CHECK: st.shared.b32 [%rd{{[0-9]+}}]
; CHECK: atom.global.add.u32 {{%r[0-9]+}}, [%rd{{[0-9]+}}], 1;
define ptx_kernel void @constant_addresses(ptr addrspace(1) %out) {
  %v = load i8, ptr addrspace(1) null
  %w = zext i8 %v to i32
  store i32 %w, ptr addrspace(3) inttoptr (i64 64 to ptr addrspace(3))
  %o = atomicrmw add ptr addrspace(1) inttoptr (i64 128 to ptr addrspace(1)), i32 1 monotonic
  store i32 %o, ptr addrspace(1) %out
  ret void
}
