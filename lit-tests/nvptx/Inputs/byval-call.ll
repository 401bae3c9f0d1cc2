target triple = "nvptx64-nvidia-cuda"
%struct.S = type { i32, float, i64 }
declare void @take(ptr byval(%struct.S) align 8)
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %s = alloca %struct.S, align 8
  call void @take(ptr byval(%struct.S) align 8 %s)
  ret void
}
