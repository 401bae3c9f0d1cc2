//! nvvm-intr-range (placeholder).
use crate::llvm::passes::{PassContext, PassParams};
use inkwell::module::Module;
pub fn run_pass(_m: &Module<'_>, _cx: &mut PassContext, _p: &PassParams) -> anyhow::Result<()> {
    anyhow::bail!("nvvm-intr-range is not implemented yet")
}
