; Facts from llvm.assume of comparisons with constants (ult/ule/ugt/uge/eq) and masked tests
; `(x & m) == c` (seed 004 computeKnownBitsFromAssume). An assume counts where it is known to
; hold: earlier in the block, later in the block with nothing in between that may not return, or
; in a dominating block. The compares feeding the assumes are never folded with their own facts.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; x < 256: the mask goes, and the assume's compare stays.
; CHECK-LABEL: define i32 @ult(
; CHECK-NEXT: %c = icmp ult i32 %x, 256
; CHECK-NEXT: call void @llvm.assume(i1 %c)
; CHECK-NEXT: ret i32 %x
define i32 @ult(i32 %x) {
  %c = icmp ult i32 %x, 256
  call void @llvm.assume(i1 %c)
  %a = and i32 %x, 255
  ret i32 %a
}

; x <= 15 and x >= 8 (ule, uge): bit 3 is set, bits 4.. are clear.
; CHECK-LABEL: define i32 @ule_uge(
; CHECK: ret i32 8
define i32 @ule_uge(i32 %x) {
  %c1 = icmp ule i32 %x, 15
  call void @llvm.assume(i1 %c1)
  %c2 = icmp uge i32 %x, 8
  call void @llvm.assume(i1 %c2)
  %a = and i32 %x, 248
  ret i32 %a
}

; x > 0xFFFFFF (ugt): some bit 24.. is set, which known bits cannot say; the interval decides
; the compare `x == 0` though.
; CHECK-LABEL: define i1 @ugt(
; CHECK: ret i1 false
define i1 @ugt(i32 %x) {
  %c = icmp ugt i32 %x, 16777215
  call void @llvm.assume(i1 %c)
  %z = icmp eq i32 %x, 0
  ret i1 %z
}

; eq: the value is the constant.
; CHECK-LABEL: define i32 @eq(
; CHECK: ret i32 42
define i32 @eq(i32 %x) {
  %c = icmp eq i32 %x, 42
  call void @llvm.assume(i1 %c)
  %r = or i32 %x, 0
  ret i32 %r
}

; (x & 7) == 4: the low three bits are 100.
; CHECK-LABEL: define i32 @masked(
; CHECK: ret i32 4
define i32 @masked(i32 %x) {
  %m = and i32 %x, 7
  %c = icmp eq i32 %m, 4
  call void @llvm.assume(i1 %c)
  %y = shl i32 %x, 29
  %r = lshr i32 %y, 29
  ret i32 %r
}

; The constant on the left works too (256 > x).
; CHECK-LABEL: define i32 @swapped(
; CHECK: ret i32 %x
define i32 @swapped(i32 %x) {
  %c = icmp ugt i32 256, %x
  call void @llvm.assume(i1 %c)
  %a = and i32 %x, 511
  ret i32 %a
}

; An assume later in the block with only transferring instructions in between counts.
; CHECK-LABEL: define i32 @later(
; CHECK-NEXT: %c = icmp ult i32 %x, 16
; CHECK-NEXT: call void @llvm.assume(i1 %c)
; CHECK-NEXT: ret i32 %x
define i32 @later(i32 %x) {
  %a = and i32 %x, 15
  %c = icmp ult i32 %x, 16
  call void @llvm.assume(i1 %c)
  ret i32 %a
}

; ... but not past a call that may not return.
; CHECK-LABEL: define i32 @later_blocked(
; CHECK-NEXT: %a = and i32 %x, 15
; CHECK-NEXT: call void @may_not_return()
define i32 @later_blocked(i32 %x) {
  %a = and i32 %x, 15
  call void @may_not_return()
  %c = icmp ult i32 %x, 16
  call void @llvm.assume(i1 %c)
  ret i32 %a
}

; An assume in a dominating block counts.
; CHECK-LABEL: define i32 @dominating(
; CHECK: next:
; CHECK-NEXT: ret i32 %x
define i32 @dominating(i32 %x, i1 %b) {
  %c = icmp ult i32 %x, 16
  call void @llvm.assume(i1 %c)
  br i1 %b, label %next, label %other
next:
  %a = and i32 %x, 15
  ret i32 %a
other:
  ret i32 0
}

; One on a side branch does not.
; CHECK-LABEL: define i32 @side_branch(
; CHECK: join:
; CHECK-NEXT: %a = and i32 %x, 15
define i32 @side_branch(i32 %x, i1 %b) {
  br i1 %b, label %side, label %join
side:
  %c = icmp ult i32 %x, 16
  call void @llvm.assume(i1 %c)
  br label %join
join:
  %a = and i32 %x, 15
  ret i32 %a
}

; ne gives nothing.
; CHECK-LABEL: define i32 @ne(
; CHECK: %a = and i32 %x, 15
define i32 @ne(i32 %x) {
  %c = icmp ne i32 %x, 16
  call void @llvm.assume(i1 %c)
  %a = and i32 %x, 15
  ret i32 %a
}

declare void @llvm.assume(i1)
declare void @may_not_return()
