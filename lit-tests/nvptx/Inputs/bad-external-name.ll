target triple = "nvptx64-nvidia-cuda"
@"a-b" = addrspace(1) global i32 1
