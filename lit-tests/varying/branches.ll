; Divergent versus uniform branches (seed 002 sync dependence; ConvertToUniformReg rule c).
; OriPropagateVaryingFirst (phase 53) runs on SSA code, before EliminateMovPhi.
; In @divergent the branch tests the thread id: the uniform computations on either side run
; under divergent control and stay in R, as does the merge. In @uniform the branch tests the
; block id: both sides convert, the branch predicate becomes a uniform predicate guarding a
; uniform branch (BRA.U), and the merge (a COPY, no uniform form) stays in R.
; RUN: ori llc --uniform-regs --emit=ori --dump-after=OriPropagateVaryingFirst %s 2>%t.dump \
; RUN:   | FileCheck %s
; RUN: FileCheck %s --check-prefix=SSA --input-file=%t.dump
; The SASS listing: the divergent branch gets a BSSY/BSYNC pair at its immediate post-dominator,
; the uniform one (predicate in UP) is BRA.U and needs none.
; RUN: ori llc --uniform-regs --emit=sass %s | FileCheck %s --check-prefix=SASS
; SASS-LABEL: Function : divergent
; SASS: BSSY B0, 0x[[JOIN:[0-9a-f]+]] ;
; SASS-NEXT: @!P0 BRA
; SASS: /*{{0*}}[[JOIN]]*/ BSYNC B0 ;
; SASS-LABEL: Function : uniform
; SASS-NOT: BSSY
; SASS: BRA.U !UP0, 0x
; SASS-NOT: BSYNC
; RUN: ori llc --uniform-regs %s -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; REQUIRES: ptxas

target triple = "nvptx64-nvidia-cuda"

; SSA-LABEL: *** IR Dump After OriPropagateVaryingFirst (phase 53) ***
; SSA: .function divergent
; SSA: MovPhi
; SSA-LABEL: *** IR Dump After OriPropagateVaryingFirst (phase 53) ***
; SSA: .function uniform
; SSA: MovPhi

; CHECK-LABEL: .function divergent
; CHECK: ULDC [[N:%ur[0-9]+]], c[0x0][0x210] ;
; CHECK: S2UR [[C:%ur[0-9]+]], SR_CTAID.X ;
; CHECK: S2R [[T:%r[0-9]+]], SR_TID.X ;
; CHECK: ISETP.LT.U32.AND [[P:%p[0-9]+]], [[T]], [[N]], PT ;
; CHECK: <then>:
; CHECK-NEXT: IADD3 [[A:%r[0-9]+]], [[C]], 0x1, RZ ;
; CHECK: <else>:
; CHECK-NEXT: IMAD [[B:%r[0-9]+]], [[C]], 0x3, RZ ;
; CHECK: <join>:
; CHECK-NEXT: COPY {{%r[0-9]+}}, {{%r[0-9]+}} ;

; CHECK-LABEL: .function uniform
; CHECK: ULDC [[N:%ur[0-9]+]], c[0x0][0x210] ;
; CHECK: S2UR [[C:%ur[0-9]+]], SR_CTAID.X ;
; CHECK: UISETP.LT.U32.AND [[P:%up[0-9]+]], [[C]], [[N]], PT ;
; CHECK: @!{{%up[0-9]+}} BRA
; CHECK: <then>:
; CHECK-NEXT: UIADD3 [[A:%ur[0-9]+]], [[C]], 0x1, URZ ;
; CHECK: <else>:
; CHECK-NEXT: UIMAD [[B:%ur[0-9]+]], [[C]], 0x3, URZ ;
; CHECK: <join>:
; CHECK-NEXT: COPY {{%r[0-9]+}}, {{%r[0-9]+}} ;
define ptx_kernel void @divergent(i32 %n, ptr addrspace(1) %out) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lt = icmp ult i32 %t, %n
  br i1 %lt, label %then, label %else
then:
  %a = add i32 %c, 1
  br label %join
else:
  %b = mul i32 %c, 3
  br label %join
join:
  %x = phi i32 [ %a, %then ], [ %b, %else ]
  %idx = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @uniform(i32 %n, ptr addrspace(1) %out) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lt = icmp ult i32 %c, %n
  br i1 %lt, label %then, label %else
then:
  %a = add i32 %c, 1
  br label %join
else:
  %b = mul i32 %c, 3
  br label %join
join:
  %x = phi i32 [ %a, %then ], [ %b, %else ]
  %idx = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %idx
  store i32 %x, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
