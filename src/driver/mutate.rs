//! `ori mutate` (hidden; for `scripts/fuzz`): writes a randomly mutated, verified copy of a module
//! (`llvm::mutate`), and lists the mutations on standard error for replay.

use crate::llvm::{module, mutate};
use crate::output::write_output;
use anyhow::{Result, bail};
use inkwell::context::Context;

#[derive(clap::Args, Debug)]
pub struct MutateArgs {
    /// Input file (.ll or .bc); `-` reads standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (textual IR; `-` = standard output).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Seed of the mutation choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many mutations to apply.
    #[arg(long, default_value_t = 3)]
    pub mutations: usize,
}

pub fn run(args: MutateArgs) -> Result<u8> {
    let ctx = Context::create();
    let m = module::load_module(&ctx, &args.input)?;
    let lines = mutate::mutate(&m, args.seed, args.mutations)?;
    if lines.is_empty() {
        bail!("no mutation site in '{}'", args.input);
    }
    for l in &lines {
        eprintln!("mutate: {l}");
    }
    // Valid by construction; the verifier has the last word all the same.
    module::verify(&m)?;
    write_output(&args.output, &module::module_bytes(&m, true))?;
    Ok(0)
}
