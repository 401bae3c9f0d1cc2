; A call to a function whose body is not in the module: ori refuses it with a diagnostic.
target triple = "nvptx64-nvidia-cuda"

declare void @elsewhere(i32)

define void @caller(i32 %x) {
  call void @elsewhere(i32 %x)
  ret void
}
