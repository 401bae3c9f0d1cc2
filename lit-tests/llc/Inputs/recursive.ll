target triple = "nvptx64-nvidia-cuda"
define i32 @fact(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %one, label %rec
one:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %f = call i32 @fact(i32 %n)
  store i32 %f, ptr addrspace(1) %out
  ret void
}
