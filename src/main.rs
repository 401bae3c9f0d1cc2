//! `ori`: the command-line driver (`ori opt`, `ori llc`, `ori lit`).

use clap::{Parser, Subcommand};
use ori::driver;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "ori", version, about = "An open reimplementation of the ptxas/cicc pipeline on LLVM 19")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run middle-end passes on NVPTX LLVM IR (.ll or .bc).
    Opt(driver::opt::OptArgs),
    /// Compile NVPTX LLVM IR through the Ori back end to PTX (or the Ori IR).
    Llc(driver::llc::LlcArgs),
    /// Run the lit-style test runner over test files or folders.
    Lit(ori::lit::LitArgs),
    /// Execute every kernel before and after register allocation (and through LLVM) and compare.
    Check(driver::check::CheckArgs),
    /// Fuzz the register allocator with random kernels (checker + interpreter before/after).
    #[command(hide = true)]
    FuzzRegalloc(driver::fuzz_regalloc::FuzzRegallocArgs),
    /// Write a randomly mutated copy of a module (for `scripts/fuzz`).
    #[command(hide = true)]
    Mutate(driver::mutate::MutateArgs),
}

fn main() -> ExitCode {
    let args = driver::normalize_args(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Opt(a) => driver::opt::run(a),
        Command::Llc(a) => driver::llc::run(a),
        Command::Lit(a) => ori::lit::run(a),
        Command::Check(a) => driver::check::run(a),
        Command::FuzzRegalloc(a) => driver::fuzz_regalloc::run(a),
        Command::Mutate(a) => driver::mutate::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.downcast_ref::<ori::Located>().is_some() => {
            eprintln!("ori: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("ori: error: {e:#}");
            ExitCode::from(1)
        }
    }
}
