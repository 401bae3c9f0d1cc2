//! `ori fuzz-regalloc` (hidden): runs the register-allocator fuzzer (`testing::regalloc_fuzz`) and
//! prints `fuzz-regalloc: N cases, N ok, N failed (...)`; exit status 1 when a case failed.
//! `scripts/fuzz-regalloc N` drives it.

use crate::testing::regalloc_fuzz as fuzz;
use anyhow::Result;

#[derive(clap::Args, Debug)]
pub struct FuzzRegallocArgs {
    /// Number of cases.
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,
    /// Seed of the first case (case k uses seed + k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print every case's kernel (as generated and before allocation) and its result.
    #[arg(long)]
    pub verbose: bool,
}

pub fn run(args: FuzzRegallocArgs) -> Result<u8> {
    let summary = fuzz::run(args.seed, args.cases, |r| {
        if args.verbose {
            print!("{}", fuzz::describe(r.seed));
        }
        match &r.failure {
            Some(msg) => println!("fuzz-regalloc: case {} FAILED: {msg}", r.seed),
            None if args.verbose => println!(
                "fuzz-regalloc: case {} ok ({} instructions, clean allocation failures at {:?})",
                r.seed, r.insts, r.clean_failures
            ),
            None => {}
        }
    });
    println!("{}", summary.line());
    Ok(u8::from(summary.failed > 0))
}
