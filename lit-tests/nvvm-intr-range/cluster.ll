; Cluster bounds: cluster_dim fixes the cluster shape, maxclusterrank bounds the CTA count;
; without bounds every per-cluster index is < 16 (largest non-portable cluster on sm_90).
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @dims(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x(), !range [[C0_2:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y(), !range [[C3_4:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank(), !range [[C0_6:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank(), !range [[C6_7:![0-9]+]]
define void @dims(ptr %o) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
  store volatile i32 %a, ptr %o
  %b = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
  store volatile i32 %b, ptr %o
  %c = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  store volatile i32 %c, ptr %o
  %d = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  store volatile i32 %d, ptr %o
  ret void
}

; CHECK-LABEL: define ptx_kernel void @rank(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank(), !range [[C0_4:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank(), !range [[C1_5:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z(), !range [[C0_4]]
define ptx_kernel void @rank(ptr %o) "nvvm.maxclusterrank"="4" {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  store volatile i32 %c, ptr %o
  %d = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  store volatile i32 %d, ptr %o
  %e = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()
  store volatile i32 %e, ptr %o
  ret void
}

; "nvvm.cluster_dim"="2,1,1" through the attribute spelling.
; CHECK-LABEL: define ptx_kernel void @attr(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x(), !range [[C2_3:![0-9]+]]
define ptx_kernel void @attr(ptr %o) "nvvm.cluster_dim"="2,1,1" {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
  store volatile i32 %a, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()

!nvvm.annotations = !{!0}
!0 = !{ptr @dims, !"kernel", i32 1, !"cluster_dim_x", i32 2, !"cluster_dim_y", i32 3, !"cluster_dim_z", i32 1}

; CHECK-DAG: [[C0_2]] = !{i32 0, i32 2}
; CHECK-DAG: [[C3_4]] = !{i32 3, i32 4}
; CHECK-DAG: [[C0_6]] = !{i32 0, i32 6}
; CHECK-DAG: [[C6_7]] = !{i32 6, i32 7}
; CHECK-DAG: [[C0_4]] = !{i32 0, i32 4}
; CHECK-DAG: [[C1_5]] = !{i32 1, i32 5}
; CHECK-DAG: [[C2_3]] = !{i32 2, i32 3}
