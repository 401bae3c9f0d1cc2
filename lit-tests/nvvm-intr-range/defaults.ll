; Every special register gets its architectural default range on sm_90 (no launch bounds);
; the full-range ones (.w components, smid/nsmid, gridid, clocks, lane masks, pm, envreg) get none.
; warpid < 64 on sm_90 (64 resident warps per SM) shares its uniqued node with tid.z, nwarpid with ntid.z.
; RUN: ori opt -passes=nvvm-intr-range -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nvvm-intr-range -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nvvm-intr-range' -S %s | diff %t.ori.ll - %}

target triple = "nvptx64-nvidia-cuda"

define void @all(ptr %out) {
  %v0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %v0, ptr %out
  %v1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store volatile i32 %v1, ptr %out
  %v2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  store volatile i32 %v2, ptr %out
  %v3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.w()
  store volatile i32 %v3, ptr %out
  %v4 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store volatile i32 %v4, ptr %out
  %v5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  store volatile i32 %v5, ptr %out
  %v6 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  store volatile i32 %v6, ptr %out
  %v7 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  store volatile i32 %v7, ptr %out
  %v8 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  store volatile i32 %v8, ptr %out
  %v9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  store volatile i32 %v9, ptr %out
  %v10 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  store volatile i32 %v10, ptr %out
  %v11 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  store volatile i32 %v11, ptr %out
  %v12 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  store volatile i32 %v12, ptr %out
  %v13 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
  store volatile i32 %v13, ptr %out
  %v14 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()
  store volatile i32 %v14, ptr %out
  %v15 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.z()
  store volatile i32 %v15, ptr %out
  %v16 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.x()
  store volatile i32 %v16, ptr %out
  %v17 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.y()
  store volatile i32 %v17, ptr %out
  %v18 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.z()
  store volatile i32 %v18, ptr %out
  %v19 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
  store volatile i32 %v19, ptr %out
  %v20 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y()
  store volatile i32 %v20, ptr %out
  %v21 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()
  store volatile i32 %v21, ptr %out
  %v22 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
  store volatile i32 %v22, ptr %out
  %v23 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
  store volatile i32 %v23, ptr %out
  %v24 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.z()
  store volatile i32 %v24, ptr %out
  %v25 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
  store volatile i32 %v25, ptr %out
  %v26 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
  store volatile i32 %v26, ptr %out
  %v27 = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  store volatile i32 %v27, ptr %out
  %v28 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  store volatile i32 %v28, ptr %out
  %v29 = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  store volatile i32 %v29, ptr %out
  %v30 = call i32 @llvm.nvvm.read.ptx.sreg.nwarpid()
  store volatile i32 %v30, ptr %out
  %v31 = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  store volatile i32 %v31, ptr %out
  %v32 = call i32 @llvm.nvvm.read.ptx.sreg.nsmid()
  store volatile i32 %v32, ptr %out
  %v33 = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  store volatile i32 %v33, ptr %out
  %v34 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
  store volatile i32 %v34, ptr %out
  %v35 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
  store volatile i32 %v35, ptr %out
  %v36 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  store volatile i32 %v36, ptr %out
  %v37 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
  store volatile i32 %v37, ptr %out
  %v38 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
  store volatile i32 %v38, ptr %out
  %v39 = call i32 @llvm.nvvm.read.ptx.sreg.pm0()
  store volatile i32 %v39, ptr %out
  %v40 = call i32 @llvm.nvvm.read.ptx.sreg.envreg3()
  store volatile i32 %v40, ptr %out
  %v41 = call i32 @llvm.nvvm.read.ptx.sreg.gridid()
  store volatile i32 %v41, ptr %out
  %v42 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  store volatile i64 %v42, ptr %out
  %v43 = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  store volatile i64 %v43, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.w()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nclusterid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.nwarpid()
declare i32 @llvm.nvvm.read.ptx.sreg.smid()
declare i32 @llvm.nvvm.read.ptx.sreg.nsmid()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
declare i32 @llvm.nvvm.read.ptx.sreg.pm0()
declare i32 @llvm.nvvm.read.ptx.sreg.envreg3()
declare i32 @llvm.nvvm.read.ptx.sreg.gridid()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()

; CHECK: %v0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[TIDXY:![0-9]+]]
; CHECK: %v1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[TIDXY]]
; CHECK: %v2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[TIDZ:![0-9]+]]
; CHECK: %v3 = call i32 @llvm.nvvm.read.ptx.sreg.tid.w(){{$}}
; CHECK: %v4 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[NTIDXY:![0-9]+]]
; CHECK: %v5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !range [[NTIDXY]]
; CHECK: %v6 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[NTIDZ:![0-9]+]]
; CHECK: %v7 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !range [[CTAIDX:![0-9]+]]
; CHECK: %v8 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !range [[CTAIDYZ:![0-9]+]]
; CHECK: %v9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z(), !range [[CTAIDYZ]]
; CHECK: %v10 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !range [[NCTAIDX:![0-9]+]]
; CHECK: %v11 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y(), !range [[NCTAIDYZ:![0-9]+]]
; CHECK: %v12 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z(), !range [[NCTAIDYZ]]
; CHECK: %v13 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x(), !range [[CTAIDX]]
; CHECK: %v14 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.y(), !range [[CTAIDYZ]]
; CHECK: %v15 = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.z(), !range [[CTAIDYZ]]
; CHECK: %v16 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.x(), !range [[NCTAIDX]]
; CHECK: %v17 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.y(), !range [[NCTAIDYZ]]
; CHECK: %v18 = call i32 @llvm.nvvm.read.ptx.sreg.nclusterid.z(), !range [[NCTAIDYZ]]
; CHECK: %v19 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x(), !range [[CL:![0-9]+]]
; CHECK: %v20 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.y(), !range [[CL]]
; CHECK: %v21 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.z(), !range [[CL]]
; CHECK: %v22 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x(), !range [[NCL:![0-9]+]]
; CHECK: %v23 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.y(), !range [[NCL]]
; CHECK: %v24 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.z(), !range [[NCL]]
; CHECK: %v25 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank(), !range [[CL]]
; CHECK: %v26 = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctarank(), !range [[NCL]]
; CHECK: %v27 = call i32 @llvm.nvvm.read.ptx.sreg.warpsize(), !range [[WS:![0-9]+]]
; CHECK: %v28 = call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range [[LANE:![0-9]+]]
; CHECK: %v29 = call i32 @llvm.nvvm.read.ptx.sreg.warpid(), !range [[TIDZ]]
; CHECK: %v30 = call i32 @llvm.nvvm.read.ptx.sreg.nwarpid(), !range [[NTIDZ]]
; CHECK: %v31 = call i32 @llvm.nvvm.read.ptx.sreg.smid(){{$}}
; CHECK: %v32 = call i32 @llvm.nvvm.read.ptx.sreg.nsmid(){{$}}
; CHECK: %v33 = call i32 @llvm.nvvm.read.ptx.sreg.clock(){{$}}
; CHECK: %v34 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq(){{$}}
; CHECK: %v35 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.le(){{$}}
; CHECK: %v36 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt(){{$}}
; CHECK: %v37 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge(){{$}}
; CHECK: %v38 = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt(){{$}}
; CHECK: %v39 = call i32 @llvm.nvvm.read.ptx.sreg.pm0(){{$}}
; CHECK: %v40 = call i32 @llvm.nvvm.read.ptx.sreg.envreg3(){{$}}
; CHECK: %v41 = call i32 @llvm.nvvm.read.ptx.sreg.gridid(){{$}}
; CHECK: %v42 = call i64 @llvm.nvvm.read.ptx.sreg.clock64(){{$}}
; CHECK: %v43 = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer(){{$}}
; CHECK-DAG: [[TIDXY]] = !{i32 0, i32 1024}
; CHECK-DAG: [[TIDZ]] = !{i32 0, i32 64}
; CHECK-DAG: [[NTIDXY]] = !{i32 1, i32 1025}
; CHECK-DAG: [[NTIDZ]] = !{i32 1, i32 65}
; CHECK-DAG: [[CTAIDX]] = !{i32 0, i32 2147483647}
; CHECK-DAG: [[CTAIDYZ]] = !{i32 0, i32 65535}
; CHECK-DAG: [[NCTAIDX]] = !{i32 1, i32 -2147483648}
; CHECK-DAG: [[NCTAIDYZ]] = !{i32 1, i32 65536}
; CHECK-DAG: [[CL]] = !{i32 0, i32 16}
; CHECK-DAG: [[NCL]] = !{i32 1, i32 17}
; CHECK-DAG: [[WS]] = !{i32 32, i32 33}
; CHECK-DAG: [[LANE]] = !{i32 0, i32 32}
