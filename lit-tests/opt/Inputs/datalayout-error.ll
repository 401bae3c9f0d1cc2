; a use of an undefined value on line 5
target triple = "nvptx64-nvidia-cuda"

define i64 @f() {
  ret i64 %nope
}
