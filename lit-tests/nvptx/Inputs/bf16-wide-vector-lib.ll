target triple = "nvptx64-nvidia-cuda"
define <8 x bfloat> @twice(<8 x bfloat> %v) {
  %r = fadd <8 x bfloat> %v, %v
  ret <8 x bfloat> %r
}
