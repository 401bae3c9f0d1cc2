; A reduction over 2048 lanes: every lane would be live at once, so ori refuses it.
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @wide(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %v = load <2048 x i32>, ptr addrspace(1) %in, align 16
  %s = call i32 @llvm.vector.reduce.add.v2048i32(<2048 x i32> %v)
  store i32 %s, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.vector.reduce.add.v2048i32(<2048 x i32>)
