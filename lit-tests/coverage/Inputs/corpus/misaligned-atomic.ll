; A misaligned atomic load: llc-19 compiles it (into a call of the undefined __atomic_load_4);
; ori refuses it with a diagnostic.
target triple = "nvptx64-nvidia-cuda"

define i32 @load_unaligned(ptr %p) {
  %v = load atomic i32, ptr %p monotonic, align 1
  ret i32 %v
}
