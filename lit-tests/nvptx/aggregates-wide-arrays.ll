; Arrays as first-class values up to 256 registers (a [128 x i8] load and store pair is what
; clang writes for a struct assignment; llc-19's lower-aggr-copies test has one): flattened into
; one register per element, loaded whole before any byte is stored (so an overlapping copy keeps
; its meaning), extractvalue / insertvalue on them. `ori check` runs the copy against LLVM's JIT;
; a wider array stays a clean refusal.
; RUN: ori llc %s -o %t.ptx
; RUN: FileCheck %s --input-file=%t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: ori check %s | FileCheck %s --check-prefix=EXEC
; RUN: sed 's/128 x i8/257 x i8/g' %s > %t.wide.ll
; RUN: not ori llc %t.wide.ll -o %t.wide.ptx 2>&1 | FileCheck %s --check-prefix=WIDE
; REQUIRES: ptxas
; EXEC: copy: ok (jit;
; WIDE: ori: error: unsupported memory access of type [257 x i8] in function @overlap
; The device function comes first; in the kernel, byte 0 is stored from byte 3: 39 loads.
; CHECK-LABEL: .func overlap(
; CHECK-COUNT-128: ld.u8
; CHECK-COUNT-128: st.u8
; CHECK-LABEL: .entry copy(
; CHECK-COUNT-39: ld.global.u8
; CHECK-COUNT-40: st.global.u8

target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %off = mul i32 %i, 40
  %src = getelementptr i8, ptr addrspace(1) %in, i32 %off
  %dst = getelementptr i8, ptr addrspace(1) %out, i32 %off
  %v = load [40 x i8], ptr addrspace(1) %src, align 1
  %e = extractvalue [40 x i8] %v, 3
  %v2 = insertvalue [40 x i8] %v, i8 %e, 0
  store [40 x i8] %v2, ptr addrspace(1) %dst, align 1
  ret void
}

; Source and destination overlap: every byte is read before the first store.
define void @overlap(ptr %p) {
  %dst = getelementptr inbounds i8, ptr %p, i64 8
  %v = load [128 x i8], ptr %p, align 1
  store [128 x i8] %v, ptr %dst, align 1
  ret void
}
