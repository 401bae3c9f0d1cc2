define i64 @f() {
  %g = call i64 @llvm.nvvm.read.ptx.sreg.gridid()
  ret i64 %g
}
declare i64 @llvm.nvvm.read.ptx.sreg.gridid()
