; The ori opt driver: --print-passes, -passes/--passes spellings, -S vs bitcode, stdin, -o.
; RUN: ori opt --print-passes | FileCheck %s --check-prefix=PASSES
; PASSES: nvvm-intr-range Add !range metadata to NVVM intrinsics.
; RUN: ori opt --passes=nvvm-intr-range -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; Bitcode out, read back from stdin:
; RUN: ori opt -passes=nvvm-intr-range %s -o %t.bc
; RUN: ori opt -S - < %t.bc | FileCheck %s
; An empty pipeline still verifies and round-trips.
; RUN: ori opt -S %s | FileCheck %s --check-prefix=NOPASS
; NOPASS: call i32 @llvm.nvvm.read.ptx.sreg.laneid(){{$}}
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range

target triple = "nvptx64-nvidia-cuda"

define i32 @f() {
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret i32 %l
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
