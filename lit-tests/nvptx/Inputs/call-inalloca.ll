target triple = "nvptx64-nvidia-cuda"
%A = type { i32, i32 }
declare void @take(ptr inalloca(%A))
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %a = alloca inalloca %A
  call void @take(ptr inalloca(%A) %a)
  ret void
}
