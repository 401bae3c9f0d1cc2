//! Subcommand drivers and the shared command-line conventions.

pub mod check;
pub mod check_images;
pub mod check_inputs;
pub mod check_race;
pub mod check_runs;
pub mod check_trap;
pub mod check_types;
#[cfg(test)]
mod compile_parity_tests;
pub mod fuzz_regalloc;
pub mod generate;
pub mod llc;
pub mod mutate;
pub mod opt;

use std::ffi::OsString;

/// Options LLVM tools spell with a single dash (`-passes=...`, `-stats`); clap wants two.
const SINGLE_DASH_LONG: &[&str] = &[
    "passes",
    "print-passes",
    "stats",
    "verify-known-bits",
    "verify-regalloc",
    "debug-regalloc",
    "nvvm-intr-range-sm",
    "range-form",
    "knob",
    "mcpu",
    "march",
    "emit",
    "dump-after",
    "dump-cfg",
    "dump-rpo",
    "dump-file",
    "disable-phase",
    "maxrregcount",
    "no-bb-merge",
    "dont-merge-basicblocks",
    "time-phases",
];

/// Rewrites `-name[=v]` to `--name[=v]` for the LLVM-style options above.
pub fn normalize_args(args: Vec<OsString>) -> Vec<OsString> {
    args.into_iter()
        .map(|a| {
            let Some(s) = a.to_str() else { return a };
            if let Some(rest) = s.strip_prefix('-').filter(|r| !r.starts_with('-')) {
                let name = rest.split('=').next().unwrap_or(rest);
                if SINGLE_DASH_LONG.contains(&name) {
                    return OsString::from(format!("-{s}"));
                }
            }
            a
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_dash_long_options_are_normalized() {
        let v: Vec<OsString> =
            ["ori", "opt", "-passes=a,b", "-S", "-o", "-", "-stats"].iter().map(OsString::from).collect();
        let out: Vec<String> = normalize_args(v).into_iter().map(|s| s.into_string().unwrap()).collect();
        assert_eq!(out, ["ori", "opt", "--passes=a,b", "-S", "-o", "-", "--stats"]);
    }
}
