//! `ori mutate` (hidden; for `scripts/fuzz`): writes a randomly mutated, verified copy of a module
//! (`testing::mutate`; with `--metadata`, its metadata and attributes: `testing::mutate_meta`), and
//! lists the mutations on standard error for replay.

use crate::llvm::module;
use crate::output::write_output;
use crate::testing::{mutate, mutate_meta};
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
    /// Mutate metadata and attributes (annotations, ranges, debug info, ...) instead of code.
    #[arg(long)]
    pub metadata: bool,
}

pub fn run(args: MutateArgs) -> Result<u8> {
    let ctx = Context::create();
    let m = module::load_module(&ctx, &args.input)?;
    if args.metadata {
        let text = String::from_utf8_lossy(&module::module_bytes(&m, true)).into_owned();
        let (out, lines) = mutate_meta::mutate_text(&text, args.seed, args.mutations)?;
        for l in &lines {
            eprintln!("mutate: {l}");
        }
        write_output(&args.output, out.as_bytes())?;
        return Ok(0);
    }
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
