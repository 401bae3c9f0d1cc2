//! The lit-style test runner (placeholder interface; the runner lands with the foundation issue).

use anyhow::Result;

#[derive(clap::Args, Debug)]
pub struct LitArgs {
    /// Test files or folders.
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// Parallel jobs (default: number of cores).
    #[arg(short = 'j')]
    pub jobs: Option<usize>,
    /// Show passing tests too.
    #[arg(short = 'v')]
    pub verbose: bool,
}

pub fn run(_args: LitArgs) -> Result<u8> {
    anyhow::bail!("the lit runner is not built yet")
}
