define void @f() {
  ret void
  %x = add %a, 1
}
