//! ori: an open Rust reimplementation of the ptxas/cicc pipeline phases described in the seeds.

pub mod compile;
pub mod driver;
pub mod emit;
pub mod lit;
pub mod llvm;
pub mod ori;
pub mod output;
pub mod rng;
pub mod sreg;
pub mod testing;
pub mod tools;

/// An error whose message already carries its own `file:line:col: error:` prefix (LLVM's parser
/// diagnostics); the driver prints it as `ori: <message>`, the way LLVM tools do.
#[derive(Debug)]
pub struct Located(pub String);

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Located {}
