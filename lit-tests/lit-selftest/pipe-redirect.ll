; Pipes, redirections (<, >, >>, 2>, 2>&1), lists (&&, ||, ;), quotes and the %t / %T / %S / %%
; substitutions.
; RUN: opt -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: cat %t.ll | cat | FileCheck %s
; RUN: opt -S %s > %t.2.ll 2> %t.err && FileCheck %s --input-file=%t.2.ll
; RUN: echo first > %T/log.txt ; echo second >> %T/log.txt
; RUN: FileCheck %s --check-prefix=LOG --input-file=%T/log.txt
; RUN: not opt -passes=no-such-pass %s 2>&1 > /dev/null | FileCheck %s --check-prefix=ERR
; RUN: false || echo "100%% 'quoted'  spaced" | FileCheck %s --check-prefix=QUOTE
; RUN: test -f %S/pipe-redirect.ll && test -d %T

; CHECK: define i32 @g(i32 %a)
; LOG: first
; LOG-NEXT: second
; ERR: unknown pass name
; QUOTE: {{^}}100% 'quoted'  spaced{{$}}

define i32 @g(i32 %a) {
  ret i32 %a
}
