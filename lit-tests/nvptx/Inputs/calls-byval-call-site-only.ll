target triple = "nvptx64-nvidia-cuda"
%struct = type { [2 x i64] }
@G = external addrspace(1) constant %struct
declare void @bar(ptr)
define ptx_kernel void @foo() {
  %g = addrspacecast ptr addrspace(1) @G to ptr
  call void @bar(ptr byval(%struct) %g)
  ret void
}
