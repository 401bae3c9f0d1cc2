//! `ori generate` (hidden; for `scripts/fuzz`): writes a random, valid, UB-free kernel that
//! mixes the construct classes of real code (`testing::generate_ir`), verified by LLVM before it
//! is written.

use crate::llvm::module;
use crate::output::write_output;
use crate::testing::generate_ir;
use anyhow::Result;
use inkwell::context::Context;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Output file (textual IR; `-` = standard output).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Seed of the generator's choices (the same seed writes the same module).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: GenerateArgs) -> Result<u8> {
    let text = generate_ir::module(args.seed);
    // Valid by construction; LLVM's parser and verifier have the last word all the same.
    let ctx = Context::create();
    let m = module::parse_module(&ctx, text.as_bytes(), &format!("generated-{}.ll", args.seed))?;
    module::verify(&m)?;
    write_output(&args.output, text.as_bytes())?;
    Ok(0)
}
