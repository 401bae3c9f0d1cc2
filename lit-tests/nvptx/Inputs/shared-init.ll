target triple = "nvptx64-nvidia-cuda"
@tile = addrspace(3) global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
