; A device function that returns a value: --make-kernels turns it into a kernel that stores the
; result through a new pointer parameter, so that ori really compiles it.
target triple = "nvptx64-nvidia-cuda"

define i32 @add_one(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define void @store_twice(ptr %p, i32 %v) {
  store i32 %v, ptr %p
  %q = getelementptr i32, ptr %p, i64 1
  store i32 %v, ptr %q
  ret void
}
