target triple = "nvptx64-nvidia-cuda"
define i128 @wide(i128 %x) {
  ret i128 %x
}
