target triple = "nvptx64-nvidia-cuda"
@q = addrspace(1) global fp128 0xL00000000000000003FFF000000000000
