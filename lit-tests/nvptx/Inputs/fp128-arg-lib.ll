target triple = "nvptx64-nvidia-cuda"
define void @quad(fp128 %x, ptr %p) {
  store fp128 %x, ptr %p
  ret void
}
