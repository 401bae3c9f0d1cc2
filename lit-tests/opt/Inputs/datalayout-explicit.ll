target datalayout = "e-i64:32"
target triple = "nvptx64-nvidia-cuda"

define void @f(ptr %p, i64 %v) {
  store i64 %v, ptr %p
  ret void
}
