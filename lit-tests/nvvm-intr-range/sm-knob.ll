; warpid/nwarpid come from the per-SM table (max resident warps per SM): the function's
; target-cpu by default, overridden by --nvvm-intr-range-sm or the pass parameter sm=N.
; An SM without a known limit gets no range; smid/nsmid never do (chip-dependent).
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s --check-prefix=CPU
; RUN: ori opt -passes=nvvm-intr-range --nvvm-intr-range-sm=86 -S %s | FileCheck %s --check-prefix=SM86
; RUN: ori opt '-passes=nvvm-intr-range<sm=90>' -S %s | FileCheck %s --check-prefix=SM90
; RUN: ori opt -passes=nvvm-intr-range --nvvm-intr-range-sm=91 -S %s | FileCheck %s --check-prefix=UNKNOWN
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.0.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.0.ll - %}
; RUN: ori opt -passes=nvvm-intr-range --nvvm-intr-range-sm=86 -S %s -o %t.ori.1.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<sm=86>' -S %s | diff %t.ori.1.ll - %}
; RUN: ori opt '-passes=nvvm-intr-range<sm=90>' -S %s -o %t.ori.2.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<sm=90>' -S %s | diff %t.ori.2.ll - %}
; RUN: ori opt -passes=nvvm-intr-range --nvvm-intr-range-sm=91 -S %s -o %t.ori.3.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range<sm=91>' -S %s | diff %t.ori.3.ll - %}

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %o) #0 {
; CPU: call i32 @llvm.nvvm.read.ptx.sreg.warpid(), !range [[W32:![0-9]+]]
; SM86: call i32 @llvm.nvvm.read.ptx.sreg.warpid(), !range [[W48:![0-9]+]]
; SM90: call i32 @llvm.nvvm.read.ptx.sreg.warpid(), !range [[W64:![0-9]+]]
; UNKNOWN: call i32 @llvm.nvvm.read.ptx.sreg.warpid(){{$}}
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  store volatile i32 %w, ptr %o
; CPU: call i32 @llvm.nvvm.read.ptx.sreg.nwarpid(), !range [[N32:![0-9]+]]
; UNKNOWN: call i32 @llvm.nvvm.read.ptx.sreg.nwarpid(){{$}}
  %n = call i32 @llvm.nvvm.read.ptx.sreg.nwarpid()
  store volatile i32 %n, ptr %o
; CPU: call i32 @llvm.nvvm.read.ptx.sreg.smid(){{$}}
; CPU: call i32 @llvm.nvvm.read.ptx.sreg.nsmid(){{$}}
  %s = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  store volatile i32 %s, ptr %o
  %ns = call i32 @llvm.nvvm.read.ptx.sreg.nsmid()
  store volatile i32 %ns, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.nwarpid()
declare i32 @llvm.nvvm.read.ptx.sreg.smid()
declare i32 @llvm.nvvm.read.ptx.sreg.nsmid()

attributes #0 = { "target-cpu"="sm_75" }

; CPU-DAG: [[W32]] = !{i32 0, i32 32}
; CPU-DAG: [[N32]] = !{i32 1, i32 33}
; SM86: [[W48]] = !{i32 0, i32 48}
; SM90: [[W64]] = !{i32 0, i32 64}
