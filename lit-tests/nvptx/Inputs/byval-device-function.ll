; A device function that takes a struct byval and cannot be inlined (recursive).
target triple = "nvptx64-nvidia-cuda"
%struct.P = type { i32, i32 }
define i32 @f(ptr byval(%struct.P) align 4 %p, i32 %n) noinline {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @f(ptr byval(%struct.P) align 4 %p, i32 %m)
  ret i32 %r
done:
  %x = load i32, ptr %p
  ret i32 %x
}
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %s = alloca %struct.P, align 4
  store i32 %n, ptr %s
  %r = call i32 @f(ptr byval(%struct.P) align 4 %s, i32 %n)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
