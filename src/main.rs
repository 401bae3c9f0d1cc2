//! `ori`: the command-line driver (`ori opt`, `ori llc`, `ori lit`).

use clap::{Parser, Subcommand};
use ori::driver;

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
    /// Execute every kernel before and after register allocation (and through LLVM), compare, and
    /// look for data races.
    Check(driver::check::CheckArgs),
    /// Fuzz the register allocator with random kernels (checker + interpreter before/after).
    #[command(hide = true)]
    FuzzRegalloc(driver::fuzz_regalloc::FuzzRegallocArgs),
    /// Write a randomly mutated copy of a module (for `scripts/fuzz`).
    #[command(hide = true)]
    Mutate(driver::mutate::MutateArgs),
    /// Write a random kernel mixing the construct classes of real code (for `scripts/fuzz`).
    #[command(hide = true)]
    Generate(driver::generate::GenerateArgs),
}

fn main() {
    // Like every C tool in a pipeline (llc, FileCheck), end quietly when the reader of our output
    // goes away (`ori check x.ll | head`): Rust ignores SIGPIPE by default, which turns the
    // failed write into a panic.
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default disposition of one signal before any thread starts.
    unsafe { signal(SIGPIPE, SIG_DFL) };
    let code = run();
    // Leave without running the C++ static destructors LLVM registered (one per `cl::opt` of
    // every linked library, about a tenth of a small compile's time): everything ori writes is
    // flushed here, and the kernel reclaims the memory. Like clang's `-disable-free`.
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    unsafe extern "C" {
        fn _exit(status: i32) -> !;
    }
    // SAFETY: `_exit` only ends the process; no Rust state is observed afterwards.
    unsafe { _exit(code) }
}

fn run() -> i32 {
    ori::llvm::module::install_fatal_error_handler();
    let args = driver::normalize_args(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = i32::from(e.use_stderr());
            let _ = e.print();
            return code;
        }
    };
    let result = match cli.command {
        Command::Opt(a) => driver::opt::run(a),
        Command::Llc(a) => driver::llc::run(a),
        Command::Lit(a) => ori::lit::run(a),
        Command::Check(a) => driver::check::run(a),
        Command::FuzzRegalloc(a) => driver::fuzz_regalloc::run(a),
        Command::Mutate(a) => driver::mutate::run(a),
        Command::Generate(a) => driver::generate::run(a),
    };
    match result {
        Ok(code) => i32::from(code),
        Err(e) if e.downcast_ref::<ori::Located>().is_some() => {
            eprintln!("ori: {e}");
            1
        }
        Err(e) => {
            eprintln!("ori: error: {e:#}");
            1
        }
    }
}
