target triple = "nvptx64-nvidia-cuda"
@tile = addrspace(3) global [4 x i32] zeroinitializer
@u = internal addrspace(3) global i32 undef
@dyn = external addrspace(3) global [0 x i32]
