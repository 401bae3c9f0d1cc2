; A variadic device function: llc-19 compiles it (the va_list in a .param buffer), ori refuses
; it with a diagnostic.
target triple = "nvptx64-nvidia-cuda"

define i32 @caller(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  %s = add i32 %v, %n
  ret i32 %s
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
