; The recursion stops at depth 6 (seed 004 "Max recursion depth 6"): a fact six operations away is
; still seen, seven away it is not. Phi cycles terminate (the visited cache answers a value met
; again while its analysis is in progress with unknown bits).
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s | FileCheck %s
; The opt-19 plugin (plugin/) runs the same passes on the same input: the IR must be identical.
; RUN: ori opt -passes=nv-known-bits --verify-known-bits -S %s -o %t.ori.ll
; RUN: %if ori-plugin %{ opt -load-pass-plugin=%ori_plugin '-passes=nv-known-bits<verify>' -S %s | diff %t.ori.ll - %}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The `and` is the root (depth 0) and the chain below it is single-use: %x1 is at depth 1, ...,
; the `or` setting bit 31 at depth 5 is still analysed (each `xor` flips the bit).
; CHECK-LABEL: define i32 @within(
; CHECK: ret i32 -2147483648
define i32 @within(i32 %a) {
  %x5 = or i32 %a, -2147483648
  %x4 = xor i32 %x5, -2147483648
  %x3 = xor i32 %x4, -2147483648
  %x2 = xor i32 %x3, -2147483648
  %x1 = xor i32 %x2, -2147483648
  %r = and i32 %x1, -2147483648
  ret i32 %r
}

; One step more: the `or` is at depth 6 from the root, unknown.
; CHECK-LABEL: define i32 @beyond(
; CHECK: %r = and i32 %x1, -2147483648
; CHECK-NEXT: ret i32 %r
define i32 @beyond(i32 %a) {
  %x6 = or i32 %a, -2147483648
  %x5 = xor i32 %x6, -2147483648
  %x4 = xor i32 %x5, -2147483648
  %x3 = xor i32 %x4, -2147483648
  %x2 = xor i32 %x3, -2147483648
  %x1 = xor i32 %x2, -2147483648
  %r = and i32 %x1, -2147483648
  ret i32 %r
}

; A loop counter: the phi depends on itself. Its low bit stays clear (steps of 2 from 0).
; CHECK-LABEL: define i32 @loop(
; CHECK: exit:
; CHECK-NEXT: ret i32 0
define i32 @loop(i32 %n0) {
entry:
  %n = and i32 %n0, 255
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %next = add i32 %i, 2
  %c = icmp ult i32 %next, %n
  br i1 %c, label %body, label %exit
exit:
  %low = and i32 %i, 1
  ret i32 %low
}

; Two phis feeding each other: terminates, nothing known.
; CHECK-LABEL: define i32 @mutual(
; CHECK: %low = and i32 %a, 1
define i32 @mutual(i32 %n0, i32 %s) {
entry:
  %n = and i32 %n0, 255
  br label %body
body:
  %a = phi i32 [ %s, %entry ], [ %b, %body ]
  %b = phi i32 [ 1, %entry ], [ %a, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %k1 = add i32 %k, 1
  %c = icmp ult i32 %k1, %n
  br i1 %c, label %body, label %exit
exit:
  %low = and i32 %a, 1
  ret i32 %low
}
