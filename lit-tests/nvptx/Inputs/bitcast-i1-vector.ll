; A bitcast to a vector of i1 (refused: predicates do not repack).
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, i8 %x) {
  %v = bitcast i8 %x to <8 x i1>
  %e = extractelement <8 x i1> %v, i32 3
  %z = zext i1 %e to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}
