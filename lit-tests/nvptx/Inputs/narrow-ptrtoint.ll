target triple = "nvptx64-nvidia-cuda"
@x = addrspace(1) global i32 1
@p = addrspace(1) global i32 ptrtoint (ptr addrspace(1) @x to i32)
