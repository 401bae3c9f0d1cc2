; --range-form selects !range metadata (default), the range() call attribute, or both.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s --check-prefix=MD
; RUN: ori opt -passes=nvvm-intr-range --range-form=attribute -S %s | FileCheck %s --check-prefix=ATTR
; RUN: ori opt -passes=nvvm-intr-range --range-form=both -S %s | FileCheck %s --check-prefix=BOTH
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.0.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.0.ll - %}
; RUN: ori opt -passes=nvvm-intr-range --range-form=attribute -S %s -o %t.ori.1.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<range-form=attribute>' -S %s | diff %t.ori.1.ll - %}
; RUN: ori opt -passes=nvvm-intr-range --range-form=both -S %s -o %t.ori.2.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<range-form=both>' -S %s | diff %t.ori.2.ll - %}

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %o) {
; MD: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range
; ATTR: %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(){{$}}
; BOTH: %t = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %t, ptr %o
; Wrapping-free [1, 2^31) prints with LLVM's signed spelling of the upper bound.
; ATTR: %n = call range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(){{$}}
  %n = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  store volatile i32 %n, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
