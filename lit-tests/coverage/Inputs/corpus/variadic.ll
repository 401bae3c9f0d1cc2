; A call of a variadic function that is only declared: llc-19 compiles it (the variadic
; arguments in a .param buffer of the other module's ABI); ori refuses it with a diagnostic.
target triple = "nvptx64-nvidia-cuda"

declare i32 @external(i32, ...)

define i32 @caller(i32 %n) {
  %r = call i32 (i32, ...) @external(i32 %n, i32 5, double 1.0)
  ret i32 %r
}
