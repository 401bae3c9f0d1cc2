target triple = "nvptx64-nvidia-cuda"
define void @k(ptr addrspace(1) %img, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"wroimage", i32 0}
