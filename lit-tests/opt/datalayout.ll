; As opt-19 does, a module with an NVPTX triple and no data layout gets the target's default layout
; before its body is parsed, so the i64 store written without `align` gets NVPTX's ABI alignment
; (8, where LLVM's generic layout would give 4); error positions still point at the original lines.
; RUN: ori opt -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: opt -passes=verify -S %s | diff %t.ll -
; RUN: ori opt -S %S/Inputs/datalayout-explicit.ll | FileCheck %s --check-prefix=EXPLICIT
; RUN: not ori opt -S %S/Inputs/datalayout-error.ll 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK: target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
; CHECK: store i64 %v, ptr %p, align 8
; EXPLICIT: target datalayout = "e-i64:32"
; EXPLICIT: store i64 %v, ptr %p, align 4
; ERROR: datalayout-error.ll:5:11: error: use of undefined value '%nope'
; ERROR-NEXT: {{^}}  ret i64 %nope{{$}}

target triple = "nvptx64-nvidia-cuda"

define void @f(ptr %p, i64 %v) {
  store i64 %v, ptr %p
  ret void
}
