//! `ori opt`: load a module, run the `-passes=` pipeline, verify, write `.ll` (`-S`) or `.bc`.

use crate::llvm::{module, pass_api, passes};
use crate::output::write_output;
use anyhow::{Result, bail};
use inkwell::context::Context;

#[derive(clap::Args, Debug)]
pub struct OptArgs {
    /// Input file (.ll or .bc); `-` reads standard input.
    #[arg(default_value = "-")]
    pub input: String,
    /// Comma-separated pass pipeline, e.g. `nvvm-intr-range,nv-known-bits`.
    #[arg(long = "passes", default_value = "")]
    pub passes: String,
    /// Write textual IR instead of bitcode.
    #[arg(short = 'S')]
    pub text: bool,
    /// Output file (`-` = standard output, the default).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// List the registered passes and exit.
    #[arg(long)]
    pub print_passes: bool,
    /// Print statistics (rewrite counts) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// SM whose warpid/smid/nsmid limits nvvm-intr-range uses (default: the module's target CPU, else 90).
    #[arg(long = "nvvm-intr-range-sm")]
    pub sm: Option<u32>,
    /// How nvvm-intr-range attaches ranges: metadata, attribute or both.
    #[arg(long, default_value = "metadata", value_parser = ["metadata", "attribute", "both"])]
    pub range_form: String,
    /// Cross-validate the fused known-bits analysis against the reference one.
    #[arg(long)]
    pub verify_known_bits: bool,
}

pub fn run(args: OptArgs) -> Result<u8> {
    if args.print_passes {
        for p in passes::registry() {
            println!("  {:<20} {}", p.name, p.description);
        }
        return Ok(0);
    }
    let pipeline = passes::parse_pipeline(&args.passes)?;
    if !args.text && args.output == "-" && is_terminal_stdout() {
        bail!("refusing to write bitcode to a terminal; use -S or -o FILE");
    }
    let ctx = Context::create();
    let module = module::load_module(&ctx, &args.input)?;
    let opts = pass_api::PassOptions {
        sm: args.sm,
        range_form: match args.range_form.as_str() {
            "attribute" => pass_api::RangeForm::Attribute,
            "both" => pass_api::RangeForm::Both,
            _ => pass_api::RangeForm::Metadata,
        },
        verify_known_bits: args.verify_known_bits,
    };
    let mut pcx = pass_api::PassContext::new(opts);
    let mut failure = None;
    for (pass, params) in &pipeline {
        if let Err(e) = (pass.run)(&module, &mut pcx, params) {
            failure = Some(e);
            break;
        }
    }
    for w in &pcx.warnings {
        eprintln!("ori: warning: {w}");
    }
    if let Some(e) = failure {
        return Err(e);
    }
    module::verify(&module)?;
    if args.stats {
        eprint!("{}", pcx.stats_report());
    }
    write_output(&args.output, &module::module_bytes(&module, args.text))?;
    Ok(0)
}

fn is_terminal_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal()
}
