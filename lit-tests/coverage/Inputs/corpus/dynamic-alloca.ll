; A dynamically sized alloca: llc-19 compiles it (PTX alloca), ori refuses it with a diagnostic.
target triple = "nvptx64-nvidia-cuda"

define void @caller(ptr addrspace(1) %out, i32 %n) {
  %buf = alloca i32, i32 %n, align 4
  store i32 %n, ptr %buf, align 4
  %v = load i32, ptr %buf, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
